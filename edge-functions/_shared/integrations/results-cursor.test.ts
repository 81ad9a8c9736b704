import assert from "node:assert/strict";
import { DomainError } from "../errors.ts";
import { resultsCursor, rowAfter } from "./results-cursor.ts";

Deno.test("rowAfter: the first page starts at the beginning; a given cursor resumes after its row", () => {
  assert.equal(rowAfter(undefined), 0);
  for (const row of [1, 100, 99_999, 999_999_999]) assert.equal(rowAfter(resultsCursor(row)), row);
});

Deno.test("rowAfter: refuses what it did not give out as invalid input", () => {
  const foreign = ["", "row:5", "!!!", btoa("row:0"), btoa("row:-1"), btoa("row:01"), btoa("row:1e3"), "_w", btoa("\xff")];
  for (const cursor of foreign) {
    assert.throws(() => rowAfter(cursor), (error) => error instanceof DomainError && error.reason === "invalid_input");
  }
});
