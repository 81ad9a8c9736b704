// Writing contacts to CSV for the export, every cell neutralised against formula injection. Pure, for the
// tests.
import type { Contact } from "@contracts/contacts";
import Papa from "papaparse";
import { neutraliseCell } from "./formula-cells";

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
