import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { accountUsage } from "@/test/account";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

function section(name: string) {
  return within(screen.getByRole("region", { name }));
}

const history = {
  rows: [
    { day: "2026-03-03", work: "validation", source: "trial", units: 12 },
    { day: "2026-03-02", work: "exploration", source: "paid", units: 3 },
  ],
};

describe("My Account: plan and usage", () => {
  it("shows the trial with its days left and allowances, the balances and the history", async () => {
    storeSessionFor(demoUser);
    const usage = accountUsage({
      trial: { ...accountUsage().trial, used: { validations: 12, bulkRows: 0, explorations: 3 } },
      balances: { monthly: 0, trial: 88, granted: 50, paid: 800 },
      available: 938,
    });
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/account/usage": () => json(usage),
      "GET /api/account/usage/history": () => json(history),
    });
    await renderApp("/account/usage");

    const plan = section("Plan");
    expect(await plan.findByText("14 days left in your free trial")).toBeVisible();
    expect(plan.getByText(/Free/)).toBeVisible();
    const validations = plan.getByRole("progressbar", { name: "Trial validations used" });
    expect(validations).toHaveAttribute("aria-valuenow", "12");
    expect(validations).toHaveAttribute("aria-valuemax", "100");
    expect(plan.getByText("12 of 100")).toBeVisible();

    const balances = section("Balances");
    expect(balances.getByText("Paid credits").nextSibling).toHaveTextContent("800");
    expect(balances.getByText("Granted credits").nextSibling).toHaveTextContent("50");
    expect(balances.getByText("Validations available now").nextSibling).toHaveTextContent("938");

    const table = await section("Usage history").findByRole("table", { name: "Usage history" });
    const rows = within(table).getAllByRole("row").slice(1).map((row) => row.textContent);
    expect(rows).toEqual(["Mar 3, 2026ValidationsTrial12", "Mar 2, 2026Domain explorationsPaid credits3"]);
  });

  it("shows a plan's month with its bar, and says when the history is empty", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/account/usage": () =>
        json(
          accountUsage({
            plan: "starter",
            trial: { ...accountUsage().trial, status: "converted" },
            monthlyAllowance: 2500,
            usedThisMonth: 2000,
            balances: { monthly: 500, trial: 0, granted: 0, paid: 0 },
            available: 500,
          }),
        ),
      "GET /api/account/usage/history": () => json({ rows: [] }),
    });
    await renderApp("/account/usage");

    const plan = section("Plan");
    expect(await plan.findByText("Starter")).toBeVisible();
    expect(plan.getByRole("progressbar", { name: "Used this month" })).toHaveAttribute("aria-valuenow", "2000");
    expect(plan.getByText("2,000 of 2,500")).toBeVisible();
    expect(plan.getByText("A fresh allowance starts on April 1, 2026.")).toBeVisible();
    expect(plan.queryByText(/left in your free trial/)).not.toBeInTheDocument();
    expect(await section("Usage history").findByText("No usage in the last 30 days.")).toBeVisible();
  });

  it("says so when the usage can't be loaded, and tries again", async () => {
    storeSessionFor(demoUser);
    let available = false;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/account/usage": () => (available ? json(accountUsage()) : json({ message: "Unavailable" }, { status: 503 })),
      "GET /api/account/usage/history": () => json({ message: "Unavailable" }, { status: 503 }),
    });
    const { user } = await renderApp("/account/usage");

    expect(await screen.findByText("Your plan and usage could not be loaded.")).toBeVisible();
    available = true;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("14 days left in your free trial")).toBeVisible();
    expect(await screen.findByText("Your usage history could not be loaded.")).toBeVisible();
  });
});
