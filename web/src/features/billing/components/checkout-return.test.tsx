// The top of the billing screen after a provider's page sent the buyer back; the API stood in for at fetch.
import type { AccountUsage } from "@contracts/billing";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buyerPayment } from "@/test/billing";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderWithAuth } from "@/test/render-app";
import { CheckoutReturn } from "./checkout-return";

function renderReturn(path: string) {
  const router = createRouter({
    routeTree: createRootRoute({ component: CheckoutReturn }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return { ...renderWithAuth(<RouterProvider router={router} />), router };
}

function usage(paid: number): AccountUsage {
  const none = { validations: 0, bulkRows: 0, explorations: 0 };
  return {
    plan: "free",
    subscription: null,
    trial: { status: "expired", plan: "starter", endsAt: null, allowances: none, used: none },
    balances: { monthly: 0, trial: 0, granted: 0, paid },
    monthlyAllowance: 25,
    usedThisMonth: 25,
    periodStart: "2026-11-01T00:00:00.000Z",
    periodEnd: "2026-12-01T00:00:00.000Z",
    available: paid,
  };
}

describe("the return from a checkout", () => {
  it("waits for Stripe's confirmation of the payment, then says what it bought and cleans the address", async () => {
    storeSessionFor(demoUser);
    sessionStorage.setItem("billing_checkout_payment", buyerPayment().id);
    let confirmed = false;
    let usageAsked = 0;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/account/usage": () => (usageAsked++, json(usage(confirmed ? 800 : 0))),
      // The webhook lands between the first and the second time the payments are asked for.
      "GET /api/billing/payments": () => {
        const payment = buyerPayment({ status: confirmed ? "completed" : "pending" });
        confirmed = true;
        return json({ payments: [payment], total: 1, page: 1, pageSize: 20 });
      },
    });
    const { router } = renderReturn("/account/billing?checkout=success&provider=stripe&session_id=cs_test_a1&tab=x");

    expect(await screen.findByText("Confirming your payment...")).toBeVisible();
    await waitFor(() => expect(router.state.location.searchStr).toBe("?tab=x"));
    expect(await screen.findByText("Payment received", {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText("800 credits were added to your balance.")).toBeVisible();
    expect(usageAsked).toBeGreaterThan(0);
    expect(sessionStorage.getItem("billing_checkout_payment")).toBeNull();
  });

  it("captures a PayPal order once and shows the payment", async () => {
    storeSessionFor(demoUser);
    const captures: unknown[] = [];
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "POST /api/billing/paypal/capture": async (request) => {
        captures.push(await request.json());
        return json(buyerPayment({ paymentMethod: "paypal", creditsGranted: 2000, reference: "5O190127TN364715T" }));
      },
    });
    const { router } = renderReturn("/account/billing?provider=paypal&token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ");

    expect(await screen.findByText("Payment received")).toBeVisible();
    expect(screen.getByText("2,000 credits were added to your balance.")).toBeVisible();
    expect(captures).toEqual([{ orderId: "5O190127TN364715T" }]);
    await waitFor(() => expect(router.state.location.href).toBe("/account/billing"));
  });

  it("says when PayPal declined the capture", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "POST /api/billing/paypal/capture": () =>
        json({ message: "PayPal declined the payment: INSTRUMENT_DECLINED" }, { status: 402 }),
    });
    renderReturn("/account/billing?provider=paypal&token=5O190127TN364715T");

    expect(await screen.findByRole("alert")).toHaveTextContent("Payment declined");
    expect(screen.getByText("PayPal declined the payment: INSTRUMENT_DECLINED")).toBeVisible();
  });

  it("shows nothing on an ordinary visit", async () => {
    storeSessionFor(demoUser);
    const fetchMock = mockNetwork({ "GET /api/user": () => json(demoUser) });
    const { router } = renderReturn("/account/billing");
    await waitFor(() => expect(router.state.status).toBe("idle"));
    expect(screen.queryByText(/payment/i)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain("/api/billing/payments");
  });
});
