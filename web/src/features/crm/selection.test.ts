import { describe, expect, it } from "vitest";
import { bulkTarget, canSelectAllMatching, NO_SELECTION, selectedCount, type SyncSelection, tickedRows } from "./selection";

const page = ["1", "2", "3"];
const wholePage: SyncSelection = { kind: "rows", rows: { 1: true, 2: true, 3: true } };

describe("sync selection", () => {
  it("counts rows ticked one by one, or every contact the filter matches", () => {
    expect(selectedCount(NO_SELECTION, 120)).toBe(0);
    expect(selectedCount({ kind: "rows", rows: { 1: true, 2: false, 9: true } }, 120)).toBe(2);
    expect(selectedCount({ kind: "matching" }, 120)).toBe(120);
  });

  it("ticks every row of the page in view when the whole filter is selected", () => {
    expect(tickedRows({ kind: "matching" }, page)).toEqual({ 1: true, 2: true, 3: true });
    expect(tickedRows(wholePage, ["4"])).toBe(wholePage.rows);
  });

  it("offers the whole filter only once the page is ticked and more contacts match", () => {
    expect(canSelectAllMatching(wholePage, page, 120)).toBe(true);
    expect(canSelectAllMatching(wholePage, page, 3)).toBe(false);
    expect(canSelectAllMatching({ kind: "rows", rows: { 1: true, 2: true } }, page, 120)).toBe(false);
    expect(canSelectAllMatching({ kind: "matching" }, page, 120)).toBe(false);
    expect(canSelectAllMatching(NO_SELECTION, [], 0)).toBe(false);
  });

  it("sends ticked rows as contact ids, and the whole filter as the filter", () => {
    expect(bulkTarget({ kind: "rows", rows: { 7: true, 3: true, 5: false } }, "valid")).toEqual({ contactIds: [3, 7] });
    expect(bulkTarget({ kind: "matching" }, "invalid")).toEqual({ filter: "invalid" });
  });
});
