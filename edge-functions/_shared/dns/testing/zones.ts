// The fixture server's zones: every name a test, the test stack or the bench may rely on. Anything not listed here
// (and not below a listed name) is NXDOMAIN. Names are lower-case, without the trailing dot.
//
//   mailscout-demo.test      MX 10 mx1.mailscout-demo.test, 20 mx2.mailscout-demo.test
//   gmail.com, googlemail.com, hotmail.com, outlook.com, yahoo.com   MX (free providers, real MX host names)
//   mailinator.com           MX (a disposable provider)
//   implicit-mx.test         no MX; A 192.0.2.10, AAAA 2001:db8::10
//   null-mx.test             MX 0 .
//   no-mail.test             TXT only: no MX, A or AAAA
//   servfail.test            SERVFAIL          refused.test    REFUSED
//   timeout.test             never answers     malformed.test  an answer that can't be decoded
//   xn--bcher-kva.test       MX (the IDN bücher.test)
//   bench-0000.test … bench-1999.test   MX each, all to the one host mx.bench.test
//   bench-00000.test … bench-99999.test  the same, made on demand (fixtureName): the engine bench's distinct domains
//   many-mx.test             40 MX records: too big for a 512-byte UDP answer, so it comes truncated
//   alias-mx.test            CNAME mailscout-demo.test      dangling-alias.test   CNAME to a name that doesn't exist
//   short-ttl.test, long-ttl.test                          MX with TTLs of 5 s and 30 days
//   brief-negative.test, long-negative.test                zones whose SOA asks for 5 s and 1 day negative caching
//
// The SMTP fixture's domains (devstack/src/smtp-fixture plays their mail servers, decided by the RCPT address), each
// with one MX, mx.<domain>, at 203.0.113.130 onwards in this order (SMTP_FIXTURE_DOMAINS):
//   mailbox.test, catch-all.test, greylist.test, always-grey.test, blocked.test, busy.test, closing.test,
//   stalling.test, tls.test, slow.test, probe-bench-00.test … probe-bench-19.test
//
// Every MX host above has an address (documentation space, which the engine counts as public), except these domains':
//   mx-unresolved.test       MX hosts without any address: one NXDOMAIN, one with a TXT record only
//   mx-loopback.test         MX host at 127.0.0.1           mx-private.test   MX host at 10.0.0.25 and fd00::25
//   mx-timeout.test          MX host whose A/AAAA questions are never answered
//   mx-partly-private.test   one MX host in private space, one public (deliverable)
//
// Web sites for the explorer, served by the fixture proxy (_shared/explorations/testing/): documentation addresses
// (203.0.113.0/24, 2001:db8::/32), which the explorer counts as public, and MX so their addresses validate.
//   acme-corp.test (www CNAME), parked-domain.test, down.test, default-page.test, js-shell.test, builder-site.test,
//   slow-site.test, stalled-site.test, endless-page.test, redirect-loop.test, redirect-away.test,
//   redirect-to-private.test, redirect-to-metadata.test, private-twin.test (its www twin is private), rdap.fixture.test,
//   data.iana.org (IANA's RDAP bootstrap registry, with .test added)
// The webhook receiver (_shared/webhooks/testing/receiver.ts), reached through the fixture proxy's CONNECT tunnel:
//   pinned.test 203.0.113.120
// Hosts in private space, which the explorer must refuse before any request leaves:
//   private-a.test 10.0.0.5    loopback.test 127.0.0.1    metadata.test 169.254.169.254    cgnat.test 100.64.0.1
//   mapped.test AAAA ::ffff:127.0.0.1    mixed.test 203.0.113.90 and 192.168.1.90    www.private-twin.test 10.0.0.7

export interface MxData {
  priority: number;
  /** "." for a null MX. */
  exchange: string;
}

export interface FixtureRecords {
  MX?: MxData[];
  A?: string[];
  AAAA?: string[];
  TXT?: string[];
  CNAME?: string;
}

