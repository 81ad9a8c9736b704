// The Analytics tab: the first five campaigns' performance, the audience as the server counts it, and (with user
// segmentation on) events by the visitor's segment at the time.
import type { MarketingAnalytics } from "@contracts/marketing";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { AdminSection, StatCard } from "@/features/admin";
import { formatCount } from "@/lib/format";
import { useMarketingAnalytics } from "../api/get-marketing-analytics";
import { choiceColumn, countColumn, rateColumn } from "./figure-columns";

type Performance = MarketingAnalytics["campaigns"][number];
type Segment = NonNullable<MarketingAnalytics["bySegment"]>[number];

const performanceColumns: ColumnDef<Performance>[] = [
  { id: "name", header: "Campaign", accessorFn: (row: Performance) => row.name, meta: { className: "font-medium" } },
  choiceColumn("Type", (row: Performance) => row.campaignType),
  countColumn("Impressions", (row: Performance) => row.impressions),
  countColumn("Clicks", (row: Performance) => row.clicks),
  countColumn("Conversions", (row: Performance) => row.conversions),
  rateColumn("CTR", (row: Performance) => row.ctr),
];

const segmentColumns: ColumnDef<Segment>[] = [
  choiceColumn("Segment", (row: Segment) => row.segment),
  countColumn("Impressions", (row: Segment) => row.impressions),
  countColumn("Clicks", (row: Segment) => row.clicks),
  countColumn("Conversions", (row: Segment) => row.conversions),
  rateColumn("CTR", (row: Segment) => row.ctr),
];

const percent = (value: number) => `${Math.round(value)}%`;

export function MarketingAnalyticsTab() {
  const analytics = useMarketingAnalytics();
  if (analytics.isError) {
    return <ErrorNotice onRetry={() => void analytics.refetch()}>Could not load the marketing analytics.</ErrorNotice>;
  }
  const data = analytics.data;
  return (
    <div className="grid gap-8">
      <AdminSection title="Campaign performance" description="The first five campaigns.">
        <DataTable
          caption="Campaign performance"
          columns={performanceColumns}
          data={data?.campaigns ?? []}
          getRowId={(row) => `${row.campaignType}:${row.id}`}
          isLoading={analytics.isPending}
          loadingLabel="Loading analytics"
          empty={<EmptyState title="No campaigns yet" />}
        />
      </AdminSection>
      {data && (
        <AdminSection title="Audience insights" description="Everyone with an account, as of now.">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {(
              [
                ["Free users", percent(data.audience.freePercent)],
                ["Paid users", percent(data.audience.paidPercent)],
                ["New users (30 days)", formatCount(data.audience.newUsers30Days)],
                ["Returning users", percent(data.audience.returningPercent)],
              ] as const
            ).map(([label, value]) => (
              <StatCard key={label} label={label}>
                <p className="text-2xl font-bold tabular-nums">{value}</p>
              </StatCard>
            ))}
          </div>
        </AdminSection>
      )}
      {data && (
        <AdminSection title="By segment" description="Events by the visitor's segment when they happened.">
          {data.bySegment ? (
            <DataTable caption="Events by segment" columns={segmentColumns} data={data.bySegment} getRowId={(row) => row.segment} />
          ) : (
            <p className="text-sm text-muted-foreground">Turn on user segmentation in Settings to see events by segment.</p>
          )}
        </AdminSection>
      )}
    </div>
  );
}
