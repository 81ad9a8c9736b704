// The mailbox journeys: a person learns whether the mailbox behind an address exists, is full, or sits at a domain
// that accepts every address, with the reason in plain words; signed in, a check that outlasts the answer updates the
// card live over Realtime, and signed out by polling; a bulk file carries the mailbox columns; with no probe worker the
// verdict rests on DNS and says so. Addresses are on the SMTP fixture's domains (devstack/src/smtp-fixture/), whose
// transcripts show afterwards that no probe ever sent mail.
//
// The test stack runs no probe worker: these tests start one through devstack's control and stop it again, so the
// journeys after them see none.
import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test, type WebSocket } from "@playwright/test";
import Papa from "papaparse";
import { registerNewAccount } from "./accounts";
import { resetAnonymousAllowance } from "./database";
import { type ProbeWorker, setFunctionSettings, startProbeWorker, stopProbeWorker } from "./devstack";
import { smtpFixture, uniqueLocalPart } from "./mailbox";
import { resultCard, validate } from "./validation";

test.beforeEach(async () => {
  await resetAnonymousAllowance();
});

/** Each verdict's words on the card (its label also names a check above it, so the summary tells them apart). */
const VERDICT_SUMMARIES = {
  deliverable: "Mail to this address should arrive.",
  risky: "Mail can be delivered, but see why it is risky below.",
  undeliverable: "Mail to this address cannot arrive.",
} as const;

/** The card's verdict, and the reason the mailbox check gave when there is one, once the card shows `email`. */
async function expectVerdict(
  page: Page,
  email: string,
  verdict: keyof typeof VERDICT_SUMMARIES,
  reason?: RegExp,
): Promise<void> {
  const card = resultCard(page);
  await expect(card.getByText(email, { exact: true })).toBeVisible();
  await expect(card.getByText(VERDICT_SUMMARIES[verdict], { exact: true })).toBeVisible();
  if (reason) await expect(card.getByRole("list", { name: "Reasons" })).toContainText(reason);
}

function mailboxSection(page: Page) {
  return resultCard(page).getByRole("region", { name: "Mailbox" });
}

test("without a probe worker, a validation keeps its DNS verdict and says the mailbox was not checked", async ({ page }) => {
  // An address no earlier test probed: a stored result would answer for it even with no worker.
  const email = `${uniqueLocalPart("unchecked")}@mailbox.test`;
  await page.goto("/");
  await validate(page, email);

  await expectVerdict(page, email, "deliverable");
  await expect(mailboxSection(page)).toHaveText(
    "MailboxThe mailbox was not checked: no mailbox checker is running right now. The verdict rests on DNS alone.",
  );
});

