import assert from "node:assert/strict";
import { BULK_RESULT_COLUMNS } from "./contract.ts";
import { csvRecords, type DownloadRow, downloadHeader, downloadRecord, FIELD_COLUMNS, uploadedLayout } from "./csv.ts";

Deno.test("cells a spreadsheet would run as a formula are prefixed with ', whatever they start with", () => {
  const dangerous = ["=SUM(A1)", "+1", "-2+3", "@cmd", "\tx", "\rx", "＝1", "＋1", "－1", "＠x"];
  const line = csvRecords([dangerous]);
  assert.equal(line, `'=SUM(A1),'+1,'-2+3,'@cmd,'\tx,"'\rx",'＝1,'＋1,'－1,'＠x\r\n`);
});

Deno.test("harmless cells are left as they are, the formula characters inside them too", () => {
  assert.equal(csvRecords([["ann@example.com", "a=b", "1-2", "Zoë", ""]]), "ann@example.com,a=b,1-2,Zoë,\r\n");
});

Deno.test("quoting per RFC 4180: commas, quotes and line breaks are quoted, quotes doubled, records end in CRLF", () => {
  assert.equal(
    csvRecords([["a,b", 'say "hi"', "two\nlines", "cr\rhere", "crlf\r\nhere"], ["plain"]]),
    `"a,b","say ""hi""","two\nlines","cr\rhere","crlf\r\nhere"\r\nplain\r\n`,
  );
});

Deno.test("a neutralised cell that also needs quotes gets both", () => {
  assert.equal(csvRecords([['=HYPERLINK("http://x","y")', "-1,5"]]), `"'=HYPERLINK(""http://x"",""y"")","'-1,5"\r\n`);
});

const result = {
  valid: "true",
  verdict: "deliverable",
  reasons: "free_provider",
  mx: "true",
  disposable: "false",
  role: "false",
  free: "true",
  suggestion: null,
  risk_score: "10",
  deliverability_score: "90",
  mailbox: "catch_all",
  smtp_connectable: "true",
  smtp_deliverable: null,
  catch_all: "true",
  catch_all_confidence: "1",
};
const fields = { email: "ann@x.test", first_name: "Ann", last_name: null, phone_number: null, mobile_number: null, job_title: null, company: "X" };

Deno.test("the header is the file's columns in their order, then the verdict columns", () => {
  const layout = uploadedLayout(["Name", "E-mail"], 2);
  assert.deepEqual(downloadHeader(layout), ["Name", "E-mail", ...BULK_RESULT_COLUMNS]);
  const row: DownloadRow = { ...fields, ...result, cells: ["Ann", "ann@x.test"] };
  assert.deepEqual(downloadRecord(row, layout), [
    "Ann",
    "ann@x.test",
    "true",
    "deliverable",
    "free_provider",
    "true",
    "false",
    "false",
    "true",
    "",
    "10",
    "90",
    "catch_all",
    "true",
    "",
    "true",
    "1",
  ]);
});

Deno.test("rows shorter than the header are padded; a row wider than it widens the header", () => {
  const layout = uploadedLayout(["email"], 3);
  assert.deepEqual(layout.columns, ["email", "column_2", "column_3"]);
  const short: DownloadRow = { ...fields, ...result, cells: ["ann@x.test"] };
  assert.deepEqual(downloadRecord(short, layout).slice(0, 3), ["ann@x.test", "", ""]);
});

Deno.test("a file without a header names its columns by position; one without cells gets the fields", () => {
  assert.deepEqual(uploadedLayout(null, 2).columns, ["column_1", "column_2"]);
  const bare = uploadedLayout(null, 0);
  assert.deepEqual(bare.columns, [...FIELD_COLUMNS]);
  const row: DownloadRow = { ...fields, ...result, cells: null };
  assert.deepEqual(downloadRecord(row, bare).slice(0, 7), ["ann@x.test", "Ann", "", "", "", "", "X"]);
});

Deno.test("a row without a result (never expected in a completed job) has empty verdict columns", () => {
  const empty = Object.fromEntries(BULK_RESULT_COLUMNS.map((column) => [column, null])) as Record<
    (typeof BULK_RESULT_COLUMNS)[number],
    null
  >;
  const row: DownloadRow = { ...fields, ...empty, cells: ["ann@x.test"] };
  assert.deepEqual(downloadRecord(row, uploadedLayout(["email"], 1)), ["ann@x.test", ...BULK_RESULT_COLUMNS.map(() => "")]);
});
