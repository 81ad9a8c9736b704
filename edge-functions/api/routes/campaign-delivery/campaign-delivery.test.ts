// /api/campaign-delivery against the running stack: delivery with signed click links, reported events (their refusals
// and the per-visitor limit), the click redirect that goes only where the campaign leads, tracking switched off, and a
// sign-up counted as the conversion of the visitor's click.
import assert from "node:assert/strict";
import { CAMPAIGN_EVENTS_PER_MINUTE } from "../../../_shared/rate-limits/index.ts";
import { bannerAd, campaignEvents, withMarketingSetting } from "../../testing/marketing-delivery.ts";
import { assertError, assertRateLimited, call, newSessionId, signedInUser, withDatabase } from "../../testing/stack.ts";

interface Delivered {
  banners: { campaignId: string; clickUrl: string | null; placement: string }[];
}

async function deliveredTo(sessionId: string, page = "/"): Promise<Delivered> {
  const response = await call(`/api/campaign-delivery?page=${encodeURIComponent(page)}`, {
    headers: { "x-session-id": sessionId },
  });
  assert.equal(response.status, 200, response.text);
  return response.json as Delivered;
}

async function clickUrlOf(bannerId: string, sessionId: string): Promise<string> {
  const banner = (await deliveredTo(sessionId, "/pricing")).banners.find((item) => item.campaignId === bannerId);
  assert.ok(banner?.clickUrl, `banner ${bannerId} was delivered with a link`);
  return banner.clickUrl;
}

const event = (campaignId: string, eventType = "impression") => ({ campaignType: "banner", campaignId, eventType, page: "/" });

