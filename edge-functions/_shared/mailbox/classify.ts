// What a mail server's answer to RCPT TO says about the mailbox. The one rule that matters most: a refusal is read as
// "the mailbox does not exist" only when it says so (the enhanced codes for a bad mailbox, or mailbox-unknown wording
// on 550/551/553). Anything else a server refuses with (a blocklist hit, a policy, rate limits, or a bare 550 whose
// text says nothing) is the server declining to tell, and must never turn a good address into an undeliverable one.
import type { SmtpReply } from "./contract.ts";

/**
 * - accepted: 2xx; whether that proves the mailbox exists depends on catch-all samples and the provider;
 * - not_found, full: the server spoke about the mailbox itself;
 * - temporary: 4xx, greylisting as a rule: ask again after `retryAfterMs`;
 * - blocked: the server would not say (421, 5.7.x, blocklists and policies, any other refusal).
 */
export type RcptAnswer =
  | { kind: "accepted" }
  | { kind: "not_found" }
  | { kind: "full" }
  | { kind: "temporary"; retryAfterMs: number }
  | { kind: "blocked" };

/** When a server asks us to come back without saying when: greylisting servers commonly want 1 to 5 minutes. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;
/** A server asking for more than this is not greylisting a probe worth waiting for; the probe's deadline decides. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

// Words that say the refusal is about us (our address, our network, our rate) or about policy, not the mailbox.
const BLOCK_WORDING = new RegExp(
  [
    "spamhaus",
    "spamcop",
    "barracuda",
    "sorbs",
    "\\bs?rbl\\b",
    "dnsbl",
    "block ?list",
    "black ?list",
    "\\bblock(ed|ing)?\\b",
    "\\bpolic(y|ies)\\b",
    "reputation",
    "\\bspam\\b",
    "too many",
    "rate limit",
    "access denied",
    "not (allowed|permitted|authori[sz]ed)",
    "relay(ing)? (denied|not permitted|access denied)",
  ].join("|"),
  "i",
);

// Wording of a mailbox that isn't there. "Mailbox unavailable" alone is deliberately absent: it is RFC 5321's stock
// text for 550, which servers send for policy refusals too.
const MAILBOX_UNKNOWN_WORDING = new RegExp(
  [
    "user(name)? unknown",
    "unknown (user|recipient|mailbox|address)",
    "no such (user|mailbox|recipient|address|account)",
    "(user|mailbox|recipient|address|account)( \\S+)? (does not|doesn't|did not) exist",
    "(user|mailbox|recipient|account) not found",
    "not a valid (user|mailbox|recipient)",
    "invalid (user|mailbox|recipient)",
    "(mailbox|account) (has been )?(disabled|deactivated|removed|deleted)",
    "user not local",
    "mailbox (has )?moved",
    "no mailbox",
    "unrouteable address",
  ].join("|"),
  "i",
);

/** Enhanced codes about the mailbox itself: 5.1.1 bad mailbox, 5.1.10 null MX at the recipient (RFC 7505), 5.1.6
 * mailbox moved with no forwarding address. */
const MAILBOX_UNKNOWN_CODES = new Set(["5.1.1", "5.1.6", "5.1.10"]);

/** The server's limit of recipients in one transaction was reached: not about the mailbox, the probe starts anew. */
export function isTooManyRecipients(reply: SmtpReply): boolean {
  return reply.enhancedCode === "4.5.3" || reply.enhancedCode === "5.5.3" || /too many recipients/i.test(reply.text);
}

export function classifyRcpt(reply: SmtpReply): RcptAnswer {
  const { code, enhancedCode, text } = reply;
  if (code >= 200 && code < 300) return { kind: "accepted" };
  if (code === 421) return { kind: "blocked" };
  if (code >= 400 && code < 500) return { kind: "temporary", retryAfterMs: retryAfterMs(text) };
  if (code < 500) return { kind: "blocked" };
  if (enhancedCode?.startsWith("5.7.") || BLOCK_WORDING.test(text)) return { kind: "blocked" };
  if (enhancedCode === "5.2.2" || (code === 552 && (enhancedCode === null || enhancedCode.startsWith("5.2.")))) {
    return { kind: "full" };
  }
  if (enhancedCode !== null && MAILBOX_UNKNOWN_CODES.has(enhancedCode)) return { kind: "not_found" };
  if ((code === 550 || code === 551 || code === 553) && MAILBOX_UNKNOWN_WORDING.test(text)) {
    return { kind: "not_found" };
  }
  return { kind: "blocked" };
}

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * How long a temporary refusal asks us to wait: "try again in 2 seconds", "come back in 5 minutes", "retry in 300s",
 * "please wait 00:05:00", else DEFAULT_RETRY_AFTER_MS; at least a second, at most MAX_RETRY_AFTER_MS.
 */
export function retryAfterMs(text: string): number {
  const clock = /\b(\d{1,2}):(\d{2}):(\d{2})\b/.exec(text);
  const amount = /\b(\d{1,6})\s*(s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?)\b/i.exec(text);
  let ms: number | null = null;
  if (clock) ms = (Number(clock[1]) * 3_600 + Number(clock[2]) * 60 + Number(clock[3])) * 1_000;
  else if (amount) ms = Number(amount[1]) * UNIT_MS[amount[2]![0]!.toLowerCase()]!;
  if (ms === null) return DEFAULT_RETRY_AFTER_MS;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(1_000, ms));
}
