// The probe: one SMTP conversation per MX host asks about every address of one domain, without ever sending mail.
//
//   greeting, EHLO (HELO), STARTTLS when offered, MAIL FROM:<verification sender>,
//   RCPT TO each address, then RCPT TO a few made-up addresses at the domain (catch-all samples), RSET, QUIT.
//
// Recipients share a transaction (RFC 5321 lets a server cap them at 100; we stay well under), and a new one starts
// with RSET and MAIL FROM when a server says there were too many. A host that can't be reached, answers 421 or closes
// the connection leaves its unanswered addresses to the next MX host (at most MAX_MX_HOSTS_TRIED); what no host
// answered ends `unavailable`, or `blocked` when a host refused us outright (a 554 greeting, a 421). The whole probe
// runs within probeTimeoutMs: when that runs out the conversation is closed where it stands.
import type { DnsClient } from "../dns/index.ts";
import { classifyRcpt, isTooManyRecipients, type RcptAnswer } from "./classify.ts";
import type { MailboxOutcome, SmtpReply, TlsState } from "./contract.ts";
import { mxTargets, type MxTarget, type SkippedHost } from "./mx-targets.ts";
import { acceptAllProvider } from "./providers.ts";
import type { ReadReply } from "./reply.ts";
import { SmtpConversation, SmtpHostFailure } from "./smtp-client.ts";

export interface ProbeSettings {
  /** The name given in EHLO (SMTP_PROBE_HELO). */
  helo: string;
  /** The verification sender in MAIL FROM (SMTP_PROBE_MAIL_FROM): an address we control, never the checked one. */
  mailFrom: string;
  /** SMTP_PROBE_TARGET: connect there (host:port) instead of the MX host's checked address. Tests only. */
  target?: string;
  /** PEM certificates trusted beside the system's (SMTP_PROBE_CA_FILE's). */
  caCerts?: string[];
  stepTimeoutMs: number;
  probeTimeoutMs: number;
  /** Made-up addresses asked to tell a catch-all domain; 0 asks none. */
  catchAllSamples: number;
}

/** Made-up addresses asked, and how many of them the domain accepted. */
export interface CatchAllTally {
  samples: number;
  accepted: number;
}

export interface AddressProbe {
  outcome: MailboxOutcome;
  /** The reply that decided the outcome; null when no server answered about the address. */
  reply: SmtpReply | null;
  /** Set on a first greylisting (outcome `greylisted`): ask again after this long, then pass it in greylistRetry. */
  retryAfterMs?: number;
}

export interface DomainProbe {
  /** The MX host of the decisive conversation; null when none answered. */
  mxHost: string | null;
  tls: TlsState | null;
  /** Some MX host greeted us. */
  connectable: boolean;
  /** This probe's samples, or catchAllKnown unchanged when given (then nothing was sampled). */
  catchAll: CatchAllTally;
  /** The known accept-all provider behind the domain ("Yahoo"), whose accepted addresses are `unverifiable`. */
  provider: string | null;
  /** Per address as given. */
  results: Map<string, AddressProbe>;
}

export interface ProbeDomainInput {
  /** The domain in ASCII, as DNS knows it. */
  domain: string;
  addresses: readonly string[];
  /** MX host names, best first (the domain itself for an implicit MX). */
  mxHosts: readonly string[];
  /** The domain's catch-all finding, still fresh: no samples are asked then. */
  catchAllKnown?: CatchAllTally | null;
  /** Addresses whose greylisting retry this is: a second 4xx ends them `greylisted` for good. */
  greylistRetry?: ReadonlySet<string>;
  settings: ProbeSettings;
  /** The project's DNS client (DNS_SERVERS), for the MX hosts' addresses. */
  dns: DnsClient;
  signal?: AbortSignal;
  /** Told of each MX host skipped (no addresses, or only refused ones). */
  onSkip?: (skipped: SkippedHost) => void;
}

export const MAX_MX_HOSTS_TRIED = 3;
/** Addresses per host tried before the next. A host usually has one or two (IPv4, IPv6). */
export const MAX_ENDPOINTS_PER_HOST = 2;
/** Recipients per transaction: well under the 100 every standard-following server must accept. */
export const RCPTS_PER_TRANSACTION = 50;

