import assert from "node:assert/strict";
import robotsParserModule from "robots-parser";
import { robotsTxt } from "./robots.ts";

const SITE = "https://mailscout.test";

// robots-parser's typings describe a namespace; its module is the parse function.
const parse = robotsParserModule as unknown as (url: string, contents: string) => {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
  getSitemaps(): string[];
};
const robots = parse(`${SITE}/robots.txt`, robotsTxt(SITE));
const rules = {
  allows: (path: string) => robots.isAllowed(SITE + path, "Googlebot") !== false,
  sitemaps: robots.getSitemaps(),
};

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
