// The payments tab through the real app at /admin?tab=payments; the API stood in for at fetch.
import type { MaskedPaymentConfig } from "@contracts/admin";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json } from "@/test/network";
import { serveAsAdmin } from "@/test/admin-screens";
import { renderApp } from "@/test/render-app";

const stripe: MaskedPaymentConfig = {
  provider: "stripe",
  credentials: { publishableKey: "••••1a2b", secretKey: "••••9z8y" },
  isActive: true,
  updatedAt: "2026-11-20T09:00:00Z",
};

function serve({ failSaves = false } = {}) {
  const saves: { provider: string; body: unknown }[] = [];
  let configs: MaskedPaymentConfig[] = [stripe];
  const save = async (request: Request) => {
    const provider = new URL(request.url).pathname.split("/").at(-1)!;
    const body = (await request.json()) as Record<string, unknown>;
    saves.push({ provider, body });
    if (failSaves) return json({ message: "Internal server error" }, { status: 500 });
    const { isActive, ...credentials } = body;
    const masked: MaskedPaymentConfig = {
      provider: provider as MaskedPaymentConfig["provider"],
      credentials: Object.fromEntries(
        Object.entries(credentials).map(([field, value]) => [field, `••••${String(value).slice(-4)}`]),
      ),
      isActive: Boolean(isActive),
      updatedAt: "2026-11-26T10:00:00Z",
    };
    configs = [...configs.filter((config) => config.provider !== provider), masked];
    return json(masked);
  };
  serveAsAdmin({
    "GET /api/payment-config": () => json(configs),
    "POST /api/payment-config/stripe": save,
    "POST /api/payment-config/paypal": save,
    "POST /api/payment-config/crypto": save,
  });
  return { saves };
}

describe("admin payments tab", () => {
  it("shows each provider's stored values masked, and Not set for the rest", async () => {
    serve();
    await renderApp("/admin?tab=payments");

    const card = within(await screen.findByRole("region", { name: "Stripe" }));
    const terms = card.getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ["Publishable key", "••••1a2b"],
      ["Secret key", "••••9z8y"],
      ["Webhook signing secret", "Not set"],
    ]);
    expect(card.getByText("Active")).toBeVisible();
    const paypal = within(screen.getByRole("region", { name: "PayPal" }));
    expect(paypal.getByText("Not configured")).toBeVisible();
    expect(paypal.getAllByText("Not set")).toHaveLength(2);
    for (const name of ["Venmo", "Cash App", "Cryptocurrency"]) expect(screen.getByRole("region", { name })).toBeVisible();
  });

  it("checks the fields with the server's rules, saves, and empties the secret fields", async () => {
    const { saves } = serve();
    const { user } = await renderApp("/admin?tab=payments");
    const card = within(await screen.findByRole("region", { name: "Stripe" }));
    const secret = card.getByLabelText("Secret key");
    expect(secret).toHaveAttribute("type", "password");
    expect(secret).toHaveAttribute("autocomplete", "off");

    await user.type(card.getByLabelText("Publishable key"), "sk_live_wrongkind123");
    await user.click(card.getByRole("button", { name: "Save Stripe" }));
    expect(await card.findByText("Publishable key must be a Stripe publishable key (pk_...)")).toBeVisible();
    expect(card.getByText("Secret key is required")).toBeVisible();
    expect(saves).toEqual([]);

    await user.clear(card.getByLabelText("Publishable key"));
    await user.type(card.getByLabelText("Publishable key"), "pk_live_abcdefgh1234");
    await user.type(secret, "sk_live_abcdefgh5678");
    await user.click(card.getByRole("switch", { name: "Offer Stripe at checkout" }));
    await user.click(card.getByRole("button", { name: "Save Stripe" }));

    expect(await screen.findByText("Configuration Saved")).toBeVisible();
    expect(saves).toEqual([
      {
        provider: "stripe",
        body: { publishableKey: "pk_live_abcdefgh1234", secretKey: "sk_live_abcdefgh5678", isActive: false },
      },
    ]);
    expect(secret).toHaveValue("");
    expect(card.getByLabelText("Publishable key")).toHaveValue("");
    expect(await card.findByText("••••5678")).toBeVisible();
    expect(card.getByText("Inactive")).toBeVisible();
  });

  it("asks for at least one crypto address, and sends only the one given", async () => {
    const { saves } = serve();
    const { user } = await renderApp("/admin?tab=payments");
    const card = within(await screen.findByRole("region", { name: "Cryptocurrency" }));

    await user.click(card.getByRole("button", { name: "Save Cryptocurrency" }));
    expect(await card.findByRole("alert")).toHaveTextContent("At least one address is required");

    await user.type(card.getByLabelText("Ethereum address"), "0x12");
    await user.click(card.getByRole("button", { name: "Save Cryptocurrency" }));
    expect(await card.findByText("Ethereum address must be an ethereum address (0x and 40 hex digits)")).toBeVisible();

    await user.clear(card.getByLabelText("Ethereum address"));
    await user.type(card.getByLabelText("Ethereum address"), `0x${"ab".repeat(20)}`);
    await user.click(card.getByRole("button", { name: "Save Cryptocurrency" }));
    expect(await screen.findByText("Configuration Saved")).toBeVisible();
    expect(saves).toEqual([{ provider: "crypto", body: { ethereumAddress: `0x${"ab".repeat(20)}`, isActive: true } }]);
  });

  it("starts a provider never saved switched on, since setting it up is meant to offer it", async () => {
    const neverSaved: MaskedPaymentConfig = {
      provider: "paypal",
      credentials: { clientId: null, clientSecret: null },
      isActive: false,
      updatedAt: null,
    };
    serveAsAdmin({ "GET /api/payment-config": () => json([stripe, neverSaved]) });
    await renderApp("/admin?tab=payments");

    const paypal = within(await screen.findByRole("region", { name: "PayPal" }));
    expect(paypal.getByRole("switch", { name: "Offer PayPal at checkout" })).toBeChecked();
    const saved = within(screen.getByRole("region", { name: "Stripe" }));
    expect(saved.getByRole("switch", { name: "Offer Stripe at checkout" })).toBeChecked();
  });

  it("says when a save fails, naming the provider", async () => {
    serve({ failSaves: true });
    const { user } = await renderApp("/admin?tab=payments");
    const card = within(await screen.findByRole("region", { name: "PayPal" }));
    await user.type(card.getByLabelText("Client ID"), "client-id-12345");
    await user.type(card.getByLabelText("Client secret"), "client-secret-12345");
    await user.click(card.getByRole("button", { name: "Save PayPal" }));

    expect(await screen.findByText("Save Failed")).toBeVisible();
    expect(screen.getByText("Failed to save PayPal configuration. Please try again.")).toBeVisible();
    // Kept, so a second try needs no retyping.
    expect(card.getByLabelText("Client secret")).toHaveValue("client-secret-12345");
  });
});
