// `npm run bench`'s contacts figures, taken in Debian's Chromium the way a person works: sign in on
// /login, upload a 10,000-row CSV through the "Import Contacts" dialog, then open /contacts on those 10,000 contacts
// and search them. The server-side search is also timed on its own, through the API.
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { millis, percentiles, post, request, sample, seconds, timed } from "./bench-measure.ts";
import { chromiumLaunchOptions } from "../testing/chromium.ts";
import type { RunningStack } from "../cli/stack.ts";

const CONTACTS = 10_000;
const PAGE_SIZE = 50;
const WARM_NAVIGATIONS = 5;
const PAGE_SEARCHES = 5;
const API_SEARCHES = 20;
const TIMEOUT_MS = 120_000;
/** The debounce of the search box in web/src/features/contacts/components/contacts-page.tsx. */
const SEARCH_DEBOUNCE_MS = 300;

type Account = { username: string; password: string };

export async function contactsFigures(stack: RunningStack): Promise<[string, string][]> {
  const account = { username: `contacts${Date.now().toString(36)}`, password: "bench-password-1" };
  await post(stack, "/api/register", { ...account, email: `${account.username}@example.com` }, 201);

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL: stack.url });
    context.setDefaultTimeout(TIMEOUT_MS);
    const contacts = count(CONTACTS);
    const imported = await importCsv(context, account);
    const page = await context.newPage();
    const cold = await timeToInteractive(page);
    const again: number[] = [];
    for (let i = 0; i < WARM_NAVIGATIONS; i++) again.push(await timeToInteractive(page));
    const searches = await searchInPage(page);
    const apiSearches = await searchThroughApi(stack, account);

    const firstRender = `contacts page first render with ${contacts} contacts (time to interactive; goal ≤ 1 s)`;
    return [
      [
        `contacts import, ${contacts}-row CSV (wall time)`,
        `${seconds(imported.ms)} (Import click to summary, ${imported.requests} POST /api/contacts/import)`,
      ],
      [`${firstRender}, cold`, `${millis(cold)} (first navigation in a new tab)`],
      [`${firstRender}, warm`, `${median(again)}, the same tab navigated again`],
      [
        `contacts search in the page, 10 of ${contacts} match (includes ${SEARCH_DEBOUNCE_MS} ms debounce)`,
        median(searches),
      ],
      [`GET /api/contacts?q=…, 10 of ${contacts} match, ${API_SEARCHES} sequential`, percentiles(apiSearches)],
    ];
  } finally {
    await browser.close();
  }
}

/** person00001@bench-corp.test … person10000@bench-corp.test, every column filled. */
function contactsCsv(): string {
  const lines = ["email,first_name,last_name,company,position,phone,notes"];
  for (let i = 1; i <= CONTACTS; i++) {
    const n = String(i).padStart(5, "0");
    lines.push(
      `person${n}@bench-corp.test,First${n},Last${n},Bench Corp ${i % 100},Engineer ${i % 7},+1 555 01${n},Row ${i}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Signs in on /login as e2e/tests/accounts.ts does, then imports the CSV through the dialog on /contacts. */
async function importCsv(context: BrowserContext, account: Account): Promise<{ ms: number; requests: number }> {
  const page = await context.newPage();
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Username or email").fill(account.username);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Login" }).click();
  await page.getByRole("region", { name: /Notifications/ }).getByText("Welcome back!", { exact: true }).waitFor();

  await page.goto("/contacts");
  await page.getByRole("button", { name: "Upload File" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "bench-contacts.csv", mimeType: "text/csv", buffer: Buffer.from(contactsCsv()) });
  let requests = 0;
  page.on("request", (sent) => {
    if (sent.method() === "POST" && new URL(sent.url()).pathname === "/api/contacts/import") requests++;
  });

  const summary = dialog.getByRole("status").filter({ hasText: `Successfully imported ${CONTACTS} contacts` });
  const problem = dialog.getByRole("alert");
  const { ms } = await timed(async () => {
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await summary.or(problem).first().waitFor();
  });
  if (await problem.isVisible()) throw new Error(`The import failed: ${await problem.textContent()}`);
  await page.close();
  return { ms, requests };
}

/**
 * Navigates to /contacts and answers the page's own clock (0 = navigation start) at the first animation frame that
 * shows the table's first page of 50 rows, its "Showing 1–50 of 10,000" line and an enabled search box.
 */
async function timeToInteractive(page: Page): Promise<number> {
  await page.goto("/contacts", { waitUntil: "commit" });
  const shown = await page.waitForFunction(
    ({ rows, summary }) => {
      const label = [...document.querySelectorAll("label")].find((l) => l.textContent?.trim() === "Search contacts");
      const search = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
      const ready =
        document.querySelectorAll("table tbody tr").length === rows &&
        [...document.querySelectorAll("nav p")].some((p) => p.textContent === summary) &&
        search instanceof HTMLInputElement &&
        !search.disabled;
      return ready ? performance.now() : 0;
    },
    { rows: PAGE_SIZE, summary: `Showing 1–${PAGE_SIZE} of ${count(CONTACTS)}` },
    { polling: "raf" },
  );
  return shown.jsonValue();
}

/**
 * Types a term matching 10 addresses (person0100 → person01000…person01009) into "Search contacts" and times, from
 * the keystrokes to the table showing exactly those 10 rows; the search waits for the typing to pause first.
 */
async function searchInPage(page: Page): Promise<number[]> {
  const box = page.getByLabel("Search contacts");
  const durations: number[] = [];
  for (let i = 0; i < PAGE_SEARCHES; i++) {
    const term = searchTerm(i);
    const { ms } = await timed(async () => {
      await box.fill(term);
      await page.waitForFunction(
        (prefix) => {
          const emails = [...document.querySelectorAll("table tbody tr td:first-child")].map((td) => td.textContent);
          return emails.length === 10 && emails.every((email) => email?.startsWith(prefix));
        },
        term,
        { polling: "raf" },
      );
    });
    durations.push(ms);
  }
  return durations;
}

/** The same search as the page makes it, straight to the API with the user's token. */
async function searchThroughApi(stack: RunningStack, account: Account): Promise<number[]> {
  const login = await post(stack, "/api/login", account, 200);
  const headers = { authorization: login.headers.get("authorization") ?? "" };
  let next = 0;
  return sample(API_SEARCHES, () =>
    request(stack, `/api/contacts?q=${searchTerm(next++)}&limit=${PAGE_SIZE}&offset=0`, { headers }, 200),
  );
}

/** person0100, person0101, …: each the start of exactly 10 addresses. */
const searchTerm = (i: number) => `person${String(100 + i).padStart(4, "0")}`;
const count = (n: number) => n.toLocaleString("en");

/** "median 312.4 ms of 5 (min 230.2 ms, max 381.6 ms)" */
function median(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const range = `min ${millis(sorted[0] ?? 0)}, max ${millis(sorted.at(-1) ?? 0)}`;
  return `median ${millis(middle)} of ${sorted.length} (${range})`;
}
