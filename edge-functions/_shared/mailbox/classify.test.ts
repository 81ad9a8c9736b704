// The answer to RCPT TO, one row per family of replies. The rows that matter most are the refusals that must NOT read
// as "no such mailbox": a blocklist hit or a policy refusal on a good address would otherwise call it undeliverable.
import assert from "node:assert/strict";
import {
  classifyRcpt,
  DEFAULT_RETRY_AFTER_MS,
  isTooManyRecipients,
  MAX_RETRY_AFTER_MS,
  type RcptAnswer,
  retryAfterMs,
} from "./classify.ts";
import { parseReply } from "./reply.ts";

const kind = (line: string): RcptAnswer["kind"] => classifyRcpt(parseReply([line])).kind;

const TABLE: [string, RcptAnswer["kind"]][] = [
  // Accepted.
  ["250 2.1.5 Ok", "accepted"],
  ["250 Recipient ok", "accepted"],
  ["251 2.1.5 User not local; will forward to <jane@elsewhere.test>", "accepted"],
  // The mailbox is not there: enhanced codes, whatever the wording.
  ["550 5.1.1 User unknown", "not_found"],
  ["553 5.1.1 <x@mailbox.test>: Recipient address rejected", "not_found"],
  ["554 5.1.1 Delivery error: dosn't exist", "not_found"],
  ["550 5.1.10 Recipient address rejected: domain has a null MX", "not_found"],
  ["551 5.1.6 Mailbox has moved", "not_found"],
  // The mailbox is not there: wording on 550/551/553 without an enhanced code.
  ["550 No such user here", "not_found"],
  ["550 <x@mailbox.test>: Recipient address rejected: User unknown in virtual mailbox table", "not_found"],
  ["550 Requested action not taken: mailbox does not exist", "not_found"],
  ["551 User not local; please try <forward@elsewhere.test>", "not_found"],
  ["553 Invalid recipient <x@mailbox.test>", "not_found"],
  ["550 5.1.0 Address rejected: invalid mailbox", "not_found"],
  // Full.
  ["552 5.2.2 Mailbox full", "full"],
  ["550 5.2.2 The email account that you tried to reach is over quota", "full"],
  ["552 Requested mail action aborted: exceeded storage allocation", "full"],
  // Temporary: greylisting and the like.
  ["451 4.7.1 Greylisted, try again in 2 seconds", "temporary"],
  ["450 4.2.0 try again later", "temporary"],
  ["452 4.2.2 Mailbox full, try later", "temporary"],
  ["450 Requested mail action not taken: mailbox busy", "temporary"],
  // Blocked: the server would not say. Never not_found, whatever else the text holds.
  ["421 4.3.2 Service not available, closing transmission channel", "blocked"],
  ["554 5.7.1 Service unavailable; Client host [203.0.113.9] blocked using zen.spamhaus.org", "blocked"],
  ["550 5.7.1 Relaying denied", "blocked"],
  ["550 5.7.606 Access denied, banned sending IP", "blocked"],
  ["550 User unknown; your IP is on our blocklist", "blocked"],
  ["550 Rejected by policy: no such user checks for unauthenticated senders", "blocked"],
  ["553 Sorry, your address is listed at a DNSBL", "blocked"],
  ["553 sorry, that domain isn't in my list of allowed rcpthosts", "blocked"],
  ["550 5.1.1 Blocked: too many invalid recipients", "blocked"],
  ["550 Requested action not taken: mailbox unavailable", "blocked"],
  ["550 Message rejected", "blocked"],
  ["554 Transaction failed", "blocked"],
  ["552 5.3.4 Message size exceeds fixed limit", "blocked"],
  ["500 5.5.2 Syntax error", "blocked"],
  ["530 5.7.0 Must issue a STARTTLS command first", "blocked"],
];

for (const [line, expected] of TABLE) {
  Deno.test(`classify: ${line} → ${expected}`, () => assert.equal(kind(line), expected));
}

Deno.test("classify: a temporary refusal carries the wait it asked for", () => {
  assert.deepEqual(classifyRcpt(parseReply(["451 4.7.1 Greylisted, try again in 2 seconds"])), {
    kind: "temporary",
    retryAfterMs: 2_000,
  });
});

Deno.test("retry after: the server's own wording, in seconds, minutes, hours or a clock", () => {
  assert.equal(retryAfterMs("Greylisted, try again in 2 seconds"), 2_000);
  assert.equal(retryAfterMs("Please retry in 300s"), 300_000);
  assert.equal(retryAfterMs("come back in 5 minutes"), 300_000);
  assert.equal(retryAfterMs("Greylisting in action, please come back in 00:05:00"), 300_000);
  assert.equal(retryAfterMs("deferred for 1 hour"), 3_600_000);
});

Deno.test("retry after: a minute when the server says nothing, bounded both ways", () => {
  assert.equal(retryAfterMs("try again later"), DEFAULT_RETRY_AFTER_MS);
  assert.equal(retryAfterMs("try again in 0 seconds"), 1_000);
  assert.equal(retryAfterMs("try again in 48 hours"), MAX_RETRY_AFTER_MS);
});

Deno.test("too many recipients is told apart from greylisting", () => {
  assert.equal(isTooManyRecipients(parseReply(["452 4.5.3 Too many recipients"])), true);
  assert.equal(isTooManyRecipients(parseReply(["452 Too many recipients received this hour"])), true);
  assert.equal(isTooManyRecipients(parseReply(["451 4.7.1 Greylisted"])), false);
});
