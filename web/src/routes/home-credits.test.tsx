import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { accountUsage } from "@/test/account";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

describe("home tool, signed in: the month's allowance and running out", () => {
  it("says how many trial validations remain once fewer than a tenth are left", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/account/usage": () =>
        json(accountUsage({ balances: { monthly: 0, trial: 7, granted: 0, paid: 0 }, available: 7 })),
    });
    await renderApp("/");
    expect(await screen.findByText("7 validations of your trial's 100 left.")).toBeVisible();
    expect(screen.getByRole("link", { name: "See plans and credits" })).toHaveAttribute("href", "/pricing");
  });

  it("says nothing while plenty is left", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser), "GET /api/account/usage": () => json(accountUsage()) });
    await renderApp("/");
    expect(await screen.findByRole("link", { name: "100 validations left" })).toBeVisible();
    expect(screen.queryByText(/of your trial's/)).not.toBeInTheDocument();
  });

  it("opens the upgrade offer with the plans and credit blocks on a 402, and the balance reads 0", async () => {
    storeSessionFor(demoUser);
    let spent = false;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/account/usage": () =>
        json(accountUsage({ balances: { monthly: 0, trial: spent ? 0 : 1, granted: 0, paid: 0 }, available: spent ? 0 : 1 })),
      "POST /api/validate-email": () => {
        spent = true;
        return json(
          { message: "You have no validations left. Choose a plan or buy credits to continue.", needsCredits: true, balance: 0 },
          { status: 402 },
        );
      },
    });
    const { user } = await renderApp("/");

    await user.type(await screen.findByLabelText("Enter an email address to validate"), "someone@example.com");
    await user.click(screen.getByRole("button", { name: "Validate & Explore Domain" }));

    const dialog = within(await screen.findByRole("dialog", { name: "You're out of validations" }));
    expect(dialog.getByText("You have no validations left. Choose a plan or buy credits to continue.")).toBeVisible();
    expect(dialog.getByRole("link", { name: "Choose Starter" })).toHaveAttribute("href", "/pricing");
    expect(dialog.getByText("$19")).toBeVisible();
    await user.click(dialog.getByRole("switch", { name: /Yearly billing/ }));
    expect(dialog.getByText("$14.25")).toBeVisible();
    expect(dialog.getAllByRole("link", { name: /^Buy [\d,]+ credits$/ }).map((link) => link.getAttribute("aria-label"))).toEqual([
      "Buy 800 credits",
      "Buy 2,000 credits",
      "Buy 5,000 credits",
      "Buy 10,000 credits",
    ]);
    // The dialog says it; no toast repeats it.
    expect(screen.queryByText("Validation failed")).not.toBeInTheDocument();

    await user.click(dialog.getByRole("button", { name: "Maybe Later" }));
    expect(await screen.findByRole("link", { name: "0 validations left" })).toBeVisible();
  });
});
