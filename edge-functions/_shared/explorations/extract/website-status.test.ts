import assert from "node:assert/strict";
import type { CrawlResult } from "../crawl/index.ts";
import { extractFromPages } from "./index.ts";
import { fixtureCrawl, homePageCrawl } from "./testdata/fixture-crawl.ts";

function status(domain: string, crawl: CrawlResult) {
  const { domainInfo, emails } = extractFromPages(domain, crawl);
  return { status: domainInfo.websiteStatus, message: domainInfo.statusMessage, emails: emails.length };
}

const noPages = (outcome: CrawlResult["outcome"], pages: CrawlResult["pages"] = []): CrawlResult => ({
  pages,
  outcome,
  partial: false,
  finalHost: null,
  cookies: [],
});

Deno.test("a Sedo parking page is parked, and its contact (Sedo's) is not the company's", () => {
  assert.deepEqual(status("sunnyvale-bikes.test", homePageCrawl("sunnyvale-bikes.test", "parked-sedo.html")), {
    status: "parked",
    message: "The domain is parked with Sedo: its home page offers the domain for sale or shows ads.",
    emails: 0,
  });
});

Deno.test("a domain-for-sale lander linking to a marketplace is parked", () => {
  assert.deepEqual(status("quietpine.test", homePageCrawl("quietpine.test", "parked-for-sale.html")), {
    status: "parked",
    message: "The domain is parked with Afternic: its home page offers the domain for sale or shows ads.",
    emails: 0,
  });
});

Deno.test("a page that only says the domain is for sale is parked", () => {
  const crawl = homePageCrawl("x.test", "parked-for-sale.html");
  crawl.pages[0]!.html = "<title>Welcome</title><h1>This domain is for sale</h1><p>Enquiries welcome.</p>";
  assert.deepEqual(status("x.test", crawl), {
    status: "parked",
    message: "The domain is parked: its home page says the domain is for sale.",
    emails: 0,
  });
});

Deno.test("GoDaddy's parking lander is parked (fingerprint from the technology data)", () => {
  const crawl = homePageCrawl("x.test", "parked-for-sale.html");
  crawl.pages[0]!.html = `<html><head><title>x.test</title></head><body><div id="root"></div>
    <script>window.lander = "https://img1.wsimg.com/parking-lander/static/js/main.js";</script></body></html>`;
  assert.deepEqual(status("x.test", crawl), {
    status: "parked",
    message: "The domain is parked: its home page is a placeholder from GoDaddy Domain Parking.",
    emails: 0,
  });
});

Deno.test("nginx's welcome page is inactive", () => {
  assert.deepEqual(status("blank-server.test", homePageCrawl("blank-server.test", "default-nginx.html")), {
    status: "inactive",
    message: "The website shows nginx's default page instead of a site: nothing has been published yet.",
    emails: 0,
  });
});

Deno.test("cPanel's default page is inactive, and the host's webmaster address is not the site's", () => {
  assert.deepEqual(status("cpanel-host.test", homePageCrawl("cpanel-host.test", "default-cpanel.html")), {
    status: "inactive",
    message: "The website shows cPanel's default page instead of a site: nothing has been published yet.",
    emails: 0,
  });
});

Deno.test("Apache's 'It works!' and an empty page are inactive", () => {
  const crawl = homePageCrawl("x.test", "default-nginx.html");
  crawl.pages[0]!.html = "<html><body><h1>It works!</h1></body></html>";
  assert.equal(status("x.test", crawl).status, "inactive");
  crawl.pages[0]!.html = "<html><head><title></title></head><body>\n</body></html>";
  assert.deepEqual(status("x.test", crawl), {
    status: "inactive",
    message: "The website's home page is empty: the domain has a server but no site yet.",
    emails: 0,
  });
});

Deno.test("a long page that mentions a default page or a domain sale is a live site", () => {
  const crawl = homePageCrawl("x.test", "default-nginx.html");
  crawl.pages[0]!.html = `<title>Welcome to nginx!</title><h1>Welcome to nginx!</h1><p>${
    "Our guide to configuring servers, and why this domain is for sale is a phrase we see. ".repeat(40)
  }</p>`;
  assert.equal(status("x.test", crawl).status, "live");
});

Deno.test("a JavaScript shell is live (its content comes from scripts)", () => {
  assert.deepEqual(status("orbitly.test", homePageCrawl("orbitly.test", "js-shell.html")), {
    status: "live",
    message: "The website is up and 1 page was read.",
    emails: 0,
  });
});

Deno.test("live with the number of pages read, and a word when the time budget cut the crawl short", () => {
  const crawl = fixtureCrawl("northwind-traders.test", [
    { file: "staff-table.html", path: "/" },
    { file: "footer-contacts.html", path: "/contact" },
  ]);
  assert.equal(status("northwind-traders.test", crawl).message, "The website is up and 2 pages were read.");
  assert.equal(
    status("northwind-traders.test", { ...crawl, partial: true }).message,
    "The website is up; 2 pages were read before the time limit ran out, so some pages were not read.",
  );
});

Deno.test("down when DNS has no address, nothing answers, or the server fails", () => {
  assert.deepEqual(status("down.test", noPages("dns_failure")), {
    status: "down",
    message: "The domain has no web address in DNS, so there is no website to read.",
    emails: 0,
  });
  assert.deepEqual(status("down.test", noPages("unreachable")), {
    status: "down",
    message: "No website answered at this domain: the connection was refused or timed out.",
    emails: 0,
  });
  const failing = { url: "https://down.test/", status: 503, html: "Service Unavailable", headers: {} };
  assert.deepEqual(status("down.test", noPages("server_error", [failing])), {
    status: "down",
    message: "The website answered with server errors (HTTP 503).",
    emails: 0,
  });
});

Deno.test("a home page refused with 403 is a live site that blocks automated visitors", () => {
  const blocked = { url: "https://x.test/", status: 403, html: "<title>Just a moment...</title>", headers: {} };
  const result = extractFromPages("x.test", noPages("ok", [blocked]));
  assert.equal(result.domainInfo.websiteStatus, "live");
  assert.equal(
    result.domainInfo.statusMessage,
    "The website answered but refused our visit (HTTP 403); it may block automated visitors.",
  );
  assert.deepEqual(result.detectedTechnologies.recommendations, [
    "The site refused automated visits (HTTP 403). Open it in a browser to look for contacts.",
  ]);
});

Deno.test("a refused private target and an unreadable home page are errors", () => {
  assert.deepEqual(status("private-a.test", noPages("refused_private")), {
    status: "error",
    message: "This domain cannot be explored: it points into a private network.",
    emails: 0,
  });
  const pdf = { url: "https://x.test/", status: 200, html: "%PDF-1.7", headers: { "content-type": "application/pdf" } };
  assert.deepEqual(status("x.test", noPages("ok", [pdf])), {
    status: "error",
    message: "The website answered with HTTP 200 and no page we could read.",
    emails: 0,
  });
});
