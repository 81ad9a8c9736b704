import assert from "node:assert/strict";
import { robotsRules } from "../explorations/crawl/robots.ts";
import { robotsTxt } from "./robots.ts";

const SITE = "https://mailscout.test";

// Read by the product's own crawler's robots.txt reader, as any crawler reads it.
const rules = robotsRules({
  url: `${SITE}/robots.txt`,
  status: 200,
  headers: {},
  cookies: [],
  text: robotsTxt(SITE),
  truncated: false,
  redirectedFrom: [],
})!;

Deno.test("robots.txt lets crawlers read the site and the landing pages and names the sitemap", () => {
  for (const path of ["/", "/pricing", "/validate/info@acme-corp.test", "/tools/mx-checker/acme-corp.test", "/verify/acme-corp.test", "/sitemap.xml"]) {
    assert.equal(rules.allows(path), true, path);
  }
  assert.deepEqual(rules.sitemaps, [`${SITE}/sitemap.xml`]);
});

Deno.test("robots.txt keeps crawlers out of the api, the admin and the signed-in screens", () => {
  for (const path of ["/api", "/api/seo/mx_checker/acme.test", "/admin", "/admin/seo", "/temp-admin", "/account/billing", "/contacts", "/bulk-validation", "/support", "/auth", "/unsubscribe/abc", "/seo-removal/abc"]) {
    assert.equal(rules.allows(path), false, path);
  }
});
