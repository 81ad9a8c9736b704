// The welcome popup through the real app: shown once right after a registration, in the popup's words, never again
// once closed, and not at all while an admin has it switched off.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { accessTokenFor, authUserFor, demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { welcomePopup } from "@/test/popups";
import { renderApp } from "@/test/render-app";
import { WELCOME_DUE_STORAGE_KEY } from "../welcome-due";

function registered() {
  const accessToken = accessTokenFor(demoUser);
  return json(
    { ...demoUser, session: { accessToken, refreshToken: "refresh-token", expiresAt: Math.floor(Date.now() / 1000) + 3600 } },
    { status: 201, headers: { Authorization: `Bearer ${accessToken}` } },
  );
}

async function register(welcome: () => Response) {
  let asked = 0;
  mockNetwork({
    "POST /api/register": registered,
    "GET /auth/v1/user": () => json(authUserFor(demoUser)),
    "GET /api/user": () => json(demoUser),
    "GET /api/support/tickets": () => json([]),
    "GET /api/admin/system-popups/welcome": () => {
      asked += 1;
      return welcome();
    },
  });
  const rendered = await renderApp("/register");
  const form = within(screen.getByRole("form", { name: "Register" }));
  await rendered.user.type(form.getByLabelText("Username"), "demo");
  await rendered.user.type(form.getByLabelText("Email"), "demo@example.com");
  await rendered.user.type(form.getByLabelText("Password"), "mailscout-demo-2026");
  await rendered.user.click(form.getByRole("button", { name: "Create account" }));
  return { ...rendered, asked: () => asked };
}

describe("welcome popup", { timeout: 15_000 }, () => {
  it("greets a new account once, right after registration, as plain text", async () => {
    const { user, unmount } = await register(() => json({ ...welcomePopup, content: "<i>Ready</i> to go" }));

    const dialog = within(await screen.findByRole("dialog", { name: "Welcome to MailScout!" }));
    expect(dialog.getByText("<i>Ready</i> to go")).toBeVisible();
    expect(dialog.getByText("Validate addresses one at a time or in bulk")).toHaveClass("font-semibold");
    expect(dialog.getByRole("button", { name: "Get Started" })).toBeVisible();

    await user.click(dialog.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(localStorage.getItem(WELCOME_DUE_STORAGE_KEY)).toBeNull();

    unmount();
    storeSessionFor(demoUser);
    await renderApp("/");
    expect(await screen.findByRole("heading", { level: 1 })).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Welcome to MailScout!" })).not.toBeInTheDocument();
  });

  it("is not shown, and not owed, while an admin has it switched off", async () => {
    const { asked } = await register(() => json({ message: "Popup not found" }, { status: 404 }));

    await waitFor(() => expect(asked()).toBe(1));
    await waitFor(() => expect(localStorage.getItem(WELCOME_DUE_STORAGE_KEY)).toBeNull());
    expect(screen.queryByRole("dialog", { name: "Welcome to MailScout!" })).not.toBeInTheDocument();
  });

  it("is not shown to someone who signs in without registering", async () => {
    storeSessionFor(demoUser);
    const fetchMock = mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/support/tickets": () => json([]),
    });
    await renderApp("/");
    expect(await screen.findByRole("heading", { level: 1 })).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/welcome"))).toBe(false);
  });
});
