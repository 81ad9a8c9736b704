// The monthly/yearly switch and the three subscription plans.
import { type BillingInterval, YEARLY_DISCOUNT_PERCENT } from "@contracts/billing";
import { Link } from "@tanstack/react-router";
import { CheckIcon } from "lucide-react";
import { useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { useAuth } from "@/features/auth";
import { PurchaseButton } from "@/features/billing";
import { cn } from "@/lib/cn";
import { formatCount, formatUsd } from "@/lib/format";
import { PLANS, type Plan, priceCents, yearlySavingCents } from "../plans";

export function PlanCards() {
  const [period, setPeriod] = useState<BillingInterval>("monthly");
  const yearly = period === "yearly";

  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-center justify-center gap-3 text-sm font-medium">
        {/* The words are for the eye and the pointer; the switch itself carries the name for assistive tech. */}
        <span
          aria-hidden
          className={cn("cursor-pointer", yearly && "text-muted-foreground")}
          onClick={() => setPeriod("monthly")}
        >
          Monthly
        </span>
        <Switch
          aria-label="Yearly billing"
          checked={yearly}
          onCheckedChange={(checked) => setPeriod(checked ? "yearly" : "monthly")}
        />
        <span
          aria-hidden
          className={cn("cursor-pointer", !yearly && "text-muted-foreground")}
          onClick={() => setPeriod("yearly")}
        >
          Yearly
        </span>
        <span className="rounded-full bg-success/15 px-2.5 py-0.5 text-xs font-semibold text-success">
          Save {YEARLY_DISCOUNT_PERCENT}%
        </span>
      </div>
      <ul className="grid items-stretch gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.id} className="grid">
            <PlanCard plan={plan} period={period} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function PlanCard({ plan, period }: { plan: Plan; period: BillingInterval }) {
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative grid grid-rows-[auto_auto_1fr_auto] gap-5 rounded-2xl border bg-card p-6 shadow-sm",
        plan.mostPopular && "border-2 border-primary shadow-lg md:-translate-y-2",
      )}
    >
      {plan.mostPopular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold whitespace-nowrap text-primary-foreground">
          Most Popular
        </p>
      )}
      <div className="grid gap-1">
        <h3 id={headingId} className="text-xl font-semibold">
          {plan.name}
        </h3>
        <p className="text-sm text-muted-foreground">{plan.description}</p>
      </div>
      <div className="grid gap-1">
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight">{formatUsd(priceCents(plan, period))}</span>
          <span className="text-muted-foreground">/month</span>
        </p>
        {period === "yearly" ? (
          <p className="text-sm">
            <span className="text-muted-foreground">Billed yearly · </span>
            <span className="font-medium text-success">Save {formatUsd(yearlySavingCents(plan))}/year</span>
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Billed monthly</p>
        )}
      </div>
      <ul className="grid content-start gap-2 text-sm">
        {[`${formatCount(plan.monthlyAllowance)} validations per month`, ...plan.features].map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <PlanAction plan={plan} period={period} />
    </article>
  );
}

/** A signed-in person subscribes at the period the switch shows; a visitor starts a trial (or talks to sales). */
function PlanAction({ plan, period }: { plan: Plan; period: BillingInterval }) {
  const { isAuthenticated } = useAuth();
  const variant = plan.mostPopular ? "default" : "outline";
  if (isAuthenticated) {
    return <PurchaseButton itemId={`${plan.id}-${period}`} label="Subscribe" variant={variant} className="w-full" />;
  }
  const { label, href } = plan.signedOutAction;
  const actionClass = buttonVariants({ variant, className: "w-full" });
  return href === "/register" ? (
    <Link to="/register" className={actionClass}>
      {label}
    </Link>
  ) : (
    // The sales contact screen is not part of the app yet (the spec names only its path).
    <a href={href} className={actionClass}>
      {label}
    </a>
  );
}
