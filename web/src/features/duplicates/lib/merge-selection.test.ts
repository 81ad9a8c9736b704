import { describe, expect, it } from "vitest";
import { isReadyToMerge, NO_SELECTION, selectionWithin, toggleKeep, toggleMerge } from "./merge-selection";

describe("the merge selection", () => {
  it("keeps one record at most: keeping another moves the choice", () => {
    const kept = toggleKeep(NO_SELECTION, 1);
    expect(kept).toEqual({ keptId: 1, mergeIds: [] });
    expect(toggleKeep(kept, 2)).toEqual({ keptId: 2, mergeIds: [] });
    expect(toggleKeep(kept, 1)).toEqual(NO_SELECTION);
  });

  it("takes a record out of the merge set when it is marked kept", () => {
    const marked = toggleMerge(toggleMerge(NO_SELECTION, 1), 2);
    expect(marked).toEqual({ keptId: null, mergeIds: [1, 2] });
    expect(toggleKeep(marked, 2)).toEqual({ keptId: 2, mergeIds: [1] });
  });

  it("clears the kept choice when merge is toggled on the kept record", () => {
    const selection = toggleMerge(toggleKeep(NO_SELECTION, 1), 2);
    expect(toggleMerge(selection, 1)).toEqual({ keptId: null, mergeIds: [2, 1] });
  });

  it("unmarks a marked record", () => {
    expect(toggleMerge({ keptId: 3, mergeIds: [1, 2] }, 1)).toEqual({ keptId: 3, mergeIds: [2] });
  });

  it("is ready to merge once one record is kept and one is marked", () => {
    expect(isReadyToMerge(NO_SELECTION)).toBe(false);
    expect(isReadyToMerge({ keptId: 1, mergeIds: [] })).toBe(false);
    expect(isReadyToMerge({ keptId: null, mergeIds: [1, 2] })).toBe(false);
    expect(isReadyToMerge({ keptId: 1, mergeIds: [2] })).toBe(true);
  });

  it("forgets records that are no longer in the group, and is the same object when none went", () => {
    const selection = { keptId: 1, mergeIds: [2, 3] };
    expect(selectionWithin(selection, [1, 3])).toEqual({ keptId: 1, mergeIds: [3] });
    expect(selectionWithin(selection, [2, 3])).toEqual({ keptId: null, mergeIds: [2, 3] });
    expect(selectionWithin(selection, [1, 2, 3, 4])).toBe(selection);
  });
});
