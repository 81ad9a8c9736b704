// SEO landing pages as the ones who meet them do: a crawler without JavaScript reads an MX checker page's title,
// canonical link, structured data and h1 from the server's HTML, and a person's browser brings the same page to life
// without moving its h1; a keyword naming a private person's address yields a page that shows it only masked, in the
// HTML, the JSON-LD and the sitemap alike; the admin adds a keyword on /admin/seo, generates and opens its page; and
// someone at a page's domain has it removed through the mailed link. The pages are generated through the admin api,
// as the dashboard does, from keywords on the test DNS fixtures' domains.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { AdminSeoPage, GenerateBulkResult, KeywordTarget, SeoPageType } from "../../edge-functions/_shared/seo/contract.ts";
import { adminApiHeaders, notifications } from "./accounts";
import { adminPage } from "./billing";
import { forgetSeoDomain, resetAnonymousAllowance } from "./database";
import { newestMailTo } from "./mail";
import { resultCard, validate } from "./validation";

const MX_PAGE = "/tools/mx-checker/acme-corp.test";

type Headers = Record<string, string>;

/** Adds a keyword target (an earlier run's 409 is as good) and generates until no target remains. */
async function generatePageFor(request: APIRequestContext, headers: Headers, keyword: string, pageType: SeoPageType) {
  const added = await request.post("/api/admin/seo/keywords", { headers, data: { keyword, pageType, priority: 10 } });
  expect([201, 409], await added.text()).toContain(added.status());
  for (;;) {
    const answer = await request.post("/api/admin/seo/generate-bulk", { headers, data: { limit: 1000 } });
    expect(answer.status(), await answer.text()).toBe(200);
    const { generatedCount, skippedCount, remaining } = (await answer.json()) as GenerateBulkResult;
    if (remaining === 0 || generatedCount + skippedCount === 0) break;
  }
  return await generatedPage(request, headers, keyword, pageType);
}

/** The page the keyword's target was generated into, as the admin's lists show it. */
async function generatedPage(request: APIRequestContext, headers: Headers, keyword: string, pageType: SeoPageType) {
  const keywords = await request.get("/api/admin/seo/keywords?limit=1000", { headers });
  expect(keywords.status(), await keywords.text()).toBe(200);
  const target = ((await keywords.json()) as { keywords: KeywordTarget[] }).keywords.find(
    (row) => row.keyword === keyword && row.pageType === pageType,
  );
  expect(target?.pageId, `the page of "${keyword}"`).toBeTruthy();
  const pages = await request.get("/api/admin/seo/pages?limit=1000", { headers });
  expect(pages.status(), await pages.text()).toBe(200);
  const page = ((await pages.json()) as { pages: AdminSeoPage[] }).pages.find((row) => row.id === target!.pageId);
  expect(page, `page ${target!.pageId} in the admin's list`).toBeDefined();
  return page!;
}

/** Every @type in a JSON-LD document, at its top or in its @graph. */
function schemaTypes(document: unknown): string[] {
  const nodes = (document as { "@graph"?: unknown[] })["@graph"] ?? [document];
  return nodes.flatMap((node) => [(node as { "@type"?: string | string[] })["@type"] ?? []].flat());
}

/** The JSON-LD blocks of an HTML document, parsed. */
function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