Deno.test("GET /api/campaign-delivery: a visitor's banners carry click links signed for them", async () => {
  const bannerId = await bannerAd({ targetUrl: "https://example.com/offer" });
  const url = await clickUrlOf(bannerId, newSessionId());
  assert.match(url, new RegExp(`^/api/campaign-delivery/click/banner/${bannerId}\\?v=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));

  const signedIn = await call("/api/campaign-delivery", { token: (await signedInUser()).token });
  assert.equal(signedIn.status, 200, signedIn.text);
  assert.deepEqual(Object.keys(signedIn.json as object).sort(), ["affiliateAd", "banners", "inAppMessages", "popup"]);
});

Deno.test("GET /api/campaign-delivery: a bad page, action or session id is a 400", async () => {
  assertError(await call("/api/campaign-delivery?page=pricing"), 400, "page: each page must be a path starting with /");
  const after = await call("/api/campaign-delivery?after=shopping");
  assert.equal(after.status, 400, after.text);
  const session = await call("/api/campaign-delivery", { headers: { "x-session-id": "short" } });
  assert.equal(session.status, 400, session.text);
});

Deno.test("POST /api/campaign-delivery/events: 204 stored, 404 unknown, 409 inactive, 400 malformed", async () => {
  const sessionId = newSessionId();
  const headers = { "x-session-id": sessionId };
  const bannerId = await bannerAd({ targetUrl: null });
  const stored = await call("/api/campaign-delivery/events", { body: event(bannerId), headers });
  assert.equal(stored.status, 204, stored.text);
  const [impression] = await campaignEvents(bannerId, "impression");
  assert.equal(impression?.session_id, sessionId);
  // Addresses are kept as their network only.
  assert.equal(impression?.ip_address, "127.0.0.0");

  assertError(
    await call("/api/campaign-delivery/events", { body: event(crypto.randomUUID()), headers }),
    404,
    "Campaign not found",
  );
  const inactive = await bannerAd({ targetUrl: null, isActive: false });
  assertError(await call("/api/campaign-delivery/events", { body: event(inactive), headers }), 409, "Campaign is not active");
  assertError(
    await call("/api/campaign-delivery/events", { body: { ...event(bannerId), eventType: "click" }, headers }),
    400,
    "eventType: eventType must be impression, dismiss or conversion",
  );
});

Deno.test("POST /api/campaign-delivery/events: past the per-visitor limit, a 429", async () => {
  const bannerId = await bannerAd({ targetUrl: null });
  const headers = { "x-session-id": newSessionId() };
  for (let sent = 0; sent < CAMPAIGN_EVENTS_PER_MINUTE; sent += 20) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("/api/campaign-delivery/events", { body: event(bannerId, "dismiss"), headers })),
    );
    assert.deepEqual([...new Set(answers.map((answer) => answer.status))], [204]);
  }
  assertRateLimited(await call("/api/campaign-delivery/events", { body: event(bannerId, "dismiss"), headers }), CAMPAIGN_EVENTS_PER_MINUTE);
  // Another visitor is not held back.
  const other = await call("/api/campaign-delivery/events", { body: event(bannerId, "dismiss"), headers: { "x-session-id": newSessionId() } });
  assert.equal(other.status, 204, other.text);
});

Deno.test("GET /api/campaign-delivery/click: records the visitor's click and 302s to the stored link only", async () => {
  const sessionId = newSessionId();
  const bannerId = await bannerAd({ targetUrl: "https://example.com/offer" });
  const url = await clickUrlOf(bannerId, sessionId);
  const response = await call(`${url}&url=${encodeURIComponent("https://evil.example/")}`, { redirect: "manual" });
  assert.equal(response.status, 302, response.text);
  assert.equal(response.headers.get("location"), "https://example.com/offer");
  const [click] = await campaignEvents(bannerId, "click");
  assert.deepEqual([click?.session_id, click?.page], [sessionId, "/pricing"]);

  // A link made up without the token still goes to the campaign's link, unattributed.
  const bare = await call(`/api/campaign-delivery/click/banner/${bannerId}?url=https://evil.example/`, { redirect: "manual" });
  assert.equal(bare.headers.get("location"), "https://example.com/offer");
});

Deno.test("GET /api/campaign-delivery/click: a path on this site resolves against the site", async () => {
  const bannerId = await bannerAd({ targetUrl: "/pricing" });
  const response = await call(`/api/campaign-delivery/click/banner/${bannerId}`, { redirect: "manual" });
  assert.equal(response.status, 302, response.text);
  assert.match(response.headers.get("location")!, /^https?:\/\/[^/]+\/pricing$/);
});

Deno.test("GET /api/campaign-delivery/click: unknown campaigns and types, and campaigns without a link, are 404s", async () => {
  assertError(await call(`/api/campaign-delivery/click/banner/${crypto.randomUUID()}`), 404, "Campaign not found");
  assertError(await call(`/api/campaign-delivery/click/billboard/${crypto.randomUUID()}`), 404, "Campaign not found");
  assertError(await call("/api/campaign-delivery/click/banner/not-an-id"), 404, "Campaign not found");
  const noLink = await bannerAd({ targetUrl: null });
  assertError(await call(`/api/campaign-delivery/click/banner/${noLink}`), 404, "Campaign not found");
});

Deno.test("with click tracking off, a click stores nothing and still redirects", async () => {
  const bannerId = await bannerAd({ targetUrl: "https://example.com/untracked" });
  const url = await clickUrlOf(bannerId, newSessionId());
  await withMarketingSetting("marketing_click_tracking", "false", async () => {
    const response = await call(url, { redirect: "manual" });
    assert.equal(response.status, 302, response.text);
    assert.equal(response.headers.get("location"), "https://example.com/untracked");
  });
  assert.equal((await campaignEvents(bannerId, "click")).length, 0);
  const [banner] = await withDatabase((sql) => sql<{ click_count: number }[]>`
    select click_count::int from public.banner_ads where id = ${bannerId}
  `);
  assert.equal(banner!.click_count, 0);
});

Deno.test("a sign-up after a campaign click is that campaign's conversion", async () => {
  const sessionId = newSessionId();
  const bannerId = await bannerAd({ targetUrl: "https://example.com/signup-offer" });
  assert.equal((await call(await clickUrlOf(bannerId, sessionId), { redirect: "manual" })).status, 302);
  const username = `u_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const registered = await call("/api/register", {
    body: { username, email: `${username}@example.com`, password: `pw-${crypto.randomUUID()}` },
    headers: { "x-session-id": sessionId },
  });
  assert.equal(registered.status, 201, registered.text);
  const conversions = await campaignEvents(bannerId, "conversion");
  assert.equal(conversions.length, 1);
  assert.equal(conversions[0]!.user_id, (registered.json as { id: string }).id);
});