export type FixtureBehaviour = "servfail" | "refused" | "no_answer" | "malformed";

export interface FixtureName {
  records?: FixtureRecords;
  behaviour?: FixtureBehaviour;
  /** Seconds; DEFAULT_TTL when absent. */
  ttl?: number;
}

export interface FixtureSoa {
  ttl: number;
  /** RFC 2308: the SOA MINIMUM field, the negative-caching TTL. */
  minimum: number;
}

export const DEFAULT_TTL = 3_600;

/** Zone apexes and their SOA; a name belongs to the longest apex it ends with, else to the root. */
export const FIXTURE_ZONES: ReadonlyMap<string, FixtureSoa> = new Map([
  ["", { ttl: 86_400, minimum: 86_400 }],
  ["test", { ttl: 3_600, minimum: 900 }],
  ["brief-negative.test", { ttl: 3_600, minimum: 5 }],
  ["long-negative.test", { ttl: 86_400, minimum: 86_400 }],
  ["gmail.com", { ttl: 60, minimum: 300 }],
  ["googlemail.com", { ttl: 60, minimum: 300 }],
  ["hotmail.com", { ttl: 3_600, minimum: 3_600 }],
  ["outlook.com", { ttl: 3_600, minimum: 3_600 }],
  ["yahoo.com", { ttl: 1_800, minimum: 600 }],
  ["mailinator.com", { ttl: 3_600, minimum: 3_600 }],
]);

const mx = (...hosts: [number, string][]): FixtureRecords => ({
  MX: hosts.map(([priority, exchange]) => ({ priority, exchange })),
});

const BENCH: FixtureName = { records: mx([10, "mx.bench.test"]) };
/** bench-0042.test (4 digits, listed) or bench-00042.test (5 digits, made on demand). */
export const benchDomain = (i: number, digits: 4 | 5): string => `bench-${String(i).padStart(digits, "0")}.test`;

/** Names that answer A (and AAAA) with documentation addresses: the fixtures' public mail hosts. */
const mailHosts = (first: number, ...hosts: string[]): [string, FixtureName][] =>
  hosts.map((host, i) => [host, { records: { A: [`198.51.100.${first + i}`], AAAA: [`2001:db8:25::${first + i}`] } }]);

const GOOGLE_MX = mx(
  [5, "gmail-smtp-in.l.google.com"],
  [10, "alt1.gmail-smtp-in.l.google.com"],
  [20, "alt2.gmail-smtp-in.l.google.com"],
  [30, "alt3.gmail-smtp-in.l.google.com"],
  [40, "alt4.gmail-smtp-in.l.google.com"],
);

/** A fixture web site's apex: its address and mail through the shared fixture mail host. */
const webSite = (name: string, address: string): [string, FixtureName] => [
  name,
  { records: { A: [address], ...mx([10, "mx.fixture-hosting.test"]) } },
];

/** probe-bench-07.test: the mailbox bench's domains, each its own MX host, so per-host politeness applies per domain. */
export const probeBenchDomain = (i: number): string => `probe-bench-${String(i).padStart(2, "0")}.test`;
export const PROBE_BENCH_DOMAINS = 20;

/** The domains whose mail servers the SMTP fixture plays; each has the MX host mx.<domain>. */
export const SMTP_FIXTURE_DOMAINS: readonly string[] = [
  "mailbox.test",
  "catch-all.test",
  "greylist.test",
  "always-grey.test",
  "blocked.test",
  "busy.test",
  "closing.test",
  "stalling.test",
  "tls.test",
  "slow.test",
  ...Array.from({ length: PROBE_BENCH_DOMAINS }, (_, i) => probeBenchDomain(i)),
];

const smtpFixtureNames = (): [string, FixtureName][] =>
  SMTP_FIXTURE_DOMAINS.flatMap((domain, i): [string, FixtureName][] => [
    [domain, { records: mx([10, `mx.${domain}`]) }],
    [`mx.${domain}`, { records: { A: [`203.0.113.${130 + i}`] } }],
  ]);

