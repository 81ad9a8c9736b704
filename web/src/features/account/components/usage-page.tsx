// My Account's plan and usage: the plan and trial, this month's allowance with a bar, what is left from each source,
// and the last 30 days of use.
import type { AccountUsage, UsageHistory, UsageSource, WorkKind } from "@contracts/billing";
import { Link } from "@tanstack/react-router";
import { BarChart3Icon } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { useAccountUsage } from "../api/get-account-usage";
import { USAGE_HISTORY_DAYS, useUsageHistory } from "../api/get-usage-history";
import { daysLeft, planName } from "../allowance";
import { AccountSection } from "./account-layout";

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
export const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

const count = (value: number) => value.toLocaleString("en-US");

export const WORK_LABELS: Record<WorkKind, string> = {
  validation: "Validations",
  bulk_row: "Bulk rows",
  exploration: "Domain explorations",
};

export const SOURCE_LABELS: Record<UsageSource, string> = {
  plan: "Plan allowance",
  free: "Free allowance",
  trial: "Trial",
  granted: "Granted credits",
  paid: "Paid credits",
};

export function UsagePage() {
  const usage = useAccountUsage();
  if (usage.isPending) return <Loading label="Loading your plan and usage" />;
  if (usage.isError) {
    return (
      <ErrorNotice onRetry={() => void usage.refetch()}>Your plan and usage could not be loaded.</ErrorNotice>
    );
  }
  return (
    <div className="grid gap-6">
      <PlanSection usage={usage.data} />
      <BalancesSection usage={usage.data} />
      <HistorySection />
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-40 rounded-2xl" />
      <Skeleton className="h-32 rounded-2xl" />
    </div>
  );
}

function PlanSection({ usage }: { usage: AccountUsage }) {
  const { trial } = usage;
  const onTrial = trial.status === "active";
  return (
    <AccountSection title="Plan">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-2xl font-bold">
          {planName(usage.plan)}
          {onTrial && trial.plan && <span className="text-muted-foreground"> · {planName(trial.plan)} trial</span>}
        </p>
        <Link to="/pricing" className={buttonVariants({ variant: "outline", size: "sm" })}>
          {usage.plan === "free" ? "Choose a plan" : "Change plan"}
        </Link>
      </div>
      {onTrial && trial.endsAt && <TrialSummary usage={usage} endsAt={trial.endsAt} />}
      {trial.status === "expired" && <p className="text-sm text-muted-foreground">Your free trial has ended.</p>}
      {usage.monthlyAllowance > 0 && (
        <Meter
          label="Used this month"
          used={usage.usedThisMonth}
          allowance={usage.monthlyAllowance}
          note={`A fresh allowance starts on ${dateFormat.format(new Date(usage.periodEnd))}.`}
        />
      )}
    </AccountSection>
  );
}

function TrialSummary({ usage, endsAt }: { usage: AccountUsage; endsAt: string }) {
  const left = daysLeft(endsAt);
  const { allowances, used } = usage.trial;
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <span className="font-medium">{left === 1 ? "1 day" : `${left} days`} left in your free trial</span>
        <span className="text-muted-foreground"> (ends {dateFormat.format(new Date(endsAt))})</span>
      </p>
      <Meter label="Trial validations used" used={used.validations} allowance={allowances.validations} />
      <Meter label="Trial bulk rows used" used={used.bulkRows} allowance={allowances.bulkRows} />
      <Meter label="Trial domain explorations used" used={used.explorations} allowance={allowances.explorations} />
    </div>
  );
}

function Meter({ label, used, allowance, note }: { label: string; used: number; allowance: number; note?: string }) {
  const figures = `${count(Math.min(used, allowance))} of ${count(allowance)}`;
  return (
    <div className="grid gap-1.5">
      <div className="flex justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground tabular-nums">{figures}</span>
      </div>
      <Progress value={Math.min(used, allowance)} max={allowance} aria-label={label} aria-valuetext={figures} />
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </div>
  );
}

function BalancesSection({ usage }: { usage: AccountUsage }) {
  const rows: [string, number][] = [
    [usage.plan === "free" ? "Free allowance this month" : "Plan allowance this month", usage.balances.monthly],
    ["Trial validations", usage.balances.trial],
    ["Granted credits", usage.balances.granted],
    ["Paid credits", usage.balances.paid],
  ];
  return (
    <AccountSection
      title="Balances"
      description="What is left, by where it comes from. Work draws on them in this order; paid credits never expire."
    >
      <dl className="grid divide-y rounded-xl border text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-3 px-4 py-2.5">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium tabular-nums">{count(value)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 bg-muted/40 px-4 py-2.5">
          <dt className="font-medium">Validations available now</dt>
          <dd className="font-semibold tabular-nums">{count(usage.available)}</dd>
        </div>
      </dl>
    </AccountSection>
  );
}

type HistoryRow = UsageHistory["rows"][number];

const historyColumns: ColumnDef<HistoryRow, unknown>[] = [
  { id: "day", header: "Day", accessorFn: (row) => row.day, cell: ({ row }) => dayFormat.format(new Date(row.original.day)) },
  { id: "work", header: "Work", accessorFn: (row) => WORK_LABELS[row.work] },
  { id: "source", header: "Paid from", accessorFn: (row) => SOURCE_LABELS[row.source] },
  {
    id: "units",
    header: "Units",
    accessorFn: (row) => row.units,
    cell: ({ row }) => count(row.original.units),
    meta: { className: "text-right tabular-nums", headerClassName: "text-right" },
  },
];

function HistorySection() {
  const history = useUsageHistory();
  return (
    <AccountSection title="Usage history" description={`The last ${USAGE_HISTORY_DAYS} days, by day, kind of work and what paid for it.`}>
      {history.isError ? (
        <ErrorNotice onRetry={() => void history.refetch()}>Your usage history could not be loaded.</ErrorNotice>
      ) : (
        <DataTable
          caption="Usage history"
          columns={historyColumns}
          data={history.data?.rows ?? []}
          getRowId={(row) => `${row.day}-${row.work}-${row.source}`}
          isLoading={history.isPending}
          loadingLabel="Loading your usage history"
          pagination={{ mode: "client", pageSize: 15 }}
          empty={<EmptyState icon={BarChart3Icon} title={`No usage in the last ${USAGE_HISTORY_DAYS} days.`} />}
        />
      )}
    </AccountSection>
  );
}
