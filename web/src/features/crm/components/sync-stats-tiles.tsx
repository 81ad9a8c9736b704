// The six tiles, counted from the sync items: Successful is created + updated + skipped, Total adds the failed.
import type { SyncStats } from "@contracts/crm";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { StatCard } from "@/features/admin";
import { formatCount } from "@/lib/format";
import { useSyncStats } from "../api/get-sync-stats";
import type { CrmPaths } from "../paths";

const TILES: { label: string; figure: keyof SyncStats }[] = [
  { label: "Total Syncs", figure: "total_syncs" },
  { label: "Created", figure: "contacts_created" },
  { label: "Updated", figure: "contacts_updated" },
  { label: "Skipped", figure: "contacts_skipped" },
  { label: "Successful", figure: "successful_syncs" },
  { label: "Failed", figure: "failed_syncs" },
];

export function SyncStatsTiles({ paths }: { paths: CrmPaths }) {
  const stats = useSyncStats(paths);
  if (stats.isError) return <ErrorNotice onRetry={() => void stats.refetch()}>Could not load the sync figures.</ErrorNotice>;
  return (
    <section aria-label="Sync figures" aria-busy={stats.isPending} className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
      {TILES.map(({ label, figure }) => (
        <StatCard key={label} label={label}>
          {stats.data ? (
            <p className="text-2xl font-bold tabular-nums">{formatCount(stats.data[figure])}</p>
          ) : (
            <Skeleton className="h-8" />
          )}
        </StatCard>
      ))}
    </section>
  );
}
