import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { accessTokenFor, adminUser, demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { lifetimeStats, platformStats, serveAsAdmin } from "@/test/admin-screens";
import { renderApp } from "@/test/render-app";

describe("signed-in layout", () => {
  it("sends a signed-out visitor to sign in, remembering where they were going", async () => {
    mockNetwork({});
    const { router } = await renderApp("/admin");

    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toEqual({ redirect: "/admin" });
    expect(screen.getByRole("form", { name: "Login" })).toBeVisible();
  });

  it("brings them back there once they have signed in", async () => {
    const accessToken = accessTokenFor(adminUser);
    mockNetwork({
      "POST /api/login": () =>
        json(
          { ...adminUser, session: { accessToken, refreshToken: "refresh-token", expiresAt: Math.floor(Date.now() / 1000) + 3600 } },
          { headers: { Authorization: `Bearer ${accessToken}` } },
        ),
      "GET /auth/v1/user": () => json({ id: adminUser.id }),
      "GET /api/user": () => json(adminUser),
      "GET /api/support/tickets": () => json([]),
      "GET /api/admin/platform-stats": () => json(platformStats()),
      "GET /api/admin/lifetime-stats": () => json(lifetimeStats()),
    });
    const { user, router } = await renderApp("/auth?redirect=%2Fadmin");
    const form = screen.getByRole("form", { name: "Login" });

    await user.type(within(form).getByLabelText("Username or email"), "admin");
    await user.type(within(form).getByLabelText("Password"), "mailscout-admin-2026");
    await user.click(within(form).getByRole("button", { name: "Login" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(await screen.findByRole("heading", { name: "Admin dashboard" })).toBeVisible();
  });

  it("sends a signed-in visitor of /auth on to where the link says, but never to another site", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser), "GET /api/contact-lists": () => json([]), "GET /api/contacts": () => json([]) });
    const first = await renderApp("/auth?redirect=%2Fcontacts%3Fq%3Dann");
    await waitFor(() => expect(first.router.state.location.href).toBe("/contacts?q=ann"));
    first.unmount();

    const second = await renderApp("/auth?redirect=%2F%2Fevil.test%2F");
    await waitFor(() => expect(second.router.state.location.href).toBe("/"));
  });
});

describe("admin layout", () => {
  it("shows a signed-in person who is not an admin a 403 screen", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser) });
    const { router } = await renderApp("/admin");

    expect(await screen.findByRole("heading", { name: "Admins only" })).toBeVisible();
    expect(screen.getByText("403")).toBeVisible();
    expect(router.state.location.pathname).toBe("/admin");
  });

  it("opens for an admin", async () => {
    serveAsAdmin({
      "GET /api/admin/platform-stats": () => json(platformStats()),
      "GET /api/admin/lifetime-stats": () => json(lifetimeStats()),
    });
    await renderApp("/admin");

    expect(await screen.findByRole("heading", { name: "Admin dashboard" })).toBeVisible();
  });
});
