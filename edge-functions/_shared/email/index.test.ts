// The sender against a local HTTP server that answers as Resend does (and as devstack's catcher does): what it
// sends, and how each failure comes back as an EmailError.
import assert from "node:assert/strict";
import { EmailError, type EmailMessage, type EmailSettings, sendEmail, sendEmailBatch } from "./index.ts";

interface Received {
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  body: unknown;
}

/** A local server that records each request and answers with `respond`. */
async function withServer(
  respond: (received: Received) => Response,
  run: (settings: EmailSettings, received: Received[]) => Promise<void>,
): Promise<void> {
  const received: Received[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const entry = {
      path: new URL(request.url).pathname,
      authorization: request.headers.get("Authorization"),
      idempotencyKey: request.headers.get("Idempotency-Key"),
      body: await request.json(),
    };
    received.push(entry);
    return respond(entry);
  });
  try {
    await run({ apiUrl: `http://127.0.0.1:${server.addr.port}/`, apiKey: "re_test" }, received);
  } finally {
    await server.shutdown();
  }
}

const message: EmailMessage = {
  from: "MailScout <hello@mailscout.test>",
  to: ["ada@example.com"],
  subject: "Your receipt",
  html: "<p>Paid</p>",
  text: "Paid",
  replyTo: "support@mailscout.test",
  tags: [{ name: "category", value: "receipt" }],
};

async function rejects(promise: Promise<unknown>, reason: string, pattern: RegExp): Promise<EmailError> {
  const error = await promise.then(
    () => assert.fail("expected the send to fail"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof EmailError, `expected an EmailError, got ${error}`);
  assert.equal(error.reason, reason);
  assert.match(error.message, pattern);
  return error;
}

Deno.test("sendEmail posts Resend's body with the key and answers the id", async () => {
  await withServer(
    () => Response.json({ id: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c" }),
    async (settings, received) => {
      assert.deepEqual(await sendEmail(message, settings), { id: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c" });
      assert.equal(received.length, 1);
      assert.equal(received[0]!.path, "/emails");
      assert.equal(received[0]!.authorization, "Bearer re_test");
      assert.deepEqual(received[0]!.body, {
        from: "MailScout <hello@mailscout.test>",
        to: ["ada@example.com"],
        subject: "Your receipt",
        html: "<p>Paid</p>",
        text: "Paid",
        reply_to: "support@mailscout.test",
        tags: [{ name: "category", value: "receipt" }],
      });
    },
  );
});

Deno.test("sendEmailBatch posts an array to /emails/batch under its idempotency key and answers the ids in order", async () => {
  await withServer(
    ({ path }) => Response.json(path === "/emails" ? { id: "c" } : { data: [{ id: "a" }, { id: "b" }] }),
    async (settings, received) => {
      const second = { ...message, to: "grace@example.com" };
      assert.deepEqual(await sendEmailBatch([message, second], "email-campaign/7/batch/1", settings), [{ id: "a" }, { id: "b" }]);
      assert.equal(received[0]!.path, "/emails/batch");
      assert.equal(received[0]!.idempotencyKey, "email-campaign/7/batch/1");
      assert.equal((received[0]!.body as unknown[]).length, 2);
      // The single send carries no key: its callers have none to give.
      assert.deepEqual(await sendEmail(message, settings), { id: "c" });
      assert.equal(received[1]!.idempotencyKey, null);
    },
  );
});

Deno.test("sendEmailBatch refuses a key Resend would refuse before sending, and reads its idempotency answers", async () => {
  await withServer(
    () => Response.json({ data: [{ id: "a" }] }),
    async (settings, received) => {
      for (const key of ["", "k".repeat(257), "a\r\nBcc: x@evil.test"]) {
        await rejects(sendEmailBatch([message], key, settings), "invalid_message", /idempotency key/);
      }
      assert.deepEqual(await sendEmailBatch([message], "k".repeat(256), settings), [{ id: "a" }]);
      assert.equal(received.length, 1);
    },
  );
  await withServer(
    () =>
      Response.json(
        { statusCode: 409, name: "invalid_idempotent_request", message: "the request body was modified" },
        { status: 409 },
      ),
    async (settings) => {
      const error = await rejects(sendEmailBatch([message], "k", settings), "rejected", /409 invalid_idempotent_request/);
      assert.deepEqual(error.provider, { status: 409, name: "invalid_idempotent_request" });
    },
  );
  await withServer(
    () =>
      Response.json(
        { statusCode: 409, name: "concurrent_idempotent_requests", message: "the original request is still in progress" },
        { status: 409 },
      ),
    (settings) => rejects(sendEmailBatch([message], "k", settings), "unavailable", /409/).then(() => {}),
  );
});

Deno.test("an invalid message is refused before anything is sent, naming the field", async () => {
  await withServer(
    () => Response.json({ id: "never" }),
    async (settings, received) => {
      await rejects(sendEmail({ ...message, to: "not an address" }, settings), "invalid_message", /to: must be an address/);
      await rejects(sendEmail({ ...message, html: undefined, text: undefined }, settings), "invalid_message", /html or a text/);
      await rejects(sendEmail({ ...message, subject: "Hi\r\nBcc: x@evil.test" }, settings), "invalid_message", /subject/);
      await rejects(
        sendEmail({ ...message, headers: { "X-Ref": "1\r\nBcc: x@evil.test" } }, settings),
        "invalid_message",
        /headers/,
      );
      await rejects(
        sendEmailBatch([message, { ...message, from: "nobody" }], "k", settings),
        "invalid_message",
        /Email 2 of the batch/,
      );
      assert.equal(received.length, 0);
    },
  );
});

Deno.test("Resend's refusals keep its name and message; a 5xx or 429 is unavailable", async () => {
  await withServer(
    () => Response.json({ statusCode: 403, name: "invalid_api_key", message: "API key is invalid" }, { status: 403 }),
    async (settings) => {
      const error = await rejects(sendEmail(message, settings), "rejected", /403 invalid_api_key.*API key is invalid/);
      assert.deepEqual(error.provider, { status: 403, name: "invalid_api_key" });
    },
  );
  await withServer(
    () => Response.json({ statusCode: 422, name: "validation_error", message: "Invalid `to` field." }, { status: 422 }),
    (settings) => rejects(sendEmail(message, settings), "rejected", /422 validation_error/).then(() => {}),
  );
  await withServer(
    () => new Response("upstream down", { status: 502 }),
    (settings) => rejects(sendEmail(message, settings), "unavailable", /502.*upstream down/).then(() => {}),
  );
  await withServer(
    () => Response.json({ statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests" }, { status: 429 }),
    (settings) => rejects(sendEmail(message, settings), "unavailable", /429/).then(() => {}),
  );
});

Deno.test("no server, no settings, or an answer without an id each fail clearly", async () => {
  // A port that was just free: nothing listens there.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  await rejects(sendEmail(message, { apiUrl: `http://127.0.0.1:${port}`, apiKey: "k" }), "unavailable", /could not be reached/);
  await rejects(sendEmail(message, { apiUrl: "http://127.0.0.1:1", apiKey: "" }), "not_configured", /EMAIL_API_KEY/);
  await withServer(
    () => Response.json({ ok: true }),
    (settings) => rejects(sendEmail(message, settings), "unavailable", /without an email id/).then(() => {}),
  );
});
