// The dashboard's four stat cards.
import type { ReactNode } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { StatCard } from "@/features/admin";
import { formatCount } from "@/lib/format";
import { useSeoStats } from "../api/get-seo-stats";
import { formatPercent } from "./labels";

export function SeoStats() {
  const stats = useSeoStats();
  if (stats.isError) return <ErrorNotice onRetry={() => void stats.refetch()}>Could not load the SEO figures.</ErrorNotice>;
  const data = stats.data;
  const figure = (value: string | undefined): ReactNode =>
    value === undefined ? <Skeleton className="h-8" /> : <p className="text-2xl font-bold tabular-nums">{value}</p>;
  return (
    <section aria-label="SEO figures" aria-busy={stats.isPending} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label="Total Pages">{figure(data && formatCount(data.totalPages))}</StatCard>
      <StatCard label="Page Views">{figure(data && formatCount(data.totalViews))}</StatCard>
      <StatCard label="Conversions">{figure(data && formatCount(data.totalConversions))}</StatCard>
      <StatCard label="Conversion Rate">{figure(data && formatPercent(data.avgConversionRate))}</StatCard>
    </section>
  );
}
