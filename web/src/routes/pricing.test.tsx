import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockNetwork } from "@/test/network";
import { renderApp } from "@/test/render-app";

function plan(name: string) {
  return within(screen.getByRole("article", { name }));
}

describe("pricing page", () => {
  it("shows the three plans monthly, the most popular marked, each with its way in", async () => {
    mockNetwork({});
    await renderApp("/pricing");

    expect(await screen.findByRole("heading", { level: 1 })).toBeVisible();
    expect(plan("Starter").getByText("$19")).toBeVisible();
    expect(plan("Starter").getByText("2,500 validations per month")).toBeVisible();
    expect(plan("Professional").getByText("$69")).toBeVisible();
    expect(plan("Professional").getByText("8,000 validations per month")).toBeVisible();
    expect(plan("Professional").getByText("Most Popular")).toBeVisible();
    expect(plan("Business").getByText("$169")).toBeVisible();
    expect(plan("Business").getByText("25,000 validations per month")).toBeVisible();
    expect(plan("Business").queryByText("Most Popular")).not.toBeInTheDocument();

    expect(plan("Starter").getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/register");
    expect(plan("Professional").getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/register");
    expect(plan("Business").getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/contact");
  });

  it("switches to yearly prices with each plan's yearly saving", async () => {
    mockNetwork({});
    const { user } = await renderApp("/pricing");
    const yearly = await screen.findByRole("switch", { name: "Yearly billing" });
    expect(within(screen.getByRole("region", { name: "Plans" })).getByText("Save 25%")).toBeVisible();
    expect(screen.queryByText(/\/year$/)).not.toBeInTheDocument();

    await user.click(yearly);

    expect(yearly).toBeChecked();
    expect(plan("Starter").getByText("$14.25")).toBeVisible();
    expect(plan("Starter").getByText("Save $57/year")).toBeVisible();
    expect(plan("Professional").getByText("$51.75")).toBeVisible();
    expect(plan("Professional").getByText("Save $207/year")).toBeVisible();
    expect(plan("Business").getByText("$126.75")).toBeVisible();
    expect(plan("Business").getByText("Save $507/year")).toBeVisible();

    await user.keyboard(" ");
    expect(yearly).not.toBeChecked();
    expect(plan("Starter").getByText("$19")).toBeVisible();
  });

  it("compares features with other services, lists the credit blocks, the summary and the guarantee", async () => {
    mockNetwork({});
    await renderApp("/pricing");

    const table = within(await screen.findByRole("table"));
    expect(table.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Feature",
      "MailScout",
      "Hunter",
      "ZeroBounce",
      "NeverBounce",
    ]);

    const credits = within(screen.getByRole("region", { name: "Pay as you go" }));
    expect(credits.getByText("Credits never expire.", { exact: false })).toBeVisible();
    const blocks = credits.getAllByRole("listitem").map((item) => item.textContent);
    expect(blocks).toEqual([
      "800validations$12Minimum purchaseBuy Credits",
      "2,000validations$30Save 25%Buy Credits",
      "5,000validations$67Save 35%Buy Credits",
      "10,000validations$120Save 45%Buy Credits",
    ]);

    const summary = within(screen.getByRole("region", { name: "At a glance" }));
    expect(summary.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "$0.015per validation",
      "14-dayfree trial",
      "24/7support",
      "200+integrations",
    ]);
    expect(screen.getByText(/30-day money-back guarantee/)).toBeVisible();
  });

  it("shows a claimed discount code", async () => {
    mockNetwork({});
    await renderApp("/pricing?discount=SAVE20-K3X9P2");
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Your code SAVE20-K3X9P2 takes 20% off your first month.",
    );
  });

  it("is linked from the header, and ignores a discount that is not a code", async () => {
    mockNetwork({});
    await renderApp("/pricing?discount=%3Cscript%3E");

    const nav = within(screen.getByRole("navigation", { name: "Main" }));
    expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
    expect(screen.queryByText(/Your code/)).not.toBeInTheDocument();
  });
});
