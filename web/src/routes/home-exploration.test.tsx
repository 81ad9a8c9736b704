// Domain exploration as a visitor meets it on the home page: after a valid validation, and from the scraper form.
import type { ScrapeResult } from "@contracts/explorations";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { anonymousSession, storeTestSessionId, upgradePopup } from "@/test/anonymous";
import { json, mockNetwork } from "@/test/network";
import { renderApp } from "@/test/render-app";
import { companyResult, emptyResult } from "@/test/scrape-results";
import { deliverableResult, nullMxResult } from "@/test/validation-results";

type User = Awaited<ReturnType<typeof renderApp>>["user"];

/** The panel; `hidden` finds it while a dialog hides the rest of the page from the accessibility tree. */
function panel({ hidden = false } = {}) {
  return within(screen.getByRole("region", { name: "Domain Exploration", hidden }));
}

function notifications() {
  return within(screen.getByRole("region", { name: /Notifications/, hidden: true }));
}

async function validate(user: User, email: string) {
  const field = await screen.findByLabelText("Enter an email address to validate");
  await user.clear(field);
  await user.type(field, email);
  await user.click(screen.getByRole("button", { name: "Validate & Explore Domain" }));
}

async function scrapeWithForm(user: User, domain: string) {
  const field = await screen.findByLabelText("Domain to explore");
  await user.clear(field);
  await user.type(field, domain);
  await user.click(screen.getByRole("button", { name: "Scrape Domain" }));
}

/** An answer the test releases when it has looked at the waiting screen. */
function heldAnswer() {
  let release: (response: Response) => void = () => {};
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { answer, release };
}

const anonymousRoutes = {
  "GET /api/anonymous/session": () => json(anonymousSession()),
  "POST /api/anonymous/update-usage": () => json(anonymousSession({ validationsUsed: 1 })),
};

