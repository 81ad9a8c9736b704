// What the fixture's mail servers answer to RCPT TO, decided by the recipient's domain and local part alone: every
// probe reaches the one fixture port, so nothing before RCPT can tell which domain's server is being played. The
// domains and their MX hosts are the DNS fixture's (SMTP_FIXTURE_DOMAINS); yahoo.com stands for a provider that accepts
// every address; any other domain is refused as relaying, as a real server refuses mail for domains it does not host.
import { PROBE_BENCH_DOMAINS, probeBenchDomain } from "../../../edge-functions/_shared/dns/testing/zones.ts";

/** The delay the slow domains put before each reply: the bench's realistic round trip to a mail server. */
export const SLOW_REPLY_MS = 100;
/** How long a greylisted server asks to be left alone, stated in its reply. */
export const GREYLIST_DELAY_MS = 2_000;
/** How long a greylisted (sender, recipient) pair is remembered; a retry after it is a first attempt again. */
export const GREYLIST_WINDOW_MS = 60 * 60 * 1000;

export type RcptAnswer =
  /** A reply; more than one line is sent as a multi-line reply. The 421 reply closes the connection after it. */
  | { kind: "reply"; code: number; lines: string[] }
  /** Close the connection without any reply. */
  | { kind: "close" }
  /** Never reply: the client's own timeout has to end the conversation. */
  | { kind: "stall" };

export interface RcptContext {
  /** MAIL FROM's address ("" for the null sender). */
  sender: string;
  /** The client's IP address, which blocklist replies name. */
  clientAddress: string;
}

type DomainRule = (localPart: string, recipient: string, context: RcptContext) => RcptAnswer;

const reply = (code: number, ...lines: string[]): RcptAnswer => ({ kind: "reply", code, lines });
const accepted = (recipient: string) => reply(250, `2.1.5 <${recipient}>: Recipient ok`);
const unknown = (recipient: string) => reply(550, `5.1.1 <${recipient}>: User unknown`);

const domainOf = (recipient: string): string => recipient.slice(recipient.lastIndexOf("@") + 1).toLowerCase();

const MAILBOXES = new Set(["jane", "john", "info"]);

/** mailbox.test's mailboxes, and those of the domains that play it with a twist (greylisting, TLS, delays). */
const mailboxRules: DomainRule = (localPart, recipient) => {
  if (MAILBOXES.has(localPart)) return accepted(recipient);
  switch (localPart) {
    case "multi":
      return reply(250, `2.1.5 <${recipient}>: Recipient ok`, "2.1.5 This mailbox answers on two lines");
    case "full":
      return reply(552, `5.2.2 <${recipient}>: Mailbox full`);
    case "moved":
      return reply(551, `5.1.6 <${recipient}>: User has moved; no forwarding address is known`);
    default:
      return unknown(recipient);
  }
};

const benchRules: DomainRule = (localPart, recipient) =>
  /^user\d+$/.test(localPart) ? accepted(recipient) : unknown(recipient);

/** The domains whose every reply, from the RCPT that names them on, waits SLOW_REPLY_MS. */
const SLOW_DOMAINS: ReadonlySet<string> = new Set([
  "slow.test",
  ...Array.from({ length: PROBE_BENCH_DOMAINS }, (_, i) => probeBenchDomain(i)),
]);

/**
 * The fixture's memory of greylisted attempts, one per fixture: a (sender, recipient) pair's first RCPT is put off
 * with a stated delay, a retry after that delay goes through, as real greylisting servers do.
 */
class Greylist {
  readonly #firstSeen = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  /** true when this attempt must be put off. */
  defer(sender: string, recipient: string): boolean {
    const key = `${sender.toLowerCase()} ${recipient.toLowerCase()}`;
    const now = this.now();
    const firstSeen = this.#firstSeen.get(key);
    if (firstSeen === undefined || now - firstSeen >= GREYLIST_WINDOW_MS) {
      this.#firstSeen.set(key, now);
      return true;
    }
    return now - firstSeen < GREYLIST_DELAY_MS;
  }

  clear(): void {
    this.#firstSeen.clear();
  }
}

/** The fixture's mail servers: their rules by domain, and the greylisting memory they share. */
export class FixtureMailboxes {
  readonly #greylist: Greylist;
  readonly #rules: ReadonlyMap<string, DomainRule>;

  constructor(now: () => number) {
    this.#greylist = new Greylist(now);
    this.#rules = domainRules(this.#greylist);
  }

  /** The answer to RCPT TO:<recipient>. */
  answer(recipient: string, context: RcptContext): RcptAnswer {
    const at = recipient.lastIndexOf("@");
    const rule = at > 0 ? this.#rules.get(domainOf(recipient)) : undefined;
    return rule
      ? rule(recipient.slice(0, at).toLowerCase(), recipient, context)
      : reply(554, `5.7.1 <${recipient}>: Relaying denied`);
  }

  /** The domains played, yahoo.com included. */
  domains(): string[] {
    return [...this.#rules.keys()];
  }

  /** Whether the recipient's domain is one whose replies come slowly. */
  slow(recipient: string): boolean {
    return SLOW_DOMAINS.has(domainOf(recipient));
  }

  /** Forgets every greylisted attempt. */
  reset(): void {
    this.#greylist.clear();
  }
}

function domainRules(greylist: Greylist): ReadonlyMap<string, DomainRule> {
  const everyAddress: DomainRule = (_localPart, recipient) => accepted(recipient);
  return new Map<string, DomainRule>([
    ["mailbox.test", mailboxRules],
    ["catch-all.test", everyAddress],
    ["greylist.test", (localPart, recipient, context) =>
      greylist.defer(context.sender, recipient)
        ? reply(451, `4.7.1 <${recipient}>: Greylisted, try again in ${GREYLIST_DELAY_MS / 1000} seconds`)
        : mailboxRules(localPart, recipient, context)],
    ["always-grey.test", (_localPart, recipient) => reply(450, `4.2.0 <${recipient}>: try again later`)],
    ["blocked.test", (_localPart, _recipient, context) =>
      reply(554, `5.7.1 Service unavailable; Client host [${context.clientAddress}] blocked using zen.spamhaus.org`)],
    ["busy.test", () => reply(421, "4.3.2 Service not available, closing transmission channel")],
    ["closing.test", () => ({ kind: "close" })],
    ["stalling.test", () => ({ kind: "stall" })],
    ["tls.test", mailboxRules],
    ["slow.test", mailboxRules],
    ...Array.from({ length: PROBE_BENCH_DOMAINS }, (_, i): [string, DomainRule] => [probeBenchDomain(i), benchRules]),
    ["yahoo.com", everyAddress],
  ]);
}

