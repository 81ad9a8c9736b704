import assert from "node:assert/strict";
import type { SafeResponse } from "../net/index.ts";
import { robotsRules } from "./robots.ts";

const answer = (status: number, text = ""): SafeResponse => ({
  url: "https://acme.test/robots.txt",
  status,
  headers: {},
  cookies: [],
  text,
  truncated: false,
  redirectedFrom: [],
});

Deno.test("robots: our own group wins over *, with wildcards and Allow", () => {
  const rules = robotsRules(answer(
    200,
    `User-agent: *
Disallow: /

User-agent: MailScoutBot
Disallow: /private/
Disallow: /*?s=
Allow: /private/press-kit

Sitemap: https://acme.test/sitemap_index.xml`,
  ))!;
  assert.equal(rules.allows("/"), true);
  assert.equal(rules.allows("/contact/"), true);
  assert.equal(rules.allows("/private/board"), false);
  assert.equal(rules.allows("/private/press-kit"), true);
  assert.equal(rules.allows("/?s=team"), false);
  assert.deepEqual(rules.sitemaps, ["https://acme.test/sitemap_index.xml"]);
});

Deno.test("robots: the * group applies when none names us", () => {
  const rules = robotsRules(answer(200, "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"))!;
  assert.equal(rules.allows("/about/team/"), true);
  assert.equal(rules.allows("/private/x"), false);
});

Deno.test("robots: a missing robots.txt allows everything; a failing one (5xx) allows nothing", () => {
  for (const status of [404, 403, 401, 410]) {
    assert.equal(robotsRules(answer(status, "Disallow: /"))!.allows("/"), true);
  }
  assert.equal(robotsRules(answer(503)), null);
  assert.equal(robotsRules(answer(500)), null);
});
