// The duplicates screen through the real app and router; the API stood in for at fetch.
import type { DuplicateGroup, DuplicateRecord } from "@contracts/duplicates";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { serveAsAdmin } from "@/test/admin-screens";
import { duplicateGroup, duplicateRecord, mergeEntry, OTHER_OWNER } from "@/test/duplicates";
import { json } from "@/test/network";
import { renderApp } from "@/test/render-app";

const GROUPS = "GET /api/admin/duplicates/duplicates";
const recordsOf = (email: string) => `GET /api/admin/duplicates/duplicates/${encodeURIComponent(email)}`;

const dotted = duplicateRecord({ id: 11, email: "ann.lee@gmail.com", company: null, jobTitle: "CTO", notes: "Met at the fair" });
const tagged = duplicateRecord({
  id: 12,
  email: "annlee+news@gmail.com",
  firstName: "Annie",
  company: "Acme",
  notes: "Prefers mail",
  list: { id: 7, name: "Leads" },
  updatedAt: "2026-11-10T08:00:00.000Z",
});
const group = duplicateGroup([dotted, tagged]);
const other = duplicateGroup([duplicateRecord({ id: 21, email: "bob@acme.test" }), duplicateRecord({ id: 22, email: "Bob@acme.test" })], {
  email: "bob@acme.test",
});

function page(groups: DuplicateGroup[], nextAfter: string | null = null) {
  return json({ groups, nextAfter });
}

function serveGroup(records: DuplicateRecord[], extra: Parameters<typeof serveAsAdmin>[0] = {}) {
  return serveAsAdmin({ [GROUPS]: () => page([duplicateGroup(records)]), [recordsOf("annlee@gmail.com")]: () => json(records), ...extra });
}

async function openGroup(user: Awaited<ReturnType<typeof renderApp>>["user"], email = "annlee@gmail.com") {
  await user.click(await screen.findByRole("option", { name: new RegExp(email) }));
  return within(await screen.findByRole("region", { name: `Records of ${email}` }));
}

