import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type CursorPages, CursorTable } from "./cursor-table";
import type { ColumnDef } from "./data-table";
import { EmptyState } from "./empty-state";

type Entry = { id: number; what: string };
const columns: ColumnDef<Entry>[] = [{ accessorKey: "what", header: "What" }];
const entries: Entry[] = [
  { id: 2, what: "Second" },
  { id: 1, what: "First" },
];

function pages(state: Partial<CursorPages> = {}): CursorPages {
  return {
    data: { pages: [] },
    isPending: false,
    isError: false,
    isFetchNextPageError: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    refetch: vi.fn(),
    ...state,
  };
}

function renderTable(state: CursorPages, rows: Entry[] = entries) {
  const { unmount } = render(
    <CursorTable
      pages={state}
      rows={rows}
      columns={columns}
      caption="Entries"
      getRowId={(entry) => String(entry.id)}
      loadingLabel="Loading entries"
      empty={<EmptyState title="No entries" />}
      failure="Failed to load entries."
    />,
  );
  return { user: userEvent.setup(), unmount };
}

describe("CursorTable", () => {
  it("offers Load more while the server has more, and says so while the next page loads", async () => {
    const state = pages({ hasNextPage: true });
    const { user } = renderTable(state);
    expect(within(screen.getByRole("table", { name: "Entries" })).getAllByRole("row")).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(state.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it("shows Loading... on a disabled button while the next page loads, and no button at the end", () => {
    const loading = renderTable(pages({ hasNextPage: true, isFetchingNextPage: true }));
    expect(screen.getByRole("button", { name: "Loading..." })).toBeDisabled();
    loading.unmount();
    renderTable(pages({ hasNextPage: false }));
    expect(screen.queryByRole("button", { name: /Load/ })).not.toBeInTheDocument();
  });

  it("says it is loading, and shows the empty state when there are no rows", () => {
    const loading = renderTable(pages({ data: undefined, isPending: true }), []);
    expect(screen.getByRole("status")).toHaveTextContent("Loading entries");
    loading.unmount();
    renderTable(pages(), []);
    expect(screen.getByText("No entries")).toBeVisible();
  });

  it("replaces the table when the first page fails, and retries it", async () => {
    const state = pages({ data: undefined, isError: true });
    const { user } = renderTable(state, []);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByText(/Failed to load entries/)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(state.refetch).toHaveBeenCalledTimes(1);
  });

  it("keeps the rows when a later page fails, and asks for that page again", async () => {
    const state = pages({ hasNextPage: true, isError: true, isFetchNextPageError: true });
    const { user } = renderTable(state);
    expect(screen.getByRole("table", { name: "Entries" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(state.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(state.refetch).not.toHaveBeenCalled();
  });
});
