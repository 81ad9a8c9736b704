// The SEO landing screen and the removal link's screen through the real app and router; the API stood in for at fetch.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anonymousSession } from "@/test/anonymous";
import { json, mockNetwork, requestedPaths } from "@/test/network";
import { renderApp } from "@/test/render-app";
import { PAGE_ID, seoPage } from "@/test/seo";
import { deliverableResult } from "@/test/validation-results";

const anonymous = { "GET /api/anonymous/session": () => json(anonymousSession()) };

/** The SEO calls the app made (the campaign slots ask for their own things beside them). */
function seoRequests(fetchMock: ReturnType<typeof mockNetwork>): string[] {
  return requestedPaths(fetchMock).filter((path) => path.startsWith("/api/seo/"));
}

function headContent(selector: string, attribute = "content"): (string | null)[] {
  return [...document.head.querySelectorAll(selector)].map((element) => element.getAttribute(attribute));
}

afterEach(() => {
  document.getElementById("seo-page-data")?.remove();
  document.head.querySelectorAll("meta, link, script").forEach((element) => element.remove());
});

describe("SEO landing screen", () => {
  it("shows an email validation page with its calls to action, and sets the page's head tags", async () => {
    const page = seoPage({
      pageType: "email_validate",
      slug: "info@acme-corp.test",
      targetEntity: "info@acme-corp.test",
      h1: "Is info@acme-corp.test valid?",
      content: "<p>Verdict: <strong>deliverable</strong>. The domain accepts mail.</p>",
      canonicalUrl: "https://mailscout.test/validate/info@acme-corp.test",
    });
    const fetchMock = mockNetwork({ "GET /api/seo/email_validate/info%40acme-corp.test": () => json(page) });
    await renderApp("/validate/info@acme-corp.test");

    expect(await screen.findByRole("heading", { level: 1, name: "Is info@acme-corp.test valid?" })).toBeVisible();
    expect(screen.getByText("deliverable")).toBeVisible();
    expect(screen.getByRole("link", { name: "Validate More Emails" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute("href", "/register");
    expect(seoRequests(fetchMock)).toEqual(["/api/seo/email_validate/info%40acme-corp.test"]);

    expect(document.title).toBe(page.title);
    expect(headContent('meta[name="description"]')).toEqual([page.metaDescription]);
    expect(headContent('meta[name="robots"]')).toEqual(["index,follow"]);
    expect(headContent('link[rel="canonical"]', "href")).toEqual([page.canonicalUrl]);
    expect(headContent('meta[property="og:title"]')).toEqual([page.title]);
    expect(headContent('meta[property="og:url"]')).toEqual([page.canonicalUrl]);
    expect(headContent('meta[name="twitter:description"]')).toEqual([page.metaDescription]);
    const jsonLd = [...document.head.querySelectorAll('script[type="application/ld+json"]')];
    expect(jsonLd.map((script) => JSON.parse(script.textContent ?? ""))).toEqual([page.schemaMarkup]);
  });

  it("records a conversion when a call to action is followed, then goes there and takes the head tags away", async () => {
    const shellDescription = document.createElement("meta");
    shellDescription.setAttribute("name", "description");
    shellDescription.setAttribute("content", "MailScout validates email addresses.");
    document.head.append(shellDescription);
    const conversions: string[] = [];
    mockNetwork({
      "GET /api/seo/domain_verify/acme-corp.test": () => json(seoPage({ pageType: "domain_verify" })),
      [`POST /api/seo/conversion/${PAGE_ID}`]: (request) => {
        conversions.push(new URL(request.url).pathname);
        return new Response(null, { status: 204 });
      },
      ...anonymous,
    });
    const { user, router } = await renderApp("/verify/acme-corp.test");
    const panel = within(await screen.findByRole("region", { name: "Sending to acme-corp.test?" }));
    expect(panel.getByRole("link", { name: "Bulk Validation" })).toHaveAttribute("href", "/bulk-validation");

    await user.click(panel.getByRole("link", { name: "Validate More Emails" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    // The home screen's chunk is imported for the first time here: seconds on a busy machine.
    expect(await screen.findByRole("form", { name: "Email validation" }, { timeout: 10_000 })).toBeVisible();
    expect(conversions).toEqual([`/api/seo/conversion/${PAGE_ID}`]);
    expect(headContent('link[rel="canonical"]', "href")).toEqual([]);
    expect(headContent('meta[name="robots"]')).toEqual([]);
    expect(headContent('meta[property^="og:"]')).toEqual([]);
    expect(headContent('meta[name^="twitter:"]')).toEqual([]);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
    expect(headContent('meta[name="description"]')).toEqual(["MailScout validates email addresses."]);
  });

  it("goes on to the link's screen when the conversion is not recorded, and only logs the failure", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    mockNetwork({
      "GET /api/seo/domain_verify/acme-corp.test": () => json(seoPage({ pageType: "domain_verify" })),
      [`POST /api/seo/conversion/${PAGE_ID}`]: () => json({ message: "Too many requests" }, { status: 429 }),
      "GET /api/pricing/plans": () => json([]),
    });
    const { user, router } = await renderApp("/verify/acme-corp.test");
    await user.click(await screen.findByRole("link", { name: "Sign Up Free" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/register"));
    expect(warn).toHaveBeenCalledWith("The landing page's conversion was not recorded", expect.anything());
    expect(screen.queryByText("Too many requests")).not.toBeInTheDocument();
  });

  it("renders its first screen from the page the server embedded, and still fetches it once to count the view", async () => {
    const page = seoPage();
    const script = document.createElement("script");
    script.id = "seo-page-data";
    script.type = "application/json";
    script.textContent = JSON.stringify(page).replaceAll("<", "\\u003c");
    document.body.append(script);
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockNetwork({
      "GET /api/seo/mx_checker/acme-corp.test": () => new Promise<Response>((resolve) => (answer = resolve)),
      ...anonymous,
    });
    await renderApp("/tools/mx-checker/acme-corp.test");

    // Shown before the API answers: the first render is the server's page.
    expect(screen.getByRole("heading", { level: 1, name: page.h1 })).toBeVisible();
    expect(screen.getByRole("cell", { name: "aspmx.l.google.test" })).toBeVisible();
    await waitFor(() => expect(seoRequests(fetchMock)).toHaveLength(1));
    answer(json({ ...page, h1: "MX checker: acme-corp.test (fresh)" }));
    expect(await screen.findByRole("heading", { level: 1, name: "MX checker: acme-corp.test (fresh)" })).toBeVisible();
  });

  it("ignores an embedded page that is not the one the address names", async () => {
    const script = document.createElement("script");
    script.id = "seo-page-data";
    script.type = "application/json";
    script.textContent = JSON.stringify(seoPage({ slug: "other.test", h1: "Another page" }));
    document.body.append(script);
    mockNetwork({ "GET /api/seo/mx_checker/acme-corp.test": () => json(seoPage()), ...anonymous });
    await renderApp("/tools/mx-checker/acme-corp.test");
    expect(screen.queryByRole("heading", { level: 1, name: "Another page" })).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: seoPage().h1 })).toBeVisible();
  });

  it("runs the MX checker's live check from an address field that starts with @domain, counted like the home tool", async () => {
    const fetchMock = mockNetwork({
      "GET /api/seo/mx_checker/acme-corp.test": () => json(seoPage()),
      "GET /api/anonymous/session": () => json(anonymousSession({ validationsUsed: 2 })),
      "POST /api/validate-email": () => json(deliverableResult("sales@acme-corp.test")),
      "POST /api/anonymous/update-usage": () => json(anonymousSession({ validationsUsed: 3 })),
    });
    const { user } = await renderApp("/tools/mx-checker/acme-corp.test");
    const check = within(await screen.findByRole("region", { name: "Check an address at acme-corp.test" }));
    const field = check.getByLabelText("Enter an email address to validate");
    expect(field).toHaveValue("@acme-corp.test");

    await user.click(field);
    await user.keyboard("{Home}sales");
    await user.click(check.getByRole("button", { name: "Validate & Explore Domain" }));
    expect(await check.findByText("VALID EMAIL")).toBeVisible();
    const validation = fetchMock.mock.calls.find(([url]) => String(url) === "/api/validate-email");
    expect(JSON.parse(String(validation?.[1]?.body))).toEqual({ email: "sales@acme-corp.test" });
    await waitFor(() => expect(requestedPaths(fetchMock)).toContain("/api/anonymous/update-usage"));
  });

  it.each([404, 410])("says a page answered %i is not found, with a toast and a noindex tag", async (status) => {
    mockNetwork({ "GET /api/seo/domain_verify/gone.test": () => json({ message: "Page not found" }, { status }) });
    await renderApp("/verify/gone.test");

    expect(await screen.findByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    expect(screen.getByText("The requested page could not be generated or found.")).toBeVisible();
    expect(await screen.findByText("Page not found")).toBeVisible();
    expect(headContent('meta[name="robots"]')).toEqual(["noindex"]);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(0);
  });

  it("offers to try again when the page could not be loaded", async () => {
    let fail = true;
    mockNetwork({
      "GET /api/seo/domain_verify/acme-corp.test": () =>
        fail ? new Response("", { status: 502 }) : json(seoPage({ pageType: "domain_verify", h1: "Deliverability of acme-corp.test" })),
      ...anonymous,
    });
    const { user } = await renderApp("/verify/acme-corp.test");
    expect(await screen.findByText("The page could not be loaded.")).toBeVisible();
    expect(await screen.findByText("Page not found")).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Deliverability of acme-corp.test" })).toBeVisible();
  });

  it("asks for a removal from a dialog with the page's address filled in, and shows the answer's message", async () => {
    const sent: unknown[] = [];
    let limited = false;
    mockNetwork({
      "GET /api/seo/mx_checker/acme-corp.test": () => json(seoPage()),
      "POST /api/seo/removal-requests": async (request) => {
        if (limited) return json({ message: "Too many removal requests. Please try again in 1 hour." }, { status: 429 });
        sent.push(await request.json());
        return json({ status: "pending_review", message: "Thank you. Our team will review your request." }, { status: 202 });
      },
      ...anonymous,
    });
    const { user } = await renderApp("/tools/mx-checker/acme-corp.test");
    await user.click(await screen.findByRole("button", { name: "Request removal" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Request removal" }));
    expect(dialog.getByLabelText("Page address")).toHaveValue("https://mailscout.test/tools/mx-checker/acme-corp.test");
    await user.type(dialog.getByLabelText("Your email"), "owner@elsewhere.test");
    await user.type(dialog.getByLabelText("Reason"), "Our domain, please remove.");
    await user.click(dialog.getByRole("button", { name: "Send request" }));
    expect(await dialog.findByText("Thank you. Our team will review your request.")).toBeVisible();
    expect(sent).toEqual([
      { url: "https://mailscout.test/tools/mx-checker/acme-corp.test", email: "owner@elsewhere.test", reason: "Our domain, please remove." },
    ]);

    await user.click(dialog.getAllByRole("button", { name: "Close" })[0]!);
    limited = true;
    await user.click(screen.getByRole("button", { name: "Request removal" }));
    const again = within(await screen.findByRole("dialog", { name: "Request removal" }));
    await user.type(again.getByLabelText("Your email"), "owner@elsewhere.test");
    await user.type(again.getByLabelText("Reason"), "Again.");
    await user.click(again.getByRole("button", { name: "Send request" }));
    expect(await again.findByRole("alert")).toHaveTextContent("Too many removal requests. Please try again in 1 hour.");
  });
});

describe("the server's Request removal link", () => {
  it("opens the removal dialog when the page is reached at its fragment", async () => {
    mockNetwork({ "GET /api/seo/mx_checker/acme-corp.test": () => json(seoPage()), ...anonymous });
    await renderApp("/tools/mx-checker/acme-corp.test#request-removal");
    expect(await screen.findByRole("dialog", { name: "Request removal" })).toBeVisible();
  });
});

describe("/seo-removal/$token", () => {
  it("removes the page only when the button is pressed, and says which page went", async () => {
    const tokens: unknown[] = [];
    const fetchMock = mockNetwork({
      "POST /api/seo/removal-requests/confirm": async (request) => {
        tokens.push(await request.json());
        return json({ status: "removed", path: "/validate/j***-3f9a@acme-corp.test" });
      },
    });
    const { user } = await renderApp("/seo-removal/tok_abc-123");
    expect(await screen.findByRole("heading", { level: 1, name: "Remove a landing page" })).toBeVisible();
    expect(seoRequests(fetchMock)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Remove the page" }));
    expect(await screen.findByRole("status")).toHaveTextContent("The page /validate/j***-3f9a@acme-corp.test has been removed");
    expect(tokens).toEqual([{ token: "tok_abc-123" }]);
  });

  it("says when the link is invalid or has expired", async () => {
    mockNetwork({
      "POST /api/seo/removal-requests/confirm": () => json({ message: "This removal link is invalid or has expired" }, { status: 404 }),
    });
    const { user } = await renderApp("/seo-removal/used-token");
    await user.click(await screen.findByRole("button", { name: "Remove the page" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This removal link is invalid or has expired");
  });
});
