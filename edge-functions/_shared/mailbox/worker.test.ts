import assert from "node:assert/strict";
import { MAILBOX_OUTCOMES, type MailboxOutcome } from "./contract.ts";
import type { DomainProbe } from "./probe.ts";
import { checkedSmtp } from "./testing/checks.ts";
import { greylistRetryAt, mxHostsOf, slotLeaseSeconds, smtpCheckOf } from "./worker.ts";

const checkedAt = new Date("2026-11-27T10:00:00.000Z");

Deno.test("MX hosts are asked in priority order, without a trailing dot or repeats; a domain without MX is its own", () => {
  const mxRecords = [
    { exchange: "MX2.Example.com.", priority: 20 },
    { exchange: "mx1.example.com", priority: 10 },
    { exchange: "mx2.example.com", priority: 30 },
  ];
  assert.deepEqual(mxHostsOf({ mxRecords }, "example.com"), ["mx1.example.com", "mx2.example.com"]);
  assert.deepEqual(mxHostsOf({ mxRecords: [] }, "implicit-mx.test"), ["implicit-mx.test"]);
});

Deno.test("a first greylisting is retried after the server's delay, unless that is past the deadline", () => {
  const deadline = new Date(checkedAt.getTime() + 60_000);
  assert.deepEqual(greylistRetryAt(deadline, 2_000, checkedAt), new Date(checkedAt.getTime() + 2_000));
  assert.equal(greylistRetryAt(deadline, 60_000, checkedAt), null);
  assert.equal(greylistRetryAt(deadline, undefined, checkedAt), null);
});

Deno.test("a host slot outlives the longest conversation, so it is never taken over mid-conversation", () => {
  assert.equal(slotLeaseSeconds({ probeTimeoutMs: 20_000 }), 25);
  assert.equal(slotLeaseSeconds({ probeTimeoutMs: 2_500 }), 8);
});

const reply = { code: 250, enhancedCode: "2.1.5", text: "OK" };
const probe = (results: DomainProbe["results"]): DomainProbe => ({
  mxHost: "mx.mailbox.test",
  tls: "verified",
  connectable: true,
  catchAll: { samples: 2, accepted: 0 },
  provider: null,
  results,
});

Deno.test("each outcome says whether the mailbox takes mail: yes, no, or no telling", () => {
  const deliverable = (outcome: MailboxOutcome) => {
    const answer = { outcome, reply };
    return smtpCheckOf(probe(new Map([["jane@mailbox.test", answer]])), answer, 0, checkedAt);
  };
  assert.equal(deliverable("exists").smtpDeliverable, true);
  for (const outcome of MAILBOX_OUTCOMES) {
    const check = deliverable(outcome);
    if (outcome === "not_found" || outcome === "full") assert.equal(check.smtpDeliverable, false, outcome);
    else if (outcome !== "exists") assert.equal(check.smtpDeliverable, null, outcome);
    assert.equal(check.isCatchAll, outcome === "catch_all", outcome);
  }
});

Deno.test("a check carries the conversation's host, TLS, the deciding reply and the domain's catch-all confidence", () => {
  const answer = { outcome: "exists" as const, reply };
  // The probe's host and TLS, the reply, confidence 0 from the domain's tally: an existing mailbox over verified TLS.
  assert.deepEqual(
    smtpCheckOf(probe(new Map([["jane@mailbox.test", answer]])), answer, 0, checkedAt),
    checkedSmtp({ reply, catchAllConfidence: 0, checkedAt: "2026-11-27T10:00:00.000Z" }),
  );
});

Deno.test("an address the conversation never reached is unavailable, with no reply", () => {
  const check = smtpCheckOf({ ...probe(new Map()), connectable: false, mxHost: null, tls: null }, undefined, null, checkedAt);
  assert.equal(check.outcome, "unavailable");
  assert.equal(check.smtpConnectable, false);
  assert.equal(check.reply, null);
  assert.equal(check.catchAllConfidence, null);
});

Deno.test("a known provider is named where its habit of accepting every address decided the outcome", () => {
  const yahoo = { ...probe(new Map()), provider: "Yahoo" };
  const unverifiable = { outcome: "unverifiable" as const, reply };
  assert.equal(smtpCheckOf(yahoo, unverifiable, null, checkedAt).provider, "Yahoo");
  assert.equal(smtpCheckOf(yahoo, { outcome: "not_found", reply }, null, checkedAt).provider, null);
});
