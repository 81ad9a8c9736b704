// /api/email against the running stack: the open pixel, the click redirect to the link stored at send time, and the
// one-click unsubscribe with the SPA's check of its link. No sign-in anywhere: the token names the recipient.
import assert from "node:assert/strict";
import { UNSUBSCRIBED_MESSAGE } from "../../../_shared/marketing/index.ts";
import { emailCampaign, recipientToken, runCampaignWorker, startSendTo } from "../../testing/marketing-delivery.ts";
import { assertError, call, signedInUser, withDatabase } from "../../testing/stack.ts";

const UNKNOWN = "A".repeat(43);

/** A campaign sent to a new user: its id, the user and their token. */
async function sent() {
  const user = await signedInUser();
  const campaignId = await emailCampaign(
    `Tracked ${crypto.randomUUID()}`,
    `<p><a href="https://example.com/first">First</a> <a href="/pricing">Pricing</a></p>`,
  );
  await startSendTo("email", campaignId, [user.id]);
  await runCampaignWorker();
  return { campaignId, user, token: await recipientToken(campaignId, user.id) };
}

async function recipient(token: string) {
  const [row] = await withDatabase((sql) => sql<{ opened: boolean; clicked: boolean; unsubscribed: boolean }[]>`
    select opened_at is not null as opened, clicked_at is not null as clicked, unsubscribed_at is not null as unsubscribed
    from public.email_recipients where token = ${token}
  `);
  return row!;
}

Deno.test("GET /api/email/open/{token}: a 1×1 GIF, never cached, known token or not", async () => {
  const { token } = await sent();
  for (const path of [`/api/email/open/${token}`, `/api/email/open/${UNKNOWN}`, "/api/email/open/junk"]) {
    const response = await fetch(`${Deno.env.get("SUPABASE_URL")}${path}`);
    const body = new Uint8Array(await response.arrayBuffer());
    assert.equal(response.status, 200, path);
    assert.equal(response.headers.get("content-type"), "image/gif");
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.equal(new TextDecoder().decode(body.slice(0, 6)), "GIF89a");
  }
  assert.equal((await recipient(token)).opened, true);
});

Deno.test("GET /api/email/click/{token}/{n}: 302 to the stored link only; unknown is a 404", async () => {
  const { token } = await sent();
  const first = await call(`/api/email/click/${token}/0?url=https://evil.example/`, { redirect: "manual" });
  assert.equal(first.status, 302, first.text);
  assert.equal(first.headers.get("location"), "https://example.com/first");
  assert.equal((await recipient(token)).clicked, true);

  assertError(await call(`/api/email/click/${token}/7`), 404, "This link is not valid");
  assertError(await call(`/api/email/click/${UNKNOWN}/0`), 404, "This link is not valid");
  assertError(await call(`/api/email/click/${token}/first`), 404, "This link is not valid");
});

Deno.test("POST /api/email/unsubscribe/{token}: one click, idempotent; GET says whether the link is good", async () => {
  const { token, user } = await sent();
  assert.deepEqual((await call(`/api/email/unsubscribe/${token}`)).json, { valid: true, unsubscribed: false });
  const oneClick = { rawBody: "List-Unsubscribe=One-Click", contentType: "application/x-www-form-urlencoded" };
  const first = await call(`/api/email/unsubscribe/${token}`, oneClick);
  assert.equal(first.status, 200, first.text);
  assert.deepEqual(first.json, { message: UNSUBSCRIBED_MESSAGE });
  // The SPA's page posts nothing; a second time changes nothing.
  const again = await call(`/api/email/unsubscribe/${token}`, { method: "POST" });
  assert.equal(again.status, 200, again.text);
  assert.deepEqual((await call(`/api/email/unsubscribe/${token}`)).json, { valid: true, unsubscribed: true });
  assert.deepEqual((await call("/api/notifications/email-subscription", { token: user.token })).json, { subscribed: false });

  assertError(await call(`/api/email/unsubscribe/${UNKNOWN}`, oneClick), 404, "This link is not valid");
  assert.deepEqual((await call(`/api/email/unsubscribe/${UNKNOWN}`)).json, { valid: false, unsubscribed: false });
  const badBody = await call(`/api/email/unsubscribe/${token}`, { rawBody: "something=else", contentType: "application/x-www-form-urlencoded" });
  assert.equal(badBody.status, 400, badBody.text);
});
