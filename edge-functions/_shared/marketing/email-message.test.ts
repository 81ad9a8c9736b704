import assert from "node:assert/strict";
import { campaignMessage, prepareCampaign } from "./email-message.ts";

const SITE = "https://app.example.com";
const TOKEN = "t".repeat(43);
const settings = { site: SITE, from: "MailScout <news@example.com>" };
const content = `<h1>Hello</h1><p>See <a href="https://example.com/a?x=1&amp;y=2">offer</a>,
<a href="https://example.com/b">more</a>, <a href="https://example.com/a?x=1&amp;y=2">again</a> and
<a href="mailto:help@example.com">mail us</a>.</p><script>alert(1)</script>`;

Deno.test("the send snapshots each distinct web link once, in order", () => {
  assert.deepEqual(prepareCampaign("Hi", content).links, ["https://example.com/a?x=1&y=2", "https://example.com/b"]);
});

Deno.test("every web link goes through the click redirect by its number; mailto stays", () => {
  const campaign = prepareCampaign("Hi", content);
  const message = campaignMessage(campaign, campaign.links, { email: "ada@example.com", token: TOKEN }, settings);
  const hrefs = [...message.html!.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
  assert.deepEqual(hrefs, [
    `${SITE}/api/email/click/${TOKEN}/0`,
    `${SITE}/api/email/click/${TOKEN}/1`,
    `${SITE}/api/email/click/${TOKEN}/0`,
    "mailto:help@example.com",
    `${SITE}/unsubscribe/${TOKEN}`,
  ]);
  assert.doesNotMatch(message.html!, /script|"https:\/\/example\.com/);
  assert.match(message.text!, new RegExp(`/api/email/click/${TOKEN}/1`));
});

Deno.test("a link missing from the send's snapshot goes out untracked", () => {
  const campaign = prepareCampaign("Hi", content);
  const message = campaignMessage(campaign, ["https://example.com/b"], { email: "ada@example.com", token: TOKEN }, settings);
  assert.match(message.html!, /href="https:\/\/example\.com\/a\?x=1&amp;y=2"/);
  assert.match(message.html!, new RegExp(`/api/email/click/${TOKEN}/0`));
});

Deno.test("the message carries an open pixel and an unsubscribe link in both parts", () => {
  const campaign = prepareCampaign("Hi", content);
  const message = campaignMessage(campaign, campaign.links, { email: "ada@example.com", token: TOKEN }, settings);
  assert.match(message.html!, new RegExp(`<img src="${SITE}/api/email/open/${TOKEN}" width="1" height="1"`));
  assert.match(message.text!, new RegExp(`Unsubscribe: ${SITE}/unsubscribe/${TOKEN}$`));
  assert.doesNotMatch(message.text!, /api\/email\/open/);
});

Deno.test("the one-click unsubscribe headers follow RFC 8058", () => {
  const campaign = prepareCampaign("Hi", content);
  const message = campaignMessage(campaign, campaign.links, { email: "ada@example.com", token: TOKEN }, settings);
  assert.deepEqual(message.headers, {
    "List-Unsubscribe": `<${SITE}/api/email/unsubscribe/${TOKEN}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  });
  assert.equal(message.to, "ada@example.com");
  assert.equal(message.subject, "Hi");
});
