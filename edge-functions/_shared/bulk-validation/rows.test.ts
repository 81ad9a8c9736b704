import assert from "node:assert/strict";
import { bulkRowSchema, fileBytesOf } from "./contract.ts";
import { emailKey, normaliseRows } from "./rows.ts";

const checked = (rows: unknown[]) => rows.map((row) => bulkRowSchema.parse(row));

Deno.test("rows without @ are skipped and counted; the rest keep their fields and cells", () => {
  const { rows, skipped } = normaliseRows(checked([
    { email: "ann@example.com", firstName: "Ann", cells: ["ann@example.com", "Ann"] },
    { email: "no address here" },
    { email: "" },
    { email: "   " },
    { email: "bob@example.com", company: "" },
  ]));
  assert.equal(skipped, 3);
  assert.deepEqual(rows, [
    { email: "ann@example.com", emailKey: "ann@example.com", firstName: "Ann", cells: ["ann@example.com", "Ann"] },
    { email: "bob@example.com", emailKey: "bob@example.com", company: undefined },
  ]);
});

Deno.test("the key is trimmed and lower-cased, so one address in two spellings is validated once", () => {
  const { rows } = normaliseRows(checked([{ email: "  Ann@Example.COM " }, { email: "ann@example.com" }]));
  assert.deepEqual(rows.map((row) => [row.email, row.emailKey]), [
    ["Ann@Example.COM", "ann@example.com"],
    ["ann@example.com", "ann@example.com"],
  ]);
  assert.equal(emailKey(" ÄNN@Bücher.Test "), "änn@bücher.test");
});

Deno.test("a value wrapped whole in quotes loses them; a quoted local part stays", () => {
  const { rows, skipped } = normaliseRows(checked([
    { email: '"ann@example.com"' },
    { email: "'bob@example.com'" },
    { email: '"ann smith"@example.com' },
    { email: '""' },
  ]));
  assert.deepEqual(rows.map((row) => row.email), ["ann@example.com", "bob@example.com", '"ann smith"@example.com']);
  assert.equal(skipped, 1);
});

Deno.test("anything with an @ is kept for the engine to judge, even when it is no address", () => {
  const { rows, skipped } = normaliseRows(checked([{ email: "@" }, { email: "a@@b" }, { email: "x@" }]));
  assert.deepEqual([rows.length, skipped], [3, 0]);
});

Deno.test("an empty upload keeps nothing", () => {
  assert.deepEqual(normaliseRows([]), { rows: [], skipped: 0 });
});

Deno.test("a file's size is its cells as CSV lines hold them, in UTF-8, not the JSON that carries them", () => {
  // "a@b.test,Zoë\n": 8 + 1 + 4 (ë is two bytes) + 1.
  assert.equal(fileBytesOf([{ email: "a@b.test", firstName: "Zoë", cells: ["a@b.test", "Zoë"] }]), 14);
  // Without cells, the email and the fields sent: "c@d.test,Acme\n".
  assert.equal(fileBytesOf([{ email: "c@d.test", company: "Acme" }]), 14);
  assert.equal(fileBytesOf([]), 0);
});
