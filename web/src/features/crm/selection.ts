// Which contacts a bulk sync is for: rows picked one by one (kept by id across pages), or every contact the filter
// matches ("Select all N matching"), which is sent as the filter so the server picks them, however many there are.
import type { BulkSyncRequest, SyncFilter } from "@contracts/crm";
import type { RowSelectionState } from "@tanstack/react-table";

export type SyncSelection = { kind: "rows"; rows: RowSelectionState } | { kind: "matching" };

export const NO_SELECTION: SyncSelection = { kind: "rows", rows: {} };

/** How many contacts a sync of the selection would send, `total` being how many the filter matches. */
export function selectedCount(selection: SyncSelection, total: number): number {
  return selection.kind === "matching" ? total : Object.values(selection.rows).filter(Boolean).length;
}

/** The rows shown ticked: every row of the page when the whole filter is selected. */
export function tickedRows(selection: SyncSelection, pageIds: string[]): RowSelectionState {
  return selection.kind === "matching" ? Object.fromEntries(pageIds.map((id) => [id, true])) : selection.rows;
}

/** True when every row of the page is ticked one by one and more contacts match than the page shows. */
export function canSelectAllMatching(selection: SyncSelection, pageIds: string[], total: number): boolean {
  return selection.kind === "rows" && pageIds.length > 0 && total > pageIds.length && pageIds.every((id) => selection.rows[id]);
}

/** The bulk-sync request's target: the ids, or the filter. */
export function bulkTarget(selection: SyncSelection, filter: SyncFilter): Pick<BulkSyncRequest, "contactIds" | "filter"> {
  if (selection.kind === "matching") return { filter };
  return {
    contactIds: Object.entries(selection.rows)
      .filter(([, ticked]) => ticked)
      .map(([id]) => Number(id)),
  };
}
