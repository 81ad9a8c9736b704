// The signature as a receiver checks it (Stripe's scheme): what was signed verifies; a changed body, a timestamp
// outside the tolerance, another secret or a malformed header does not.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { WEBHOOK_TOLERANCE_SECONDS } from "../contracts/api-keys.ts";
import { signatureHeader, verifySignature } from "./signature.ts";

const SECRET = "whsec_test_0123456789abcdef";
const BODY = JSON.stringify({ event: "job.completed", jobId: "6f1c", status: "completed" });
const NOW = 1_790_000_000;

Deno.test("signatureHeader: t and v1, the hex HMAC-SHA256 of `t.body` (as node's crypto computes it)", async () => {
  const header = await signatureHeader(SECRET, BODY, NOW);
  const expected = createHmac("sha256", SECRET).update(`${NOW}.${BODY}`).digest("hex");
  assert.equal(header, `t=${NOW},v1=${expected}`);
});

Deno.test("verifySignature: sign then verify, within the tolerance either side", async () => {
  const header = await signatureHeader(SECRET, BODY, NOW);
  assert.equal(await verifySignature(header, SECRET, BODY, NOW), true);
  assert.equal(await verifySignature(header, SECRET, BODY, NOW + WEBHOOK_TOLERANCE_SECONDS), true);
  assert.equal(await verifySignature(header, SECRET, BODY, NOW - 30), true);
  assert.equal(await verifySignature(` ${header.replace(",", " , ")} `, SECRET, BODY, NOW), true, "spaces");
});

Deno.test("verifySignature: a tampered body, an old timestamp, another secret fail", async () => {
  const header = await signatureHeader(SECRET, BODY, NOW);
  assert.equal(await verifySignature(header, SECRET, BODY.replace("completed", "failed"), NOW), false);
  assert.equal(await verifySignature(header, SECRET, `${BODY} `, NOW), false);
  assert.equal(await verifySignature(header, SECRET, BODY, NOW + WEBHOOK_TOLERANCE_SECONDS + 1), false);
  assert.equal(await verifySignature(header, SECRET, BODY, NOW + 3_600, 60), false);
  assert.equal(await verifySignature(header, "whsec_another", BODY, NOW), false);
  // The timestamp is signed: moving it forward to pass the age check breaks the MAC.
  const moved = header.replace(`t=${NOW}`, `t=${NOW + 3_600}`);
  assert.equal(await verifySignature(moved, SECRET, BODY, NOW + 3_600), false);
});

Deno.test("verifySignature: malformed headers fail; any matching v1 among several passes", async () => {
  const header = await signatureHeader(SECRET, BODY, NOW);
  const v1 = header.split("v1=")[1]!;
  for (const bad of ["", "t=,v1=", `v1=${v1}`, `t=${NOW}`, `t=${NOW},v1=zz`, `t=abc,v1=${v1}`, `t=${NOW},v0=${v1}`]) {
    assert.equal(await verifySignature(bad, SECRET, BODY, NOW), false, bad);
  }
  const other = (await signatureHeader("whsec_old", BODY, NOW)).split("v1=")[1]!;
  assert.equal(await verifySignature(`t=${NOW},v1=${other},v1=${v1}`, SECRET, BODY, NOW), true);
});

/** The verification snippet docs/api.md gives receivers, as a module: what integrators copy must verify our header. */
async function docsVerifier(): Promise<(header: string, body: string, secret: string) => boolean> {
  const docs = await Deno.readTextFile(new URL("../../../docs/api.md", import.meta.url));
  const snippet = /\*\*Verifying a delivery\.\*\*[\s\S]*?```js\n([\s\S]*?)```/.exec(docs)?.[1];
  assert.ok(snippet, "docs/api.md has the JavaScript verification snippet");
  const module = await import(`data:text/javascript;base64,${btoa(snippet)}`);
  return module.verifyMailScoutSignature;
}

Deno.test("the docs' JavaScript snippet verifies what signatureHeader signs, and refuses the same failures", async () => {
  const verify = await docsVerifier();
  const now = Math.floor(Date.now() / 1000);
  const header = await signatureHeader(SECRET, BODY, now);
  assert.equal(verify(header, BODY, SECRET), true);
  assert.equal(verify(header, `${BODY} `, SECRET), false);
  assert.equal(verify(header, BODY, "whsec_another"), false);
  assert.equal(verify(await signatureHeader(SECRET, BODY, now - WEBHOOK_TOLERANCE_SECONDS - 60), BODY, SECRET), false);
  assert.equal(verify(`t=${now},v1=zz`, BODY, SECRET), false);
});
