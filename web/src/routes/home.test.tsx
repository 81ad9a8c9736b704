import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { accessTokenFor, authUserFor, demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

describe("home page", () => {
  it("tells a visitor what MailScout does", async () => {
    mockNetwork({});
    await renderApp("/");

    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(/find the people behind its domain/);
    expect(screen.getByRole("heading", { name: "What MailScout does" })).toBeVisible();
  });

  it("signs a visitor in through the modal, which then closes", async () => {
    const accessToken = accessTokenFor(demoUser);
    mockNetwork({
      "POST /api/login": () =>
        json({ ...demoUser, session: { accessToken, refreshToken: "refresh-token", expiresAt: Math.floor(Date.now() / 1000) + 3600 } }, {
          headers: { Authorization: `Bearer ${accessToken}` },
        }),
      "GET /auth/v1/user": () => json(authUserFor(demoUser)),
    });
    const { user } = await renderApp("/");

    await user.click(await screen.findByRole("button", { name: "Sign in" }));
    const dialog = await screen.findByRole("dialog", { name: "Welcome to MailScout" });
    const form = within(dialog).getByRole("form", { name: "Login" });
    await user.type(within(form).getByLabelText("Email or username"), "demo@example.com");
    await user.type(within(form).getByLabelText("Password"), "mailscout-demo-2026");
    await user.click(within(form).getByRole("button", { name: "Login" }));

    expect(await screen.findByText("Welcome back!")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("heading", { name: "Welcome back, demo" })).toBeVisible();
  });

  it("opens the modal on the Register tab, with the password asked twice", async () => {
    mockNetwork({});
    const { user } = await renderApp("/");

    await user.click(await screen.findByRole("button", { name: "Create a free account" }));

    const dialog = await screen.findByRole("dialog", { name: "Welcome to MailScout" });
    expect(within(dialog).getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    expect(within(dialog).getByLabelText("Confirm password")).toBeVisible();
  });

  it("greets a signed-in user with their account", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser) });
    await renderApp("/");

    expect(await screen.findByRole("heading", { name: "Welcome back, demo" })).toBeVisible();
    expect(screen.getByText("demo@example.com")).toBeVisible();
    expect(screen.getByText("Member")).toBeVisible();
  });
});
