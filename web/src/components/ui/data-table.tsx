// The kit's table, on TanStack Table: sortable columns (a button in the header, aria-sort on the column), a text
// filter, row selection with checkboxes, and pages, either of rows it holds (client) or of rows a server pages
// (server: the caller fetches the page in view and says how many there are). While loading it says so; with no rows,
// it shows its empty state instead of an empty grid. Everything is reachable by keyboard: the header's sort buttons,
// the checkboxes and the page buttons are real buttons and inputs, in reading order.
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type OnChangeFn,
  type RowData,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { Checkbox } from "./checkbox";
import { EmptyState } from "./empty-state";
import { focusRing } from "./focus";
import { Skeleton } from "./skeleton";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameters must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for this column's cells. */
    className?: string;
    /** Classes for this column's header. */
    headerClassName?: string;
  }
}

export type { ColumnDef } from "@tanstack/react-table";

export type DataTablePagination =
  /** The table pages the rows it was given. */
  | { mode: "client"; pageSize: number }
  /** The rows given are the page in view (1-based `page`) of `total` rows that a server pages. */
  | { mode: "server"; page: number; pageSize: number; total: number; onPageChange: (page: number) => void };

type DataTableProps<TData> = {
  columns: ColumnDef<TData, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- columns of any value type
  data: TData[];
  /** Names the table for screen readers. */
  caption?: string;
  getRowId?: (row: TData) => string;
  isLoading?: boolean;
  /** Said to screen readers while loading. */
  loadingLabel?: string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** Text that rows must contain (in any column) to be shown; rows a server filters need none. */
  filter?: string;
  pagination?: DataTablePagination;
  /** Turns on a checkbox per row; `rowLabel` names each one ("Select <label>"). */
  selection?: { value: RowSelectionState; onChange: OnChangeFn<RowSelectionState>; rowLabel: (row: TData) => string };
  className?: string;
};

export function DataTable<TData>({
  columns,
  data,
  caption,
  getRowId,
  isLoading = false,
  loadingLabel = "Loading",
  empty = <EmptyState title="Nothing here yet." />,
  filter,
  pagination,
  selection,
  className,
}: DataTableProps<TData>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [clientPage, setClientPage] = useState({ pageIndex: 0, pageSize: pagination?.pageSize ?? 10 });
  const server = pagination?.mode === "server" ? pagination : undefined;

  const selectColumn: ColumnDef<TData, unknown> | undefined = selection && {
    id: "select",
    enableSorting: false,
    meta: { className: "w-10 px-4", headerClassName: "w-10 px-4" },
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all rows"
        checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? "indeterminate" : false}
        onCheckedChange={(checked) => table.toggleAllPageRowsSelected(checked === true)}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${selection.rowLabel(row.original)}`}
        checked={row.getIsSelected()}
        onCheckedChange={(checked) => row.toggleSelected(checked === true)}
      />
    ),
  };

  const table = useReactTable({
    data,
    columns: selectColumn ? [selectColumn, ...columns] : columns,
    getRowId,
    state: {
      sorting,
      globalFilter: filter ?? "",
      rowSelection: selection?.value ?? {},
      pagination: server ? { pageIndex: server.page - 1, pageSize: server.pageSize } : clientPage,
    },
    // Sorting the page in view of rows a server pages would misstate the order of the rest: the server sorts those.
    enableSorting: server === undefined,
    onSortingChange: setSorting,
    onPaginationChange: server ? undefined : setClientPage,
    onRowSelectionChange: selection?.onChange,
    enableRowSelection: selection !== undefined,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    // A server's page arrives paged already: the table shows all of it.
    manualPagination: server !== undefined,
    getPaginationRowModel: pagination?.mode === "client" ? getPaginationRowModel() : undefined,
    // Changes of filter or data go back to the first page, not to a page that may no longer exist.
    autoResetPageIndex: server === undefined,
  });

  const rows = table.getRowModel().rows;
  const total = server ? server.total : table.getFilteredRowModel().rows.length;
  const pageSize = server ? server.pageSize : clientPage.pageSize;
  const page = server ? server.page : clientPage.pageIndex + 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const goTo = (next: number) => (server ? server.onPageChange(next) : table.setPageIndex(next - 1));

  if (isLoading) {
    return (
      <div role="status" className={cn("grid gap-2", className)}>
        <span className="sr-only">{loadingLabel}</span>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-12" />
        ))}
      </div>
    );
  }

  return (
    <div className={cn("grid gap-3", className)}>
      {rows.length === 0 ? (
        empty
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card">
          <table className="w-full text-left text-sm">
            {caption && <caption className="sr-only">{caption}</caption>}
            <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                        className={cn("px-4 py-3 font-medium", header.column.columnDef.meta?.headerClassName)}
                      >
                        {header.column.getCanSort() ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            className={cn("-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-foreground", focusRing)}
                          >
                            {label}
                            {sorted === "asc" ? (
                              <ArrowUpIcon className="size-3.5" aria-hidden />
                            ) : sorted === "desc" ? (
                              <ArrowDownIcon className="size-3.5" aria-hidden />
                            ) : (
                              <ArrowUpDownIcon className="size-3.5 opacity-50" aria-hidden />
                            )}
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y">
              {rows.map((row) => (
                <tr key={row.id} data-state={row.getIsSelected() ? "selected" : undefined} className="hover:bg-muted/30 data-[state=selected]:bg-muted/50">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cn("px-4 py-3", cell.column.columnDef.meta?.className)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pagination && total > 0 && (
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="text-muted-foreground">
            Showing {((page - 1) * pageSize + 1).toLocaleString()}–{Math.min(total, page * pageSize).toLocaleString()} of{" "}
            {total.toLocaleString()}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              Next
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
