import type { Contact, ContactList, ImportContactsRequest } from "@contracts/contacts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

const general: ContactList = {
  id: 1, name: "General", description: null, color: "#3B82F6", isDefault: true,
  createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z",
};
const leads: ContactList = { ...general, id: 2, name: "Leads", color: "#10B981", isDefault: false };

function page(contacts: Contact[]) {
  return json(contacts, { headers: { "X-Total-Count": String(contacts.length) } });
}

function csvFile(text: string, name = "contacts.csv", type = "text/csv") {
  return new File([text], name, { type });
}

async function openImport(path = "/contacts") {
  const rendered = await renderApp(path);
  await rendered.user.click(await screen.findByRole("button", { name: "Upload File" }));
  const dialog = within(await screen.findByRole("dialog", { name: "Import Contacts" }));
  return { ...rendered, dialog };
}

/** Stubs the calls around an import; `answer` replies to the nth batch (from 1). Counts the contacts fetches. */
function mockImport(lists: ContactList[], answer: (batch: number) => Response) {
  const batches: ImportContactsRequest[] = [];
  const fetches = { contacts: 0 };
  mockNetwork({
    "GET /api/user": () => json(demoUser),
    "GET /api/contact-lists": () => json(lists),
    "GET /api/contacts": () => {
      fetches.contacts++;
      return page([]);
    },
    "POST /api/contacts/import": async (request) => {
      batches.push((await request.json()) as ImportContactsRequest);
      return answer(batches.length);
    },
  });
  return { batches, fetches };
}

