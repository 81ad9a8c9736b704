// The overview: the platform's figures for a timeframe with their trends, the charts, and the all-time totals.
import { type PlatformSeries, TIMEFRAMES } from "@contracts/admin";
import { BarChart } from "@/components/ui/bar-chart";
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
    </div>
  );
}