/** What one host said of one recipient. */
interface Heard {
  answer: RcptAnswer;
  reply: ReadReply;
}

export async function probeDomain(input: ProbeDomainInput): Promise<DomainProbe> {
  const { domain, settings } = input;
  const signal = AbortSignal.any([
    AbortSignal.timeout(settings.probeTimeoutMs),
    ...(input.signal ? [input.signal] : []),
  ]);
  const provider = acceptAllProvider(domain, input.mxHosts);
  // An accept-all provider's samples would be accepted too, and prove nothing more.
  const samples = input.catchAllKnown || provider ? [] : await catchAllSampleAddresses(domain, settings.catchAllSamples);
  const askable = [...new Set(input.addresses)].filter(canBeAsked);

  const heard = new Map<string, Heard>();
  /** A host's refusal of us all (a 554 greeting, a 421), kept in case no other host answers. */
  let refusal: ReadReply | null = null;
  const state: { connectable: boolean; mxHost: string | null; tls: TlsState | null } = {
    connectable: false,
    mxHost: null,
    tls: null,
  };
  const targets = mxTargets(input.mxHosts, { dns: input.dns, target: settings.target, onSkip: input.onSkip });
  try {
    for (let tried = 0; tried < MAX_MX_HOSTS_TRIED && !signal.aborted; tried++) {
      // Made-up addresses alone are not worth a conversation with another host.
      if (askable.every((address) => heard.has(address))) break;
      const queue = [...askable, ...samples].filter((address) => !heard.has(address));
      const next = await untilAborted(targets.next(), signal);
      if (!next || next.done) break;
      const conversation = await openOnHost(next.value, settings, signal).catch((error: unknown) => {
        if (!(error instanceof SmtpHostFailure)) throw error;
        refusal = error.reply ?? refusal;
        return null;
      });
      if (!conversation) continue;
      Object.assign(state, { connectable: true, mxHost: next.value.mxHost, tls: conversation.tls });
      try {
        await askRecipients(conversation, settings.mailFrom, queue, heard);
        await conversation.quit();
      } catch (error) {
        conversation.close();
        if (!(error instanceof SmtpHostFailure)) throw error;
        refusal = error.reply ?? refusal;
      }
    }
  } finally {
    // Not awaited: a DNS question still out when the probe's time ran out ends on its own timeout.
    targets.return(undefined).catch(() => {});
  }

  const catchAll = input.catchAllKnown ?? tallySamples(samples, heard);
  const results = new Map<string, AddressProbe>();
  for (const address of input.addresses) {
    const mine = heard.get(address);
    results.set(
      address,
      mine
        ? judge(address, mine, { catchAll: catchAll.accepted > 0, acceptAll: provider !== null, retry: input.greylistRetry })
        : { outcome: refusal ? "blocked" : "unavailable", reply: refusal && contractReply(refusal) },
    );
  }
  return { ...state, catchAll, provider: provider?.name ?? null, results };
}

/** The first of the host's endpoints that holds a conversation. */
async function openOnHost(target: MxTarget, settings: ProbeSettings, signal: AbortSignal): Promise<SmtpConversation> {
  let failure: unknown;
  for (const endpoint of target.endpoints.slice(0, MAX_ENDPOINTS_PER_HOST)) {
    try {
      return await SmtpConversation.open({
        endpoint,
        serverName: target.mxHost,
        helo: settings.helo,
        caCerts: settings.caCerts,
        stepTimeoutMs: settings.stepTimeoutMs,
        signal,
      });
    } catch (error) {
      failure = error;
      // A server that answered and refused us speaks for the host; its other addresses would say the same.
      if (!(error instanceof SmtpHostFailure) || error.reply) break;
    }
  }
  throw failure;
}

/**
 * RCPT TO each address in `queue` (in transactions of at most RCPTS_PER_TRANSACTION), recording what the server said
 * in `heard`. A refused MAIL FROM speaks for every recipient left; a 421 ends the conversation (SmtpHostFailure), so
 * the recipients not heard yet go to the next host.
 */
