import type { Contact, ContactList } from "@contracts/contacts";
import type { DiscoveredEmail } from "@contracts/explorations";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailCard } from "@/features/explorations";
import { ValidationResultCard } from "@/features/validation";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderWithAuth } from "@/test/render-app";
import { deliverableResult } from "@/test/validation-results";

const general: ContactList = {
  id: 1, name: "General", description: null, color: "#3B82F6", isDefault: true,
  createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z",
};
const found: DiscoveredEmail = {
  id: "e1", email: "jane.doe@acme.test", name: "Jane Doe", position: "CTO", phone: "+1 555 0100",
  foundOn: "https://acme.test/team", external: false,
};
const saved: Contact = {
  id: 7, email: found.email, domain: "acme.test", firstName: "Jane", lastName: "Doe", position: "CTO", company: null,
  phone: null, notes: "met at expo", listId: 1, source: "discovery", sourceUrl: found.foundOn,
  createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z",
};

describe("Save Contact dialog", () => {
  it("saves a discovered address with its prefilled details and marks the card as saved", async () => {
    storeSessionFor(demoUser);
    let sent: unknown;
    let isSaved = false;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general]),
      "GET /api/contacts": (request) => {
        // One search for the whole domain; no limit, so every saved address there comes back.
        expect(new URL(request.url).searchParams.get("q")).toBe("@acme.test");
        expect(new URL(request.url).searchParams.has("limit")).toBe(false);
        return json(isSaved ? [saved] : [], { headers: { "X-Total-Count": isSaved ? "1" : "0" } });
      },
      "POST /api/contacts": async (request) => {
        sent = await request.json();
        isSaved = true;
        return json({ ...saved, sameInbox: null }, { status: 201 });
      },
    });
    const { user } = renderWithAuth(<EmailCard email={found} />);

    await user.click(await screen.findByRole("button", { name: `Save ${found.email} to contacts` }));
    let dialog = within(await screen.findByRole("dialog", { name: "Save Contact" }));
    expect(dialog.getByLabelText("Email")).toHaveValue(found.email);
    expect(dialog.getByLabelText("Email")).toHaveAttribute("readonly");
    expect(dialog.getByLabelText("Domain")).toHaveValue("acme.test");
    expect(dialog.getByLabelText("Domain")).toHaveAttribute("readonly");
    expect(dialog.getByLabelText("Position")).toHaveValue("CTO");
    expect(dialog.getByLabelText("First name")).toHaveValue("Jane");
    expect(dialog.getByLabelText("Last name")).toHaveValue("Doe");
    expect(dialog.getByLabelText("Phone")).toHaveValue("+1 555 0100");
    await waitFor(() => expect(dialog.getByLabelText("List")).toHaveValue("1"));

    // Fields reset on each opening.
    await user.type(dialog.getByLabelText("Notes"), "typed then abandoned");
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: `Save ${found.email} to contacts` }));
    dialog = within(await screen.findByRole("dialog", { name: "Save Contact" }));
    expect(dialog.getByLabelText("Notes")).toHaveValue("");

    await user.type(dialog.getByLabelText("Notes"), "met at expo");
    await user.click(dialog.getByRole("button", { name: "Save to Contacts" }));

    expect(await screen.findByText("Contact saved successfully")).toBeVisible();
    expect(sent).toEqual({
      email: found.email, firstName: "Jane", lastName: "Doe", company: null, position: "CTO", phone: "+1 555 0100",
      notes: "met at expo", listId: 1, source: "discovery", sourceUrl: found.foundOn,
    });
    const mark = await screen.findByRole("button", { name: "Already saved to contacts" });
    expect(mark).toBeDisabled();
  });

  it("says so when the saved address reaches an inbox already saved under another spelling", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general]),
      "GET /api/contacts": () => json([], { headers: { "X-Total-Count": "0" } }),
      "POST /api/contacts": () => json({ ...saved, sameInbox: { id: 3, email: "janedoe@acme.test" } }, { status: 201 }),
    });
    const { user } = renderWithAuth(<EmailCard email={found} />);

    await user.click(await screen.findByRole("button", { name: `Save ${found.email} to contacts` }));
    const dialog = within(await screen.findByRole("dialog", { name: "Save Contact" }));
    await waitFor(() => expect(dialog.getByLabelText("List")).toHaveValue("1"));
    await user.click(dialog.getByRole("button", { name: "Save to Contacts" }));

    expect(
      await screen.findByText(
        "Contact saved successfully. You also saved it as janedoe@acme.test: both reach the same inbox.",
      ),
    ).toBeVisible();
  });

  it("says what the server said when the address is already saved", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general]),
      "GET /api/contacts": () => json([], { headers: { "X-Total-Count": "0" } }),
      "POST /api/contacts": () => json({ message: "Already saved to contacts" }, { status: 409 }),
    });
    const { user } = renderWithAuth(<EmailCard email={found} />);
    await user.click(await screen.findByRole("button", { name: `Save ${found.email} to contacts` }));
    const dialog = within(await screen.findByRole("dialog", { name: "Save Contact" }));
    await user.click(dialog.getByRole("button", { name: "Save to Contacts" }));
    expect(await screen.findByText("Already saved to contacts")).toBeVisible();
  });

  it("asks once per domain which of its addresses are saved, however many cards there are", async () => {
    storeSessionFor(demoUser);
    let searches = 0;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contacts": () => {
        searches++;
        // Another saved address merely containing the domain is not a match for any card.
        const lookalike = { ...saved, id: 8, email: "x@acme.test.example" };
        return json([saved, lookalike], { headers: { "X-Total-Count": "2" } });
      },
    });
    const others = ["john.roe@acme.test", "x@acme.test"].map((email, i) => ({ ...found, id: `e${i + 2}`, email }));
    renderWithAuth(
      <>
        {[found, ...others].map((email) => (
          <EmailCard key={email.id} email={email} />
        ))}
      </>,
    );
    expect(await screen.findByRole("button", { name: "Already saved to contacts" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save john.roe@acme.test to contacts" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Save x@acme.test to contacts" })).toBeEnabled();
    expect(searches).toBe(1);
  });

  it("hides the page behind it from assistive technology, live regions included", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general]),
      "GET /api/contacts": () => json([], { headers: { "X-Total-Count": "0" } }),
    });
    // The result card announces results through an aria-live region that holds the Save to Contacts button too.
    const { user } = renderWithAuth(
      <ValidationResultCard state={{ status: "done", result: deliverableResult() }} onValidateSuggestion={() => {}} />,
    );
    await user.click(await screen.findByRole("button", { name: "Save to Contacts" }));
    const dialog = await screen.findByRole("dialog", { name: "Save Contact" });

    expect(screen.getAllByRole("button", { name: "Save to Contacts" })).toEqual([
      within(dialog).getByRole("button", { name: "Save to Contacts" }),
    ]);
    expect(screen.queryByRole("region", { name: "Validation Result" })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("region", { name: "Validation Result" })).toBeVisible();
    expect(screen.getAllByRole("button", { name: "Save to Contacts" })).toHaveLength(1);
  });

  it("is not offered to a signed-out visitor", async () => {
    mockNetwork({});
    renderWithAuth(<EmailCard email={found} />);
    expect(await screen.findByRole("button", { name: `Copy ${found.email}` })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("button", { name: /save/i })).not.toBeInTheDocument());
  });
});
