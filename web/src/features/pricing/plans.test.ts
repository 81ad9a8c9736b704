import { describe, expect, it } from "vitest";
import { formatUsd } from "@/lib/format";
import { PLANS, priceCents, UPGRADE_FALLBACK, yearlySavingCents } from "./plans";

describe("plans", () => {
  it("prices yearly billing at the spec's figures, 25% under monthly", () => {
    const prices = PLANS.map((plan) => [
      plan.name,
      formatUsd(priceCents(plan, "monthly")),
      formatUsd(priceCents(plan, "yearly")),
    ]);
    expect(prices).toEqual([
      ["Starter", "$19", "$14.25"],
      ["Professional", "$69", "$51.75"],
      ["Business", "$169", "$126.75"],
    ]);
    expect(PLANS.map((plan) => formatUsd(yearlySavingCents(plan)))).toEqual(["$57", "$207", "$507"]);
  });

  it("words the upgrade dialog's fallback texts from the same figures as the plans", () => {
    expect(UPGRADE_FALLBACK.features).toEqual([
      "Up to 25,000 monthly validations",
      "50% cheaper than competitors",
      "CRM integrations",
    ]);
    expect(Object.values(UPGRADE_FALLBACK.pricing).join(" • ")).toBe(
      "Starting at $19/month • Pay-per-use from $12 • 25% off annual plans",
    );
  });
});
