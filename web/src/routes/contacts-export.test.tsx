import type { Contact, ContactList } from "@contracts/contacts";
import { screen, waitFor } from "@testing-library/react";
import Papa from "papaparse";
import { afterEach, describe, expect, it, vi } from "vitest";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

const general: ContactList = {
  id: 1, name: "General", description: null, color: "#3B82F6", isDefault: true,
  createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z",
};
const leads: ContactList = { ...general, id: 2, name: "Leads", color: "#10B981", isDefault: false };

function contact(id: number, extra: Partial<Contact> = {}): Contact {
  return {
    id, email: `p${id}@acme.test`, domain: "acme.test", firstName: null, lastName: null, position: null, company: null,
    phone: null, notes: null, listId: 2, source: "bulk", sourceUrl: null,
    createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", ...extra,
  };
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe("contacts CSV export", () => {
  it("downloads every page of the current view with formula cells neutralised", async () => {
    storeSessionFor(demoUser);
    const TOTAL = 1001;
    const asked: URLSearchParams[] = [];
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general, leads]),
      "GET /api/contacts": (request) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const offset = Number(params.get("offset"));
        const limit = Number(params.get("limit"));
        const count = Math.max(0, Math.min(limit, TOTAL - offset));
        const rows = Array.from({ length: count }, (_, i) =>
          contact(offset + i + 1, offset + i === 0 ? { firstName: "=cmd|' /C calc'!A0", phone: "+1 555" } : {}),
        );
        return json(rows, { headers: { "X-Total-Count": String(TOTAL) } });
      },
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:contacts";
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = await renderApp("/contacts?q=acme&listId=2");

    const button = await screen.findByRole("button", { name: "Export CSV" });
    await waitFor(() => expect(button).toBeEnabled());
    asked.length = 0;
    await user.click(button);
    expect(await screen.findByText("Exported 1001 contacts")).toBeVisible();

    expect(asked.map((params) => [params.get("limit"), params.get("offset"), params.get("q"), params.get("listId")])).toEqual([
      ["500", "0", "acme", "2"],
      ["500", "500", "acme", "2"],
      ["500", "1000", "acme", "2"],
    ]);
    expect(clicked[0]?.download).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await textOf(blobs[0]!)).replace(/^\uFEFF/, "");
    const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(header?.[0]).toBe("Email");
    expect(rows).toHaveLength(TOTAL);
    expect(rows[0]?.slice(0, 8)).toEqual(["p1@acme.test", "'=cmd|' /C calc'!A0", "", "", "", "'+1 555", "", "Leads"]);
  });

  it("offers nothing to export for an empty view", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/contact-lists": () => json([general]),
      "GET /api/contacts": () => json([], { headers: { "X-Total-Count": "0" } }),
    });
    await renderApp("/contacts");
    expect(await screen.findByText("No contacts found.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });
});
