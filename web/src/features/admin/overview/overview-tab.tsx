// The overview: the platform's figures for a timeframe with their trends, the charts, and the all-time totals.
import { type PlatformSeries, TIMEFRAMES } from "@contracts/admin";
import { Link } from "@tanstack/react-router";
import { HandshakeIcon, MegaphoneIcon, RefreshCwIcon, SearchIcon, WindIcon } from "lucide-react";
import { BarChart } from "@/components/ui/bar-chart";
import { focusRing } from "@/components/ui/focus";
import { cn } from "@/lib/cn";
import { formatCount, formatUsd } from "@/features/pricing";
import type { AdminTabProps } from "../components/admin-dashboard";
import { PlatformFigures } from "../components/platform-figures";
import { formatMonth, formatShortDay, TIMEFRAME_LABELS } from "../lib/timeframes";
import { usePlatformStats } from "./api/get-platform-stats";
import { LifetimeStats } from "./lifetime-stats";

const DAILY_CHARTS = [
  { series: "validationsPerDay", title: "Validations per day", valueHeader: "Validations" },
  { series: "signupsPerDay", title: "Sign-ups per day", valueHeader: "Sign-ups" },
] as const satisfies readonly { series: keyof PlatformSeries; title: string; valueHeader: string }[];

export function OverviewTab({ view, onViewChange }: AdminTabProps) {
  const stats = usePlatformStats(view.timeframe);
  return (
    <div className="grid gap-8">
      <PlatformFigures
        title="Platform figures"
        level={2}
        stats={stats}
        timeframe={view.timeframe}
        timeframes={TIMEFRAMES}
        labels={TIMEFRAME_LABELS}
        onTimeframeChange={(timeframe) => onViewChange({ ...view, timeframe })}
      >
        {({ series }) => (
          <div className="grid gap-4 lg:grid-cols-2">
            {DAILY_CHARTS.map((chart) => (
              <BarChart
                key={chart.series}
                title={chart.title}
                data={series[chart.series]}
                label={(point) => formatShortDay(point.day)}
                value={(point) => point.count}
                format={formatCount}
                labelHeader="Day"
                valueHeader={chart.valueHeader}
              />
            ))}
            <BarChart
              title="Revenue per month"
              className="lg:col-span-2"
              data={series.revenuePerMonth}
              label={(point) => formatMonth(point.month)}
              value={(point) => point.cents}
              format={formatUsd}
              labelHeader="Month"
              valueHeader="Revenue"
            />
          </div>
        )}
      </PlatformFigures>
      <LifetimeStats />
      <nav aria-label="Growth" className="grid gap-4 sm:grid-cols-2">
        <Link to="/admin/marketing" className={areaCardClass}>
          <MegaphoneIcon className="size-5 text-primary" aria-hidden />
          <span className="font-semibold">Marketing</span>
          <span className="text-sm text-muted-foreground">Campaigns, banners, popups, pushes and emails</span>
        </Link>
        <Link to="/admin/crm-affiliates" className={areaCardClass}>
          <HandshakeIcon className="size-5 text-primary" aria-hidden />
          <span className="font-semibold">CRM Affiliates</span>
          <span className="text-sm text-muted-foreground">Partner ads and their clicks</span>
        </Link>
        <Link to="/admin/seo" className={areaCardClass}>
          <SearchIcon className="size-5 text-primary" aria-hidden />
          <span className="font-semibold">SEO</span>
          <span className="text-sm text-muted-foreground">Landing pages, keywords and their conversions</span>
        </Link>
        <Link to="/admin/system-popups" className={areaCardClass}>
          <WindIcon className="size-5 text-primary" aria-hidden />
          <span className="font-semibold">System Popups</span>
          <span className="text-sm text-muted-foreground">The upgrade offer, the welcome and the discount offer</span>
        </Link>
        <Link to="/admin/zoho-sync" className={areaCardClass}>
          <RefreshCwIcon className="size-5 text-primary" aria-hidden />
          <span className="font-semibold">CRM Sync (Zoho)</span>
          <span className="text-sm text-muted-foreground">Your own contacts pushed to your Zoho CRM</span>
        </Link>
      </nav>
    </div>
  );
}

const areaCardClass = cn("grid gap-1 rounded-2xl border bg-card p-4 shadow-sm transition-colors hover:bg-accent sm:p-5", focusRing);