async function askRecipients(
  conversation: SmtpConversation,
  mailFrom: string,
  queue: readonly string[],
  heard: Map<string, Heard>,
): Promise<void> {
  let inTransaction: number | null = null;
  for (let index = 0; index < queue.length;) {
    const recipient = queue[index]!;
    if (inTransaction === null) {
      const mail = await conversation.send(`MAIL FROM:<${mailFrom}>`);
      if (mail.code === 421) throw new SmtpHostFailure(`MAIL FROM ${mail.code} ${mail.text}`, mail);
      if (mail.code !== 250) {
        const answer = classifyRcpt(mail);
        // Refused senders are about us, never about the mailboxes.
        const forAll: RcptAnswer = answer.kind === "temporary" ? answer : { kind: "blocked" };
        for (const rest of queue.slice(index)) heard.set(rest, { answer: forAll, reply: mail });
        return;
      }
      inTransaction = 0;
    }
    const reply = await conversation.send(`RCPT TO:<${recipient}>`);
    if (reply.code === 421) throw new SmtpHostFailure(`RCPT ${reply.code} ${reply.text}`, reply);
    if (isTooManyRecipients(reply) && inTransaction > 0) {
      await endTransaction(conversation);
      inTransaction = null;
      continue;
    }
    heard.set(recipient, { answer: classifyRcpt(reply), reply });
    index++;
    inTransaction++;
    if (inTransaction >= RCPTS_PER_TRANSACTION && index < queue.length) {
      await endTransaction(conversation);
      inTransaction = null;
    }
  }
  if (inTransaction !== null) await endTransaction(conversation);
}

async function endTransaction(conversation: SmtpConversation): Promise<void> {
  const reset = await conversation.send("RSET");
  if (reset.code !== 250) throw new SmtpHostFailure(`RSET ${reset.code} ${reset.text}`, reset.code === 421 ? reset : null);
}

function judge(
  address: string,
  heard: Heard,
  domain: { catchAll: boolean; acceptAll: boolean; retry?: ReadonlySet<string> },
): AddressProbe {
  const reply = contractReply(heard.reply);
  const { answer } = heard;
  switch (answer.kind) {
    case "accepted":
      return { outcome: domain.acceptAll ? "unverifiable" : domain.catchAll ? "catch_all" : "exists", reply };
    case "not_found":
    case "full":
    case "blocked":
      return { outcome: answer.kind, reply };
    case "temporary":
      return domain.retry?.has(address)
        ? { outcome: "greylisted", reply }
        : { outcome: "greylisted", reply, retryAfterMs: answer.retryAfterMs };
  }
}

function tallySamples(samples: readonly string[], heard: ReadonlyMap<string, Heard>): CatchAllTally {
  // Only a yes or a no about the made-up mailbox counts: a greylisted or blocked sample tells nothing.
  const answers = samples.flatMap((sample) => {
    const kind = heard.get(sample)?.answer.kind;
    return kind === "accepted" || kind === "not_found" || kind === "full" ? [kind] : [];
  });
  return { samples: answers.length, accepted: answers.filter((kind) => kind === "accepted").length };
}

/**
 * Made-up local parts at the domain, the same for a day: greylisting servers remember (sender, recipient) pairs, so a
 * retry after greylisting must ask about the same made-up addresses to get past it.
 */
export async function catchAllSampleAddresses(domain: string, count: number): Promise<string[]> {
  const day = new Date().toISOString().slice(0, 10);
  return await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${domain}|${day}|${index}`));
      const local = Array.from(new Uint8Array(digest).slice(0, 10), (byte) => byte.toString(16).padStart(2, "0"));
      return `${local.join("")}@${domain}`;
    }),
  );
}

/** An address that can't be written into RCPT TO:<…> safely is never sent (and ends `unavailable`). */
function canBeAsked(address: string): boolean {
  return !/[\r\n<>\0]/.test(address);
}

function contractReply({ code, enhancedCode, text }: ReadReply): SmtpReply {
  return { code, enhancedCode, text };
}

/** The promise's value, or null as soon as the signal aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
