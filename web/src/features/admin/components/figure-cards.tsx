// The platform figures of one window as cards, each with its trend against the previous equal window. The overview and
// the platform analytics page show the same cards, as they show the same numbers.
import type { PlatformFigures } from "@contracts/admin";
import { ArrowDownRightIcon, ArrowRightIcon, ArrowUpRightIcon } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatUsd } from "@/features/pricing";
import { cn } from "@/lib/cn";
import { trendOf } from "../lib/trend";
import { StatCard } from "./stat-card";

type Figure = {
  key: keyof PlatformFigures;
  label: string;
  money?: boolean;
  /** Most figures are better higher; a rise in deleted lists is not good news. */
  lowerIsBetter?: boolean;
};

const FIGURES: readonly Figure[] = [
  { key: "totalUsers", label: "Total users" },
  { key: "activeUsers", label: "Active users" },
  { key: "totalValidations", label: "Validations" },
  { key: "monthlyValidations", label: "Validations this month" },
  { key: "totalRevenue", label: "Revenue", money: true },
  { key: "monthlyRevenue", label: "Revenue this month", money: true },
  { key: "totalContacts", label: "Contacts" },
  { key: "totalContactLists", label: "Contact lists" },
  { key: "deletedContactLists", label: "Deleted lists", lowerIsBetter: true },
];

const GRID = "grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3";

type FigureCardsProps = { figures: PlatformFigures; previous: PlatformFigures; busy?: boolean };

export function FigureCards({ figures, previous, busy = false }: FigureCardsProps) {
  return (
    <div aria-busy={busy} className={cn(GRID, "transition-opacity", busy && "opacity-60")}>
      {FIGURES.map((figure) => (
        <FigureCard key={figure.key} figure={figure} value={figures[figure.key]} previous={previous[figure.key]} />
      ))}
    </div>
  );
}

export function FigureCardsLoading({ label }: { label: string }) {
  return (
    <div role="status" className={GRID}>
      <span className="sr-only">{label}</span>
      {FIGURES.map((figure) => (
        <Skeleton key={figure.key} className="h-28 rounded-2xl" />
      ))}
    </div>
  );
}

const TREND_ICONS = { up: ArrowUpRightIcon, down: ArrowDownRightIcon, flat: ArrowRightIcon } as const;

function FigureCard({ figure, value, previous }: { figure: Figure; value: number; previous: number }) {
  const trend = trendOf(value, previous);
  const Icon = TREND_ICONS[trend.direction];
  const good = trend.direction !== "flat" && (trend.direction === "up") !== Boolean(figure.lowerIsBetter);
  const tone = trend.direction === "flat" ? "text-muted-foreground" : good ? "text-success" : "text-destructive";
  return (
    <StatCard label={figure.label}>
      <p className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">
        {figure.money ? formatUsd(value) : formatCount(value)}
      </p>
      <p className={cn("flex items-center gap-1 text-xs font-medium", tone)}>
        <Icon className="size-4" aria-hidden />
        <span aria-hidden>{trend.shortText}</span>
        <span className="sr-only">{trend.text}</span>
      </p>
    </StatCard>
  );
}
