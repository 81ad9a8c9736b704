import { BULK_CELL_MAX_LENGTH, BULK_FIELD_MAX_LENGTH } from "@contracts/bulk-validation";
import { describe, expect, it } from "vitest";
import { buildRows, stripQuotes } from "./build-rows";

describe("buildRows", () => {
  it("skips and counts rows whose email has no @, and keeps each row's original cells", () => {
    const built = buildRows(
      [
        ["ann@acme.test", "Ann", ""],
        ["not an address", "Bob", "Beta"],
        ["", "Cy", ""],
        ['"dee@delta.test"', " Dee ", "'Delta'"],
      ],
      { email: 0, firstName: 1, company: 2 },
    );
    expect(built.skipped).toBe(2);
    expect(built.rows).toEqual([
      { email: "ann@acme.test", firstName: "Ann", cells: ["ann@acme.test", "Ann", ""] },
      { email: "dee@delta.test", firstName: "Dee", company: "Delta", cells: ['"dee@delta.test"', " Dee ", "'Delta'"] },
    ]);
  });

  it("makes cells fit the contract: no NUL characters, long values cut", () => {
    const long = "x".repeat(BULK_CELL_MAX_LENGTH + 50);
    const [row] = buildRows([["ann@acme.test\u0000", long, "Acme\u0000 Corp"]], { email: 0, jobTitle: 1, company: 2 }).rows;
    expect(row?.email).toBe("ann@acme.test");
    expect(row?.jobTitle).toHaveLength(BULK_FIELD_MAX_LENGTH);
    expect(row?.company).toBe("Acme Corp");
    expect(row?.cells?.[1]).toHaveLength(BULK_CELL_MAX_LENGTH);
  });

  it("skips every row while no email column is chosen", () => {
    expect(buildRows([["ann@acme.test"]], { email: null })).toEqual({ rows: [], skipped: 1 });
  });
});

describe("stripQuotes", () => {
  it("strips quotes around a value, not inside it", () => {
    expect(stripQuotes(` "ann@acme.test" `)).toBe("ann@acme.test");
    expect(stripQuotes("o'brien@acme.test")).toBe("o'brien@acme.test");
  });
});
