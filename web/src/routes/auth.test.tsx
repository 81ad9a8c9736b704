import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AUTH_TOKEN_STORAGE_KEY } from "@/features/auth";
import { accessTokenFor, authUserFor, demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

/** What POST /api/login and /api/register answer: the user, the session, and the token in the header. */
function signedInAnswer(status: number) {
  const accessToken = accessTokenFor(demoUser);
  const response = json(
    { ...demoUser, session: { accessToken, refreshToken: "refresh-token", expiresAt: Math.floor(Date.now() / 1000) + 3600 } },
    { status, headers: { Authorization: `Bearer ${accessToken}` } },
  );
  return { accessToken, response };
}

describe("auth screen", () => {
  it("advertises what an account gets", async () => {
    mockNetwork({});
    await renderApp("/login");

    for (const feature of [
      "Real-time validation",
      "Bulk validation up to 100,000 emails",
      "Domain scraping and contact discovery",
      "Contact management",
    ]) {
      expect(screen.getByText(feature)).toBeVisible();
    }
  });

  it("signs in, stores the token, says welcome and goes home half a second later", async () => {
    const { accessToken, response } = signedInAnswer(200);
    const fetchMock = mockNetwork({
      "POST /api/login": () => response,
      "GET /auth/v1/user": () => json(authUserFor(demoUser)),
    });
    const { user, router } = await renderApp("/login");
    const form = screen.getByRole("form", { name: "Login" });

    await user.type(within(form).getByLabelText("Username or email"), "demo");
    await user.type(within(form).getByLabelText("Password"), "mailscout-demo-2026");
    await user.click(within(form).getByRole("button", { name: "Login" }));

    expect(await screen.findByText("Welcome back!")).toBeVisible();
    expect(screen.getByText("You have successfully logged in.")).toBeVisible();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe(accessToken);
    expect(router.state.location.pathname).toBe("/login");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("button", { name: "Account menu for demo" })).toBeVisible();

    const loginCall = fetchMock.mock.calls.find(([url]) => String(url) === "/api/login");
    expect(loginCall?.[1]?.body).toBe('{"username":"demo","password":"mailscout-demo-2026"}');
  });

  it("shows the server's reason when the login fails, and stays put", async () => {
    mockNetwork({ "POST /api/login": () => json({ message: "Invalid credentials" }, { status: 401 }) });
    const { user, router } = await renderApp("/login");
    const form = screen.getByRole("form", { name: "Login" });

    await user.type(within(form).getByLabelText("Username or email"), "demo");
    await user.type(within(form).getByLabelText("Password"), "wrong-password");
    await user.click(within(form).getByRole("button", { name: "Login" }));

    expect(await screen.findByText("Login failed")).toBeVisible();
    expect(screen.getByText("Invalid credentials")).toBeVisible();
    expect(within(form).getByLabelText("Username or email")).toHaveValue("demo");
    expect(within(form).getByRole("button", { name: "Login" })).toBeEnabled();
    expect(router.state.location.pathname).toBe("/login");
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("keeps a lockout's wait on the form, in words", async () => {
    const wait = "Too many failed sign-ins with this username or email address. Please try again in 15 minutes.";
    mockNetwork({
      "POST /api/login": () => json({ message: wait }, { status: 429, headers: { "Retry-After": "900" } }),
    });
    const { user } = await renderApp("/login");
    const form = screen.getByRole("form", { name: "Login" });

    await user.type(within(form).getByLabelText("Username or email"), "demo");
    await user.type(within(form).getByLabelText("Password"), "mailscout-demo-2026");
    await user.click(within(form).getByRole("button", { name: "Login" }));

    expect(await within(form).findByRole("alert")).toHaveTextContent(wait);
    expect(await screen.findByText("Login failed")).toBeVisible();
  });

  it("opens on the Register tab at /register and creates the account", async () => {
    const { response } = signedInAnswer(201);
    mockNetwork({
      "POST /api/register": () => response,
      "GET /auth/v1/user": () => json(authUserFor(demoUser)),
    });
    const { user, router } = await renderApp("/register");

    expect(screen.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    const form = screen.getByRole("form", { name: "Register" });
    await user.type(within(form).getByLabelText("Username"), "demo");
    await user.type(within(form).getByLabelText("Email"), "demo@example.com");
    await user.type(within(form).getByLabelText("Password"), "mailscout-demo-2026");
    await user.click(within(form).getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("Account created!")).toBeVisible();
    expect(screen.getByText("Welcome to our platform.")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("shows a refusal the server pins on the password under the password field", async () => {
    const refusal = "Password is too common or easy to guess: add words or characters that aren't a pattern";
    mockNetwork({ "POST /api/register": () => json({ message: `password: ${refusal}` }, { status: 400 }) });
    const { user } = await renderApp("/register");
    const form = screen.getByRole("form", { name: "Register" });

    await user.type(within(form).getByLabelText("Username"), "someone");
    await user.type(within(form).getByLabelText("Email"), "someone@example.com");
    await user.type(within(form).getByLabelText("Password"), "password");
    await user.click(within(form).getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("Registration failed")).toBeVisible();
    await waitFor(() => expect(within(form).getByLabelText("Password")).toHaveAccessibleDescription(refusal));
  });

  it("says only that the account can't be created when registration conflicts", async () => {
    const conflict = "An account can't be created with these details. If you already have one, sign in.";
    mockNetwork({ "POST /api/register": () => json({ message: conflict }, { status: 409 }) });
    const { user } = await renderApp("/register");
    const form = screen.getByRole("form", { name: "Register" });

    await user.type(within(form).getByLabelText("Username"), "someone");
    await user.type(within(form).getByLabelText("Email"), "demo@example.com");
    await user.type(within(form).getByLabelText("Password"), "long-enough-password");
    await user.click(within(form).getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("Registration failed")).toBeVisible();
    expect(screen.getByText(conflict)).toBeVisible();
  });

  it.each(["/auth", "/login", "/register"])("sends a signed-in visitor from %s to the home page", async (path) => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser) });
    const { router } = await renderApp(path);

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(screen.queryByRole("form", { name: "Login" })).not.toBeInTheDocument();
  });
});
