// A bar chart (Recharts) in the theme's colours, taken from the CSS variables so dark mode follows, with its numbers as
// a table: the drawing says nothing to a screen reader, so the table is always in the page, read by screen readers
// while the chart shows and on screen when the person asks for the table instead.
import { useId, useState } from "react";
import { Bar, BarChart as RechartsBarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { cn } from "@/lib/cn";
import { Button } from "./button";

type BarChartProps<T> = {
  title: string;
  data: readonly T[];
  /** The bar's name on the axis and in the table's first column ("Nov 3"). */
  label: (row: T) => string;
  value: (row: T) => number;
  /** How a value reads in the table, the tooltip and the axis ("$1,200", "3,400"). */
  format: (value: number) => string;
  labelHeader: string;
  valueHeader: string;
  /** Said instead of an empty chart. */
  emptyText?: string;
  className?: string;
};

const axisTick = { fill: "var(--muted-foreground)", fontSize: 12 };

export function BarChart<T>({
  title,
  data,
  label,
  value,
  format,
  labelHeader,
  valueHeader,
  emptyText = "No data for this period.",
  className,
}: BarChartProps<T>) {
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  const points = data.map((row) => ({ label: label(row), value: value(row) }));

  return (
    <figure aria-labelledby={titleId} className={cn("grid gap-3 rounded-2xl border bg-card p-4", className)}>
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {title}
        </h3>
        {points.length > 0 && (
          <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
            Show as table
          </Button>
        )}
      </figcaption>
      {points.length === 0 ? (
        <p className="grid h-60 place-items-center text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <>
          {!asTable && (
            <div aria-hidden className="h-60">
              {/* The chart is hidden from screen readers, so its own keyboard layer would only trap focus. */}
              <RechartsBarChart responsive accessibilityLayer={false} data={points} style={{ width: "100%", height: "100%" }}>
                <CartesianGrid vertical={false} stroke="var(--border)" />
                <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={{ stroke: "var(--border)" }} minTickGap={12} />
                <YAxis tick={axisTick} tickLine={false} axisLine={false} tickFormatter={format} width={64} />
                <Tooltip
                  cursor={{ fill: "var(--muted)" }}
                  formatter={(shown) => [format(Number(shown)), valueHeader]}
                  contentStyle={{
                    background: "var(--card)",
                    border: "1px solid var(--border)",
                    borderRadius: "0.5rem",
                    color: "var(--card-foreground)",
                  }}
                  labelStyle={{ color: "var(--muted-foreground)" }}
                />
                <Bar dataKey="value" fill="var(--primary)" radius={[4, 4, 0, 0]} />
              </RechartsBarChart>
            </div>
          )}
          <div className={cn(asTable ? "max-h-60 overflow-y-auto rounded-xl border" : "sr-only")}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {labelHeader}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {valueHeader}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {points.map((point) => (
                  <tr key={point.label}>
                    <th scope="row" className="px-3 py-1.5 font-normal">
                      {point.label}
                    </th>
                    <td className="px-3 py-1.5 text-right tabular-nums">{format(point.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}
