import type { ImportRow } from "@contracts/contacts";
import { describe, expect, it } from "vitest";
import {
  batchesOf,
  detectColumns,
  fileProblem,
  IMPORT_MAX_BYTES,
  isCsvFile,
  NO_EMAIL_COLUMN_MESSAGE,
  NOT_CSV_MESSAGE,
  parseContactsCsv,
  TOO_FEW_ROWS_MESSAGE,
  TOO_LARGE_MESSAGE,
} from "./contacts-csv-import";

function row(fields: Partial<ImportRow>): ImportRow {
  return { email: null, firstName: null, lastName: null, company: null, position: null, phone: null, notes: null, ...fields };
}

describe("parseContactsCsv", () => {
  it.each([
    {
      name: "a plain comma file",
      text: "email,first name,last name\nann@acme.test,Ann,Lee\n",
      rows: [row({ email: "ann@acme.test", firstName: "Ann", lastName: "Lee" })],
      skipped: 0,
    },
    {
      name: "quoted cells holding commas, quotes and line breaks",
      text: 'Email,Company,Notes\n"ann@acme.test","Acme, Inc.","said ""hi""\ntwice"\n',
      rows: [row({ email: "ann@acme.test", company: "Acme, Inc.", notes: 'said "hi"\ntwice' })],
      skipped: 0,
    },
    {
      name: "a BOM before the header",
      text: "\uFEFFEmail,Phone\nann@acme.test,+1 555\n",
      rows: [row({ email: "ann@acme.test", phone: "+1 555" })],
      skipped: 0,
    },
    {
      name: "CRLF line ends and blank lines",
      text: "email,company\r\n\r\nann@acme.test,Acme\r\n   \r\nbob@acme.test,Beta\r\n",
      rows: [row({ email: "ann@acme.test", company: "Acme" }), row({ email: "bob@acme.test", company: "Beta" })],
      skipped: 0,
    },
    {
      name: "semicolons as the delimiter",
      text: "Email Address;First Name;Organization\nann@acme.test;Ann;Acme, Inc.\n",
      rows: [row({ email: "ann@acme.test", firstName: "Ann", company: "Acme, Inc." })],
      skipped: 0,
    },
    {
      name: "header variants, in any order, trimmed cells, empty cells null",
      text:
        "Job Title,Mobile Number,Work Email,Surname Last Name,Given First Name,Company Name,Internal Notes,Other\n" +
        " CTO , 0700 ,  ann@acme.test ,Lee,Ann,,n,x\n",
      rows: [
        row({
          email: "ann@acme.test", firstName: "Ann", lastName: "Lee", position: "CTO", phone: "0700", notes: "n",
        }),
      ],
      skipped: 0,
    },
    {
      name: "rows without @ skipped and counted",
      text: "email,name\nann@acme.test,Ann\nnot-an-address,Bob\n,Carl\n\ndee@acme.test,Dee\n",
      rows: [row({ email: "ann@acme.test" }), row({ email: "dee@acme.test" })],
      rowNumbers: [1, 4],
      skipped: 2,
    },
  ])("reads $name", ({ text, rows, skipped, ...rest }) => {
    const rowNumbers = "rowNumbers" in rest ? rest.rowNumbers : rows.map((_, index) => index + 1);
    expect(parseContactsCsv(text)).toEqual({ ok: true, rows, rowNumbers, skipped });
  });

  it.each([
    { name: "an empty file", text: "", message: TOO_FEW_ROWS_MESSAGE },
    { name: "a header-only file", text: "email,first name\r\n", message: TOO_FEW_ROWS_MESSAGE },
    { name: "a header with only blank lines after it", text: "email\n\n  \n", message: TOO_FEW_ROWS_MESSAGE },
    { name: "a file without an email column", text: "name,company\nAnn,Acme\n", message: NO_EMAIL_COLUMN_MESSAGE },
  ])("refuses $name", ({ text, message }) => {
    expect(parseContactsCsv(text)).toEqual({ ok: false, message });
  });
});

describe("detectColumns", () => {
  it.each([
    { headers: ["Email", "Email 2"], columns: { email: 0 } },
    { headers: ["Title", "Position"], columns: { position: 0 } },
    { headers: ["FirstName", "LastName"], columns: { firstName: 0, lastName: 1 } },
    { headers: ["Phone", "Mobile"], columns: { phone: 0 } },
    { headers: ["Name", "Address"], columns: {} },
  ])("maps $headers", ({ headers, columns }) => {
    expect(detectColumns(headers)).toEqual(columns);
  });
});

describe("isCsvFile", () => {
  it.each([
    { type: "text/csv", name: "contacts.txt", csv: true },
    { type: "", name: "CONTACTS.CSV", csv: true },
    { type: "application/vnd.ms-excel", name: "contacts.csv", csv: true },
    { type: "application/pdf", name: "contacts.pdf", csv: false },
    { type: "", name: "contacts.csv.txt", csv: false },
  ])("$name ($type) is CSV: $csv", ({ csv, ...file }) => {
    expect(isCsvFile(file)).toBe(csv);
  });
});

describe("batchesOf", () => {
  it.each([
    { length: 0, sizes: [] },
    { length: 1000, sizes: [1000] },
    { length: 2501, sizes: [1000, 1000, 501] },
  ])("splits $length rows into $sizes", ({ length, sizes }) => {
    expect(batchesOf(Array.from({ length }, (_, i) => i), 1000).map((batch) => batch.length)).toEqual(sizes);
  });
});

describe("fileProblem", () => {
  it.each([
    { file: { type: "text/csv", name: "a.csv", size: 1 }, problem: null },
    { file: { type: "text/csv", name: "a.csv", size: IMPORT_MAX_BYTES }, problem: null },
    { file: { type: "text/csv", name: "a.csv", size: IMPORT_MAX_BYTES + 1 }, problem: TOO_LARGE_MESSAGE },
    { file: { type: "application/pdf", name: "a.pdf", size: IMPORT_MAX_BYTES + 1 }, problem: NOT_CSV_MESSAGE },
  ])("$file.name of $file.size bytes: $problem", ({ file, problem }) => {
    expect(fileProblem(file)).toBe(problem);
  });
});
