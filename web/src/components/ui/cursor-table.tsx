// A DataTable of rows read in cursor pages (newest first, keyset): the pages read so far one after the other, and a
// "Load more" button while the server says there is more. A failed first page shows what failed and Try again in place
// of the table; a failure once rows are shown (a later page, a refetch) keeps them and offers Try again under them.
import type { ReactNode } from "react";
import { Button } from "./button";
import { type ColumnDef, DataTable } from "./data-table";
import { ErrorNotice } from "./error-notice";

/** What the table needs of an infinite query (TanStack Query's useInfiniteQuery result has all of it). */
export type CursorPages = {
  /** The pages read so far; undefined until the first one arrives. */
  data: unknown;
  isPending: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

type CursorTableProps<TData> = {
  pages: CursorPages;
  rows: TData[];
  columns: ColumnDef<TData, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- columns of any value type
  caption: string;
  getRowId: (row: TData) => string;
  loadingLabel: string;
  empty: ReactNode;
  /** Says what could not be loaded ("Failed to load the audit log."). */
  failure: string;
};

export function CursorTable<TData>({ pages, rows, failure, ...table }: CursorTableProps<TData>) {
  const retry = () => void (pages.isFetchNextPageError ? pages.fetchNextPage() : pages.refetch());
  const notice = pages.isError && (
    <ErrorNotice>
      {failure}{" "}
      <Button variant="link" className="h-auto p-0" onClick={retry}>
        Try again
      </Button>
    </ErrorNotice>
  );
  if (pages.isError && pages.data === undefined) return notice;
  return (
    <div className="grid gap-3">
      <DataTable {...table} data={rows} isLoading={pages.isPending} />
      {notice}
      {pages.hasNextPage && !pages.isError && (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      )}
    </div>
  );
}
