import { describe, expect, it } from "vitest";
import { fileKindOf, PARSE_CHUNK_CHARS, parseRows } from "./parse-table";

function rowsOf(text: string, kind: "csv" | "txt" = "csv"): string[][] {
  const rows: string[][] = [];
  parseRows(text, kind, (chunk) => rows.push(...chunk));
  return rows;
}

describe("parseRows", () => {
  it("drops a byte order mark, so the first header is read as written", () => {
    expect(rowsOf("\uFEFFEmail,Name\r\nann@acme.test,Ann\r\n")).toEqual([
      ["Email", "Name"],
      ["ann@acme.test", "Ann"],
    ]);
  });

  it("reads semicolon-separated files, keeping commas inside cells", () => {
    expect(rowsOf("email;company\nann@acme.test;Acme, Inc.\nbob@beta.test;Beta\n")).toEqual([
      ["email", "company"],
      ["ann@acme.test", "Acme, Inc."],
      ["bob@beta.test", "Beta"],
    ]);
  });

  it("keeps a quoted newline inside its cell, even across chunk boundaries", () => {
    const note = `"line one\nline two, with ""quotes"""`;
    const filler = Array.from({ length: 3000 }, (_, n) => `f${n}@acme.test,${"x".repeat(400)}`).join("\n");
    const rows = rowsOf(`email,note\nann@acme.test,${note}\n${filler}\nzed@acme.test,${note}\n`);
    expect(rows[1]).toEqual(["ann@acme.test", 'line one\nline two, with "quotes"']);
    expect(rows.at(-1)).toEqual(["zed@acme.test", 'line one\nline two, with "quotes"']);
    expect(rows).toHaveLength(3003);
    expect(rows.every((row) => row.length === 2)).toBe(true);
  });

  it("reads a one-column file without a header", () => {
    expect(rowsOf("ann@acme.test\nbob@beta.test\n\n")).toEqual([["ann@acme.test"], ["bob@beta.test"]]);
  });

  it("skips blank lines and lines of empty cells", () => {
    expect(rowsOf("email,name\n\n , \nann@acme.test,Ann\n,\n")).toEqual([
      ["email", "name"],
      ["ann@acme.test", "Ann"],
    ]);
  });

  it("reads a .txt file as one address a line, trimmed, in any line ending", () => {
    expect(rowsOf("\uFEFF ann@acme.test \r\nbob@beta.test\r\rcy@gamma.test\n", "txt")).toEqual([
      ["ann@acme.test"],
      ["bob@beta.test"],
      ["cy@gamma.test"],
    ]);
  });

  it("hands rows over in chunks, with the share read growing to the whole text", () => {
    const text = `email\n${Array.from({ length: 60_000 }, (_, n) => `user${n}@acme.test`).join("\n")}\n`;
    const progress: number[] = [];
    let rows = 0;
    parseRows(text, "csv", (chunk, parsedChars) => {
      rows += chunk.length;
      progress.push(parsedChars);
    });
    expect(text.length).toBeGreaterThan(PARSE_CHUNK_CHARS);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(text.length);
    expect(rows).toBe(60_001);
  });
});

describe("fileKindOf", () => {
  it("takes .csv and .txt by name, in any case, and nothing else", () => {
    expect(fileKindOf("Leads.CSV")).toBe("csv");
    expect(fileKindOf("list.txt")).toBe("txt");
    expect(fileKindOf("leads.xlsx")).toBeNull();
    expect(fileKindOf("csv")).toBeNull();
  });
});
