import {
  MAILBOX_OUTCOMES,
  MAILBOX_POLL_GIVE_UP_MS,
  MAILBOX_POLL_INTERVAL_MS,
  type MailboxOutcome,
  NOT_CHECKED_REASONS,
  VALIDATION_UPDATED_EVENT,
} from "@contracts/mailbox";
import { NOT_CHECKED_TEXTS, REASON_TEXTS, type ValidationResult } from "@contracts/validation";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { demoUser, json, mockNetwork, requestedPaths, storeSessionFor } from "@/test/network";
import { fakeTopics } from "@/test/realtime";
import { renderWithAuth } from "@/test/render-app";
import {
  checkedSmtp,
  deliverableResult,
  mailboxNotFoundResult,
  PROBE_ID,
  pendingResult,
} from "@/test/validation-results";
import { ValidationResultCard } from "./validation-result-card";

const PROBE_PATH = `/api/mailbox-probes/${PROBE_ID}`;

function renderCard(result: ValidationResult) {
  const rendered = renderWithAuth(<ValidationResultCard state={{ status: "done", result }} onValidateSuggestion={vi.fn()} />);
  const card = () => within(screen.getByRole("region", { name: "Validation Result" }));
  const mailbox = () => within(card().getByRole("region", { name: "Mailbox" }));
  /** The mailbox section's own polite live region says `text`. */
  const announcedInMailbox = (text: string | RegExp) =>
    expect(card().getByRole("region", { name: "Mailbox" })).toContainElement(
      mailbox().getByText(text).closest<HTMLElement>("[aria-live=polite]"),
    );
  return { ...rendered, card, mailbox, announcedInMailbox };
}

const HEADLINES: Record<MailboxOutcome, string> = {
  exists: "Mailbox exists",
  not_found: "No such mailbox",
  full: "Mailbox full",
  catch_all: "Accepts every address (catch-all, 80% sure)",
  blocked: "The server would not say",
  unavailable: "Mail servers unreachable",
  greylisted: "Asked to try later",
  unverifiable: "Provider accepts every address",
};

