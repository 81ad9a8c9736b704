import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AUTH_TOKEN_STORAGE_KEY } from "@/features/auth";
import { adminUser, demoUser, json, mockNetwork, requestedPaths, storeSessionFor } from "@/test/network";
import { accountUsage } from "@/test/account";
import { anonymousSession } from "@/test/anonymous";
import { nullMxResult } from "@/test/validation-results";
import { renderApp } from "@/test/render-app";

// Taken before a menu or dialog opens: while one is open Radix hides the rest of the page from assistive tech.
function header() {
  return within(screen.getByRole("banner"));
}

describe("header", () => {
  it("links the product's sections", async () => {
    mockNetwork({ "GET /api/anonymous/session": () => json(anonymousSession()) });
    await renderApp("/");
    const nav = within(await screen.findByRole("navigation", { name: "Main" }));

    expect(nav.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Home",
      "Contacts",
      "Bulk Validation",
      "Pricing",
      "Support",
    ]);
    expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
  });

  it("offers Login and Register to a visitor, without asking the server who they are", async () => {
    const fetchMock = mockNetwork({});
    await renderApp("/pricing");

    expect(await header().findByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(header().getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
    expect(header().queryByRole("button", { name: /Account menu/ })).not.toBeInTheDocument();
    // Only what to show the visitor (marketing's delivery) is asked for.
    expect(requestedPaths(fetchMock)).toEqual(["/api/campaign-delivery"]);
  });

  it("gives a signed-in user an account menu without the admin link", async () => {
    const token = storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser) });
    const { user } = await renderApp("/");

    const accountMenu = await header().findByRole("button", { name: "Account menu for demo" });
    expect(header().queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe(token);

    await user.click(accountMenu);

    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "My Account" })).toBeVisible();
    expect(within(menu).getByRole("menuitem", { name: "Logout" })).toBeVisible();
    expect(within(menu).queryByRole("menuitem", { name: "Admin Dashboard" })).not.toBeInTheDocument();
  });

  it("adds Admin Dashboard to an administrator's menu", async () => {
    storeSessionFor(adminUser);
    mockNetwork({ "GET /api/user": () => json(adminUser) });
    const { user } = await renderApp("/");

    await user.click(await header().findByRole("button", { name: "Account menu for admin" }));

    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
  });

  it("opens My Account's profile from the menu", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser) });
    const { user, router } = await renderApp("/");

    await user.click(await header().findByRole("button", { name: "Account menu for demo" }));
    await user.click(await screen.findByRole("menuitem", { name: "My Account" }));

    expect(await screen.findByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/account/profile");
    expect(screen.getByText("You sign in as demo@example.com.")).toBeVisible();
  });

  it("shows a signed-in user's balance, asked again after each validation", async () => {
    storeSessionFor(demoUser);
    const balances = [1234, 1233];
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/account/usage": () => json(accountUsage({ available: balances.shift() ?? 0 })),
      "POST /api/validate-email": () => json(nullMxResult()),
    });
    const { user } = await renderApp("/");

    expect(await header().findByRole("link", { name: "1,234 validations left" })).toHaveAttribute("href", "/account/usage");
    await user.type(screen.getByLabelText("Enter an email address to validate"), "someone@null-mx.test");
    await user.click(screen.getByRole("button", { name: "Validate & Explore Domain" }));

    expect(await header().findByRole("link", { name: "1,233 validations left" })).toBeVisible();
  });

  it("logs out: ends the session on the server, forgets the token, and says so", async () => {
    storeSessionFor(demoUser);
    const fetchMock = mockNetwork({
      "GET /api/user": () => json(demoUser),
      "POST /api/logout": () => new Response(null, { status: 204 }),
      // supabase-js tells Auth too; the session is already gone there, which it accepts.
      "POST /auth/v1/logout": () => json({ code: 403, error_code: "session_not_found", msg: "Session not found" }, { status: 403 }),
      // Signed out on the home page, the visitor's free allowance is asked for.
      "GET /api/anonymous/session": () => json(anonymousSession()),
    });
    const { user } = await renderApp("/");

    await user.click(await header().findByRole("button", { name: "Account menu for demo" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));

    expect(await screen.findByText("Logged out")).toBeVisible();
    expect(screen.getByText("You have been successfully logged out.")).toBeVisible();
    expect(await header().findByRole("link", { name: "Login" })).toBeVisible();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/logout");
  });

  it("keeps the user signed in and shows the server's message when logout fails", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "POST /api/logout": () => json({ message: "Auth is unavailable" }, { status: 503 }),
    });
    const { user } = await renderApp("/");

    await user.click(await header().findByRole("button", { name: "Account menu for demo" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));

    expect(await screen.findByText("Logout failed")).toBeVisible();
    expect(screen.getByText("Auth is unavailable")).toBeVisible();
    await waitFor(() => expect(header().getByRole("button", { name: "Account menu for demo" })).toBeVisible());
  });
});
