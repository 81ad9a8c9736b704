// Writing contacts to CSV for the export (issue #5). A spreadsheet runs a cell that starts with = + - @, tab or carriage
// return as a formula, so each such cell gets a leading single quote (OWASP, "CSV Injection"). Pure, for the tests.
import type { Contact } from "@contracts/contacts";
import Papa from "papaparse";

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Headers the import recognises, so an exported file imports back as it was. */
const columns: [header: string, cell: (contact: Contact, listName: string) => string | null][] = [
  ["Email", (contact) => contact.email],
  ["First Name", (contact) => contact.firstName],
  ["Last Name", (contact) => contact.lastName],
  ["Company", (contact) => contact.company],
  ["Position", (contact) => contact.position],
  ["Phone", (contact) => contact.phone],
  ["Notes", (contact) => contact.notes],
  ["List", (_, listName) => listName],
  ["Source", (contact) => contact.source],
  ["Created At", (contact) => contact.createdAt],
];

export function contactsToCsv(contacts: Contact[], listNames: ReadonlyMap<number, string>): string {
  return Papa.unparse(
    {
      fields: columns.map(([header]) => header),
      data: contacts.map((contact) =>
        columns.map(([, cell]) => neutraliseCell(cell(contact, listNames.get(contact.listId) ?? "") ?? "")),
      ),
    },
    { newline: "\r\n" },
  );
}