describe("validation result card: the mailbox", () => {
  afterEach(() => vi.useRealTimers());

  it.each(MAILBOX_OUTCOMES)("says a checked mailbox's outcome %s in plain words", (outcome) => {
    const { mailbox } = renderCard({ ...deliverableResult("jane@mailbox.test"), smtp: checkedSmtp(outcome) });

    expect(mailbox().getByText(HEADLINES[outcome])).toBeVisible();
    expect(mailbox().queryByText("Checking the mailbox…")).not.toBeInTheDocument();
  });

  it("keeps the conversation's details in a disclosure: the MX host, TLS, the server's reply and when", async () => {
    const smtp = checkedSmtp("unverifiable", {
      mxHost: "mta5.am0.yahoodns.net",
      tls: "unverified",
      reply: { code: 250, enhancedCode: null, text: "recipient <someone@yahoo.com> ok" },
      provider: "Yahoo",
    });
    const { mailbox, user } = renderCard({ ...deliverableResult("someone@yahoo.com"), smtp });
    const details = (name: string) => mailbox().getByText(name, { selector: "dt" }).nextElementSibling;

    expect(details("Mail server")).not.toBeVisible();
    await user.click(mailbox().getByText("Details of the check"));

    expect(details("Mail server")).toHaveTextContent("mta5.am0.yahoodns.net");
    expect(details("Mail server")).toBeVisible();
    expect(details("Connection")).toHaveTextContent("Encrypted (TLS), certificate not verified");
    expect(details("Server reply")).toHaveTextContent("250 recipient <someone@yahoo.com> ok");
    expect(details("Provider")).toHaveTextContent("Yahoo");
    expect(mailbox().getByText(new Date(smtp.checkedAt).toLocaleString())).toHaveAttribute("datetime", smtp.checkedAt);
  });

  it("says an enhanced code with the reply, and a catch-all measured without samples without a figure", () => {
    const { mailbox } = renderCard({
      ...deliverableResult("x@catch-all.test"),
      smtp: checkedSmtp("catch_all", { catchAllConfidence: null, tls: "none" }),
    });

    expect(mailbox().getByText("Accepts every address (catch-all)")).toBeInTheDocument();
    expect(mailbox().getByText("550 5.1.1 User unknown")).toBeInTheDocument();
    expect(mailbox().getByText("Not encrypted: the server offered no TLS")).toBeInTheDocument();
  });

  it.each(NOT_CHECKED_REASONS)("says why the mailbox was not checked: %s", (reason) => {
    const { mailbox } = renderCard({ ...deliverableResult(), smtp: { status: "not_checked", reason } });

    expect(mailbox().getByText(NOT_CHECKED_TEXTS[reason])).toBeVisible();
  });

  it("signed in: checks the mailbox with a spinner, then takes the live event's final result and says the verdict moved", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSessionFor(demoUser);
    const fetchMock = mockNetwork({
      "GET /api/user": () => json(demoUser),
      [`GET ${PROBE_PATH}`]: () => json({ status: "pending", result: null }),
    });
    const { card, mailbox, announcedInMailbox } = renderCard(pendingResult());
    const polls = () => requestedPaths(fetchMock).filter((path) => path === PROBE_PATH).length;

    announcedInMailbox("Checking the mailbox…");
    const topic = `user:${demoUser.id}`;
    await waitFor(() => expect(fakeTopics.has(topic)).toBe(true));
    const beforeJoin = polls();
    act(() => fakeTopics.get(topic)?.state("live"));
    // On joining it asks once for an update it might have missed; listening, it no longer polls.
    await waitFor(() => expect(polls()).toBe(beforeJoin + 1));
    await act(() => vi.advanceTimersByTimeAsync(MAILBOX_POLL_INTERVAL_MS * 3));
    expect(polls()).toBe(beforeJoin + 1);

    // Another tab's probe changes nothing here.
    const other = { probeId: "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e", email: "jane@mailbox.test", result: deliverableResult() };
    act(() => fakeTopics.get(topic)?.emit(VALIDATION_UPDATED_EVENT, other));
    expect(mailbox().getByText("Checking the mailbox…")).toBeInTheDocument();

    const final = mailboxNotFoundResult();
    act(() => fakeTopics.get(topic)?.emit(VALIDATION_UPDATED_EVENT, { probeId: PROBE_ID, email: final.email, result: final }));

    expect(await mailbox().findByText("No such mailbox")).toBeVisible();
    expect(card().getByText("Undeliverable", { selector: "span" })).toBeVisible();
    expect(within(card().getByRole("list", { name: "Reasons" })).getByRole("listitem")).toHaveTextContent(
      REASON_TEXTS.mailbox_not_found,
    );
    expect(card().getByText("Deliverable", { selector: "dt" }).nextElementSibling).toHaveTextContent("Unlikely");
    expect(card().getByText("INVALID EMAIL")).toBeVisible();
    expect(card().getByRole("status")).toHaveTextContent("Invalid");
    const announcements = card().getAllByText(/^After the mailbox check the verdict is/);
    expect(announcements.map((node) => node.textContent)).toEqual([
      "After the mailbox check the verdict is Undeliverable, no longer Deliverable.",
    ]);
  });

  it("signed in: polls while its live topic is down", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSessionFor(demoUser);
    const answers = [{ status: "pending", result: null }];
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      [`GET ${PROBE_PATH}`]: () => json(answers.shift() ?? { status: "done", result: mailboxNotFoundResult() }),
    });
    const { mailbox } = renderCard(pendingResult());
    const topic = `user:${demoUser.id}`;
    await waitFor(() => expect(fakeTopics.has(topic)).toBe(true));
    act(() => fakeTopics.get(topic)?.state("down"));

    await act(() => vi.advanceTimersByTimeAsync(MAILBOX_POLL_INTERVAL_MS));

    expect(await mailbox().findByText("No such mailbox")).toBeVisible();
  });

  it("signed out: polls the probe until it is done, then shows the final result", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [{ status: "pending", result: null }, { status: "pending", result: null }];
    const fetchMock = mockNetwork({
      [`GET ${PROBE_PATH}`]: () => json(answers.shift() ?? { status: "done", result: mailboxNotFoundResult() }),
    });
    const { card, mailbox } = renderCard(pendingResult());
    const polls = () => requestedPaths(fetchMock).filter((path) => path === PROBE_PATH).length;

    expect(mailbox().getByText("Checking the mailbox…")).toBeVisible();
    await waitFor(() => expect(polls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(MAILBOX_POLL_INTERVAL_MS));
    expect(polls()).toBe(2);
    expect(mailbox().getByText("Checking the mailbox…")).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(MAILBOX_POLL_INTERVAL_MS));

    expect(await mailbox().findByText("No such mailbox")).toBeVisible();
    expect(card().getByText("Undeliverable", { selector: "span" })).toBeVisible();
    expect(polls()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(MAILBOX_POLL_INTERVAL_MS * 3));
    expect(polls()).toBe(3);
  });

  it("signed out: after the give-up time stops polling and says the verdict rests on DNS for now", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockNetwork({ [`GET ${PROBE_PATH}`]: () => json({ status: "pending", result: null }) });
    const { card, mailbox, announcedInMailbox } = renderCard(pendingResult());
    const polls = () => requestedPaths(fetchMock).filter((path) => path === PROBE_PATH).length;

    await act(() => vi.advanceTimersByTimeAsync(MAILBOX_POLL_GIVE_UP_MS));

    announcedInMailbox(/taking longer than usual\. The verdict rests on DNS for now/);
    expect(mailbox().queryByText("Checking the mailbox…")).not.toBeInTheDocument();
    expect(card().getByText("Deliverable", { selector: "span" })).toBeVisible();
    const asked = polls();
    expect(asked).toBeGreaterThanOrEqual(MAILBOX_POLL_GIVE_UP_MS / MAILBOX_POLL_INTERVAL_MS);
    await act(() => vi.advanceTimersByTimeAsync(MAILBOX_POLL_INTERVAL_MS * 5));
    expect(polls()).toBe(asked);
  });

  it("signed out: stops at once when the server no longer knows the probe", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockNetwork({
      [`GET ${PROBE_PATH}`]: () => json({ message: "No such mailbox check" }, { status: 404 }),
    });
    const { announcedInMailbox } = renderCard(pendingResult());
    const polls = () => requestedPaths(fetchMock).filter((path) => path === PROBE_PATH).length;

    await waitFor(() => announcedInMailbox(/taking longer than usual/));
    await act(() => vi.advanceTimersByTimeAsync(MAILBOX_POLL_INTERVAL_MS * 3));
    expect(polls()).toBe(1);
  });
});