const names: [string, FixtureName][] = [
  ["mailscout-demo.test", {
    records: { ...mx([10, "mx1.mailscout-demo.test"], [20, "mx2.mailscout-demo.test"]), TXT: ["v=spf1 mx -all"] },
  }],
  ["mx1.mailscout-demo.test", { records: { A: ["192.0.2.25"], AAAA: ["2001:db8::25"] } }],
  ["mx2.mailscout-demo.test", { records: { A: ["192.0.2.26"] } }],
  ["gmail.com", { records: GOOGLE_MX }],
  ...mailHosts(
    1,
    "gmail-smtp-in.l.google.com",
    "alt1.gmail-smtp-in.l.google.com",
    "alt2.gmail-smtp-in.l.google.com",
    "alt3.gmail-smtp-in.l.google.com",
    "alt4.gmail-smtp-in.l.google.com",
  ),
  ["googlemail.com", { records: GOOGLE_MX }],
  ["hotmail.com", { records: mx([2, "hotmail-com.olc.protection.outlook.com"]) }],
  ["outlook.com", { records: mx([5, "outlook-com.olc.protection.outlook.com"]) }],
  ["yahoo.com", {
    records: mx([1, "mta5.am0.yahoodns.net"], [1, "mta6.am0.yahoodns.net"], [1, "mta7.am0.yahoodns.net"]),
  }],
  ["mailinator.com", { records: mx([1, "mail.mailinator.com"], [1, "mail2.mailinator.com"]) }],
  ...mailHosts(
    10,
    "hotmail-com.olc.protection.outlook.com",
    "outlook-com.olc.protection.outlook.com",
    "mta5.am0.yahoodns.net",
    "mta6.am0.yahoodns.net",
    "mta7.am0.yahoodns.net",
    "mail.mailinator.com",
    "mail2.mailinator.com",
  ),
  ["implicit-mx.test", { records: { A: ["192.0.2.10"], AAAA: ["2001:db8::10"] } }],
  ["null-mx.test", { records: mx([0, "."]) }],
  ["no-mail.test", { records: { TXT: ["this name exists, but receives no mail"] } }],
  ["servfail.test", { behaviour: "servfail" }],
  ["refused.test", { behaviour: "refused" }],
  ["timeout.test", { behaviour: "no_answer" }],
  ["malformed.test", { behaviour: "malformed" }],
  ["xn--bcher-kva.test", { records: mx([10, "mail.xn--bcher-kva.test"]) }],
  ["mail.xn--bcher-kva.test", { records: { A: ["192.0.2.30"] } }],
  ["many-mx.test", {
    records: mx(...Array.from({ length: 40 }, (_, i): [number, string] => [i, `mx${i}.mail-exchangers.many-mx.test`])),
  }],
  ...mailHosts(100, ...Array.from({ length: 40 }, (_, i) => `mx${i}.mail-exchangers.many-mx.test`)),
  ["alias-mx.test", { records: { CNAME: "mailscout-demo.test" } }],
  ["dangling-alias.test", { records: { CNAME: "gone.test" } }],
  ["short-ttl.test", { records: mx([10, "mx.short-ttl.test"]), ttl: 5 }],
  ["mx.short-ttl.test", { records: { A: ["192.0.2.41"] } }],
  ["long-ttl.test", { records: mx([10, "mx.long-ttl.test"]), ttl: 30 * 86_400 }],
  // As long-lived as its domain, so the domain's answer is kept for the domain's TTL.
  ["mx.long-ttl.test", { records: { A: ["192.0.2.42"] }, ttl: 30 * 86_400 }],
  ["mx-unresolved.test", { records: mx([10, "mx1.mx-unresolved.test"], [20, "mx2.mx-unresolved.test"]) }],
  ["mx2.mx-unresolved.test", { records: { TXT: ["a name without addresses"] } }],
  ["mx-loopback.test", { records: mx([10, "mx.mx-loopback.test"]) }],
  ["mx.mx-loopback.test", { records: { A: ["127.0.0.1"], AAAA: ["::1"] } }],
  ["mx-private.test", { records: mx([10, "mx.mx-private.test"]) }],
  ["mx.mx-private.test", { records: { A: ["10.0.0.25"], AAAA: ["fd00::25"] } }],
  ["mx-timeout.test", { records: mx([10, "mx.mx-timeout.test"]) }],
  ["mx.mx-timeout.test", { behaviour: "no_answer" }],
  ["mx-partly-private.test", { records: mx([10, "mx.mx-private.test"], [20, "mx1.mailscout-demo.test"]) }],
  ["acme-corp.test", {
    records: {
      A: ["203.0.113.10"],
      AAAA: ["2001:db8:ac::10"],
      ...mx([10, "mx1.acme-corp.test"], [20, "mx2.acme-corp.test"]),
      TXT: ["v=spf1 mx include:_spf.fixture-hosting.test -all"],
    },
  }],
  ["www.acme-corp.test", { records: { CNAME: "acme-corp.test" } }],
  ["mx1.acme-corp.test", { records: { A: ["203.0.113.11"] } }],
  ["mx2.acme-corp.test", { records: { A: ["203.0.113.12"] } }],
  webSite("parked-domain.test", "203.0.113.20"),
  webSite("down.test", "203.0.113.30"),
  webSite("default-page.test", "203.0.113.40"),
  webSite("js-shell.test", "203.0.113.50"),
  webSite("builder-site.test", "203.0.113.60"),
  ["www.builder-site.test", { records: { CNAME: "builder-site.test" } }],
  webSite("slow-site.test", "203.0.113.70"),
  webSite("stalled-site.test", "203.0.113.71"),
  webSite("endless-page.test", "203.0.113.72"),
  webSite("redirect-loop.test", "203.0.113.73"),
  webSite("redirect-away.test", "203.0.113.74"),
  webSite("redirect-to-private.test", "203.0.113.80"),
  webSite("redirect-to-metadata.test", "203.0.113.81"),
  webSite("private-twin.test", "203.0.113.82"),
  ["www.private-twin.test", { records: { A: ["10.0.0.7"] } }],
  ["rdap.fixture.test", { records: { A: ["203.0.113.200"], AAAA: ["2001:db8:d::200"] } }],
  ["data.iana.org", { records: { A: ["203.0.113.201"] } }],
  ["pinned.test", { records: { A: ["203.0.113.120"] } }],
  ["mx.fixture-hosting.test", { records: { A: ["203.0.113.250"] } }],
  ["private-a.test", { records: { A: ["10.0.0.5"] } }],
  ["loopback.test", { records: { A: ["127.0.0.1"] } }],
  ["metadata.test", { records: { A: ["169.254.169.254"] } }],
  ["mapped.test", { records: { AAAA: ["::ffff:127.0.0.1"] } }],
  ["cgnat.test", { records: { A: ["100.64.0.1"] } }],
  ["mixed.test", { records: { A: ["203.0.113.90", "192.168.1.90"] } }],
  ["mx.bench.test", { records: { A: ["192.0.2.99"] } }],
  ...Array.from({ length: 2_000 }, (_, i): [string, FixtureName] => [benchDomain(i, 4), BENCH]),
  ...smtpFixtureNames(),
];

export const FIXTURE_NAMES: ReadonlyMap<string, FixtureName> = new Map(names);

const GENERATED_BENCH = /^bench-\d{5}\.test$/;

/** A listed name, or one of the bench's 100,000 (listing those would slow every fixture's start for one bench). */
export function fixtureName(name: string): FixtureName | undefined {
  return FIXTURE_NAMES.get(name) ?? (GENERATED_BENCH.test(name) ? BENCH : undefined);
}
