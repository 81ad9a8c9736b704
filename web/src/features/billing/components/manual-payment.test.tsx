// Paying by Venmo or crypto from the pricing page: whom to pay, the transaction's reference, then pending verification.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { anonymousSession } from "@/test/anonymous";
import { buyerPayment, catalogueAnswer } from "@/test/billing";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

const bitcoinAddress = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const ethereumAddress = "0x52908400098527886E0F7030069857D2E4169EE7";

function serve({ refuse = false } = {}) {
  storeSessionFor(demoUser);
  const submitted: unknown[] = [];
  mockNetwork({
    "GET /api/user": () => json(demoUser),
    "GET /api/support/tickets": () => json([]),
    "GET /api/anonymous/session": () => json(anonymousSession()),
    "GET /api/billing/catalogue": () => json(catalogueAnswer(["venmo", "crypto"])),
    "GET /api/billing/manual-payments/instructions": (request) => {
      const provider = new URL(request.url).searchParams.get("provider");
      return json(provider === "venmo" ? { provider, username: "@mailscout-pay" } : { provider, bitcoinAddress, ethereumAddress });
    },
    "POST /api/billing/manual-payments": async (request) => {
      const body = (await request.json()) as { reference: string; provider: string };
      submitted.push(body);
      if (refuse) return json({ message: "This transaction was already submitted" }, { status: 409 });
      return json(buyerPayment({ status: "pending", paymentMethod: body.provider, reference: body.reference, paidAt: null }), {
        status: 201,
      });
    },
  });
  return { submitted };
}

async function openCheckout(provider: string) {
  const { user } = await renderApp("/pricing");
  const credits = within(screen.getByRole("region", { name: "Pay as you go" }));
  await user.click((await credits.findAllByRole("button", { name: "Buy Credits" }))[0]!);
  const dialog = within(await screen.findByRole("dialog", { name: "Buy 800 credits" }));
  await user.click(dialog.getByRole("button", { name: `Pay with ${provider}` }));
  return { user, dialog };
}

describe("manual payments", () => {
  it("shows the Venmo username, takes the transaction id and says the payment awaits verification", async () => {
    const { submitted } = serve();
    const { user, dialog } = await openCheckout("Venmo");

    expect((await dialog.findByText("@mailscout-pay")).closest("p")).toHaveTextContent("Send $12 to @mailscout-pay on Venmo.");
    const reference = dialog.getByLabelText("Venmo transaction ID");
    await user.type(reference, "12");
    await user.click(dialog.getByRole("button", { name: "Submit payment" }));
    expect(await dialog.findByText(/at least 4 characters/)).toBeVisible();
    expect(submitted).toEqual([]);

    await user.clear(reference);
    await user.type(reference, "4011223344556677");
    await user.click(dialog.getByRole("button", { name: "Submit payment" }));
    expect(await screen.findByRole("heading", { name: "Pending verification" })).toBeVisible();
    expect(screen.getByText(/reference 4011223344556677/)).toBeVisible();
    expect(submitted).toEqual([{ provider: "venmo", itemId: "credits-800", reference: "4011223344556677" }]);

    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows each crypto address with its QR code, and goes back to the other ways to pay", async () => {
    serve();
    const { user, dialog } = await openCheckout("cryptocurrency");

    expect(await dialog.findByRole("img", { name: "QR code of the Bitcoin address" })).toBeVisible();
    expect(dialog.getByRole("img", { name: "QR code of the Ethereum address" })).toBeVisible();
    expect(dialog.getByText(bitcoinAddress)).toBeVisible();
    expect(dialog.getByText(ethereumAddress)).toBeVisible();
    expect(dialog.getByLabelText("Transaction hash")).toBeVisible();

    await user.click(dialog.getByRole("button", { name: "Other ways to pay" }));
    expect(await dialog.findByRole("button", { name: "Pay with Venmo" })).toBeVisible();
  });

  it("keeps the reference when the server refuses it, and says why", async () => {
    serve({ refuse: true });
    const { user, dialog } = await openCheckout("Venmo");
    await user.type(await dialog.findByLabelText("Venmo transaction ID"), "4011223344556677");
    await user.click(dialog.getByRole("button", { name: "Submit payment" }));
    expect(await screen.findByText("This transaction was already submitted")).toBeVisible();
    expect(dialog.getByLabelText("Venmo transaction ID")).toHaveValue("4011223344556677");
  });
});
