import type { Contact } from "@contracts/contacts";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { contactsToCsv } from "./contacts-csv-export";
import { parseContactsCsv } from "./contacts-csv-import";

function contact(extra: Partial<Contact>): Contact {
  return {
    id: 1, email: "ann@acme.test", domain: "acme.test", firstName: null, lastName: null, position: null, company: null,
    phone: null, notes: null, listId: 1, source: "manual", sourceUrl: null,
    createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", ...extra,
  };
}

describe("contactsToCsv", () => {
  it("writes a header and one row per contact, nulls empty, list by name, risky cells neutralised", () => {
    const csv = contactsToCsv(
      [
        contact({ firstName: "Ann", lastName: "Lee", company: "Acme, Inc.", phone: "+1 555", notes: 'said "hi"\nthen =1+1' }),
        contact({ id: 2, email: "bob@beta.test", position: "=HYPERLINK(\"x\")", listId: 2, source: "bulk" }),
        contact({ id: 3, email: "cy@gamma.test", listId: 99 }),
      ],
      new Map([
        [1, "General"],
        [2, "-Leads"],
      ]),
    );
    const [header, ...rows] = Papa.parse<string[]>(csv).data;
    expect(csv.split("\r\n")[0]).toBe("Email,First Name,Last Name,Company,Position,Phone,Notes,List,Source,Created At");
    expect(header).toHaveLength(10);
    expect(rows).toEqual([
      ["ann@acme.test", "Ann", "Lee", "Acme, Inc.", "", "'+1 555", 'said "hi"\nthen =1+1', "General", "manual", "2026-01-01T00:00:00Z"],
      ["bob@beta.test", "", "", "", "'=HYPERLINK(\"x\")", "", "", "'-Leads", "bulk", "2026-01-01T00:00:00Z"],
      ["cy@gamma.test", "", "", "", "", "", "", "", "manual", "2026-01-01T00:00:00Z"],
    ]);
  });

  it("writes only the header for no contacts, and imports back through the import's column detection", () => {
    expect(contactsToCsv([], new Map()).trimEnd()).toBe("Email,First Name,Last Name,Company,Position,Phone,Notes,List,Source,Created At");
    const exported = contact({ firstName: "Ann", company: "Acme", phone: "+1 555 0100", position: "=Boss", notes: "'quoted" });
    const parsed = parseContactsCsv(contactsToCsv([exported], new Map()));
    expect(parsed).toMatchObject({
      ok: true,
      rows: [{ email: "ann@acme.test", firstName: "Ann", company: "Acme", phone: "+1 555 0100", position: "=Boss", notes: "'quoted" }],
    });
  });
});
