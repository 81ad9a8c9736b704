// Which record of a group is kept and which are marked to merge into it. One record at most is kept; marking a record
// kept takes it out of the merge set, and marking the kept record to merge gives up the kept choice, so the two never
// overlap and the request the bar sends is always one the server accepts.

export type MergeSelection = { keptId: number | null; mergeIds: readonly number[] };

export const NO_SELECTION: MergeSelection = { keptId: null, mergeIds: [] };

/** Keep on `id`: it becomes the kept record (leaving the merge set), or stops being kept when it was. */
export function toggleKeep(selection: MergeSelection, id: number): MergeSelection {
  if (selection.keptId === id) return { ...selection, keptId: null };
  return { keptId: id, mergeIds: selection.mergeIds.filter((mergeId) => mergeId !== id) };
}

/** Merge on `id`: marks or unmarks it; marking the kept record clears the kept choice. */
export function toggleMerge(selection: MergeSelection, id: number): MergeSelection {
  if (selection.mergeIds.includes(id)) return { ...selection, mergeIds: selection.mergeIds.filter((mergeId) => mergeId !== id) };
  return { keptId: selection.keptId === id ? null : selection.keptId, mergeIds: [...selection.mergeIds, id] };
}

/** The selection without records that are gone (deleted, merged elsewhere, or another group's). */
export function selectionWithin(selection: MergeSelection, ids: readonly number[]): MergeSelection {
  const keptId = selection.keptId !== null && ids.includes(selection.keptId) ? selection.keptId : null;
  const mergeIds = selection.mergeIds.filter((id) => ids.includes(id));
  return keptId === selection.keptId && mergeIds.length === selection.mergeIds.length ? selection : { keptId, mergeIds };
}

/** The Ready to Merge bar shows once one record is kept and at least one is marked. */
export function isReadyToMerge(selection: MergeSelection): selection is { keptId: number; mergeIds: readonly number[] } {
  return selection.keptId !== null && selection.mergeIds.length > 0;
}
