// The platform figures of a timeframe: a heading, the days they cover, the timeframe selector and the figure cards with
// their trends (or their loading and failure), then whatever the screen adds below (the overview's charts). The
// overview and the platform analytics page share it, as they share the numbers.
import type { PlatformFigures as Figures, StatsWindow } from "@contracts/admin";
import type { ReactNode } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { formatWindow } from "../lib/timeframes";
import { AdminSection } from "./admin-section";
import { FigureCards, FigureCardsLoading } from "./figure-cards";
import { TimeframeSelect } from "./timeframe-select";

type Stats = Figures & { window: StatsWindow; previous: Figures };

type PlatformFiguresProps<T extends string, S extends Stats> = {
  title: string;
  level: 1 | 2;
  /** While another timeframe's figures load, the last ones stay on screen, marked busy (isPlaceholderData). */
  stats: { data: S | undefined; isError: boolean; isPlaceholderData: boolean; refetch: () => unknown };
  timeframe: T;
  timeframes: readonly T[];
  labels: Record<T, string>;
  onTimeframeChange: (timeframe: T) => void;
  children?: (stats: S) => ReactNode;
};

export function PlatformFigures<T extends string, S extends Stats>({
  title,
  level,
  stats,
  timeframe,
  timeframes,
  labels,
  onTimeframeChange,
  children,
}: PlatformFiguresProps<T, S>) {
  const { data } = stats;
  return (
    <AdminSection
      title={title}
      level={level}
      description={`${data ? formatWindow(data.window) : labels[timeframe]}, against the period before. Updated every minute.`}
      actions={<TimeframeSelect value={timeframe} options={timeframes} labels={labels} onChange={onTimeframeChange} />}
    >
      {stats.isError && !data ? (
        <ErrorNotice onRetry={() => void stats.refetch()}>Failed to load the platform figures.</ErrorNotice>
      ) : data ? (
        <>
          <FigureCards figures={data} previous={data.previous} busy={stats.isPlaceholderData} />
          {children?.(data)}
        </>
      ) : (
        <FigureCardsLoading label="Loading the platform figures" />
      )}
    </AdminSection>
  );
}
