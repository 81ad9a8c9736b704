import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockNetwork } from "@/test/network";
import { renderWithAuth } from "@/test/render-app";
import { AuthTabs } from "./auth-tabs";

const ignore = () => {};

// No request may leave a form that failed validation: mockNetwork with no routes fails on any fetch.
function renderTabs(variant: "page" | "dialog", defaultTab: "login" | "register") {
  const fetchMock = mockNetwork({});
  const rendered = renderWithAuth(<AuthTabs variant={variant} defaultTab={defaultTab} onSignedIn={ignore} />);
  return { ...rendered, fetchMock };
}

describe("login form", () => {
  it("on the auth page, asks for the username and the password", async () => {
    const { user, fetchMock } = renderTabs("page", "login");
    const form = screen.getByRole("form", { name: "Login" });

    await user.click(within(form).getByRole("button", { name: "Login" }));

    const identifier = within(form).getByLabelText("Username or email");
    expect(identifier).toHaveAccessibleDescription("Username is required");
    expect(identifier).toHaveAttribute("aria-invalid", "true");
    expect(identifier).toHaveFocus();
    expect(within(form).getByLabelText("Password")).toHaveAccessibleDescription("Password is required");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("in the modal, asks for the email", async () => {
    const { user } = renderTabs("dialog", "login");
    const form = screen.getByRole("form", { name: "Login" });

    await user.type(within(form).getByLabelText("Password"), "secret");
    await user.click(within(form).getByRole("button", { name: "Login" }));

    expect(within(form).getByLabelText("Email or username")).toHaveAccessibleDescription("Email is required");
    expect(within(form).getByLabelText("Password")).not.toHaveAttribute("aria-invalid");
  });
});

describe("register form", () => {
  it("names each rule a field breaks", async () => {
    const { user, fetchMock } = renderTabs("page", "register");
    const form = screen.getByRole("form", { name: "Register" });

    await user.type(within(form).getByLabelText("Username"), "ab");
    await user.type(within(form).getByLabelText("Email"), "not-an-email");
    await user.type(within(form).getByLabelText("Password"), "short");
    await user.click(within(form).getByRole("button", { name: "Create account" }));

    expect(within(form).getByLabelText("Username")).toHaveAccessibleDescription(
      "Username must be at least 3 characters",
    );
    expect(within(form).getByLabelText("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    expect(within(form).getByLabelText("Password")).toHaveAccessibleDescription(
      "Password must be at least 8 characters",
    );
    expect(within(form).queryByLabelText("Confirm password")).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the username and password rules as hints before they are broken", () => {
    renderTabs("page", "register");
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription(
      "3 to 30 characters: letters A-Z, digits, dots, hyphens and underscores.",
    );
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      "At least 8 characters (at most 72 bytes), not your username or email, and not a common or easily guessed password.",
    );
  });

  it("refuses a username with \"@\" and one outside the rule, without asking the server", async () => {
    const { user, fetchMock } = renderTabs("page", "register");
    const form = screen.getByRole("form", { name: "Register" });
    await user.type(within(form).getByLabelText("Username"), "someone@example.com");
    await user.click(within(form).getByRole("button", { name: "Create account" }));
    expect(within(form).getByLabelText("Username")).toHaveAccessibleDescription(
      'Username can\'t contain "@"; sign in with your email address instead',
    );
    await user.clear(within(form).getByLabelText("Username"));
    await user.type(within(form).getByLabelText("Username"), "josé");
    await user.click(within(form).getByRole("button", { name: "Create account" }));
    expect(within(form).getByLabelText("Username")).toHaveAccessibleDescription(
      "Username may contain only letters A-Z, digits, dots, hyphens and underscores",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("counts the password's length in bytes, and refuses the username as the password", async () => {
    const { user } = renderTabs("page", "register");
    const form = screen.getByRole("form", { name: "Register" });
    await user.type(within(form).getByLabelText("Username"), "grace");
    await user.type(within(form).getByLabelText("Email"), "grace@example.com");
    await user.type(within(form).getByLabelText("Password"), "é".repeat(52));
    await user.click(within(form).getByRole("button", { name: "Create account" }));
    expect(within(form).getByLabelText("Password")).toHaveAccessibleDescription(
      "Password must be at most 72 bytes (accented letters and symbols take 2 to 4 bytes each)",
    );
    await user.clear(within(form).getByLabelText("Password"));
    await user.type(within(form).getByLabelText("Password"), "GRACE@example.com");
    await user.click(within(form).getByRole("button", { name: "Create account" }));
    expect(within(form).getByLabelText("Password")).toHaveAccessibleDescription(
      "Password must not be your username or email address",
    );
  });

  it("in the modal, asks for the password twice", async () => {
    const { user } = renderTabs("dialog", "register");
    const form = screen.getByRole("form", { name: "Register" });

    await user.type(within(form).getByLabelText("Password"), "long-enough-password");
    await user.click(within(form).getByRole("button", { name: "Create account" }));
    expect(within(form).getByLabelText("Confirm password")).toHaveAccessibleDescription(
      "Please confirm your password",
    );

    await user.type(within(form).getByLabelText("Confirm password"), "a-different-password");
    await user.click(within(form).getByRole("button", { name: "Create account" }));
    expect(within(form).getByLabelText("Confirm password")).toHaveAccessibleDescription("Passwords don't match");
  });
});
