import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { helpArticles } from "@/test/help";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

describe("/bulk-validation", () => {
  it("sends a signed-out visitor to sign in", async () => {
    mockNetwork({});
    const { router } = await renderApp("/bulk-validation?tab=sessions");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toEqual({ redirect: "/bulk-validation?tab=sessions" });
  });

  it("opens on the tab the address names, keeps the chosen tab in the address, and names the page", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser), "GET /api/bulk-validation/sessions": () => json([]) });
    const { user, router } = await renderApp("/bulk-validation?tab=faq");

    expect(await screen.findByRole("heading", { name: "Bulk Email Validation", level: 1 })).toBeVisible();
    expect(screen.getByRole("tab", { name: "FAQ & Help", selected: true })).toBeVisible();
    const nav = within(screen.getByRole("navigation", { name: "Main" }));
    expect(nav.getByRole("link", { name: "Bulk Validation" })).toHaveAttribute("aria-current", "page");
    expect(document.title).toBe("Bulk Validation · MailScout");

    await user.click(screen.getByRole("tab", { name: "My Sessions" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: "sessions" }));
    expect(await screen.findByText("No validation sessions found")).toBeVisible();

    await user.click(screen.getByRole("tab", { name: "Upload & Validate" }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole("button", { name: "Choose File" })).toBeVisible();
  });

  it("says so when the sessions can't be loaded, and tries again on request", async () => {
    storeSessionFor(demoUser);
    let fail = true;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/bulk-validation/sessions": () => (fail ? json({ message: "boom" }, { status: 500 }) : json([])),
    });
    const { user } = await renderApp("/bulk-validation?tab=sessions");
    expect(await screen.findByText("Failed to load your validation sessions.")).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No validation sessions found")).toBeVisible();
  });

  it("answers the FAQ with the help articles that live there, and opens the one the address links to", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser), "GET /api/help/articles": () => json(helpArticles) });
    const { user } = await renderApp("/bulk-validation?tab=faq#bulk-retention");

    const linked = await screen.findByText("How long are bulk validation files and results kept?");
    expect(linked.closest("details")).toHaveAttribute("id", "bulk-retention");
    expect(screen.getByText(/for 30 days after a validation completes/)).toBeVisible();
    expect(screen.queryByText("Validating an email address")).not.toBeInTheDocument();
    await user.click(screen.getByText("How many emails can I upload?"));
    expect(screen.getByText("Up to 100,000 emails and 50MB per file.")).toBeVisible();
    expect(screen.getByText("Split a larger list into several files.")).toBeVisible();
  });

  it("says so when the FAQ can't be loaded, and tries again on request", async () => {
    storeSessionFor(demoUser);
    let fail = true;
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/help/articles": () => (fail ? json({ message: "boom" }, { status: 500 }) : json(helpArticles)),
    });
    const { user } = await renderApp("/bulk-validation?tab=faq");
    expect(await screen.findByText("Failed to load the help texts.")).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("How many emails can I upload?")).toBeVisible();
  });
});
