// The api's body limit on its own (the stack's gateway would refuse these bodies before the function sees them): a
// declared length over the limit is refused unread, and a chunked body is read no further than the limit.
import assert from "node:assert/strict";
import { Hono } from "hono";
import {
  bodyLimitForPath,
  bodyTooLargeMessage,
  BULK_PART_BODY_MAX_BYTES,
  IMPORT_BODY_MAX_BYTES,
  JSON_BODY_MAX_BYTES,
} from "../../_shared/contracts/http-limits.ts";
import { limitBody } from "./body-limit.ts";

function app() {
  const app = new Hono().basePath("/api");
  app.use(limitBody);
  app.post("*", async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
  return app;
}

const CHUNK = 64 * 1024;

/** A body that never ends, counting what was pulled from it. */
function endlessBody() {
  const pulled = { bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    cancel() {
      pulled.cancelled = true;
    },
    pull(controller) {
      pulled.bytes += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK));
    },
  });
  return { stream, pulled };
}

Deno.test("a JSON body over 1 MB by Content-Length is refused with 413 before any byte is read", async () => {
  const { stream, pulled } = endlessBody();
  const response = await app().request("/api/login", {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(JSON_BODY_MAX_BYTES + 1) },
    body: stream,
  });
  assert.equal(response.status, 413);
  assert.deepEqual(await response.json(), { message: bodyTooLargeMessage(JSON_BODY_MAX_BYTES) });
  assert.equal(pulled.bytes <= CHUNK, true, `pulled ${pulled.bytes} bytes`);
});

Deno.test("a chunked body is read only up to the limit, then cancelled and refused with 413", async () => {
  const { stream, pulled } = endlessBody();
  const response = await app().request("/api/contacts", { method: "POST", body: stream });
  assert.equal(response.status, 413);
  assert.deepEqual(await response.json(), { message: "Request body too large: at most 1 MB." });
  // The limit plus what the stream had queued ahead; never the endless rest.
  assert.ok(pulled.bytes <= JSON_BODY_MAX_BYTES + 3 * CHUNK, `pulled ${pulled.bytes} bytes`);
  assert.equal(pulled.cancelled, true);
});

Deno.test("the import takes up to 10 MB, chunked or not, and no more", async () => {
  const big = new Uint8Array(IMPORT_BODY_MAX_BYTES);
  const accepted = await app().request("/api/contacts/import", { method: "POST", body: big });
  assert.equal(accepted.status, 200);
  assert.deepEqual(await accepted.json(), { bytes: IMPORT_BODY_MAX_BYTES });

  const { stream, pulled } = endlessBody();
  const refused = await app().request("/api/contacts/import", { method: "POST", body: stream });
  assert.equal(refused.status, 413);
  assert.deepEqual(await refused.json(), { message: "Request body too large: at most 10 MB." });
  assert.ok(pulled.bytes <= IMPORT_BODY_MAX_BYTES + 3 * CHUNK, `pulled ${pulled.bytes} bytes`);

  const overJson = await app().request("/api/contacts", { method: "POST", body: new Uint8Array(JSON_BODY_MAX_BYTES + 1) });
  assert.equal(overJson.status, 413);
});

Deno.test("a body at the limit passes through whole", async () => {
  const response = await app().request("/api/contacts", { method: "POST", body: new Uint8Array(JSON_BODY_MAX_BYTES) });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { bytes: JSON_BODY_MAX_BYTES });
});

Deno.test("a bulk file's parts take up to 5 MB, at start-enhanced and at a session's parts alike", async () => {
  for (const path of ["/api/bulk-validation/start-enhanced", "/api/bulk-validation/sessions/abc/parts"]) {
    const atLimit = await app().request(path, { method: "POST", body: new Uint8Array(BULK_PART_BODY_MAX_BYTES) });
    assert.equal(atLimit.status, 200, path);
    const over = await app().request(path, { method: "POST", body: new Uint8Array(BULK_PART_BODY_MAX_BYTES + 1) });
    assert.equal(over.status, 413, path);
    assert.deepEqual(await over.json(), { message: "Request body too large: at most 5 MB." });
  }
  assert.equal(bodyLimitForPath("/api/bulk-validation/sessions"), JSON_BODY_MAX_BYTES);
  assert.equal(bodyLimitForPath("/api/bulk-validation/sessions/a/b/parts"), JSON_BODY_MAX_BYTES);
});
