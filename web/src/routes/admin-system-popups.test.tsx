// The system popups screen through the real app and router; the API stood in for at fetch.
import type { AdminSystemPopup } from "@contracts/popups";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { serveAsAdmin } from "@/test/admin-screens";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { adminPopups } from "@/test/popups";
import { renderApp } from "@/test/render-app";

function servePopups(put?: (body: unknown) => Response | Promise<Response>) {
  let popups = adminPopups();
  const sent: unknown[] = [];
  serveAsAdmin({
    "GET /api/admin/system-popups": () => json(popups),
    "PUT /api/admin/system-popups/1": async (request) => {
      const body = await request.json();
      sent.push(body);
      if (put) return put(body);
      const saved = { ...popups.find((popup) => popup.id === 1)!, ...(body as object) } as AdminSystemPopup;
      popups = popups.map((popup) => (popup.id === 1 ? saved : popup));
      return json(saved);
    },
  });
  return sent;
}

// The editing tests type into a form whose preview follows every keystroke: generous room on a busy machine.
describe("/admin/system-popups", { timeout: 15_000 }, () => {
  it("lists each type's popups on its tab: texts, Active or Inactive, highlighted features bold, pricing", async () => {
    servePopups();
    const { user } = await renderApp("/admin/system-popups");

    expect(await screen.findByRole("heading", { level: 1, name: "System Popups" })).toBeVisible();
    const tabs = screen.getByRole("tablist", { name: "Popup types" });
    expect(within(tabs).getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Upgrade Popup",
      "Welcome Messages",
      "Discount Offers",
    ]);
    const upgrade = within(await screen.findByRole("article", { name: "Unlock unlimited validations" }));
    expect(upgrade.getByText("Active")).toBeVisible();
    expect(upgrade.getByText("Choose a plan to keep validating and exploring domains.")).toBeVisible();
    expect(upgrade.getByText("Up to 25,000 monthly validations")).toHaveClass("font-semibold");
    expect(upgrade.getByText("CRM integrations")).not.toHaveClass("font-semibold");
    expect(upgrade.getByText("Starting at $19/month")).toBeVisible();
    expect(upgrade.getByText(/by admin@example\.com/)).toBeVisible();
    expect(screen.queryByRole("article", { name: "Welcome to MailScout!" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Welcome Messages" }));
    const welcome = within(await screen.findByRole("article", { name: "Welcome to MailScout!" }));
    expect(welcome.getByText("Inactive")).toBeVisible();

    await user.click(screen.getByRole("tab", { name: "Discount Offers" }));
    expect(await screen.findByRole("article", { name: "Special One-Time Offer" })).toBeVisible();
  });

  it("edits the upgrade popup beside a live preview and saves it", async () => {
    const sent = servePopups();
    const { user } = await renderApp("/admin/system-popups");
    const card = within(await screen.findByRole("article", { name: "Unlock unlimited validations" }));
    await user.click(card.getByRole("button", { name: "Edit" }));

    const form = within(screen.getByRole("form", { name: "Edit Upgrade Popup" }));
    const preview = within(screen.getByRole("region", { name: "Preview" }));
    const title = form.getByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Go on");
    expect(preview.getByText("Go on")).toBeVisible();
    await user.click(form.getByRole("switch", { name: "Active" }));
    await user.click(form.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Popup saved")).toBeVisible();
    expect(sent).toEqual([
      {
        title: "Go on",
        content: "Choose a plan to keep validating and exploring domains.",
        buttonText: "Upgrade Now",
        buttonUrl: "/pricing",
        features: [
          { text: "Up to 25,000 monthly validations", highlight: true },
          { text: "CRM integrations", highlight: false },
        ],
        pricing: { monthly: "Starting at $19/month" },
        isActive: false,
      },
    ]);
    const saved = within(await screen.findByRole("article", { name: "Go on" }));
    expect(saved.getByText("Inactive")).toBeVisible();
  });

  it("adds, highlights and removes feature rows, drops blank ones and sends the pricing texts", async () => {
    const sent = servePopups();
    const { user } = await renderApp("/admin/system-popups");
    await user.click(
      within(await screen.findByRole("article", { name: "Unlock unlimited validations" })).getByRole("button", { name: "Edit" }),
    );
    const form = within(screen.getByRole("form", { name: "Edit Upgrade Popup" }));
    const preview = within(screen.getByRole("region", { name: "Preview" }));

    await user.click(form.getByRole("button", { name: "Add Feature" }));
    await user.type(form.getByLabelText("Feature 3"), "Support");
    await user.click(form.getByRole("switch", { name: "Highlight feature 3" }));
    expect(preview.getByText("Support")).toHaveClass("font-semibold");
    await user.click(form.getByRole("button", { name: "Add Feature" }));
    await user.click(form.getByRole("button", { name: "Remove feature 2" }));
    await user.type(form.getByLabelText("Annual price"), "-25%");
    await user.click(form.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Popup saved")).toBeVisible();
    expect(sent).toMatchObject([
      {
        features: [
          { text: "Up to 25,000 monthly validations", highlight: true },
          { text: "Support", highlight: true },
        ],
        pricing: { monthly: "Starting at $19/month", annual: "-25%" },
      },
    ]);
  });

  it("refuses in the form what the server would: a javascript: link, no features", async () => {
    const sent = servePopups();
    const { user } = await renderApp("/admin/system-popups");
    await user.click(
      within(await screen.findByRole("article", { name: "Unlock unlimited validations" })).getByRole("button", { name: "Edit" }),
    );
    const form = within(screen.getByRole("form", { name: "Edit Upgrade Popup" }));
    const url = form.getByLabelText("Button URL");
    await user.clear(url);
    await user.type(url, "javascript:alert(1)");
    await user.click(form.getByRole("button", { name: "Remove feature 2" }));
    await user.clear(form.getByLabelText("Feature 1"));
    await user.click(form.getByRole("button", { name: "Save Changes" }));

    expect(await form.findByText("Button URL must be a path on this site (/pricing) or an https URL")).toBeVisible();
    expect(form.getByText("At least one feature is required")).toBeVisible();
    expect(sent).toEqual([]);
  });

  it("says Saving... while busy, and toasts the server's reason with the title Error", async () => {
    let answer: (response: Response) => void = () => {};
    const sent = servePopups(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await renderApp("/admin/system-popups");
    await user.click(
      within(await screen.findByRole("article", { name: "Unlock unlimited validations" })).getByRole("button", { name: "Edit" }),
    );
    const form = within(screen.getByRole("form", { name: "Edit Upgrade Popup" }));
    await user.click(form.getByRole("button", { name: "Save Changes" }));

    expect(await form.findByRole("button", { name: "Saving..." })).toBeDisabled();
    answer(json({ message: "title: Unknown placeholder {percent}: this popup has none" }, { status: 400 }));

    expect(await screen.findByText("Error")).toBeVisible();
    expect(screen.getByText("title: Unknown placeholder {percent}: this popup has none")).toBeVisible();
    expect(form.getByText("Unknown placeholder {percent}: this popup has none")).toBeVisible();
    expect(form.getByRole("button", { name: "Save Changes" })).toBeEnabled();
    expect(sent).toHaveLength(1);
  });

  it("toasts Failed to update system popup when the server gives no reason, and Cancel leaves the card as it was", async () => {
    servePopups(() => new Response("Bad gateway", { status: 502 }));
    const { user } = await renderApp("/admin/system-popups");
    await user.click(
      within(await screen.findByRole("article", { name: "Unlock unlimited validations" })).getByRole("button", { name: "Edit" }),
    );
    const form = within(screen.getByRole("form", { name: "Edit Upgrade Popup" }));
    await user.type(form.getByLabelText("Title"), " now");
    await user.click(form.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update system popup")).toBeVisible();

    await user.click(form.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByRole("article", { name: "Unlock unlimited validations" })).toBeVisible();
  });

  it("shows skeletons while loading and a notice with Try again when the list fails", async () => {
    let fail: (response: Response) => void = () => {};
    let failed = false;
    serveAsAdmin({
      "GET /api/admin/system-popups": () =>
        failed ? json(adminPopups()) : new Promise<Response>((resolve) => (fail = resolve)),
    });
    const { user } = await renderApp("/admin/system-popups");
    expect(await screen.findByText("Loading popups")).toBeInTheDocument();

    failed = true;
    fail(json({ message: "Internal error" }, { status: 500 }));
    expect(await screen.findByText("The popups could not be loaded.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Unlock unlimited validations" })).toBeVisible();
  });

  it("is an admin screen: a user who is not an admin is refused", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser), "GET /api/support/tickets": () => json([]) });
    await renderApp("/admin/system-popups");
    expect(await screen.findByRole("heading", { name: "Admins only" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: "System Popups" })).not.toBeInTheDocument();
  });
});