/** The removal link in a mail (which also links the page it removes). */
function removalLink(text: string): string {
  const link = /https?:\/\/\S+\/seo-removal\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no removal link in the mail: ${text}`);
  return link;
}

/** /sitemap.xml with, when it is an index, every file it names. */
async function sitemap(request: APIRequestContext): Promise<string> {
  const read = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return await response.text();
  };
  const root = await read("/sitemap.xml");
  if (!root.includes("<sitemapindex")) return root;
  const files = [...root.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  return [root, ...(await Promise.all(files.map(read)))].join("\n");
}

/** The header's height and where <main> starts: the frame the server draws and React keeps. */
async function frameOf(page: Page): Promise<{ headerHeight: number; mainTop: number }> {
  const header = await page.getByRole("banner").boundingBox();
  const main = await page.locator("main").boundingBox();
  return { headerHeight: header?.height ?? NaN, mainTop: main?.y ?? NaN };
}

test("a crawler without JavaScript reads the MX checker page; with JavaScript its h1 stays put and its check validates", async ({
  browser,
  request,
}) => {
  await generatePageFor(request, await adminApiHeaders(request), "mx checker acme-corp.test", "mx_checker");

  const crawler = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  const answer = await crawler.goto(MX_PAGE);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["content-type"]).toMatch(/^text\/html/);
  await expect(crawler).toHaveTitle(/acme-corp\.test/);
  const canonical = await crawler.locator('link[rel="canonical"]').getAttribute("href");
  expect(new URL(canonical ?? "").pathname).toBe(MX_PAGE);
  await expect(crawler.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
  const jsonLd = crawler.locator('script[type="application/ld+json"]');
  await expect(jsonLd).toHaveCount(1);
  expect(schemaTypes(JSON.parse((await jsonLd.textContent()) ?? ""))).toEqual(
    expect.arrayContaining(["WebPage", "BreadcrumbList", "FAQPage", "WebApplication"]),
  );
  const serverH1 = crawler.getByRole("heading", { level: 1 });
  await expect(serverH1).toContainText("acme-corp.test");
  const serverBox = await serverH1.boundingBox();

  // The same page in a person's browser: React takes over the server's markup (the live check is React's alone).
  await resetAnonymousAllowance();
  const person = await (await browser.newContext()).newPage();
  const viewCounted = person.waitForResponse((response) => new URL(response.url()).pathname === "/api/seo/mx_checker/acme-corp.test");
  await person.goto(MX_PAGE);
  expect((await viewCounted).status()).toBe(200);
  const check = person.getByRole("region", { name: "Check an address at acme-corp.test" });
  await expect(check.getByLabel("Enter an email address to validate")).toHaveValue("@acme-corp.test");
  const h1 = person.getByRole("heading", { level: 1 });
  await expect(h1).toHaveText(await serverH1.innerText());
  // Campaign banners (other journeys leave some active) arrive after load and push every screen's main content down
  // alike; what React must not move is the frame the server drew: the header, and the h1 within <main>.
  const [serverFrame, frame] = [await frameOf(crawler), await frameOf(person)];
  expect(frame.headerHeight, "header height").toBeCloseTo(serverFrame.headerHeight, 0);
  const box = await h1.boundingBox();
  for (const side of ["x", "width", "height"] as const) expect(box?.[side], side).toBeCloseTo(serverBox?.[side] ?? NaN, 0);
  expect((box?.y ?? NaN) - frame.mainTop, "h1 within main").toBeCloseTo((serverBox?.y ?? NaN) - serverFrame.mainTop, 0);

  await validate(person, "info@acme-corp.test");
  const card = resultCard(person);
  await expect(card.getByText("VALID EMAIL", { exact: true })).toBeVisible();
  await expect(card.getByText("info@acme-corp.test", { exact: true })).toBeVisible();
});

test("a personal address is published only masked: its local part is nowhere in the page, its JSON-LD or the sitemap", async ({
  request,
}) => {
  const page = await generatePageFor(request, await adminApiHeaders(request), "verify jane.doe@acme-corp.test", "email_validate");
  expect(page.targetEntity).toBe("j***@acme-corp.test");
  expect(page.path).toMatch(/^\/validate\/j\*\*\*-[0-9a-f]{4,8}@acme-corp\.test$/);

  const answer = await request.get(page.path);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toContain("j***@acme-corp.test");
  expect(html).not.toMatch(/jane/i);
  const jsonLd = jsonLdOf(html);
  expect(jsonLd).toHaveLength(1);
  expect(JSON.stringify(jsonLd)).not.toMatch(/jane/i);

  const urls = await sitemap(request);
  expect(urls).toContain(`${page.path}</loc>`);
  expect(urls).not.toMatch(/jane/i);
});

test("the admin adds a keyword (a repeat is refused), generates its page and opens it from Landing Pages", async ({ browser }) => {
  test.setTimeout(60_000); // the bulk run generates every target still waiting, other journeys' too
  await forgetSeoDomain("default-page.test");
  const admin = await adminPage(browser);
  await admin.goto("/admin/seo");
  await expect(admin.getByRole("heading", { level: 1, name: "SEO", exact: true })).toBeVisible();
  const tab = (name: string) => admin.getByRole("tablist", { name: "SEO areas" }).getByRole("tab", { name });

  await tab("Keyword Targets").click();
  const form = admin.getByRole("form", { name: "Add keyword target" });
  const add = async () => {
    await form.getByLabel("Keyword", { exact: true }).fill("verify default-page.test");
    await form.getByLabel("Page type").selectOption({ label: "Domain verification" });
    await form.getByRole("button", { name: "Add Keyword" }).click();
  };
  await add();
  await expect(notifications(admin).getByText("Keyword Added", { exact: true })).toBeVisible();
  await expect(admin.getByRole("row", { name: /verify default-page\.test/ })).toBeVisible();
  await add();
  await expect(form.getByText("This keyword already exists for this page type")).toBeVisible();

  await tab("Bulk Generation").click();
  // Other journeys' keywords may wait too, some of higher priority: ask for as many pages as one run may make.
  await admin.getByLabel("Pages to generate").fill("1000");
  await admin.getByRole("button", { name: "Generate Pages" }).click();
  await expect(notifications(admin).getByText("Bulk Generation Complete", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByRole("status").filter({ hasText: /generated, .* remaining/ })).toContainText("0 remaining");

  await tab("Landing Pages").click();
  await admin.getByRole("link", { name: "/verify/default-page.test" }).click();
  await expect(admin).toHaveURL("/verify/default-page.test");
  await expect(admin.getByRole("heading", { level: 1 })).toContainText("default-page.test");
});

test("someone at a page's domain has it removed through the mailed link: 410, and out of the sitemap", async ({
  browser,
  request,
}) => {
  await forgetSeoDomain("builder-site.test");
  await resetAnonymousAllowance(); // the removal requests' limit per network: every test browser is 127.0.0.1
  const { path } = await generatePageFor(request, await adminApiHeaders(request), "verify builder-site.test", "domain_verify");
  expect(path).toBe("/verify/builder-site.test");

  const person = await (await browser.newContext()).newPage();
  await person.goto(path);
  await person.getByRole("button", { name: "Request removal" }).click();
  const dialog = person.getByRole("dialog", { name: "Request removal" });
  await expect(dialog.getByLabel("Page address")).toHaveValue(new RegExp(`${path.replaceAll(".", "\\.")}$`));
  const email = `webmaster-${Date.now().toString(36)}@builder-site.test`;
  await dialog.getByLabel("Your email").fill(email);
  await dialog.getByLabel("Reason").fill("This is our company's site; please take the page down.");
  const requested = person.waitForResponse((response) => new URL(response.url()).pathname === "/api/seo/removal-requests");
  await dialog.getByRole("button", { name: "Send request" }).click();
  const answer = await requested;
  expect(answer.status()).toBe(202);
  const { status, message } = (await answer.json()) as { status: string; message: string };
  expect(status).toBe("awaiting_confirmation");
  await expect(dialog.getByText(message)).toBeVisible();

  const link = new URL(removalLink((await newestMailTo(email)).text));
  expect(link.pathname).toMatch(/^\/seo-removal\/[\w-]{43}$/);
  await person.goto(link.pathname);
  const confirmed = person.waitForResponse((response) => new URL(response.url()).pathname === "/api/seo/removal-requests/confirm");
  await person.getByRole("button", { name: "Remove the page" }).click();
  expect((await confirmed).status()).toBe(200);
  await expect(person.getByText(`The page ${path} has been removed and will not be published again.`)).toBeVisible();

  expect((await request.get(path)).status()).toBe(410);
  expect(await sitemap(request)).not.toContain(`${path}</loc>`);
});
