import { WEBSITE_STATUSES, type ScrapeResult } from "@contracts/explorations";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithAuth } from "@/test/render-app";
import { companyResult, emptyResult, scriptShellResult } from "@/test/scrape-results";
import { COPY_INDICATOR_MS } from "@/components/ui/copy-email-button";
import { type ExplorationState, ExplorationPanel } from "./exploration-panel";

function renderPanel(state: ExplorationState) {
  const user = userEvent.setup();
  // The cards' save button asks who is signed in; nobody is, so it stays hidden.
  renderWithAuth(<ExplorationPanel state={state} />);
  const panel = within(screen.getByRole("region", { name: "Domain Exploration" }));
  return { panel, user };
}

function complete(result: ScrapeResult) {
  return renderPanel({ status: "complete", result });
}

function emailList(panel: ReturnType<typeof within>) {
  return within(panel.getByRole("list", { name: "Discovered email addresses" }))
    .getAllByRole("article")
    .map((card) => card.getAttribute("aria-label"));
}

function notifications() {
  return within(screen.getByRole("region", { name: /Notifications/ }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("domain exploration panel", () => {
  it.each([["idle"], ["waiting"]] as const)("shows nothing explored while %s", (status) => {
    const { panel } = renderPanel({ status });

    expect(panel.getByRole("status")).toHaveTextContent("Waiting for validation");
    expect(panel.getByText("No domain explored yet")).toBeVisible();
    expect(panel.queryByRole("tablist")).not.toBeInTheDocument();
  });

  it("says it is scraping, and which domain, while busy", () => {
    const { panel } = renderPanel({ status: "scraping", domain: "acme-corp.test" });

    expect(panel.getByRole("status")).toHaveTextContent("Scraping...");
    expect(panel.getByText("acme-corp.test")).toBeVisible();
    expect(panel.queryByText("No domain explored yet")).not.toBeInTheDocument();
    expect(panel.getByText(/Exploring/).closest("[aria-busy]")).toHaveAttribute("aria-busy", "true");
  });

  it("says a failed exploration failed, and when the free allowance is why", () => {
    const { panel } = renderPanel({ status: "failed", limitReached: false });
    expect(panel.getByRole("status")).toHaveTextContent("Error");
    expect(panel.getByText("This domain could not be explored. Please try again.")).toBeVisible();

    cleanup();
    const limited = renderPanel({ status: "failed", limitReached: true });
    expect(limited.panel.getByText(/used this month's free validations/)).toBeVisible();

    cleanup();
    const refusal = "Too many explorations: at most 10 a minute. Please try again in 1 minute.";
    const throttled = renderPanel({ status: "failed", limitReached: false, refusal });
    expect(throttled.panel.getByText(refusal)).toBeVisible();
  });

  it("announces a scraped domain with its count, and opens on the Emails tab", () => {
    const { panel } = complete(companyResult());

    expect(panel.getByRole("status")).toHaveTextContent("Complete");
    const banner = panel.getByText("DOMAIN SCRAPED").closest("[aria-live]");
    expect(banner).toHaveAttribute("aria-live", "polite");
    expect(banner).toHaveTextContent("acme-corp.test");
    expect(banner).toHaveTextContent("7 email(s) found");
    expect(panel.getByRole("tab", { name: "Emails" })).toHaveAttribute("aria-selected", "true");
    expect(panel.getByRole("heading", { name: "Discovered Email Addresses" })).toBeVisible();
    expect(panel.getByText("7 of 7 found")).toBeVisible();
    expect(panel.queryByRole("note", { name: "Website status" })).not.toBeInTheDocument();
  });

  it("opens on the Domain Info tab when no address was found, and says so on the Emails tab", async () => {
    const { panel, user } = complete({ ...companyResult(), emails: [] });

    expect(panel.getByText("No emails found")).toBeVisible();
    expect(panel.getByRole("tab", { name: "Domain Info" })).toHaveAttribute("aria-selected", "true");
    expect(panel.getByText("Fixture Registrar, Inc.")).toBeVisible();

    await user.click(panel.getByRole("tab", { name: "Emails" }));

    expect(panel.getByText("0 of 0 found")).toBeVisible();
    expect(panel.getByText("No email addresses found on this domain.")).toBeVisible();
    expect(panel.queryByRole("searchbox")).not.toBeInTheDocument();
  });

  it("lists the first three addresses, then the rest on request, and folds them again", async () => {
    const { panel, user } = complete(companyResult());

    expect(emailList(panel)).toEqual(["jane.doe@acme-corp.test", "john.smith@acme-corp.test", "maria.garcia@acme-corp.test"]);

    await user.click(panel.getByRole("button", { name: "Show more (4)" }));
    expect(emailList(panel)).toHaveLength(7);
    expect(emailList(panel).at(-1)).toBe("info@acme-corp.test");

    await user.click(panel.getByRole("button", { name: "Show less" }));
    expect(emailList(panel)).toHaveLength(3);
  });

  it("shows each address with its person, position, phone and the page it was found on", () => {
    const result = companyResult();
    const info = result.emails.at(-1)!;
    const { panel } = complete({ ...result, emails: [result.emails[0]!, info] });

    const jane = within(panel.getByRole("article", { name: "jane.doe@acme-corp.test" }));
    expect(jane.getByText("Jane Doe")).toBeVisible();
    expect(jane.getByText("Chief Executive Officer")).toBeVisible();
    const source = jane.getByRole("link", { name: "acme-corp.test/about/team" });
    expect(source).toHaveAttribute("href", "https://acme-corp.test/about/team");
    expect(source).toHaveAttribute("target", "_blank");
    expect(source).toHaveAttribute("rel", "noopener noreferrer nofollow");

    const general = within(panel.getByRole("article", { name: "info@acme-corp.test" }));
    expect(general.getByRole("link", { name: "+14155550100" })).toHaveAttribute("href", "tel:+14155550100");
    expect(general.getByRole("link", { name: "acme-corp.test/contact" })).toBeVisible();
    expect(general.queryByText("Other domain")).not.toBeInTheDocument();
    expect(panel.queryByRole("button", { name: /save/i })).not.toBeInTheDocument();
  });

  it("marks an address at another domain, and never links a found-on that is not a web page", () => {
    const result = companyResult();
    const partner = {
      ...result.emails[0]!,
      id: "partner",
      email: "press@agency.test",
      foundOn: "javascript:alert(1)",
      external: true,
    };
    const { panel } = complete({ ...result, emails: [partner] });

    const card = within(panel.getByRole("article", { name: "press@agency.test" }));
    expect(card.getByText("Other domain")).toBeVisible();
    expect(card.getByText("javascript:alert(1)")).toBeVisible();
    expect(card.queryByRole("link", { name: /javascript/ })).not.toBeInTheDocument();
  });

  it("finds a person by first and last name, by initials, and says when nobody matches", async () => {
    const { panel, user } = complete(companyResult());
    const search = panel.getByRole("searchbox", { name: "Search by name" });

    await user.type(search, "John Smith");
    expect(panel.getByText("1 of 7 found")).toBeVisible();
    expect(emailList(panel)).toEqual(["john.smith@acme-corp.test"]);

    await user.clear(search);
    await user.type(search, "w c");
    expect(emailList(panel)).toEqual(["wei.chen@acme-corp.test"]);

    await user.clear(search);
    await user.type(search, "Maria G");
    expect(emailList(panel)).toEqual(["maria.garcia@acme-corp.test"]);
    expect(panel.queryByRole("button", { name: /Show more/ })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, "Nobody Here");
    expect(panel.getByText("0 of 7 found")).toBeVisible();
    expect(panel.getByText('No emails match "Nobody Here". Try different search terms.')).toBeVisible();
  });

  it("copies an address, with a check mark and a toast that last two seconds", async () => {
    const { panel } = complete(companyResult());
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

    await act(async () => fireEvent.click(panel.getByRole("button", { name: "Copy jane.doe@acme-corp.test" })));

    expect(await navigator.clipboard.readText()).toBe("jane.doe@acme-corp.test");
    expect(panel.getByRole("button", { name: "Copied jane.doe@acme-corp.test" })).toBeVisible();
    expect(notifications().getByText("Copied to clipboard")).toBeVisible();
    expect(notifications().getByText("jane.doe@acme-corp.test")).toBeVisible();

    act(() => vi.advanceTimersByTime(COPY_INDICATOR_MS - 1));
    expect(panel.getByRole("button", { name: "Copied jane.doe@acme-corp.test" })).toBeVisible();
    expect(notifications().queryByText("Copied to clipboard")).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(panel.getByRole("button", { name: "Copy jane.doe@acme-corp.test" })).toBeVisible();
    expect(notifications().queryByText("Copied to clipboard")).not.toBeInTheDocument();
  });

  it("says so when the browser refuses to copy", async () => {
    const { panel, user } = complete(companyResult());
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("Denied", "NotAllowedError"));

    await user.click(panel.getByRole("button", { name: "Copy jane.doe@acme-corp.test" }));

    expect(notifications().getByText("Could not copy")).toBeVisible();
    expect(panel.getByRole("button", { name: "Copy jane.doe@acme-corp.test" })).toBeVisible();
  });

  it("warns about a site drawn by scripts, with recommendations, folded tips and a way to open it", async () => {
    const { panel, user } = complete(scriptShellResult());
    await user.click(panel.getByRole("tab", { name: "Emails" }));

    const warning = within(panel.getByRole("region", { name: "Potential Scraping Limitations Detected" }));
    expect(warning.getByText(/draws its content with JavaScript/)).toBeVisible();
    expect(within(warning.getByRole("list", { name: "Recommendations" })).getByRole("listitem")).toHaveTextContent(
      "Open the site in a browser and look at its contact page.",
    );
    const tipsButton = warning.getByRole("button", { name: "Manual Exploration Tips" });
    expect(tipsButton).toHaveAttribute("aria-expanded", "false");
    expect(warning.getByText("Check the footer for addresses.")).not.toBeVisible();

    await user.click(tipsButton);
    expect(tipsButton).toHaveAttribute("aria-expanded", "true");
    expect(warning.getByText("Check the footer for addresses.")).toBeVisible();

    const open = warning.getByRole("link", { name: "Open Website in New Tab" });
    expect(open).toHaveAttribute("href", "https://js-shell.test/");
    expect(open).toHaveAttribute("target", "_blank");
  });

  it("warns about a website builder's site too, but not about an ordinary one", async () => {
    const builder = scriptShellResult("builder-site.test");
    const { panel, user } = complete({
      ...builder,
      detectedTechnologies: { ...builder.detectedTechnologies, hasJavaScriptRendering: false, hasWebsiteBuilder: true },
    });
    await user.click(panel.getByRole("tab", { name: "Emails" }));
    expect(panel.getByText(/made with a website builder/)).toBeVisible();

    cleanup();
    const ordinary = complete(companyResult());
    expect(ordinary.panel.queryByText("Potential Scraping Limitations Detected")).not.toBeInTheDocument();
  });

  it("shows the domain's registration, address pattern, website analysis and contact information", async () => {
    const { panel, user } = complete(companyResult());

    await user.click(panel.getByRole("tab", { name: "Domain Info" }));

    const fact = (name: string) => panel.getByText(name, { selector: "dt" }).nextElementSibling;
    expect(panel.getByRole("heading", { name: "Domain Information" })).toBeVisible();
    expect(fact("Domain")).toHaveTextContent("acme-corp.test");
    expect(fact("Registrar")).toHaveTextContent("Fixture Registrar, Inc.");
    expect(fact("Created")).toHaveTextContent("April 17, 2009");
    expect(fact("Expires")).toHaveTextContent("April 17, 2031");
    expect(fact("Address pattern")).toHaveTextContent("{first}.{last}@acme-corp.test");
    expect(fact("Address pattern")).toHaveTextContent("100% confidence, from 6 named addresses");
    expect(fact("Description")).toHaveTextContent("Acme Corp makes anvils");

    expect(panel.getByRole("heading", { name: "Website Analysis" })).toBeVisible();
    expect(fact("Status")).toHaveTextContent("Live");
    const technologies = within(panel.getByRole("list", { name: "Technologies" })).getAllByRole("listitem");
    expect(technologies.map((item) => item.textContent)).toEqual(["WordPress", "Google Tag Manager", "Cloudflare"]);
    expect(fact("JavaScript rendering")).toHaveTextContent("No");
    expect(fact("Website builder")).toHaveTextContent("No");
    expect(fact("Pages read")).toHaveTextContent("3");

    expect(panel.getByRole("heading", { name: "Contact Information" })).toBeVisible();
    expect(fact("Address")?.querySelector("address")).toHaveClass("whitespace-pre-line");
    expect(fact("Address")?.querySelector("address")?.textContent).toBe("100 Market Street\nSuite 300\nSpringfield, IL 62701");
    expect(within(fact("Phone") as HTMLElement).getByRole("link")).toHaveAttribute("href", "tel:+14155550100");
    const socials = within(panel.getByRole("list", { name: "Social media" }));
    expect(socials.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("href", "https://www.linkedin.com/company/acme-corp");
    expect(socials.getByRole("link", { name: /X \(Twitter\)/ })).toHaveAttribute("target", "_blank");
  });

  it("says when nothing is known about the domain", () => {
    const { panel } = complete(emptyResult("quiet.test", "inactive", "The server shows only its default page."));

    expect(panel.getByText("No domain information available.")).toBeVisible();
    expect(panel.queryByRole("heading", { name: "Domain Information" })).not.toBeInTheDocument();
  });

  const notices: Record<(typeof WEBSITE_STATUSES)[number], string | null> = {
    live: null,
    down: "Down/Inactive",
    parked: "Parked Domain",
    inactive: "Inactive",
    validation_only: "Email Validation Only",
    error: "Error",
  };

  it.each(WEBSITE_STATUSES.map((status) => [status, notices[status]] as const))(
    "shows the %s website status notice: %s",
    (status, title) => {
      const { panel } = complete(emptyResult("some-site.test", status, `Why it is ${status}.`));

      if (title === null) {
        expect(panel.queryByRole("note", { name: "Website status" })).not.toBeInTheDocument();
        return;
      }
      const notice = within(panel.getByRole("note", { name: "Website status" }));
      expect(notice.getByText(title)).toBeVisible();
      expect(notice.getByText(`Why it is ${status}.`)).toBeVisible();
    },
  );

  it("says when the answer is partial because the site was slow", () => {
    const { panel } = complete({ ...companyResult(), partial: true });

    expect(panel.getByText(/The site was slow to answer/)).toBeVisible();
  });

  it("moves between the tabs with the keyboard", async () => {
    const { panel, user } = complete(companyResult());

    await user.tab();
    expect(panel.getByRole("tab", { name: "Emails" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");

    expect(panel.getByRole("tab", { name: "Domain Info" })).toHaveFocus();
    expect(panel.getByRole("tab", { name: "Domain Info" })).toHaveAttribute("aria-selected", "true");
    expect(panel.getByRole("tabpanel", { name: "Domain Info" })).toBeVisible();
  });
});
