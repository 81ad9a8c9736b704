// GET /api/mailbox-probes/{probeId} against the running stack: probes arranged in the database as a validation and a
// worker leave them (no worker runs here), read by anyone holding the id, limited per visitor.
import assert from "node:assert/strict";
import { MAILBOX_POLLS_PER_MINUTE } from "../../../_shared/mailbox/index.ts";
import { checkedSmtp } from "../../../_shared/mailbox/testing/checks.ts";
import { mailboxProbeAnswerSchema, type ValidationResult } from "../../../_shared/validation/index.ts";
import { callIntegrations, newApiKey } from "../../testing/integrations.ts";
import { assertError, assertRateLimited, call, newSessionId, signedInUser, withDatabase } from "../../testing/stack.ts";

const dnsResult: ValidationResult = {
  email: "jane@mailbox.test",
  domain: "mailbox.test",
  isValid: true,
  formatValid: true,
  mxRecordsFound: true,
  verdict: "deliverable",
  reasons: [],
  mxRecords: [{ exchange: "mx.mailbox.test", priority: 10 }],
  disposable: false,
  roleAccount: false,
  freeProvider: false,
  suggestion: null,
  riskScore: 0,
  deliverabilityScore: 100,
  smtp: { status: "not_checked", reason: "not_requested" },
  validatedAt: "2026-11-27T10:00:00.000Z",
};

const finalResult: ValidationResult = {
  ...dnsResult,
  verdict: "undeliverable",
  reasons: ["mailbox_not_found"],
  riskScore: 100,
  deliverabilityScore: 0,
  smtp: checkedSmtp({
    outcome: "not_found",
    smtpDeliverable: false,
    reply: { code: 550, enhancedCode: "5.1.1", text: "User unknown" },
    checkedAt: "2026-11-27T10:00:02.000Z",
  }),
};

/** A probe row as a validation queues it and a worker leaves it; a unique address, so no queued probe clashes. */
async function probe(status: "pending" | "running" | "done" | "expired", result: ValidationResult | null) {
  const email = `t${crypto.randomUUID().slice(0, 8)}@mailbox.test`;
  return await withDatabase(async (sql) => {
    const finished = status === "done" || status === "expired";
    const [row] = await sql<{ id: string }[]>`
      insert into public.mailbox_probes
        (email, email_key, domain, status, dns_result, result, outcome, deadline, done_at, lease_owner, lease_expires_at)
      values (${email}, ${email}, 'mailbox.test', ${status}, ${sql.json({ ...dnsResult, email })},
        ${result === null ? null : sql.json({ ...result, email })},
        ${status === "done" && result?.smtp.status === "checked" ? result.smtp.outcome : null},
        now() + interval '15 minutes', ${finished ? new Date() : null},
        ${status === "running" ? crypto.randomUUID() : null}, ${status === "running" ? new Date(Date.now() + 60_000) : null})
      returning id
    `;
    return { id: row!.id, email };
  });
}

function poll(probeId: string, headers: Record<string, string> = { "x-session-id": newSessionId() }, token?: string) {
  return call(`/api/mailbox-probes/${probeId}`, { headers, token });
}

Deno.test("a probe still queued or running is pending, never cached on the way", async () => {
  for (const status of ["pending", "running"] as const) {
    const answer = await poll((await probe(status, null)).id);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(mailboxProbeAnswerSchema.parse(answer.json), { status: "pending", result: null });
    assert.equal(answer.headers.get("cache-control"), "no-store");
  }
});

Deno.test("a finished probe answers the whole final result, to anyone holding its id", async () => {
  const { id, email } = await probe("done", finalResult);
  const user = await signedInUser();
  for (const answer of [await poll(id), await poll(id, {}, user.token), await poll(id, {})]) {
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(mailboxProbeAnswerSchema.parse(answer.json), { status: "done", result: { ...finalResult, email } });
  }
});

Deno.test("a probe no worker finished in time is done too, and says the mailbox was not checked", async () => {
  const expired: ValidationResult = { ...dnsResult, smtp: { status: "not_checked", reason: "expired" } };
  const { id, email } = await probe("expired", expired);
  const answer = await poll(id);
  assert.equal(answer.status, 200, answer.text);
  assert.deepEqual(mailboxProbeAnswerSchema.parse(answer.json), { status: "done", result: { ...expired, email } });
});

Deno.test("an id that is not a uuid is a 400 naming the rule; an unknown one is a 404", async () => {
  assertError(await poll("not-a-uuid"), 400, "probeId: probeId must be a UUID");
  assertError(await poll(crypto.randomUUID()), 404, "Mailbox check not found");
});

Deno.test("each visitor may look a limited number of times a minute; another visitor is not held back", async () => {
  const { id } = await probe("pending", null);
  const headers = { "x-session-id": newSessionId() };
  for (let n = 0; n < MAILBOX_POLLS_PER_MINUTE; n++) assert.equal((await poll(id, headers)).status, 200);
  const refused = await poll(id, headers);
  assertRateLimited(refused, MAILBOX_POLLS_PER_MINUTE);
  assert.match((refused.json as { message: string }).message, /^Too many looks at mailbox checks: at most 60 a minute\./);
  assert.equal((await poll(id)).status, 200);
});

Deno.test("an API key's owner polls the same probe through the public API", async () => {
  const { id, email } = await probe("done", finalResult);
  const key = await newApiKey((await signedInUser()).id);
  const answer = await callIntegrations(`/mailbox-probes/${id}`, key.secret);
  assert.equal(answer.status, 200, answer.text);
  assert.deepEqual(mailboxProbeAnswerSchema.parse(answer.json), { status: "done", result: { ...finalResult, email } });
  const unknown = await callIntegrations(`/mailbox-probes/${crypto.randomUUID()}`, key.secret);
  assert.equal(unknown.status, 404, unknown.text);
  assert.equal((unknown.json as { code: string }).code, "mailbox_probe_not_found");
  const malformed = await callIntegrations("/mailbox-probes/42", key.secret);
  assert.equal(malformed.status, 400, malformed.text);
  assert.equal((malformed.json as { code: string }).code, "validation_failed");
});
