import { INVALID_DOMAIN_MESSAGE } from "@contracts/explorations";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ScraperForm } from "./scraper-form";

function renderForm(busy = false) {
  const onScrape = vi.fn();
  const user = userEvent.setup();
  const { rerender } = render(<ScraperForm busy={busy} onScrape={onScrape} />);
  return {
    onScrape,
    user,
    field: screen.getByLabelText("Domain to explore"),
    scraping: screen.getByRole("switch", { name: "Website scraping" }),
    comprehensive: screen.getByRole("switch", { name: "Comprehensive data collection" }),
    setBusy: (next: boolean) => rerender(<ScraperForm busy={next} onScrape={onScrape} />),
  };
}

describe("domain scraper form", () => {
  it("starts empty with website scraping on, comprehensive collection off, and nothing to submit", () => {
    const { field, scraping, comprehensive } = renderForm();

    expect(field).toHaveValue("");
    expect(scraping).toBeChecked();
    expect(comprehensive).not.toBeChecked();
    expect(scraping).toHaveAccessibleDescription(/registration facts only/);
    expect(screen.getByRole("button", { name: "Scrape Domain" })).toBeDisabled();
  });

  it.each(["acme", "not a domain", "192.168.0.1", "acme.c0m", "-acme.test", `${"a".repeat(64)}.test`])(
    "keeps %j from being sent, with the hint as it is typed and the error once the field is left",
    async (typed) => {
      const { user, field } = renderForm();

      await user.type(field, typed);
      expect(screen.getByText(INVALID_DOMAIN_MESSAGE)).toBeVisible();
      expect(field).not.toHaveAttribute("aria-invalid");
      expect(screen.getByRole("button", { name: "Scrape Domain" })).toBeDisabled();

      await user.tab();
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription(INVALID_DOMAIN_MESSAGE);
    },
  );

  it("reduces a pasted address to its domain, says so, and sends it with the options", async () => {
    const { user, field, onScrape } = renderForm();

    await user.type(field, "  HTTPS://www.Acme-Corp.test/about/team?x=1 ");
    expect(screen.getByText("Explores acme-corp.test")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Scrape Domain" }));

    expect(onScrape).toHaveBeenCalledWith({ domain: "acme-corp.test", enableScraping: true, fullDataCollection: false });
  });

  it("sends the options as switched, and submits with Enter", async () => {
    const { user, field, scraping, comprehensive, onScrape } = renderForm();

    await user.click(scraping);
    await user.click(comprehensive);
    await user.type(field, "parked-domain.test{Enter}");

    expect(onScrape).toHaveBeenCalledWith({ domain: "parked-domain.test", enableScraping: false, fullDataCollection: true });
  });

  it("forgets the error when the field is cleared", async () => {
    const { user, field } = renderForm();
    await user.type(field, "acme");
    await user.tab();
    expect(field).toHaveAttribute("aria-invalid", "true");

    await user.clear(field);

    expect(field).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText(INVALID_DOMAIN_MESSAGE)).not.toBeInTheDocument();
  });

  it("disables every input while a scrape runs, and reads Scraping...", async () => {
    const { user, field, scraping, comprehensive, setBusy } = renderForm();
    await user.type(field, "acme-corp.test");

    setBusy(true);

    expect(field).toBeDisabled();
    expect(scraping).toBeDisabled();
    expect(comprehensive).toBeDisabled();
    expect(screen.getByRole("button", { name: "Scraping..." })).toBeDisabled();

    setBusy(false);
    expect(field).toBeEnabled();
    expect(screen.getByRole("button", { name: "Scrape Domain" })).toBeEnabled();
  });
});
