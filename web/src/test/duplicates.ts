// The duplicates screen's answers as the API gives them: two spellings of one Gmail inbox saved by one user.
import { conflictingFields, type DuplicateGroup, type DuplicateRecord, type MergeEntry, type UserSummary } from "@contracts/duplicates";

export const OWNER: UserSummary = { id: "5f0c1a52-3c1e-4a53-9f55-0e8f3d2b7a10", email: "demo@example.com", username: "demo" };
export const OTHER_OWNER: UserSummary = { id: "7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a", email: "sam@example.com", username: "sam" };

export function duplicateRecord(extra: Partial<DuplicateRecord> = {}): DuplicateRecord {
  return {
    id: 1,
    email: "ann.lee@gmail.com",
    firstName: "Ann",
    lastName: "Lee",
    phoneNumber: null,
    mobileNumber: null,
    jobTitle: null,
    company: null,
    domain: "gmail.com",
    notes: null,
    isValid: true,
    lastValidatedAt: "2026-11-20T08:00:00.000Z",
    owner: OWNER,
    list: { id: 1, name: "General" },
    createdAt: "2026-11-01T08:00:00.000Z",
    updatedAt: "2026-11-01T08:00:00.000Z",
    ...extra,
  };
}

/** The group's answer for `records`, with the fields that differ worked out as the server does. */
export function duplicateGroup(records: DuplicateRecord[], extra: Partial<DuplicateGroup> = {}): DuplicateGroup {
  const owners = [...new Map(records.map((record) => [record.owner.id, record.owner])).values()];
  return { email: "annlee@gmail.com", count: records.length, owners, conflictingFields: conflictingFields(records), records, ...extra };
}

export function mergeEntry(extra: Partial<MergeEntry> = {}): MergeEntry {
  return {
    id: 40,
    action: "merge",
    email: "annlee@gmail.com",
    actor: { id: "0b6a9c8e-2d4f-4e1a-8c3b-7f5e6d4c3b2a", email: "admin@example.com", username: "admin" },
    createdAt: "2026-11-26T10:00:00.000Z",
    keptId: 1,
    removedIds: [2],
    undoneAt: null,
    undoneBy: null,
    undoableUntil: "2099-12-26T10:00:00.000Z",
    ...extra,
  };
}
