// What the buyer will be charged: a credit block once; a plan each month or year, its first charge lower with the
// visitor's discount code.
import { type CatalogueItem, FIRST_MONTH_DISCOUNT_PERCENT, firstChargeWithDiscountCents } from "@contracts/billing";
import { formatUsd } from "@/lib/format";

export function checkoutTitle(item: CatalogueItem): string {
  return item.kind === "plan" ? `Subscribe to ${item.name}` : `Buy ${item.name}`;
}

export function PriceSummary({ item, withDiscount }: { item: CatalogueItem; withDiscount: boolean }) {
  if (item.kind === "credits") {
    return (
      <p className="text-sm">
        <span className="text-2xl font-bold">{formatUsd(item.amountCents)}</span> once. Credits never expire.
      </p>
    );
  }
  const every = item.interval === "yearly" ? "a year" : "a month";
  const firstCharge = withDiscount ? firstChargeWithDiscountCents(item) : null;
  if (firstCharge === null) {
    return (
      <p className="text-sm">
        <span className="text-2xl font-bold">{formatUsd(item.amountCents)}</span> {every}. Cancel any time.
      </p>
    );
  }
  return (
    <p className="text-sm">
      First charge <span className="text-2xl font-bold">{formatUsd(firstCharge)}</span> ({FIRST_MONTH_DISCOUNT_PERCENT}%
      off the first month), then {formatUsd(item.amountCents)} {every}.
    </p>
  );
}
