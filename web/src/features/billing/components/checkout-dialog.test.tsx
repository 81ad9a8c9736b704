// Buying from the pricing page, through the real app at /pricing; the API stood in for at fetch.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anonymousSession, storeTestSessionId } from "@/test/anonymous";
import { catalogueAnswer } from "@/test/billing";
import { demoUser, json, mockNetwork, requestedPaths, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

const checkoutUrl = "https://checkout.stripe.test/c/pay/cs_test_a1";
const paymentId = "7d3f1c2a-5b6e-4f70-8a9b-0c1d2e3f4a5b";

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  // Leaving for the provider's page is where the test stops following.
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, "assign").mockImplementation(assign);
});
afterEach(() => vi.restoreAllMocks());

type Answer = Parameters<typeof mockNetwork>[0][string];

function serveSignedIn({ catalogue = catalogueAnswer(), session = anonymousSession(), checkout }: {
  catalogue?: ReturnType<typeof catalogueAnswer>;
  session?: ReturnType<typeof anonymousSession>;
  checkout?: Answer;
} = {}) {
  storeSessionFor(demoUser);
  storeTestSessionId();
  const checkouts: unknown[] = [];
  mockNetwork({
    "GET /api/user": () => json(demoUser),
    "GET /api/support/tickets": () => json([]),
    "GET /api/billing/catalogue": () => json(catalogue),
    "GET /api/anonymous/session": () => json(session),
    "POST /api/billing/checkout": async (request) => {
      checkouts.push(await request.clone().json());
      return checkout ? checkout(request) : json({ url: checkoutUrl, paymentId }, { status: 201 });
    },
  });
  return { checkouts };
}

function plan(name: string) {
  return within(screen.getByRole("article", { name }));
}

describe("buying from the pricing page", () => {
  it("subscribes to a plan through Stripe with the visitor's discount code, at the period the switch shows", async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const { checkouts } = serveSignedIn({
      session: anonymousSession({ discountCode: "SAVE20-ABCD", discountExpiresAt: expiresAt }),
    });
    const { user } = await renderApp("/pricing");

    await user.click(await plan("Starter").findByRole("button", { name: "Subscribe" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Subscribe to Starter (monthly)" }));
    // Plans are sold by Stripe only, whatever else is open.
    expect(dialog.getAllByRole("button", { name: /^Pay with/ }).map((button) => button.textContent)).toEqual([
      "Pay with card",
    ]);
    expect(await dialog.findByRole("checkbox", { name: "Use my discount code SAVE20-ABCD" })).toBeChecked();
    expect(dialog.getByText(/First charge/).textContent).toBe("First charge $15.20 (20% off the first month), then $19 a month.");

    await user.click(dialog.getByRole("button", { name: "Pay with card" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    expect(checkouts).toEqual([{ itemId: "starter-monthly", provider: "stripe", discountCode: "SAVE20-ABCD" }]);
    expect(sessionStorage.getItem("billing_checkout_payment")).toBe(paymentId);

    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("switch", { name: "Yearly billing" }));
    await user.click(plan("Business").getByRole("button", { name: "Subscribe" }));
    const yearly = within(await screen.findByRole("dialog", { name: "Subscribe to Business (yearly)" }));
    await user.click(await yearly.findByRole("checkbox", { name: "Use my discount code SAVE20-ABCD" }));
    expect(yearly.getByText(/a year/).textContent).toBe("$1,521 a year. Cancel any time.");
    await user.click(yearly.getByRole("button", { name: "Pay with card" }));
    await waitFor(() => expect(checkouts).toHaveLength(2));
    expect(checkouts[1]).toEqual({ itemId: "business-yearly", provider: "stripe" });
  });

  it("offers a credit block through every open provider, and no code", async () => {
    const { checkouts } = serveSignedIn({ catalogue: catalogueAnswer(["paypal", "venmo", "crypto"]) });
    const { user } = await renderApp("/pricing");

    const credits = within(screen.getByRole("region", { name: "Pay as you go" }));
    await user.click((await credits.findAllByRole("button", { name: "Buy Credits" }))[1]!);
    const dialog = within(await screen.findByRole("dialog", { name: "Buy 2,000 credits" }));
    expect(dialog.getByText(/once/).textContent).toBe("$30 once. Credits never expire.");
    expect(dialog.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(dialog.getAllByRole("button", { name: /^Pay with/ }).map((button) => button.textContent)).toEqual([
      "Pay with PayPal",
      "Pay with Venmo",
      "Pay with cryptocurrency",
    ]);
    await user.click(dialog.getByRole("button", { name: "Pay with PayPal" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    expect(checkouts).toEqual([{ itemId: "credits-2000", provider: "paypal" }]);
  });

  it("says purchases are not open while no provider is set up", async () => {
    serveSignedIn({ catalogue: catalogueAnswer([]) });
    await renderApp("/pricing");
    const closed = await screen.findAllByRole("button", { name: "Purchases are not open yet" });
    expect(closed).toHaveLength(7);
    for (const button of closed) expect(button).toBeDisabled();
  });

  it("keeps plans closed when only manual providers are open, and credit blocks open", async () => {
    serveSignedIn({ catalogue: catalogueAnswer(["venmo"]) });
    await renderApp("/pricing");
    expect(await plan("Starter").findByRole("button", { name: "Purchases are not open yet" })).toBeDisabled();
    const credits = within(screen.getByRole("region", { name: "Pay as you go" }));
    expect(credits.getAllByRole("button", { name: "Buy Credits" })).toHaveLength(4);
  });

  it("says why a checkout could not start, and stays on the page", async () => {
    serveSignedIn({ checkout: () => json({ message: "This discount code was already used" }, { status: 409 }) });
    const { user } = await renderApp("/pricing");
    await user.click(await plan("Professional").findByRole("button", { name: "Subscribe" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Subscribe to Professional (monthly)" }));
    await user.click(dialog.getByRole("button", { name: "Pay with card" }));
    expect(await screen.findByText("Checkout failed")).toBeVisible();
    expect(screen.getByText("This discount code was already used")).toBeVisible();
    expect(assign).not.toHaveBeenCalled();
  });

  it("sends a signed-out visitor to sign in before buying credits, and asks the server nothing", async () => {
    const fetchMock = mockNetwork({});
    await renderApp("/pricing");
    const credits = within(screen.getByRole("region", { name: "Pay as you go" }));
    for (const link of credits.getAllByRole("link", { name: "Buy Credits" })) {
      expect(link).toHaveAttribute("href", "/auth?redirect=%2Fpricing");
    }
    expect(plan("Starter").getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/register");
    // Only what marketing shows the visitor is asked for.
    expect(requestedPaths(fetchMock)).toEqual(["/api/campaign-delivery"]);
  });

  it("tells a buyer back from a cancelled checkout that nothing was charged, and takes the note out of the address", async () => {
    serveSignedIn();
    const { router } = await renderApp("/pricing?checkout=cancelled");
    expect(await screen.findByText("Checkout cancelled")).toBeVisible();
    expect(screen.getByText(/nothing was charged/)).toBeVisible();
    await waitFor(() => expect(router.state.location.searchStr).toBe(""));
  });
});
