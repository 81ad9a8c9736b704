import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { anonymousSession, storeTestSessionId } from "@/test/anonymous";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";
import { companyResult } from "@/test/scrape-results";
import {
  deliverableResult,
  mailboxNotFoundResult,
  PROBE_ID,
  pendingResult,
  typoResult,
} from "@/test/validation-results";

// A valid address's domain is explored next; these tests are about the validation, so the exploration just answers.
const explored = { "POST /api/scrape-domain": () => json(companyResult("mailscout-demo.test")) };

function resultCard() {
  return within(screen.getByRole("region", { name: "Validation Result" }));
}

async function validate(user: Awaited<ReturnType<typeof renderApp>>["user"], email: string) {
  const field = await screen.findByLabelText("Enter an email address to validate");
  await user.clear(field);
  await user.type(field, email);
  await user.click(screen.getByRole("button", { name: "Validate & Explore Domain" }));
}

describe("home page", () => {
  it("lays out the tool: the forms with what it does, sharing, an empty result and nothing explored", async () => {
    mockNetwork({ "GET /api/anonymous/session": () => json(anonymousSession()) });
    await renderApp("/");

    expect(await screen.findByRole("form", { name: "Email validation" })).toBeVisible();
    const about = within(screen.getByRole("region", { name: "What this tool does" }));
    expect(about.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Validates email format and domain existence",
      "Extracts all email addresses from the domain's website",
      "Attempts to identify positions/titles from context",
      "Analyses domain information and metadata",
    ]);
    expect(screen.getByRole("heading", { name: "Share This Tool" })).toBeVisible();
    expect(resultCard().getByRole("status")).toHaveTextContent("Waiting for input");
    expect(screen.getByRole("form", { name: "Domain scraper" })).toBeVisible();
    const exploration = within(screen.getByRole("region", { name: "Domain Exploration" }));
    expect(exploration.getByRole("status")).toHaveTextContent("Waiting for validation");
    expect(exploration.getByText("No domain explored yet")).toBeVisible();
  });

  it("validates an address, then reports the visitor's usage as their count plus one", async () => {
    const sessionId = storeTestSessionId();
    const fetchMock = mockNetwork({
      "GET /api/anonymous/session": () => json(anonymousSession({ validationsUsed: 3 })),
      "POST /api/validate-email": () => json(deliverableResult()),
      "POST /api/anonymous/update-usage": () => json(anonymousSession({ validationsUsed: 4 })),
      ...explored,
    });
    const { user } = await renderApp("/");
    expect(await screen.findByText("7 free validations left this month.")).toBeVisible();

    await validate(user, "someone@mailscout-demo.test");

    expect(await resultCard().findByText("VALID EMAIL")).toBeVisible();
    expect(await screen.findByText("6 free validations left this month.")).toBeVisible();
    const calls = fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), init }));
    const validation = calls.find((call) => call.url === "/api/validate-email");
    expect(JSON.parse(String(validation?.init?.body))).toEqual({ email: "someone@mailscout-demo.test" });
    expect(new Headers(validation?.init?.headers).get("X-Session-ID")).toBe(sessionId);
    const session = calls.find((call) => call.url === "/api/anonymous/session");
    expect(new Headers(session?.init?.headers).get("X-Session-ID")).toBe(sessionId);
    const report = calls.find((call) => call.url === "/api/anonymous/update-usage");
    expect(JSON.parse(String(report?.init?.body))).toEqual({ sessionId, validationsUsed: 4 });
  });

  it("shows a visitor the mailbox check the verdict waited for, and its outcome once the probe is done", async () => {
    let probeDone = false;
    mockNetwork({
      "GET /api/anonymous/session": () => json(anonymousSession()),
      "POST /api/validate-email": () => json(pendingResult("nobody@mailbox.test")),
      "POST /api/anonymous/update-usage": () => json(anonymousSession({ validationsUsed: 1 })),
      "POST /api/scrape-domain": () => json(companyResult("mailbox.test")),
      [`GET /api/mailbox-probes/${PROBE_ID}`]: () =>
        json(probeDone ? { status: "done", result: mailboxNotFoundResult() } : { status: "pending", result: null }),
    });
    const { user, queryClient } = await renderApp("/");
    await validate(user, "nobody@mailbox.test");

    const mailbox = within(await resultCard().findByRole("region", { name: "Mailbox" }));
    expect(mailbox.getByText("Checking the mailbox…")).toBeVisible();
    expect(resultCard().getByText("Deliverable", { selector: "span" })).toBeVisible();

    probeDone = true;
    // The next poll, asked for now rather than waited for.
    await queryClient.refetchQueries({ queryKey: ["/api/mailbox-probes", PROBE_ID] });

    expect(await mailbox.findByText("No such mailbox")).toBeVisible();
    expect(resultCard().getByText("Undeliverable", { selector: "span" })).toBeVisible();
  });

  it("clears the earlier result as soon as a new validation starts", async () => {
    let answerSecond: (response: Response) => void = () => {};
    let validations = 0;
    mockNetwork({
      "GET /api/anonymous/session": () => json(anonymousSession()),
      "POST /api/validate-email": () => {
        validations += 1;
        if (validations === 1) return json(deliverableResult());
        return new Promise<Response>((resolve) => (answerSecond = resolve));
      },
      "POST /api/anonymous/update-usage": () => json(anonymousSession({ validationsUsed: validations })),
      ...explored,
    });
    const { user } = await renderApp("/");
    await validate(user, "someone@mailscout-demo.test");
    expect(await resultCard().findByText("VALID EMAIL")).toBeVisible();

    await validate(user, "other@mailscout-demo.test");

    expect(await resultCard().findByText("Validating...")).toBeVisible();
    expect(resultCard().queryByText("VALID EMAIL")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Processing..." })).toBeDisabled();
    answerSecond(json(deliverableResult("other@mailscout-demo.test")));
    expect(await resultCard().findByText("other@mailscout-demo.test")).toBeVisible();
  });

  it("toasts the server's message when validation fails, and marks the result invalid", async () => {
    mockNetwork({
      "GET /api/anonymous/session": () => json(anonymousSession()),
      "POST /api/validate-email": () => json({ message: "Email must be at most 320 characters" }, { status: 400 }),
    });
    const { user } = await renderApp("/");

    await validate(user, "someone@mailscout-demo.test");

    expect(await screen.findByText("Validation failed")).toBeVisible();
    expect(screen.getByText("Email must be at most 320 characters")).toBeVisible();
    expect(resultCard().getByRole("status")).toHaveTextContent("Invalid");
  });

  it("falls back to its own words when the failure carries no message", async () => {
    mockNetwork({
      "GET /api/anonymous/session": () => json(anonymousSession()),
      "POST /api/validate-email": () => new Response("<html>Bad Gateway</html>", { status: 502 }),
    });
    const { user } = await renderApp("/");

    await validate(user, "someone@mailscout-demo.test");

    expect(await screen.findByText("Could not validate email. Please try again.")).toBeVisible();
  });

  it("validates a typo's correction in one click, and puts it in the field", async () => {
    const validated: string[] = [];
    mockNetwork({
      "GET /api/anonymous/session": () => json(anonymousSession()),
      "POST /api/validate-email": async (request) => {
        const { email } = (await request.json()) as { email: string };
        validated.push(email);
        return json(email.endsWith("@gmial.com") ? typoResult(email) : { ...deliverableResult(email), freeProvider: true });
      },
      "POST /api/anonymous/update-usage": () => json(anonymousSession({ validationsUsed: validated.length })),
      "POST /api/scrape-domain": () => json(companyResult("gmail.com")),
    });
    const { user } = await renderApp("/");
    await validate(user, "someone@gmial.com");

    await user.click(await resultCard().findByRole("button", { name: "Did you mean someone@gmail.com?" }));

    expect(await resultCard().findByText("VALID EMAIL")).toBeVisible();
    expect(resultCard().getByText("someone@gmail.com")).toBeVisible();
    expect(screen.getByLabelText("Enter an email address to validate")).toHaveValue("someone@gmail.com");
    expect(validated).toEqual(["someone@gmial.com", "someone@gmail.com"]);
  });

  it("offers a visitor the sign-in modal next to their remaining free validations", async () => {
    mockNetwork({ "GET /api/anonymous/session": () => json(anonymousSession({ validationsUsed: 9 })) });
    const { user } = await renderApp("/");

    expect(await screen.findByText("1 free validation left this month.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Sign in to validate without limits" }));

    const dialog = await screen.findByRole("dialog", { name: "Welcome to MailScout" });
    expect(within(dialog).getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  });

  it("neither counts nor reports a signed-in user's validations", async () => {
    storeSessionFor(demoUser);
    const fetchMock = mockNetwork({
      "GET /api/user": () => json(demoUser),
      "POST /api/validate-email": () => json(deliverableResult()),
      ...explored,
    });
    const { user } = await renderApp("/");
    await screen.findByRole("button", { name: "Account menu for demo" });

    await validate(user, "someone@mailscout-demo.test");

    expect(await resultCard().findByText("VALID EMAIL")).toBeVisible();
    expect(screen.queryByText(/free validations left/)).not.toBeInTheDocument();
    const paths = fetchMock.mock.calls.map(([url]) => String(url));
    expect(paths.filter((path) => path.startsWith("/api/anonymous"))).toEqual([]);
  });

  it("scrolls to a result below the fold, instantly for people who asked for reduced motion", async () => {
    mockNetwork({
      "GET /api/anonymous/session": () => json(anonymousSession()),
      "POST /api/validate-email": () => json(deliverableResult()),
      "POST /api/anonymous/update-usage": () => json(anonymousSession({ validationsUsed: 1 })),
      ...explored,
    });
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 1500, 400, 600));
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView");
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === "(prefers-reduced-motion: reduce)" }));
    const { user } = await renderApp("/");

    await validate(user, "someone@mailscout-demo.test");

    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "auto", block: "start" }));
    expect(scrollIntoView.mock.contexts).toContain(screen.getByRole("region", { name: "Validation Result" }));
  });
});
