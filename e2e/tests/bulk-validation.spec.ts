// The bulk validation journey: a 1,000-row CSV is mapped (a name column chosen by hand), sent, followed live to
// Completed without a reload, downloaded as validated_{fileName} with the uploaded columns and the verdicts, and
// deleted. Addresses are on the DNS fixture's domains (edge-functions/_shared/dns/testing/zones.ts), so each verdict
// is known; timeout.test never answers, which holds the job for its DNS budget, so it is still running when the page
// joins its Realtime channel and the progress is seen arriving live.
import { readFile } from "node:fs/promises";
import { expect, test, type WebSocket } from "@playwright/test";
import Papa from "papaparse";
import { notifications, registerNewAccount } from "./accounts";
import { collectViolations } from "./csp";

// The test stack runs no probe worker, so the mailbox column says why each address's mailbox was not checked.
const DOMAINS = [
  { domain: "mailscout-demo.test", verdict: "deliverable", reason: undefined, mailbox: "not_checked:no_worker" },
  { domain: "null-mx.test", verdict: "undeliverable", reason: "null_mx", mailbox: "not_checked:not_receiving" },
  { domain: "no-such-domain.test", verdict: "undeliverable", reason: "domain_not_found", mailbox: "not_checked:not_receiving" },
  { domain: "timeout.test", verdict: "unknown", reason: "dns_error", mailbox: "not_checked:not_receiving" },
] as const;

const VERDICT_COLUMNS = [
  "valid",
  "verdict",
  "reasons",
  "mx",
  "disposable",
  "role",
  "free",
  "suggestion",
  "risk_score",
  "deliverability_score",
  "mailbox",
  "smtp_connectable",
  "smtp_deliverable",
  "catch_all",
  "catch_all_confidence",
];

/** 1,000 data rows: 998 addresses over the fixture domains (one of them twice) and two rows without an @. */
function leadsFile(): { csv: string; rows: string[][] } {
  const rows: string[][] = [];
  for (let n = 0; n < 997; n++) {
    const { domain } = DOMAINS[n % DOMAINS.length]!;
    rows.push([`person${n}@${domain}`, n === 0 ? 'Zoë "Zo" O\'Brien, Jr.' : `Person ${n}`, "Acme; Inc."]);
  }
  rows.push(["person0@mailscout-demo.test", "Person Again", ""]);
  rows.push(["no address here", "Nobody", ""], ["", "Blank", ""]);
  return { csv: Papa.unparse([["Email", "Full Name", "Company"], ...rows], { newline: "\r\n" }), rows };
}

test("a signed-in person validates a 1,000-row file, follows it live to Completed, downloads and deletes it", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = collectViolations(page);
  // What Realtime's websocket brings the page, to see the progress arrive that way and not only by refetching.
  const frames: string[] = [];
  page.on("websocket", (socket: WebSocket) => {
    if (socket.url().includes("/realtime/v1/websocket")) socket.on("framereceived", ({ payload }) => frames.push(payload.toString()));
  });
  await registerNewAccount(page);
  await page.getByRole("banner").getByRole("link", { name: "Bulk Validation" }).click();
  await expect(page.getByRole("heading", { name: "Bulk Email Validation", level: 1 })).toBeVisible();

  const { csv, rows } = leadsFile();
  await page.getByLabel("CSV or TXT file").setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByRole("heading", { name: "Map columns" })).toBeVisible();
  await expect(page.getByLabel("Email column")).toHaveValue("0");
  await expect(page.getByLabel("Company")).toHaveValue("2");
  await expect(page.getByText("998 rows will be validated; 2 rows have no @ in the email column and will be skipped.")).toBeVisible();
  await page.getByLabel("First name").selectOption({ label: "Full Name" });
  await page.getByLabel("Session name").fill("Spring leads");
  await page.getByRole("button", { name: "Start Validation" }).click();

  // The screen switches to My Sessions, and the session runs to Completed with no reload.
  await expect(page).toHaveURL(/[?&]tab=sessions\b/);
  const card = page.getByRole("article", { name: "Spring leads" });
  await expect(card.getByText("leads.csv", { exact: false })).toBeVisible();
  await expect(card.getByText("Processing in background...")).toBeVisible();
  await expect(card.getByRole("progressbar", { name: "Progress of Spring leads" })).toBeVisible();
  await expect(card.getByText("Completed", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole("definition")).toHaveText(["998", "998", /\d+/, /\d+/, /\d+/]);
  await expect(card.getByRole("progressbar")).toHaveCount(0);
  // The progress came over Realtime, on the session's private topic, up to its completion.
  expect(frames.some((frame) => frame.includes("bulk-validation:") && /"status":\s*"completed"/.test(frame))).toBe(true);

  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: "Download results of Spring leads" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("validated_leads.csv");
  const text = await readFile(await download.path(), "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...results] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  expect(header).toEqual(["Email", "Full Name", "Company", ...VERDICT_COLUMNS]);
  expect(results).toHaveLength(998);
  const column = (name: string) => header!.indexOf(name);
  results.forEach((result, index) => {
    expect(result.slice(0, 3)).toEqual(rows[index]);
    const domain = DOMAINS.find(({ domain }) => result[0]!.endsWith(`@${domain}`))!;
    expect(result[column("verdict")]).toBe(domain.verdict);
    if (domain.reason) expect(result[column("reasons")]).toContain(domain.reason);
    expect(result[column("mailbox")]).toBe(domain.mailbox);
  });
  // The address given twice has one verdict, reported on both rows.
  expect(results[997]![column("verdict")]).toBe(results[0]![column("verdict")]);

  await card.getByRole("button", { name: "Delete Spring leads" }).click();
  await page.getByRole("alertdialog", { name: "Delete Session" }).getByRole("button", { name: "Delete" }).click();
  await expect(notifications(page).getByText("Session deleted successfully", { exact: true })).toBeVisible();
  await expect(page.getByText("No validation sessions found")).toBeVisible();
  expect(violations).toEqual([]);
});

test("a signed-out visitor is sent to sign in", async ({ page }) => {
  await page.goto("/bulk-validation?tab=sessions");
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
});
