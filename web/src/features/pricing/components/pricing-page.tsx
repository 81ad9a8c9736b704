// The pricing page: plans with a monthly/yearly switch, a comparison with other services, one-time
// credit blocks, a summary strip and the money-back note. A visitor arriving with a claimed discount sees its code.
import { FIRST_MONTH_DISCOUNT_PERCENT, FREE_TRIAL_DAYS, MONEY_BACK_DAYS } from "@contracts/billing";
import {
  HeadsetIcon,
  type LucideIcon,
  PlugIcon,
  ShieldCheckIcon,
  TicketPercentIcon,
  TimerIcon,
  WalletIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { CheckoutCancelledNotice } from "@/features/billing";
import { formatPricePerValidation, INTEGRATION_COUNT, SUPPORT_HOURS } from "../plans";
import { ComparisonTable } from "./comparison-table";
import { CreditBlocks } from "./credit-blocks";
import { PlanCards } from "./plan-cards";

const summary: { icon: LucideIcon; figure: string; text: string }[] = [
  { icon: WalletIcon, figure: formatPricePerValidation(), text: "per validation" },
  { icon: TimerIcon, figure: `${FREE_TRIAL_DAYS}-day`, text: "free trial" },
  { icon: HeadsetIcon, figure: SUPPORT_HOURS, text: "support" },
  { icon: PlugIcon, figure: INTEGRATION_COUNT, text: "integrations" },
];

export function PricingPage({ discountCode }: { discountCode: string | undefined }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-16 px-4 py-12 sm:py-16">
      <div className="grid justify-items-center gap-4 text-center">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">Simple pricing for every list</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Start with a {FREE_TRIAL_DAYS}-day free trial, pay monthly or yearly, or buy credits once and use them whenever
          you like.
        </p>
        <CheckoutCancelledNotice />
        {discountCode && <DiscountNote code={discountCode} />}
      </div>

      <PricingSection id="plans" title="Plans">
        <PlanCards />
      </PricingSection>

      <PricingSection id="comparison" title="How MailScout compares">
        <ComparisonTable />
      </PricingSection>

      <PricingSection
        id="credits"
        title="Pay as you go"
        description="One-time credit blocks for occasional lists. Credits never expire."
      >
        <CreditBlocks />
      </PricingSection>

      <section aria-label="At a glance" className="rounded-2xl border bg-muted/40 p-6">
        <ul className="grid gap-6 text-center sm:grid-cols-2 lg:grid-cols-4">
          {summary.map(({ icon: Icon, figure, text }) => (
            <li key={text} className="grid justify-items-center gap-1">
              <Icon className="size-6 text-primary" aria-hidden />
              <span className="text-2xl font-bold tracking-tight">{figure}</span>
              <span className="text-sm text-muted-foreground">{text}</span>
            </li>
          ))}
        </ul>
      </section>

      <p className="flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <ShieldCheckIcon className="size-5 shrink-0 text-success" aria-hidden />
        {MONEY_BACK_DAYS}-day money-back guarantee on every plan: not happy, get your money back.
      </p>
    </div>
  );
}

function PricingSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-8">
      <div className="grid justify-items-center gap-2 text-center">
        <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {description && <p className="text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

function DiscountNote({ code }: { code: string }) {
  return (
    <p
      role="status"
      className="flex flex-wrap items-center justify-center gap-2 rounded-xl border-2 border-dashed border-primary/50 bg-primary/5 px-4 py-3 text-sm"
    >
      <TicketPercentIcon className="size-5 text-primary" aria-hidden />
      <span>
        Your code <code className="rounded bg-card px-1.5 py-0.5 font-mono font-semibold">{code}</code> takes{" "}
        {FIRST_MONTH_DISCOUNT_PERCENT}% off your first month. It is offered when you subscribe.
      </span>
    </p>
  );
}
