import { BULK_PART_MAX_ROWS, type BulkRow } from "@contracts/bulk-validation";
import { describe, expect, it } from "vitest";
import { PART_MAX_BYTES, splitIntoParts, utf8Length } from "./split-parts";

const rows = (count: number, extra: Partial<BulkRow> = {}): BulkRow[] =>
  Array.from({ length: count }, (_, n) => ({ email: `user${n}@acme.test`, ...extra }));

const jsonBytes = (part: BulkRow[]) => new TextEncoder().encode(JSON.stringify(part)).length;

describe("splitIntoParts", () => {
  it("keeps a small file in one part", () => {
    expect(splitIntoParts(rows(3)).parts).toEqual([rows(3)]);
  });

  it("cuts at BULK_PART_MAX_ROWS rows, in order", () => {
    const { parts } = splitIntoParts(rows(12_001));
    expect(parts.map((part) => part.length)).toEqual([BULK_PART_MAX_ROWS, BULK_PART_MAX_ROWS, 2_001]);
    expect(parts.flat()).toEqual(rows(12_001));
  });

  it("cuts earlier when wide rows would pass the byte budget, counting the envelope", () => {
    const wide = rows(5_000, { cells: ["é".repeat(500), "x".repeat(500)] });
    const { parts } = splitIntoParts(wide, { envelopeBytes: 100_000 });
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(jsonBytes(part) + 100_000).toBeLessThanOrEqual(PART_MAX_BYTES);
    expect(parts.flat()).toEqual(wide);
  });
});

describe("utf8Length", () => {
  it("counts UTF-8 bytes as TextEncoder does", () => {
    for (const text of ["plain", "é", "€ and ✓", "emoji 😀 pair", ""]) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});
