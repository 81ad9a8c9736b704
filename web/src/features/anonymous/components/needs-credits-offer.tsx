// What a signed-in person with nothing left to pay for the work is offered: the plans, monthly or yearly, and the
// one-time credit blocks, all from the catalogue the server charges from, each leading to the pricing page to buy.
import { CREDIT_BLOCKS, PLAN_PRICES, PLAN_IDS, YEARLY_DISCOUNT_PERCENT, yearlyMonthlyCents } from "@contracts/billing";
import { Link } from "@tanstack/react-router";
import { CrownIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Switch } from "@/components/ui/switch";
import { formatCount, formatUsd } from "@/features/pricing";

export function NeedsCreditsOffer({ message, close }: { message: string; close: () => void }) {
  const [yearly, setYearly] = useState(false);
  const plansId = useId();
  const creditsId = useId();

  return (
    <>
      <DialogHeader>
        <span className="mb-1 grid size-11 place-items-center rounded-xl bg-primary/10 text-primary">
          <CrownIcon className="size-5" aria-hidden />
        </span>
        <DialogTitle>You're out of validations</DialogTitle>
        <DialogDescription>{message || "Choose a plan or buy credits to keep validating."}</DialogDescription>
      </DialogHeader>
      <section aria-labelledby={plansId} className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={plansId} className="text-sm font-semibold">
            Plans
          </h3>
          <label className="flex items-center gap-2 text-sm">
            <Switch checked={yearly} onCheckedChange={setYearly} />
            Yearly billing
            <span className="rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success">
              Save {YEARLY_DISCOUNT_PERCENT}%
            </span>
          </label>
        </div>
        <ul className="grid gap-2 sm:grid-cols-3">
          {PLAN_IDS.map((id) => {
            const plan = PLAN_PRICES[id];
            const cents = yearly ? yearlyMonthlyCents(plan) : plan.monthlyCents;
            return (
              <li key={id} className="grid gap-2 rounded-xl border p-3">
                <p className="font-semibold">{plan.name}</p>
                <p>
                  <span className="text-xl font-bold">{formatUsd(cents)}</span>
                  <span className="text-sm text-muted-foreground">/month{yearly && ", billed yearly"}</span>
                </p>
                <p className="text-sm text-muted-foreground">{formatCount(plan.monthlyAllowance)} validations a month</p>
                <Link
                  to="/pricing"
                  onClick={close}
                  aria-label={`Choose ${plan.name}`}
                  className={buttonVariants({ size: "sm" })}
                >
                  Choose
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby={creditsId} className="grid gap-3">
        <h3 id={creditsId} className="text-sm font-semibold">
          One-time credits, never expire
        </h3>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {CREDIT_BLOCKS.map((block) => (
            <li key={block.credits} className="grid gap-1 rounded-xl border p-3 text-center">
              <p className="font-semibold">{formatCount(block.credits)} credits</p>
              <p className="text-lg font-bold text-primary">{formatUsd(block.priceCents)}</p>
              <Link
                to="/pricing"
                onClick={close}
                aria-label={`Buy ${formatCount(block.credits)} credits`}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                Buy
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Button variant="ghost" onClick={close}>
        Maybe Later
      </Button>
    </>
  );
}
