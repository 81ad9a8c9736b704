import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ValidationForm } from "./validation-form";

function renderForm(props: { busy?: boolean; defaultEmail?: string } = {}) {
  const onValidate = vi.fn();
  const user = userEvent.setup();
  render(<ValidationForm busy={props.busy ?? false} defaultEmail={props.defaultEmail} onValidate={onValidate} />);
  const field = screen.getByLabelText("Enter an email address to validate");
  return { onValidate, user, field };
}

const errorText = "Please enter a valid email address";

describe("validation form", () => {
  it("asks for an address in an email field, with the submit button disabled while it is empty", () => {
    const { field } = renderForm();

    expect(field).toHaveAttribute("type", "email");
    expect(field).toHaveAttribute("placeholder", "someone@example.com");
    expect(screen.getByRole("button", { name: "Validate & Explore Domain" })).toBeDisabled();
  });

  it("judges the field only once it has lost focus, then while typing", async () => {
    const { user, field } = renderForm();

    await user.type(field, "not-an-address");
    expect(screen.queryByText(errorText)).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute("aria-invalid");

    await user.tab();
    expect(screen.getByText(errorText)).toBeVisible();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(errorText);

    await user.click(field);
    await user.type(field, "@example.com");
    expect(screen.queryByText(errorText)).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Valid" })).toBeVisible();
  });

  it("shows the green check for a valid address after focus leaves", async () => {
    const { user, field } = renderForm();

    await user.type(field, "someone@mailscout-demo.test");
    expect(screen.queryByRole("img", { name: "Valid" })).not.toBeInTheDocument();
    await user.tab();

    expect(screen.getByRole("img", { name: "Valid" })).toBeVisible();
    expect(field).not.toHaveAttribute("aria-invalid");
  });

  it("forgets that the field was touched when it is cleared", async () => {
    const { user, field } = renderForm();
    await user.type(field, "someone at example");
    await user.tab();
    expect(screen.getByText(errorText)).toBeVisible();

    await user.clear(field);
    expect(screen.queryByText(errorText)).not.toBeInTheDocument();
    await user.type(field, "still wrong");

    expect(screen.queryByText(errorText)).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute("aria-invalid");
  });

  it("sends the trimmed address, and says so when Enter submits a malformed one", async () => {
    const { user, field, onValidate } = renderForm();

    await user.type(field, "  someone@mailscout-demo.test {Enter}");
    expect(onValidate).toHaveBeenCalledWith("someone@mailscout-demo.test");

    await user.clear(field);
    await user.type(field, "a b@c.de{Enter}");
    expect(onValidate).toHaveBeenCalledTimes(1);
    expect(screen.getByText(errorText)).toBeVisible();
  });

  it("reads Processing... and stays disabled while a validation runs", () => {
    renderForm({ busy: true, defaultEmail: "someone@mailscout-demo.test" });

    expect(screen.getByRole("button", { name: "Processing..." })).toBeDisabled();
  });
});
