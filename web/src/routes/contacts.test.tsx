import type { Contact, ContactList } from "@contracts/contacts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

const general: ContactList = {
  id: 1, name: "General", description: null, color: "#3B82F6", isDefault: true,
  createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z",
};
const leads: ContactList = { ...general, id: 2, name: "Leads", color: "#10B981", isDefault: false };

function contact(id: number, email: string, extra: Partial<Contact> = {}): Contact {
  return {
    id, email, domain: email.split("@")[1] ?? "", firstName: null, lastName: null, position: null, company: null,
    phone: null, notes: null, listId: 1, source: "manual", sourceUrl: null,
    createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", ...extra,
  };
}

function page(contacts: Contact[], total = contacts.length) {
  return json(contacts, { headers: { "X-Total-Count": String(total) } });
}

describe("contacts page", () => {
  it("asks a signed-out visitor to sign in", async () => {
    mockNetwork({});
    await renderApp("/contacts");
    expect(await screen.findByRole("heading", { name: "Sign in required" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    const nav = within(screen.getByRole("navigation", { name: "Main" }));
    expect(nav.getByRole("link", { name: "Contacts" })).toHaveAttribute("aria-current", "page");
  });

  it("lists contacts with their list, pages on the server and searches after typing pauses", async () => {
    storeSessionFor(demoUser);
    const asked: URLSearchParams[] = [];
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general, leads]),
      "GET /api/contacts": (request) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        if (params.get("q") === "zed") return page([]);
        const offset = Number(params.get("offset"));
        return page([contact(offset + 1, `p${offset + 1}@acme.test`, { firstName: "Ann", lastName: "Lee", listId: 2 })], 120);
      },
    });
    const { user } = await renderApp("/contacts");

    const table = await screen.findByRole("table");
    expect(within(table).getByText("p1@acme.test")).toBeVisible();
    expect(within(table).getByText("Ann Lee")).toBeVisible();
    expect(within(table).getByText("Leads")).toBeVisible();
    expect(screen.getByText("Showing 1–50 of 120")).toBeVisible();
    expect(asked[0]?.get("limit")).toBe("50");

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("p51@acme.test")).toBeVisible();
    expect(screen.getByText("Showing 51–100 of 120")).toBeVisible();

    await user.type(screen.getByLabelText("Search contacts"), "zed");
    expect(await screen.findByText("No contacts found.")).toBeVisible();
    expect(screen.getByText("0 contacts match")).toHaveAttribute("aria-live", "polite");
    expect(asked.filter((params) => params.has("q")).map((params) => params.get("q"))).toEqual(["zed"]);
    expect(asked.at(-1)?.get("offset")).toBe("0");
  });

  it("adds a contact: email required and trimmed, empty fields null, source manual", async () => {
    storeSessionFor(demoUser);
    let sent: unknown;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general, leads]),
      "GET /api/contacts": () => page([]),
      "POST /api/contacts": async (request) => {
        sent = await request.json();
        return json({ ...contact(9, "new@acme.test"), sameInbox: null }, { status: 201 });
      },
    });
    const { user } = await renderApp("/contacts");
    expect(await screen.findByText("No contacts found.")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Add Contact" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add Contact" }));
    const submit = dialog.getByRole("button", { name: "Add Contact" });
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText("Email"), "  new@acme.test ");
    await user.type(dialog.getByLabelText("Company"), " Acme ");
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText("Contact saved successfully")).toBeVisible();
    expect(sent).toEqual({
      email: "new@acme.test", firstName: null, lastName: null, company: "Acme", position: null, phone: null,
      notes: null, listId: 1, source: "manual",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("edits with the email read-only, deletes a contact, and says so", async () => {
    storeSessionFor(demoUser);
    let patched: unknown;
    let deleted = false;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general]),
      "GET /api/contacts": () => page(deleted ? [] : [contact(5, "ann@acme.test", { firstName: "Ann" })]),
      "PATCH /api/contacts/5": async (request) => {
        patched = await request.json();
        return json(contact(5, "ann@acme.test"));
      },
      "DELETE /api/contacts/5": () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await renderApp("/contacts");

    await user.click(await screen.findByRole("button", { name: "Edit ann@acme.test" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Contact" }));
    expect(dialog.getByLabelText("Email")).toHaveAttribute("readonly");
    // Focus starts where typing goes, not on the read-only address.
    await waitFor(() => expect(dialog.getByLabelText("First name")).toHaveFocus());
    await user.clear(dialog.getByLabelText("First name"));
    await user.click(dialog.getByRole("button", { name: "Update Contact" }));
    expect(await screen.findByText("Contact updated successfully")).toBeVisible();
    expect(patched).toMatchObject({ firstName: null, listId: 1 });

    await user.click(screen.getByRole("button", { name: "Delete ann@acme.test" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Contact deleted successfully")).toBeVisible();
    expect(await screen.findByText("No contacts found.")).toBeVisible();
  });

  it("copies an address from the table; a failed delete says so in the spec's words", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general]),
      "GET /api/contacts": () => page([contact(5, "ann@acme.test")]),
      "DELETE /api/contacts/5": () => json({ message: "Contact not found" }, { status: 404 }),
    });
    const { user } = await renderApp("/contacts");

    await user.click(await screen.findByRole("button", { name: "Copy ann@acme.test" }));
    expect(await navigator.clipboard.readText()).toBe("ann@acme.test");
    expect(screen.getByText("Copied to clipboard")).toBeVisible();
    expect(screen.getByRole("button", { name: "Copied ann@acme.test" })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Delete ann@acme.test" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete contact")).toBeVisible();
    expect(screen.queryByText("Contact not found")).not.toBeInTheDocument();
  });

  it("goes back to the last page when the one asked for is past the end", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general]),
      "GET /api/contacts": (request) => {
        const offset = Number(new URL(request.url).searchParams.get("offset"));
        return page(offset < 60 ? [contact(offset + 1, `p${offset + 1}@acme.test`)] : [], 60);
      },
    });
    await renderApp("/contacts?page=9");
    expect(await screen.findByText("p51@acme.test")).toBeVisible();
    expect(screen.getByText("Showing 51–60 of 60")).toBeVisible();
  });

  it("tells the person when contacts could not be fetched", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general]),
      "GET /api/contacts": () => json({ message: "boom" }, { status: 500 }),
    });
    await renderApp("/contacts");
    expect(await screen.findByText("Failed to fetch contacts")).toBeVisible();
  });

  it("starts loading the lists and the page in view with the navigation, beside the signed-in check", async () => {
    storeSessionFor(demoUser);
    let answerUser = () => {};
    const userAsked = new Promise<void>((resolve) => {
      answerUser = resolve;
    });
    const asked: string[] = [];
    mockNetwork({
      "GET /api/user": async () => {
        await userAsked;
        return json(demoUser);
      },
      "GET /api/contact-lists": () => {
        asked.push("lists");
        return json([general]);
      },
      "GET /api/contacts": (request) => {
        asked.push(new URL(request.url).search);
        return page([contact(51, "ann@acme.test", { firstName: "Ann" })], 51);
      },
    });
    await renderApp("/contacts?q=ann&page=2");

    // Both requests leave while the user lookup is still unanswered...
    await waitFor(() => expect(asked.sort()).toEqual(["?limit=50&offset=50&q=ann", "lists"]));
    answerUser();
    // ...and the page, once it knows who is signed in, shows what they brought without asking again.
    expect(await screen.findByText("ann@acme.test")).toBeVisible();
    expect(screen.getByText("Showing 51–51 of 51")).toBeVisible();
    expect(asked).toHaveLength(2);
  });

  it("creates a list with the default colour and deletes a list, never General", async () => {
    storeSessionFor(demoUser);
    let created: unknown;
    let patched: unknown;
    let askedForAGoneList = false;
    let lists = [general];
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json(lists),
      // Like the API: a deleted list's contacts answer 404.
      "GET /api/contacts": (request) => {
        const listId = new URL(request.url).searchParams.get("listId");
        if (listId && !lists.some((list) => String(list.id) === listId)) {
          askedForAGoneList = true;
          return json({ message: "Contact list not found" }, { status: 404 });
        }
        return page([]);
      },
      "POST /api/contact-lists": async (request) => {
        created = await request.json();
        lists = [general, leads];
        return json(leads, { status: 201 });
      },
      "PATCH /api/contact-lists/2": async (request) => {
        patched = await request.json();
        lists = [general, { ...leads, name: "Hot leads" }];
        return json(lists[1]);
      },
      "DELETE /api/contact-lists/2": () => {
        lists = [general];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await renderApp("/contacts?listId=1");
    expect(await screen.findByText("No contacts found.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Delete List" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit List" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "New List" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Create Contact List" }));
    expect(dialog.getByLabelText("Colour")).toHaveValue("#3b82f6");
    await user.type(dialog.getByLabelText("Name"), "Leads");
    await user.click(dialog.getByRole("button", { name: "Create List" }));
    expect(await screen.findByText("Contact list created successfully")).toBeVisible();
    expect(created).toMatchObject({ name: "Leads", description: null, isDefault: false });
    expect((created as { color: string }).color.toUpperCase()).toBe("#3B82F6");

    // The new list is in view: it can be edited (General can't be renamed, so it offers no Edit List).
    await user.click(await screen.findByRole("button", { name: "Edit List" }));
    const editDialog = within(await screen.findByRole("dialog", { name: "Edit Contact List" }));
    expect(editDialog.getByLabelText("Name")).toHaveValue("Leads");
    await user.clear(editDialog.getByLabelText("Name"));
    await user.type(editDialog.getByLabelText("Name"), "Hot leads");
    await user.click(editDialog.getByRole("button", { name: "Save List" }));
    expect(await screen.findByText("Contact list updated successfully")).toBeVisible();
    expect(patched).toEqual({ name: "Hot leads", description: null, color: "#10B981" });

    await user.click(await screen.findByRole("button", { name: "Delete List" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete List" }));
    expect(await screen.findByText("Contact list deleted successfully")).toBeVisible();
    expect(screen.getByLabelText("List")).toHaveValue("");
    // The deleted list's page is not asked for again (a 404, whose error toast would replace the success one).
    expect(await screen.findByText("No contacts found.")).toBeVisible();
    expect(screen.getByText("Contact list deleted successfully")).toBeVisible();
    expect(screen.queryByText("Failed to fetch contacts")).not.toBeInTheDocument();
    expect(askedForAGoneList).toBe(false);
  });
});