describe("/admin/duplicates", () => {
  it("says No Duplicates Found when there are none", async () => {
    serveAsAdmin({ [GROUPS]: () => page([]) });
    await renderApp("/admin/duplicates");
    expect(await screen.findByText("No Duplicates Found")).toBeVisible();
    expect(screen.getByText("0 duplicate groups")).toHaveAttribute("role", "status");
  });

  it("shows what failed and loads again on Try again", async () => {
    let fail = true;
    serveAsAdmin({ [GROUPS]: () => (fail ? new Response("", { status: 500 }) : page([group])) });
    const { user } = await renderApp("/admin/duplicates");
    expect(await screen.findByText("Could not load the duplicate groups.")).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("option", { name: /annlee@gmail\.com/ })).toBeVisible();
  });

  it("moves through the groups with the arrow keys and opens one with Enter, showing its conflicting fields", async () => {
    serveAsAdmin({
      [GROUPS]: () => page([group, other]),
      [recordsOf("bob@acme.test")]: () => json(other.records),
      [recordsOf("annlee@gmail.com")]: () => json(group.records),
    });
    const { user } = await renderApp("/admin/duplicates");
    const listbox = await screen.findByRole("listbox", { name: "Duplicate emails" });
    await user.click(screen.getByRole("searchbox", { name: "Search emails" }));
    await user.tab();
    expect(listbox).toHaveFocus();
    const [first, second] = within(listbox).getAllByRole("option");
    expect(listbox).toHaveAttribute("aria-activedescendant", first!.id);
    await user.keyboard("{ArrowDown}");
    expect(listbox).toHaveAttribute("aria-activedescendant", second!.id);
    await user.keyboard("{Enter}");
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("heading", { name: "bob@acme.test", level: 2 })).toBeVisible();
    await user.keyboard("{Home} ");
    expect(first).toHaveAttribute("aria-selected", "true");
    expect(within(first!).getByText("Conflicting: First name, Notes")).toBeVisible();
    expect(await screen.findByRole("heading", { name: "annlee@gmail.com", level: 2 })).toBeVisible();
  });

  it("filters by scope and search, and loads more after the last email", async () => {
    const asked: string[] = [];
    serveAsAdmin({
      [GROUPS]: (request) => {
        const query = new URL(request.url).search;
        asked.push(query);
        return query.includes("after=") ? page([other]) : page([group], "annlee@gmail.com");
      },
    });
    const { user } = await renderApp("/admin/duplicates");
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("option", { name: /bob@acme\.test/ })).toBeVisible();
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "Across users");
    await user.type(screen.getByRole("searchbox", { name: "Search emails" }), "ann");
    await waitFor(() => expect(asked).toContain("?q=ann&scope=across-users"));
    expect(asked.slice(0, 2)).toEqual(["", "?after=annlee%40gmail.com"]);
  });

  it("merges the marked record into the kept one, previewing the result, and undoes it from the toast", async () => {
    const merged: unknown[] = [];
    const undone: string[] = [];
    let records = [dotted, tagged];
    serveGroup(records, {
      [recordsOf("annlee@gmail.com")]: () => (records.length > 1 ? json(records) : json({ message: "No duplicates" }, { status: 404 })),
      "POST /api/admin/duplicates/merge": async (request) => {
        merged.push(await request.json());
        records = [dotted];
        return json({ mergeId: 40, record: dotted, removedIds: [12] });
      },
      "POST /api/admin/duplicates/merges/40/undo": (request) => {
        undone.push(new URL(request.url).pathname);
        records = [dotted, tagged];
        return json({ record: dotted, restoredIds: [12] });
      },
    });
    const { user } = await renderApp("/admin/duplicates");
    const region = await openGroup(user);
    const dottedCard = within(region.getByRole("article", { name: "ann.lee@gmail.com" }));
    const taggedCard = within(region.getByRole("article", { name: "annlee+news@gmail.com" }));

    await user.click(dottedCard.getByRole("button", { name: "Keep" }));
    expect(dottedCard.getByRole("button", { name: "Keep" })).toHaveAttribute("aria-pressed", "true");
    expect(region.queryByRole("region", { name: "Ready to Merge" })).not.toBeInTheDocument();
    await user.click(taggedCard.getByRole("button", { name: "Merge" }));
    expect(taggedCard.getByRole("button", { name: "Merge" })).toHaveAttribute("aria-pressed", "true");

    const bar = within(region.getByRole("region", { name: "Ready to Merge" }));
    const preview = within(bar.getByRole("group", { name: "Merged record" }));
    expect(preview.getByText("Acme")).toBeVisible();
    expect(preview.getByText("Leads")).toBeVisible();
    expect(preview.getByText(/Met at the fair\s+Prefers mail/)).toBeVisible();

    await user.click(bar.getByRole("button", { name: "Merge" }));
    expect(await screen.findByText("Records merged")).toBeVisible();
    expect(screen.getByText("1 record merged into ann.lee@gmail.com")).toBeVisible();
    expect(merged).toEqual([{ keepId: 11, deleteIds: [12] }]);
    expect(await screen.findByText("No duplicates left")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Merge undone")).toBeVisible();
    expect(undone).toEqual(["/api/admin/duplicates/merges/40/undo"]);
    expect(await screen.findByRole("article", { name: "annlee+news@gmail.com" })).toBeVisible();
  });

  it("sends the values picked for conflicting fields, and says why a merge failed", async () => {
    const merged: unknown[] = [];
    serveGroup([dotted, tagged], {
      "POST /api/admin/duplicates/merge": async (request) => {
        merged.push(await request.json());
        return json({ message: "Merged notes would be longer than 2000 characters" }, { status: 409 });
      },
    });
    const { user } = await renderApp("/admin/duplicates");
    const region = await openGroup(user);
    await user.click(within(region.getByRole("article", { name: "ann.lee@gmail.com" })).getByRole("button", { name: "Merge" }));
    await user.click(within(region.getByRole("article", { name: "annlee+news@gmail.com" })).getByRole("button", { name: "Keep" }));
    const bar = within(region.getByRole("region", { name: "Ready to Merge" }));
    await user.click(bar.getByRole("button", { name: "Pick values" }));
    const firstName = within(bar.getByRole("group", { name: "First name" }));
    expect(firstName.getByRole("radio", { name: "Annie" })).toBeChecked();
    await user.click(firstName.getByRole("radio", { name: "Ann" }));
    await user.click(bar.getByRole("button", { name: "Merge" }));
    expect(await screen.findByText("Merge failed")).toBeVisible();
    expect(screen.getByText("Merged notes would be longer than 2000 characters")).toBeVisible();
    expect(merged).toEqual([{ keepId: 12, deleteIds: [11], fields: { firstName: "Ann" } }]);
  });

  it("keeps records of different users from merging, but lets them be edited and deleted", async () => {
    serveGroup([dotted, duplicateRecord({ ...tagged, owner: OTHER_OWNER })]);
    const { user } = await renderApp("/admin/duplicates");
    const card = within((await openGroup(user)).getByRole("article", { name: "annlee+news@gmail.com" }));
    for (const name of ["Keep", "Merge"]) {
      expect(card.getByRole("button", { name })).toBeDisabled();
      expect(card.getByRole("button", { name })).toHaveAccessibleDescription(/records of different users cannot merge/);
    }
    expect(card.getByRole("button", { name: "Edit" })).toBeEnabled();
    expect(card.getByRole("button", { name: "Delete" })).toBeEnabled();
  });

  it("edits a record with a value another record holds, and keeps the dialog open when the server refuses", async () => {
    const updates: unknown[] = [];
    let refuse = true;
    serveGroup([dotted, tagged], {
      "PUT /api/admin/duplicates/records/11": async (request) => {
        updates.push(await request.json());
        return refuse ? json({ message: "Company must be at most 100 characters" }, { status: 400 }) : json({ ...dotted, company: "Acme" });
      },
    });
    const { user } = await renderApp("/admin/duplicates");
    const card = within((await openGroup(user)).getByRole("article", { name: "ann.lee@gmail.com" }));
    await user.click(card.getByRole("button", { name: "Edit" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit record" }));
    expect(dialog.getByRole("textbox", { name: "Job title" })).toHaveValue("CTO");
    await user.click(dialog.getByRole("button", { name: "Use Acme for Company" }));
    expect(dialog.getByRole("textbox", { name: "Company" })).toHaveValue("Acme");
    await user.click(dialog.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Update failed")).toBeVisible();
    expect(screen.getByText("Company must be at most 100 characters")).toBeVisible();
    expect(screen.getByRole("dialog", { name: "Edit record" })).toBeVisible();

    refuse = false;
    await user.click(dialog.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Record updated")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit record" })).not.toBeInTheDocument());
    expect(updates.at(-1)).toEqual({ firstName: "Ann", lastName: "Lee", phoneNumber: null, jobTitle: "CTO", company: "Acme", notes: "Met at the fair" });
  });

  it("deletes a record only once asked, and says why a delete failed", async () => {
    const deleted: number[] = [];
    let refuse = false;
    serveGroup([dotted, tagged, duplicateRecord({ id: 13, email: "AnnLee@gmail.com" })], {
      "DELETE /api/admin/duplicates/records/13": () => {
        deleted.push(13);
        return refuse ? json({ message: "Record not found" }, { status: 404 }) : new Response(null, { status: 204 });
      },
    });
    const { user } = await renderApp("/admin/duplicates");
    const card = within((await openGroup(user)).getByRole("article", { name: "AnnLee@gmail.com" }));
    await user.click(card.getByRole("button", { name: "Delete" }));
    const question = within(await screen.findByRole("alertdialog", { name: "Delete record" }));
    expect(question.getByText("Are you sure you want to delete this record?")).toBeVisible();
    await user.click(question.getByRole("button", { name: "Cancel" }));
    expect(deleted).toEqual([]);

    await user.click(card.getByRole("button", { name: "Delete" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Delete record" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Record deleted")).toBeVisible();
    expect(deleted).toEqual([13]);

    refuse = true;
    await user.click(card.getByRole("button", { name: "Delete" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Delete record" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Delete failed")).toBeVisible();
    expect(screen.getByText("Record not found")).toBeVisible();
  });

  it("lists recent merges with Undo while it can be undone, and Undone after", async () => {
    const undone: string[] = [];
    let entries = [mergeEntry(), mergeEntry({ id: 39, email: "bob@acme.test", undoableUntil: "2020-01-01T00:00:00.000Z" }), mergeEntry({ id: 38, email: "cy@acme.test", undoableUntil: null, undoneAt: "2026-11-26T11:00:00.000Z" })];
    serveAsAdmin({
      [GROUPS]: () => page([]),
      "GET /api/admin/duplicates/merges": () => json({ merges: entries, nextBefore: null }),
      "POST /api/admin/duplicates/merges/40/undo": (request) => {
        undone.push(new URL(request.url).pathname);
        entries = entries.map((entry) => (entry.id === 40 ? { ...entry, undoneAt: "2026-11-27T00:00:00.000Z", undoableUntil: null } : entry));
        return json({ record: dotted, restoredIds: [2] });
      },
    });
    const { user } = await renderApp("/admin/duplicates");
    await user.click(await screen.findByRole("tab", { name: "Recent merges" }));
    const table = within(await screen.findByRole("table", { name: "Recent merges" }));
    const row = within(await table.findByRole("row", { name: /annlee@gmail\.com/ }));
    expect(row.getByText("admin (admin@example.com)")).toBeVisible();
    expect(within(table.getByRole("row", { name: /bob@acme\.test/ })).queryByRole("button")).not.toBeInTheDocument();
    expect(within(table.getByRole("row", { name: /cy@acme\.test/ })).getByText("Undone")).toBeVisible();

    await user.click(row.getByRole("button", { name: "Undo the merge of annlee@gmail.com" }));
    expect(await screen.findByText("Merge undone")).toBeVisible();
    expect(undone).toEqual(["/api/admin/duplicates/merges/40/undo"]);
    await waitFor(() => expect(within(screen.getByRole("row", { name: /annlee@gmail\.com/ })).getByText("Undone")).toBeVisible());
  });

  it("leads /admin/duplicate-management to /admin/duplicates", async () => {
    serveAsAdmin({ [GROUPS]: () => page([]) });
    const { router } = await renderApp("/admin/duplicate-management");
    expect(await screen.findByText("No Duplicates Found")).toBeVisible();
    expect(router.state.location.pathname).toBe("/admin/duplicates");
  });
});
