import type { Subscription } from "@contracts/billing";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { accountUsage, payment } from "@/test/account";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

function section(name: string) {
  return within(screen.getByRole("region", { name }));
}

const subscription: Subscription = {
  plan: "professional",
  interval: "monthly",
  status: "active",
  provider: "stripe",
  startedAt: "2026-03-01T10:00:00Z",
  currentPeriodEnd: "2026-04-01T10:00:00Z",
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
};

function page(payments: ReturnType<typeof payment>[], total = payments.length) {
  return json({ payments, total, page: 1, pageSize: 20 });
}

describe("My Account: billing", () => {
  it("cancels the subscription after asking, and then says when it ends", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/account/usage": () => json(accountUsage({ plan: "professional", subscription })),
      "GET /api/billing/payments": () => page([]),
      "POST /api/billing/subscription/cancel": () => json({ ...subscription, cancelAtPeriodEnd: true }),
    });
    const { user } = await renderApp("/account/billing");

    const card = section("Subscription");
    expect(await card.findByText("Renews on April 1, 2026")).toBeVisible();
    await user.click(card.getByRole("button", { name: "Cancel subscription" }));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Cancel your subscription?" }));
    expect(dialog.getByText(/You keep your plan's allowance until April 1, 2026/)).toBeVisible();
    await user.click(dialog.getByRole("button", { name: "Cancel subscription" }));

    expect(await card.findByText("Cancels on April 1, 2026")).toBeVisible();
    expect(card.queryByRole("button", { name: "Cancel subscription" })).not.toBeInTheDocument();
    expect(await section("Payment history").findByText("No payment records found")).toBeVisible();
  });

  it("lists payments with a receipt each, and sends a money-back request where one is allowed", async () => {
    storeSessionFor(demoUser);
    const requests: unknown[] = [];
    let requested = false;
    const first = payment();
    const later = payment({
      id: "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      description: "2,000 credits",
      amountCents: 3000,
      creditsGranted: 2000,
      paymentMethod: "venmo",
      status: "pending",
      reference: "venmo-8841",
      paidAt: null,
      refundable: false,
    });
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/account/usage": () => json(accountUsage()),
      "GET /api/billing/payments": () =>
        page([later, requested ? { ...first, refundable: false, refundRequestedAt: "2026-03-05T10:00:00Z" } : first]),
      [`POST /api/billing/payments/${first.id}/refund-request`]: async (request) => {
        requests.push(await request.json());
        requested = true;
        return json({ ...first, refundable: false, refundRequestedAt: "2026-03-05T10:00:00Z" });
      },
    });
    const { user } = await renderApp("/account/billing");

    expect(await section("Subscription").findByText(/You have no subscription/)).toBeVisible();
    const table = within(await section("Payment history").findByRole("table", { name: "Payment history" }));
    expect(await table.findByText("800 credits")).toBeVisible();
    expect(table.getByText("$12")).toBeVisible();
    expect(table.getByText("Pending")).toBeVisible();
    expect(table.getAllByRole("button", { name: /Request money back/ })).toHaveLength(1);

    await user.click(table.getByRole("button", { name: "Receipt for 800 credits" }));
    const receipt = within(await screen.findByRole("dialog", { name: "Receipt" }));
    expect(receipt.getByText(first.id)).toBeVisible();
    expect(receipt.getByText("cs_test_a1b2c3")).toBeVisible();
    expect(receipt.getByText("$12 (USD)")).toBeVisible();
    expect(receipt.getByRole("button", { name: "Print" })).toBeVisible();
    await user.keyboard("{Escape}");

    await user.click(table.getByRole("button", { name: "Request money back for 800 credits" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Request your money back" }));
    await user.click(dialog.getByRole("button", { name: "Send request" }));
    expect(await dialog.findByText("reason is required")).toBeVisible();
    await user.type(dialog.getByLabelText("Reason"), "It did not fit our workflow");
    await user.click(dialog.getByRole("button", { name: "Send request" }));

    expect(await screen.findByText("Request sent")).toBeVisible();
    expect(requests).toEqual([{ reason: "It did not fit our workflow" }]);
    expect(await table.findByText("Money back requested")).toBeVisible();
    expect(table.queryByRole("button", { name: /Request money back/ })).not.toBeInTheDocument();
  });

  it("says so when payments can't be loaded", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/account/usage": () => json(accountUsage()),
      "GET /api/billing/payments": () => json({ message: "Unavailable" }, { status: 503 }),
    });
    await renderApp("/account/billing");
    expect(await screen.findByText("Your payments could not be loaded.")).toBeVisible();
  });
});
