// The platform's totals since it began, refetched every five minutes, and the profit margin: shown only once the admin
// has said what running the platform costs a month, never guessed.
import type { LifetimeStats as Totals } from "@contracts/admin";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatUsd } from "@/features/pricing";
import { AdminSection } from "../components/admin-section";
import { StatCard } from "../components/stat-card";
import { useLifetimeStats } from "./api/get-lifetime-stats";
import { MonthlyCostForm } from "./monthly-cost-form";

const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

export function LifetimeStats() {
  const stats = useLifetimeStats();
  return (
    <AdminSection title="All time" description="Since the platform began. Updated every five minutes.">
      {stats.isError && !stats.data ? (
        <ErrorNotice onRetry={() => void stats.refetch()}>Failed to load the all-time figures.</ErrorNotice>
      ) : stats.data ? (
        <LifetimeCards totals={stats.data} />
      ) : (
        <div role="status" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          <span className="sr-only">Loading the all-time figures</span>
          {[0, 1, 2, 3].map((card) => (
            <Skeleton key={card} className="h-24 rounded-2xl" />
          ))}
        </div>
      )}
    </AdminSection>
  );
}

function LifetimeCards({ totals }: { totals: Totals }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
      <TotalCard label="Validations">{formatCount(totals.totalValidations)}</TotalCard>
      <TotalCard label="All users" note="Registered and anonymous">
        {formatCount(totals.totalAllUsers)}
      </TotalCard>
      <TotalCard label="Registered users">{formatCount(totals.totalRegisteredUsers)}</TotalCard>
      <TotalCard label="Contacts">{formatCount(totals.totalContacts)}</TotalCard>
      <TotalCard label="Contact lists">{formatCount(totals.totalContactLists)}</TotalCard>
      <TotalCard label="Revenue">{formatUsd(totals.totalRevenue)}</TotalCard>
      <TotalCard label="Validations per user">{oneDecimal.format(totals.averageValidationsPerUser)}</TotalCard>
      <TotalCard label="Revenue per user">{formatUsd(Math.round(totals.averageRevenuePerUser))}</TotalCard>
      <ProfitMarginCard totals={totals} />
    </div>
  );
}

type TotalCardProps = { label: string; note?: string; className?: string; children: ReactNode };

function TotalCard({ label, note, className, children }: TotalCardProps) {
  return (
    <StatCard label={label} className={className}>
      <div className="text-2xl font-bold tracking-tight tabular-nums">{children}</div>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </StatCard>
  );
}

function ProfitMarginCard({ totals }: { totals: Totals }) {
  const [editing, setEditing] = useState(false);
  const cost = totals.monthlyCostCents;
  const noMargin = cost === null ? "Set your costs" : totals.profitMargin === null ? "No revenue yet" : undefined;

  return (
    // The whole row on a phone: the costs form needs the room.
    <TotalCard label="Profit margin" className="col-span-2 lg:col-span-1">
      {noMargin ? (
        <p className="text-base font-medium text-muted-foreground">{noMargin}</p>
      ) : (
        <p>{oneDecimal.format(totals.profitMargin ?? 0)}%</p>
      )}
      <div className="mt-2 grid gap-2 text-sm font-normal tracking-normal">
        {cost !== null && !editing && (
          <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
            Costs {formatUsd(cost)} a month.
            <Button variant="link" className="h-auto p-0" onClick={() => setEditing(true)}>
              Change costs
            </Button>
          </p>
        )}
        {(cost === null || editing) && (
          <MonthlyCostForm
            currentCents={cost}
            onDone={() => setEditing(false)}
            onCancel={cost === null ? undefined : () => setEditing(false)}
          />
        )}
      </div>
    </TotalCard>
  );
}