describe("domain exploration on the home page", () => {
  it("explores a valid address's domain straight away, saying so at each step", async () => {
    const sessionId = storeTestSessionId();
    const validation = heldAnswer();
    const exploration = heldAnswer();
    const fetchMock = mockNetwork({
      ...anonymousRoutes,
      "POST /api/validate-email": () => validation.answer,
      "POST /api/scrape-domain": () => exploration.answer,
    });
    const { user, queryClient } = await renderApp("/");

    await validate(user, "someone@acme-corp.test");
    expect(panel().getByRole("status")).toHaveTextContent("Waiting for validation");
    expect(panel().getByText("No domain explored yet")).toBeVisible();

    validation.release(json(deliverableResult("someone@acme-corp.test")));
    expect(await panel().findByText("Scraping...")).toBeVisible();
    expect(panel().getByText("acme-corp.test")).toBeVisible();

    exploration.release(json(companyResult()));
    expect(await panel().findByText("DOMAIN SCRAPED")).toBeVisible();
    expect(panel().getByRole("status")).toHaveTextContent("Complete");
    expect(panel().getByText("7 email(s) found")).toBeVisible();
    expect(panel().getByRole("article", { name: "jane.doe@acme-corp.test" })).toBeVisible();

    const scrape = fetchMock.mock.calls.find(([url]) => String(url) === "/api/scrape-domain");
    expect(JSON.parse(String(scrape?.[1]?.body))).toEqual({ domain: "acme-corp.test" });
    expect(new Headers(scrape?.[1]?.headers).get("X-Session-ID")).toBe(sessionId);
    // The automatic exploration is the validation's own follow-up: no toast, no usage report of its own.
    expect(screen.queryByText("Domain Scraped Successfully")).not.toBeInTheDocument();
    // (Counted as mutations, which exist from the moment a report is asked for, before its request goes out.)
    const reports = queryClient
      .getMutationCache()
      .getAll()
      .filter((mutation) => (mutation.state.variables as { validationsUsed?: number } | undefined)?.validationsUsed);
    expect(reports).toHaveLength(1);
  });

  it("does not explore the domain of an invalid address", async () => {
    const fetchMock = mockNetwork({
      ...anonymousRoutes,
      "POST /api/validate-email": () => json(nullMxResult()),
    });
    const { user } = await renderApp("/");

    await validate(user, "someone@null-mx.test");

    expect(await screen.findByText("INVALID EMAIL")).toBeVisible();
    expect(panel().getByRole("status")).toHaveTextContent("Waiting for validation");
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain("/api/scrape-domain");
  });

  it("clears the earlier exploration as soon as a new validation starts", async () => {
    const second = heldAnswer();
    let validations = 0;
    mockNetwork({
      ...anonymousRoutes,
      "POST /api/validate-email": () => {
        validations += 1;
        return validations === 1 ? json(deliverableResult("someone@acme-corp.test")) : second.answer;
      },
      "POST /api/scrape-domain": () => json(companyResult()),
    });
    const { user } = await renderApp("/");
    await validate(user, "someone@acme-corp.test");
    expect(await panel().findByText("DOMAIN SCRAPED")).toBeVisible();

    await validate(user, "other@acme-corp.test");

    expect(panel().getByRole("status")).toHaveTextContent("Waiting for validation");
    expect(panel().queryByText("DOMAIN SCRAPED")).not.toBeInTheDocument();
    expect(panel().getByText("No domain explored yet")).toBeVisible();
    second.release(json(nullMxResult("other@acme-corp.test")));
    expect(await screen.findByText("INVALID EMAIL")).toBeVisible();
    expect(panel().getByText("No domain explored yet")).toBeVisible();
  });

  it("ignores an exploration that answers after a new validation started", async () => {
    const firstExploration = heldAnswer();
    mockNetwork({
      ...anonymousRoutes,
      "POST /api/validate-email": async (request) => {
        const { email } = (await request.json()) as { email: string };
        return json(email.startsWith("someone@") ? deliverableResult(email) : nullMxResult(email));
      },
      "POST /api/scrape-domain": () => firstExploration.answer,
    });
    const { user, queryClient } = await renderApp("/");
    await validate(user, "someone@acme-corp.test");
    expect(await panel().findByText("Scraping...")).toBeVisible();

    await validate(user, "other@null-mx.test");
    expect(await screen.findByText("INVALID EMAIL")).toBeVisible();
    firstExploration.release(json(companyResult()));

    // The stale exploration has run to its end, answer parsed, before the panel is looked at.
    const staleExploration = () =>
      queryClient
        .getMutationCache()
        .getAll()
        .find((mutation) => (mutation.state.variables as { domain?: string } | undefined)?.domain === "acme-corp.test");
    await waitFor(() => expect(staleExploration()?.state.status).toBe("success"));
    expect(panel().getByRole("status")).toHaveTextContent("Waiting for validation");
    expect(panel().queryByText("DOMAIN SCRAPED")).not.toBeInTheDocument();
  });

  it.each([
    [json({ message: "The exploration failed: the site took too long" }, { status: 502 }), "The exploration failed: the site took too long"],
    [new Response("<html>Bad Gateway</html>", { status: 502 }), "Could not scrape domain. The website may be protected against scraping."],
  ])("toasts a failed automatic exploration and marks it an error (%#)", async (response, message) => {
    mockNetwork({
      ...anonymousRoutes,
      "POST /api/validate-email": () => json(deliverableResult("someone@acme-corp.test")),
      "POST /api/scrape-domain": () => response,
    });
    const { user } = await renderApp("/");

    await validate(user, "someone@acme-corp.test");

    expect(await notifications().findByText("Scraping failed")).toBeVisible();
    expect(notifications().getByText(message)).toBeVisible();
    expect(panel().getByRole("status")).toHaveTextContent("Error");
  });

  it("explores a domain from the scraper form with its options, and toasts what it found", async () => {
    const scrape = heldAnswer();
    const fetchMock = mockNetwork({ ...anonymousRoutes, "POST /api/scrape-domain": () => scrape.answer });
    const { user } = await renderApp("/");
    expect(await screen.findByText("10 free validations left this month.")).toBeVisible();

    await user.click(await screen.findByRole("switch", { name: "Comprehensive data collection" }));
    await scrapeWithForm(user, "https://www.acme-corp.test/contact");

    expect(screen.getByLabelText("Domain to explore")).toBeDisabled();
    expect(screen.getByRole("switch", { name: "Website scraping" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Scraping..." })).toBeDisabled();
    expect(panel().getByRole("status")).toHaveTextContent("Scraping...");

    scrape.release(json(companyResult()));
    expect(await notifications().findByText("Domain Scraped Successfully")).toBeVisible();
    expect(notifications().getByText("Found 7 email addresses from acme-corp.test")).toBeVisible();
    expect(panel().getByText("DOMAIN SCRAPED")).toBeVisible();
    expect(screen.getByRole("button", { name: "Scrape Domain" })).toBeEnabled();
    // The form's exploration is a use of the free allowance of its own.
    expect(await screen.findByText("9 free validations left this month.")).toBeVisible();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === "/api/scrape-domain");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      domain: "acme-corp.test",
      enableScraping: true,
      fullDataCollection: true,
    });
  });

  it("shows a parked domain's notice on the Domain Info tab", async () => {
    const parked: ScrapeResult = emptyResult("parked-domain.test", "parked", "This domain is parked and for sale.");
    mockNetwork({ ...anonymousRoutes, "POST /api/scrape-domain": () => json(parked) });
    const { user } = await renderApp("/");

    await scrapeWithForm(user, "parked-domain.test");

    const notice = within(await panel().findByRole("note", { name: "Website status" }));
    expect(notice.getByText("Parked Domain")).toBeVisible();
    expect(notice.getByText("This domain is parked and for sale.")).toBeVisible();
    expect(panel().getByText("No emails found")).toBeVisible();
    expect(panel().getByRole("tab", { name: "Domain Info" })).toHaveAttribute("aria-selected", "true");
    expect(notifications().getByText("Found 0 email addresses from parked-domain.test")).toBeVisible();
  });

  it.each([
    [json({ message: "This domain cannot be explored" }, { status: 400 }), "This domain cannot be explored"],
    [new Response("", { status: 500, statusText: "Internal Server Error" }), "Unable to scrape the domain"],
  ])("toasts the scraper form's refusal with the server's words (%#)", async (response, message) => {
    mockNetwork({ ...anonymousRoutes, "POST /api/scrape-domain": () => response });
    const { user } = await renderApp("/");

    await scrapeWithForm(user, "private-a.test");

    expect(await notifications().findByText("Scraping Failed")).toBeVisible();
    expect(notifications().getByText(message)).toBeVisible();
    expect(panel().getByRole("status")).toHaveTextContent("Error");
  });

  it("tells a network failure apart in the scraper form", async () => {
    mockNetwork({
      ...anonymousRoutes,
      "POST /api/scrape-domain": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const { user } = await renderApp("/");

    await scrapeWithForm(user, "acme-corp.test");

    expect(await notifications().findByText("Error")).toBeVisible();
    expect(notifications().getByText("Network error while scraping domain")).toBeVisible();
  });

  it("opens the upgrade dialog when the free allowance refuses an exploration", async () => {
    storeTestSessionId();
    mockNetwork({
      "GET /api/anonymous/session": () => json(anonymousSession({ validationsUsed: 10, needsRegistration: true })),
      "POST /api/scrape-domain": () =>
        json(
          { message: "Free limit reached", needsRegistration: true, validationsUsed: 10, freeLimit: 10 },
          { status: 429 },
        ),
      "GET /api/admin/system-popups/upgrade_limit": () => json(upgradePopup),
    });
    const { user } = await renderApp("/");

    await scrapeWithForm(user, "acme-corp.test");

    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText("You've used 10 of 10 free validations this month.")).toBeVisible();
    expect(screen.queryByText("Scraping Failed")).not.toBeInTheDocument();
    expect(panel({ hidden: true }).getByText(/used this month's free validations/)).toBeInTheDocument();
  });
});
