import { REASON_CODES, type ValidationResult } from "@contracts/validation";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithAuth } from "@/test/render-app";
import { badSyntaxResult, deliverableResult, nullMxResult, typoResult } from "@/test/validation-results";
import { REASON_TEXTS } from "../verdict-texts";
import { type ValidationState, ValidationResultCard } from "./validation-result-card";

function renderCard(state: ValidationState) {
  const onValidateSuggestion = vi.fn();
  renderWithAuth(<ValidationResultCard state={state} onValidateSuggestion={onValidateSuggestion} />);
  const card = within(screen.getByRole("region", { name: "Validation Result" }));
  return { card, onValidateSuggestion };
}

function checkValue(card: ReturnType<typeof within>, name: string) {
  return card.getByText(name, { selector: "dt" }).nextElementSibling;
}

describe("validation result card", () => {
  it("waits for input with a hint", () => {
    const { card } = renderCard({ status: "idle" });

    expect(card.getByRole("status")).toHaveTextContent("Waiting for input");
    expect(card.getByText("No results yet")).toBeVisible();
    expect(card.getByText("Enter an email address and click the validate button to see results here.")).toBeVisible();
  });

  it("says it is validating, and is busy", () => {
    const { card } = renderCard({ status: "validating", email: "someone@mailscout-demo.test" });

    expect(card.getByRole("status")).toHaveTextContent("Validating...");
    expect(card.getByText("someone@mailscout-demo.test")).toBeVisible();
    expect(card.queryByText("No results yet")).not.toBeInTheDocument();
  });

  it("shows a deliverable address with its checks, mail servers, flags and scores", () => {
    const { card } = renderCard({ status: "done", result: deliverableResult() });

    expect(card.getByRole("status")).toHaveTextContent("Valid");
    expect(card.getByText("VALID EMAIL")).toBeVisible();
    expect(checkValue(card, "Format")).toHaveTextContent("VALID");
    expect(checkValue(card, "MX Records")).toHaveTextContent("FOUND");
    expect(checkValue(card, "Deliverable")).toHaveTextContent("Likely");
    expect(card.getByText("Deliverable", { selector: "span" })).toBeVisible();
    expect(card.getByText("Mail to this address should arrive.")).toBeVisible();
    expect(card.queryByRole("list", { name: "Reasons" })).not.toBeInTheDocument();

    const servers = card.getAllByRole("row").slice(1).map((row) => row.textContent);
    expect(servers).toEqual(["mx1.mailscout-demo.test10", "mx2.mailscout-demo.test20"]);
    expect(checkValue(card, "Disposable")).toHaveTextContent("No");
    expect(checkValue(card, "Role account")).toHaveTextContent("No");
    expect(checkValue(card, "Free provider")).toHaveTextContent("No");
    expect(card.getByRole("meter", { name: "Deliverability score" })).toHaveAttribute("aria-valuenow", "95");
    expect(card.getByRole("meter", { name: "Risk score" })).toHaveAttribute("aria-valuenow", "5");
  });

  it("shows an address whose domain refuses mail as invalid, with the reason in plain words", () => {
    const { card } = renderCard({ status: "done", result: nullMxResult() });

    expect(card.getByRole("status")).toHaveTextContent("Invalid");
    expect(card.getByText("INVALID EMAIL")).toBeVisible();
    expect(checkValue(card, "Format")).toHaveTextContent("VALID");
    expect(checkValue(card, "MX Records")).toHaveTextContent("NO MX RECORDS");
    expect(checkValue(card, "Deliverable")).toHaveTextContent("Unlikely");
    expect(card.getByText("Undeliverable", { selector: "span" })).toBeVisible();
    expect(within(card.getByRole("list", { name: "Reasons" })).getByRole("listitem")).toHaveTextContent(
      REASON_TEXTS.null_mx,
    );
    expect(card.queryByRole("table")).not.toBeInTheDocument();
  });

  it("marks a malformed address as INVALID FORMAT", () => {
    const { card } = renderCard({ status: "done", result: badSyntaxResult() });

    expect(checkValue(card, "Format")).toHaveTextContent("INVALID FORMAT");
    expect(card.getByText(REASON_TEXTS.invalid_syntax)).toBeVisible();
  });

  it("lists the flags that are set and every reason of a risky address", () => {
    const result: ValidationResult = {
      ...deliverableResult("info@mailinator.com"),
      verdict: "risky",
      reasons: ["disposable", "role_account"],
      disposable: true,
      roleAccount: true,
    };
    const { card } = renderCard({ status: "done", result });

    expect(card.getByText("Risky", { selector: "span" })).toBeVisible();
    const reasons = within(card.getByRole("list", { name: "Reasons" })).getAllByRole("listitem");
    expect(reasons.map((item) => item.textContent)).toEqual([REASON_TEXTS.disposable, REASON_TEXTS.role_account]);
    expect(checkValue(card, "Disposable")).toHaveTextContent("Yes");
    expect(checkValue(card, "Role account")).toHaveTextContent("Yes");
  });

  it("offers a typo's correction in one click", async () => {
    const { card, onValidateSuggestion } = renderCard({ status: "done", result: typoResult() });

    await userEvent.click(card.getByRole("button", { name: "Did you mean someone@gmail.com?" }));

    expect(onValidateSuggestion).toHaveBeenCalledWith("someone@gmail.com");
  });

  it("says a failed validation failed", () => {
    const { card } = renderCard({ status: "failed", limitReached: false });

    expect(card.getByRole("status")).toHaveTextContent("Invalid");
    expect(card.getByText("This address could not be validated. Please try again.")).toBeVisible();
  });

  it("says the server's reason when it refused the caller, e.g. too many validations a minute", () => {
    const refusal = "Too many validations: at most 120 a minute. Please try again in 1 minute.";
    const { card } = renderCard({ status: "failed", limitReached: false, refusal });

    expect(card.getByText(refusal)).toBeVisible();
    expect(card.queryByText(/Please try again\.$/)).not.toBeInTheDocument();
  });

  it("says when the free limit is why a validation was refused", () => {
    const { card } = renderCard({ status: "failed", limitReached: true });

    expect(card.getByText(/used this month's free validations/)).toBeVisible();
  });

  it("has a distinct plain sentence for every reason code", () => {
    const sentences = REASON_CODES.map((code) => REASON_TEXTS[code]);

    expect(new Set(sentences).size).toBe(REASON_CODES.length);
    for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z].+\.$/);
  });
});