/** The summary's counts, each term's text to its value's. */
function countsIn(summary: HTMLElement) {
  return Object.fromEntries(
    within(summary).getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

describe("contacts CSV import", () => {
  it("sends the rows in batches of 1,000 to the chosen list, then shows the counts and row errors", async () => {
    storeSessionFor(demoUser);
    // The second batch: its 2nd row breaks a rule, its 1st is already saved.
    const { batches, fetches } = mockImport([general, leads], (batch) =>
      batch === 1
        ? json({ imported: 1000, skipped: 0, duplicates: 0, errors: [] })
        : json({ imported: 0, skipped: 0, duplicates: 1, errors: [{ row: 2, message: "Phone must be at most 50 characters" }] }),
    );
    const { user, dialog } = await openImport("/contacts?listId=2");
    await waitFor(() => expect(dialog.getByLabelText("Import into")).toHaveValue("2"));

    const lines = Array.from({ length: 1000 }, (_, i) => `p${i + 1}@acme.test;Ann`);
    const text = `\uFEFFEmail;First Name\r\n${lines.join("\r\n")}\r\nnobody;Skip\r\np1@acme.test;Dup\r\nlong@acme.test;Bad\r\n`;
    await user.upload(dialog.getByLabelText("CSV file"), csvFile(text));
    const before = fetches.contacts;
    await user.click(dialog.getByRole("button", { name: "Import" }));

    const summary = within(await dialog.findByRole("status"));
    expect(summary.getByText("Successfully imported 1000 contacts")).toBeVisible();
    expect(batches.map((batch) => batch.rows.length)).toEqual([1000, 2]);
    expect(batches.every((batch) => batch.listId === 2)).toBe(true);
    expect(batches[0]?.rows[0]).toEqual({
      email: "p1@acme.test", firstName: "Ann", lastName: null, company: null, position: null, phone: null, notes: null,
    });
    expect(countsIn(dialog.getByRole("status"))).toEqual({
      Imported: "1000", "Skipped (no @ in the email)": "1", Duplicates: "1", Errors: "1",
    });
    // The file's data row 1003 (after the skipped row 1001) is the second batch's 2nd row.
    expect(summary.getByRole("list", { name: "Row errors" })).toHaveTextContent(
      "Row 1003: Phone must be at most 50 characters",
    );
    await waitFor(() => expect(fetches.contacts).toBeGreaterThan(before));
  });

  it("keeps the counts of the batches saved before a batch fails, and says which rows were not imported", async () => {
    storeSessionFor(demoUser);
    const { batches, fetches } = mockImport([general], (batch) =>
      batch === 1
        ? json({ imported: 997, skipped: 0, duplicates: 2, errors: [{ row: 5, message: "Phone must be at most 50 characters" }] })
        : json({ message: "boom" }, { status: 500 }),
    );
    const { user, dialog } = await openImport();

    // The row without @ is left out before sending, so the first batch's 5th row is the file's data row 6.
    const lines = Array.from({ length: 1500 }, (_, i) => `p${i + 1}@acme.test`);
    lines.splice(2, 0, "nobody");
    await user.upload(dialog.getByLabelText("CSV file"), csvFile(`email\n${lines.join("\n")}\n`));
    const before = fetches.contacts;
    await user.click(dialog.getByRole("button", { name: "Import" }));

    expect(await dialog.findByRole("alert")).toHaveTextContent(
      "Error processing file. Please check the format and try again.",
    );
    expect(batches.map((batch) => batch.rows.length)).toEqual([1000, 500]);
    const summary = within(dialog.getByRole("status"));
    expect(summary.getByText("Imported 997 contacts before the error")).toBeVisible();
    expect(summary.getByText("500 rows were not imported")).toBeVisible();
    expect(summary.queryByText(/Successfully imported/)).toBeNull();
    expect(countsIn(dialog.getByRole("status"))).toEqual({ Imported: "997", "Skipped (no @ in the email)": "1", Duplicates: "2", Errors: "1" });
    expect(summary.getByRole("list", { name: "Row errors" })).toHaveTextContent(
      "Row 6: Phone must be at most 50 characters",
    );
    // The contacts saved before the failure show on the page.
    await waitFor(() => expect(fetches.contacts).toBeGreaterThan(before));
  });

  it.each([
    { name: "a file that is not CSV", file: csvFile("email\na@b.c", "contacts.pdf", "application/pdf"), message: "Please upload a CSV file" },
    { name: "a header-only file", file: csvFile("email,name\r\n"), message: "File must contain a header row and at least one data row" },
    { name: "a file without an email column", file: csvFile("name\nAnn\n"), message: "File must contain an email column" },
  ])("refuses $name without calling the server", async ({ file, message }) => {
    storeSessionFor(demoUser);
    let posted = false;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general]),
      "GET /api/contacts": () => page([]),
      "POST /api/contacts/import": () => {
        posted = true;
        return json({ imported: 0, skipped: 0, duplicates: 0, errors: [] });
      },
    });
    const { user, dialog } = await openImport();
    // fireEvent, not user.upload: the input's accept filter would drop the PDF before the page could say so.
    fireEvent.change(dialog.getByLabelText("CSV file"), { target: { files: [file] } });
    const importButton = dialog.getByRole("button", { name: "Import" });
    if (!importButton.hasAttribute("disabled")) await user.click(importButton);
    expect(await dialog.findByRole("alert")).toHaveTextContent(message);
    expect(posted).toBe(false);
  });

  it.each([
    {
      when: "the server fails",
      answer: () => json({ message: "boom" }, { status: 500 }),
      message: "Error processing file. Please check the format and try again.",
    },
    {
      // The one failure a person can fix: the server's words and what to do.
      when: "a batch is too large (413)",
      answer: () => json({ message: "Request body too large: at most 10 MB." }, { status: 413 }),
      message: "Request body too large: at most 10 MB. Split the file into smaller files, or shorten its longest cells.",
    },
  ])("says why the file could not be imported when $when", async ({ answer, message }) => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general]),
      "GET /api/contacts": () => page([]),
      "POST /api/contacts/import": answer,
    });
    const { user, dialog } = await openImport();
    await user.upload(dialog.getByLabelText("CSV file"), csvFile("email\nann@acme.test\n"));
    await user.click(dialog.getByRole("button", { name: "Import" }));
    expect(await dialog.findByRole("alert")).toHaveTextContent(message);
    // Nothing was saved, so there is no count to show.
    expect(dialog.queryByRole("status")).toBeNull();
  });
});
