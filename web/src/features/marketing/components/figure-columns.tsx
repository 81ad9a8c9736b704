// The managers' figure columns: counts with thousands separators and rates as the server computed them, right-aligned
// so their digits line up.
import type { ColumnDef } from "@/components/ui/data-table";
import { formatCount } from "@/lib/format";
import { formatRate, labelOf } from "../labels";

const numeric = { className: "text-right tabular-nums", headerClassName: "text-right" };

export function countColumn<Item>(header: string, value: (item: Item) => number): ColumnDef<Item> {
  return { id: header, header, accessorFn: value, cell: ({ getValue }) => formatCount(getValue<number>()), meta: numeric };
}

export function rateColumn<Item>(header: string, value: (item: Item) => number): ColumnDef<Item> {
  return { id: header, header, accessorFn: value, cell: ({ getValue }) => formatRate(getValue<number>()), meta: numeric };
}

/** A setting chosen from the contract's list, as it reads ("time_delay" → "Time delay"). */
export function choiceColumn<Item>(header: string, value: (item: Item) => string): ColumnDef<Item> {
  return { id: header, header, accessorFn: value, cell: ({ getValue }) => labelOf(getValue<string>()) };
}
