import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { anonymousSession } from "@/test/anonymous";
import { authUserFor, demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

function section(name: string) {
  return within(screen.getByRole("region", { name }));
}

describe("My Account: profile", () => {
  it("opens the profile from /account, with the sub-navigation marking it", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser) });
    const { router } = await renderApp("/account");

    expect(await screen.findByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/profile"));
    const nav = within(screen.getByRole("navigation", { name: "My Account" }));
    expect(nav.getAllByRole("link").map((link) => link.textContent)).toEqual(["Profile", "Plan and usage", "Billing", "Integrations", "API keys"]);
    expect(nav.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    expect(await screen.findByRole("form", { name: "Change email" })).toBeVisible();
  });

  it("sends a signed-out visitor to sign in", async () => {
    mockNetwork({});
    const { router } = await renderApp("/account/usage");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
  });

  it("saves names and username, and the header follows the new username", async () => {
    storeSessionFor(demoUser);
    const sent: unknown[] = [];
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "PATCH /api/account/profile": async (request) => {
        sent.push(await request.json());
        return json({ ...demoUser, username: "ada", firstName: "Ada", lastName: null });
      },
    });
    const { user } = await renderApp("/account/profile");

    const profile = section("Profile");
    await user.type(await profile.findByLabelText("First name"), " Ada ");
    const username = profile.getByLabelText("Username");
    await user.clear(username);
    await user.type(username, "ada");
    await user.click(profile.getByRole("button", { name: "Save profile" }));

    expect(await screen.findByText("Profile saved")).toBeVisible();
    expect(sent).toEqual([{ username: "ada", firstName: "Ada", lastName: null }]);
    expect(await screen.findByRole("button", { name: "Account menu for ada" })).toBeVisible();
  });

  it("checks the username by the registration's rules and shows a taken one on the field", async () => {
    storeSessionFor(demoUser);
    const fetchMock = mockNetwork({
      "GET /api/user": () => json(demoUser),
      "PATCH /api/account/profile": () =>
        json({ message: "username: This username is taken. Please choose another." }, { status: 409 }),
    });
    const { user } = await renderApp("/account/profile");

    const profile = section("Profile");
    const username = await profile.findByLabelText("Username");
    await user.clear(username);
    await user.type(username, "me@example.com");
    await user.click(profile.getByRole("button", { name: "Save profile" }));
    expect(await profile.findByText('Username can\'t contain "@"; sign in with your email address instead')).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/account/profile"))).toBe(false);

    await user.clear(username);
    await user.type(username, "taken");
    await user.click(profile.getByRole("button", { name: "Save profile" }));
    expect(await profile.findByText("This username is taken. Please choose another.")).toBeVisible();
    expect(username).toHaveAttribute("aria-invalid", "true");
  });

  it("changes the password, then signs out the other sessions, and says so", async () => {
    storeSessionFor(demoUser);
    const calls: string[] = [];
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "PUT /auth/v1/user": async (request) => {
        calls.push(`password ${(await request.json()).password}`);
        return json(authUserFor(demoUser));
      },
      "POST /auth/v1/logout": (request) => {
        calls.push(`logout ${new URL(request.url).searchParams.get("scope")}`);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await renderApp("/account/profile");

    const form = within(await screen.findByRole("form", { name: "Change password" }));
    expect(screen.getByText(/signs you out on every other device and browser/)).toBeVisible();
    await user.type(form.getByLabelText("New password"), "tangerine-orbit-42");
    await user.type(form.getByLabelText("Confirm new password"), "tangerine-orbit-41");
    await user.click(form.getByRole("button", { name: "Change password" }));
    expect(await form.findByText("Passwords don't match")).toBeVisible();
    expect(calls).toEqual([]);

    await user.clear(form.getByLabelText("Confirm new password"));
    await user.type(form.getByLabelText("Confirm new password"), "tangerine-orbit-42");
    await user.click(form.getByRole("button", { name: "Change password" }));

    expect(
      await screen.findByText("Your password has been changed, and your other sessions have been signed out."),
    ).toBeVisible();
    expect(calls).toEqual(["password tangerine-orbit-42", "logout others"]);
    // This session stays: the person is still signed in here.
    expect(screen.getByRole("button", { name: "Account menu for demo" })).toBeVisible();
  });

  it("shows Auth's reason when it refuses the new password", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "PUT /auth/v1/user": () =>
        json(
          { code: "weak_password", message: "Password is too common or easy to guess.", weak_password: { reasons: ["pwned"] } },
          { status: 422 },
        ),
    });
    const { user } = await renderApp("/account/profile");

    const form = within(await screen.findByRole("form", { name: "Change password" }));
    await user.type(form.getByLabelText("New password"), "password123");
    await user.type(form.getByLabelText("Confirm new password"), "password123");
    await user.click(form.getByRole("button", { name: "Change password" }));

    expect(await screen.findByText("Password is too common or easy to guess.")).toBeVisible();
  });

  it("deletes the account once the username is typed, then signs out and goes home", async () => {
    storeSessionFor(demoUser);
    const sent: unknown[] = [];
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "DELETE /api/account": async (request) => {
        sent.push(await request.json());
        return new Response(null, { status: 204 });
      },
      // The user is gone at Auth, so its sign-out finds no session; supabase-js accepts that.
      "POST /auth/v1/logout": () => json({ code: 403, error_code: "session_not_found", msg: "Session not found" }, { status: 403 }),
      "GET /api/anonymous/session": () => json(anonymousSession()),
    });
    const { user, router } = await renderApp("/account/profile");
    expect(await section("Delete account").findByText(/Records of your payments are kept, as tax and accounting law requires/)).toBeVisible();
    await user.click(section("Delete account").getByRole("button", { name: "Delete account" }));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Delete your account?" }));
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByLabelText("Type your username, demo, to confirm"), "dem");
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByLabelText("Type your username, demo, to confirm"), "o");
    await user.click(confirm);

    // Home, signed out: the header offers Login again (the home page's chunk may take a moment on a busy machine).
    expect(await screen.findByRole("link", { name: "Login" }, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByText("Account deleted")).toBeVisible();
    expect(sent).toEqual([{ confirmUsername: "demo" }]);
  });

  it("turns marketing emails off and on with one switch", async () => {
    storeSessionFor(demoUser);
    const sent: unknown[] = [];
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/notifications/email-subscription": () => json({ subscribed: true }),
      "PUT /api/notifications/email-subscription": async (request) => {
        const body = (await request.json()) as { subscribed: boolean };
        sent.push(body);
        return json(body);
      },
    });
    const { user } = await renderApp("/account/profile");

    const marketing = await section("Email preferences").findByRole("switch", { name: "Marketing emails" });
    expect(marketing).toBeChecked();
    await user.click(marketing);

    expect(await screen.findByText("Marketing emails turned off")).toBeVisible();
    expect(marketing).not.toBeChecked();
    expect(sent).toEqual([{ subscribed: false }]);
  });
});