test.describe("with a probe worker", () => {
  let api: APIRequestContext;
  let worker: ProbeWorker;
  /** Addresses no earlier test asked about, so the worker certainly talked to the fixture about them here. */
  const probedHere: string[] = [];

  test.beforeAll(async ({ playwright }) => {
    api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    worker = await startProbeWorker(api);
  });

  test.afterAll(async () => {
    await stopProbeWorker(api, worker);
    await api.dispose();
  });

  test("a signed-out visitor learns that the mailbox exists", async ({ page }) => {
    await page.goto("/");
    await validate(page, "jane@mailbox.test");

    await expectVerdict(page, "jane@mailbox.test", "deliverable", /confirmed that this mailbox exists/);
    const mailbox = mailboxSection(page);
    await expect(mailbox.getByText("Mailbox exists", { exact: true })).toBeVisible();
    // The conversation's details, on request: the fixture's MX host, its certificate verified, its reply.
    const details = mailbox.getByRole("group").filter({ hasText: "Details of the check" });
    await details.getByText("Details of the check").click();
    await expect(details.getByText("mx.mailbox.test", { exact: true })).toBeVisible();
    await expect(details.getByText("Encrypted (TLS), certificate verified", { exact: true })).toBeVisible();
    await expect(details.getByText(/^250 2\.1\.5 /)).toBeVisible();
  });

  test("an unknown mailbox makes the address undeliverable, and says why", async ({ page }) => {
    await page.goto("/");
    await validate(page, "nobody@mailbox.test");

    await expectVerdict(page, "nobody@mailbox.test", "undeliverable", /said there is no such mailbox/);
    await expect(mailboxSection(page).getByText("No such mailbox", { exact: true })).toBeVisible();
  });

  test("a full mailbox makes the address undeliverable, and says why", async ({ page }) => {
    await page.goto("/");
    await validate(page, "full@mailbox.test");

    await expectVerdict(page, "full@mailbox.test", "undeliverable", /exists but is full/);
    await expect(mailboxSection(page).getByText("Mailbox full", { exact: true })).toBeVisible();
  });

  test("a domain that accepts every address makes it risky", async ({ page }) => {
    await page.goto("/");
    await validate(page, "someone@catch-all.test");

    await expectVerdict(page, "someone@catch-all.test", "risky", /accepts mail for any address, made-up ones too/);
    await expect(mailboxSection(page).getByText(/^Accepts every address \(catch-all, \d+% sure\)$/)).toBeVisible();
  });

  test("a bulk file of fixture addresses finishes with the mailbox columns in its download", async ({ page }) => {
    test.setTimeout(120_000);
    const nobody = `${uniqueLocalPart("bulk")}@mailbox.test`;
    probedHere.push(nobody);
    const expected: Record<string, { verdict: string; mailbox: string }> = {
      "jane@mailbox.test": { verdict: "deliverable", mailbox: "exists" },
      [nobody]: { verdict: "undeliverable", mailbox: "not_found" },
      "full@mailbox.test": { verdict: "undeliverable", mailbox: "full" },
      "someone@catch-all.test": { verdict: "risky", mailbox: "catch_all" },
      "someone@blocked.test": { verdict: "deliverable", mailbox: "blocked" },
    };
    await registerNewAccount(page);
    await page.getByRole("banner").getByRole("link", { name: "Bulk Validation" }).click();
    const csv = Papa.unparse([["Email"], ...Object.keys(expected).map((email) => [email])], { newline: "\r\n" });
    await page.getByLabel("CSV or TXT file").setInputFiles({ name: "mailboxes.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel("Session name").fill("Mailboxes");
    await page.getByRole("button", { name: "Start Validation" }).click();

    const card = page.getByRole("article", { name: "Mailboxes" });
    await expect(card.getByText("Completed", { exact: true })).toBeVisible({ timeout: 60_000 });
    const downloading = page.waitForEvent("download");
    await card.getByRole("button", { name: "Download results of Mailboxes" }).click();
    const text = await readFile(await (await downloading).path(), "utf8");
    const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(header).toEqual(expect.arrayContaining(["mailbox", "smtp_connectable", "smtp_deliverable", "catch_all", "catch_all_confidence"]));
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(rows).toHaveLength(Object.keys(expected).length);
    for (const row of rows) {
      const { verdict, mailbox } = expected[row[0]!]!;
      expect({ email: row[0], verdict: cell(row, "verdict"), mailbox: cell(row, "mailbox") }).toEqual({ email: row[0], verdict, mailbox });
    }
    const catchAll = rows.find((row) => row[0] === "someone@catch-all.test")!;
    expect(cell(catchAll, "catch_all")).toBe("true");
    expect(Number(cell(catchAll, "catch_all_confidence"))).toBeGreaterThan(0);
  });

  test.describe("when the api answers before the check ends", () => {
    // The api answers at once with the check pending; greylist.test asks for a retry two seconds later, so the check
    // certainly outlasts the answer, and the card is seen pending before it updates.
    test.beforeAll(async () => {
      await setFunctionSettings(api, "api", { SMTP_PROBE_WAIT_SECONDS: "0" });
    });

    test.afterAll(async () => {
      await setFunctionSettings(api, "api", {});
    });

    /**
     * Validates an address at greylist.test no test asked about before, on the page as it is, and watches its card go
     * from the check running to the check's verdict. Answers what the page's polls of the probe answered meanwhile.
     */
    async function validateWhileChecking(page: Page, prefix: string): Promise<{ email: string; polled: string[] }> {
      const polled: string[] = [];
      page.on("response", (response) => {
        if (response.url().includes("/api/mailbox-probes/")) {
          void response.json().then((answer: { status: string }) => polled.push(answer.status), () => {});
        }
      });
      const email = `${uniqueLocalPart(prefix)}@greylist.test`;
      probedHere.push(email);
      await validate(page, email);

      const card = resultCard(page);
      const mailbox = mailboxSection(page);
      await expectVerdict(page, email, "deliverable");
      await expect(mailbox.getByText("Checking the mailbox…", { exact: true })).toBeVisible();

      await expectVerdict(page, email, "undeliverable", /said there is no such mailbox/);
      await expect(mailbox.getByText("No such mailbox", { exact: true })).toBeVisible();
      await expect(mailbox.getByText("Checking the mailbox…", { exact: true })).toHaveCount(0);
      await expect(card.getByText("After the mailbox check the verdict is Undeliverable, no longer Deliverable.")).toHaveCount(1);
      return { email, polled };
    }

    test("a signed-in person sees the check running, then the card updates live", async ({ page }) => {
      const frames: string[] = [];
      page.on("websocket", (socket: WebSocket) => {
        if (socket.url().includes("/realtime/v1/websocket")) socket.on("framereceived", ({ payload }) => frames.push(payload.toString()));
      });
      await registerNewAccount(page);

      const { email, polled } = await validateWhileChecking(page, "live");
      // The news came over the person's private topic: the page asked the probe's state only while it was running.
      expect(frames.some((frame) => frame.includes("validation_updated") && frame.includes(email))).toBe(true);
      expect(polled).not.toContain("done");
    });

    test("a signed-out visitor's card updates by polling the check", async ({ page }) => {
      await page.goto("/");

      const { polled } = await validateWhileChecking(page, "polled");
      expect(polled).toContain("done");
    });
  });

  test("no probe ever sent mail: the fixture saw recipients asked about, and never DATA", async () => {
    const { connections, dataCommands } = await smtpFixture().transcripts();
    const commands = connections.flatMap((connection) =>
      connection.lines.filter((line) => line.from === "client").map((line) => line.text.toUpperCase()),
    );
    expect(probedHere.length).toBeGreaterThan(0);
    for (const email of probedHere) expect(commands).toContain(`RCPT TO:<${email.toUpperCase()}>`);
    expect(commands.filter((command) => /^(DATA|BDAT)\b/.test(command))).toEqual([]);
    expect(dataCommands).toBe(0);
  });
});
