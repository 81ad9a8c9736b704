// The mail-domain resolver against the fixture server: every kind of lookup, the ways DNS fails, one query per domain
// however many callers, and how long answers are kept (with an injected clock: nothing here sleeps).
import assert from "node:assert/strict";
import { createDnsClient, type DnsClient } from "./client.ts";
import type { MailDomainLookup } from "./mail-domain-lookup.ts";
import { type Budget, MAX_MX_HOSTS_CHECKED, timeBudget } from "./mx-hosts.ts";
import { createMailDomainResolver, ERROR_TTL_SECONDS, type MailDomainCacheStore } from "./resolver.ts";
import { type DnsFixture, startDnsFixture } from "./testing/fixture-server.ts";

const T0 = Date.parse("2026-11-22T12:00:00Z");
const SECOND = 1000;

/** A clock the test moves by hand. */
function clock() {
  let now = T0;
  return { now: () => new Date(now), advance: (seconds: number) => (now += seconds * SECOND) };
}

/** A store in a Map that records what was written, as public.mail_domain_cache would hold it. */
function memoryStore() {
  const rows = new Map<string, { lookup: MailDomainLookup; expiresAt: Date }>();
  const store: MailDomainCacheStore = {
    get: (domain) => Promise.resolve(rows.get(domain) ?? null),
    set: (domain, lookup, expiresAt) => {
      rows.set(domain, { lookup: structuredClone(lookup), expiresAt });
      return Promise.resolve();
    },
  };
  return { store, rows };
}

async function withFixture(
  test: (fixture: DnsFixture) => Promise<void>,
  options: { doh?: boolean } = {},
): Promise<void> {
  const fixture = await startDnsFixture(options);
  try {
    await test(fixture);
  } finally {
    await fixture.stop();
  }
}

function udpResolver(
  fixture: DnsFixture,
  options: {
    timeoutMs?: number;
    now?: () => Date;
    store?: MailDomainCacheStore;
    budget?: () => Budget;
    /** Questions about these names are never answered (and never time out): a server gone silent. */
    silentFor?: (name: string) => boolean;
  } = {},
) {
  const fixtureClient = createDnsClient({
    servers: [{ transport: "udp", host: "127.0.0.1", port: fixture.port }],
    timeoutMs: options.timeoutMs,
  });
  const silentFor = options.silentFor;
  const client: DnsClient = silentFor
    ? { query: (name, type) => (silentFor(name) ? new Promise(() => {}) : fixtureClient.query(name, type)) }
    : fixtureClient;
  return createMailDomainResolver({ client, cache: options.store, now: options.now, budget: options.budget });
}

/** A budget the test ends by hand: no clock involved. */
function manualBudget() {
  let expire = () => {};
  const expired = new Promise<void>((resolve) => (expire = resolve));
  return { budget: (): Budget => ({ expired, release: () => {} }), expire };
}

const questionsFor = (fixture: DnsFixture, name: string) => fixture.queries.filter((query) => query.name === name);

// Kinds -------------------------------------------------------------------------------------------------------------

Deno.test("resolver: MX records come sorted by priority, without the trailing dot, lower-case", () =>
  withFixture(async (fixture) => {
    const resolver = udpResolver(fixture);
    assert.deepEqual(await resolver.lookup("mailscout-demo.test"), {
      kind: "mx",
      mxRecords: [
        { exchange: "mx1.mailscout-demo.test", priority: 10 },
        { exchange: "mx2.mailscout-demo.test", priority: 20 },
      ],
    });
    const gmail = await resolver.lookup("GMAIL.com.");
    assert.equal(gmail.kind, "mx");
    assert.deepEqual(gmail.kind === "mx" && gmail.mxRecords.map((record) => record.priority), [5, 10, 20, 30, 40]);
    // Equal priorities: by name.
    assert.deepEqual(await resolver.lookup("yahoo.com"), {
      kind: "mx",
      mxRecords: [
        { exchange: "mta5.am0.yahoodns.net", priority: 1 },
        { exchange: "mta6.am0.yahoodns.net", priority: 1 },
        { exchange: "mta7.am0.yahoodns.net", priority: 1 },
      ],
    });
  }));

Deno.test("resolver: a single MX '0 .' is a null MX (RFC 7505)", () =>
  withFixture(async (fixture) => {
    assert.deepEqual(await udpResolver(fixture).lookup("null-mx.test"), { kind: "null_mx" });
  }));

Deno.test("resolver: no MX but A and AAAA is an implicit MX with the addresses", () =>
  withFixture(async (fixture) => {
    assert.deepEqual(await udpResolver(fixture).lookup("implicit-mx.test"), {
      kind: "implicit",
      addresses: ["192.0.2.10", "2001:db8::10"],
    });
    assert.deepEqual(questionsFor(fixture, "implicit-mx.test").map((query) => query.type).sort(), ["A", "AAAA", "MX"]);
  }));

Deno.test("resolver: a name with no MX, A or AAAA has no mail server", () =>
  withFixture(async (fixture) => {
    assert.deepEqual(await udpResolver(fixture).lookup("no-mail.test"), { kind: "no_mail_server" });
  }));

Deno.test("resolver: NXDOMAIN is not_found, and only MX is asked", () =>
  withFixture(async (fixture) => {
    assert.deepEqual(await udpResolver(fixture).lookup("does-not-exist.example"), { kind: "not_found" });
    assert.deepEqual(questionsFor(fixture, "does-not-exist.example").map((query) => query.type), ["MX"]);
  }));

Deno.test("resolver: SERVFAIL, REFUSED and a malformed answer are errors, never not_found", () =>
  withFixture(async (fixture) => {
    const resolver = udpResolver(fixture);
    const servfail = await resolver.lookup("servfail.test");
    assert.deepEqual(servfail, { kind: "error", detail: "SERVFAIL for MX servfail.test" });
    assert.deepEqual(await resolver.lookup("refused.test"), { kind: "error", detail: "REFUSED for MX refused.test" });
    const malformed = await resolver.lookup("malformed.test");
    assert.equal(malformed.kind, "error");
    assert.match(malformed.kind === "error" ? malformed.detail : "", /undecodable answer/);
  }));

Deno.test("resolver: a server that never answers is an error after the timeout", () =>
  withFixture(async (fixture) => {
    const lookup = await udpResolver(fixture, { timeoutMs: 100 }).lookup("timeout.test");
    assert.equal(lookup.kind, "error");
    assert.match(lookup.kind === "error" ? lookup.detail : "", /MX timeout\.test: .*no answer within 100 ms/);
  }));

// MX hosts ----------------------------------------------------------------------------------------------------------

Deno.test("resolver: MX hosts without any address (NXDOMAIN, no A/AAAA) make mx_host_unresolved", () =>
  withFixture(async (fixture) => {
    assert.deepEqual(await udpResolver(fixture).lookup("mx-unresolved.test"), {
      kind: "mx_host_unresolved",
      mxRecords: [
        { exchange: "mx1.mx-unresolved.test", priority: 10 },
        { exchange: "mx2.mx-unresolved.test", priority: 20 },
      ],
    });
  }));

Deno.test("resolver: MX hosts only at loopback or private addresses make mx_private_address", () =>
  withFixture(async (fixture) => {
    const resolver = udpResolver(fixture);
    assert.deepEqual(await resolver.lookup("mx-loopback.test"), {
      kind: "mx_private_address",
      mxRecords: [{ exchange: "mx.mx-loopback.test", priority: 10 }],
    });
    assert.equal((await resolver.lookup("mx-private.test")).kind, "mx_private_address");
    assert.equal((await resolver.lookup("mx-partly-private.test")).kind, "mx", "one public host is enough");
  }));

Deno.test("resolver: a host's addresses are asked once and shared by the domains that use it", () =>
  withFixture(async (fixture) => {
    const resolver = udpResolver(fixture);
    await resolver.lookup("mx-private.test");
    await resolver.lookup("mx-partly-private.test");
    assert.deepEqual(questionsFor(fixture, "mx.mx-private.test").map((query) => query.type).sort(), ["A", "AAAA"]);
  }));

Deno.test("resolver: a silent MX host is unknown once the budget is spent, and the answer comes then", () =>
  withFixture(async (fixture) => {
    const { budget, expire } = manualBudget();
    let hostAsked = () => {};
    const asked = new Promise<void>((resolve) => (hostAsked = resolve));
    const silentFor = (name: string) => name === "mx.mx-timeout.test" && (hostAsked(), true);
    const resolver = udpResolver(fixture, { budget, silentFor });
    const pending = resolver.lookup("mx-timeout.test");
    await asked;
    expire();
    const lookup = await pending;
    assert.equal(lookup.kind, "error");
    assert.match(
      lookup.kind === "error" ? lookup.detail : "",
      /mx\.mx-timeout\.test: .*no answer within the lookup's time budget/,
    );
  }));

Deno.test("resolver: with a short budget, a server that never answers makes an error, never a verdict", () =>
  withFixture(async (fixture) => {
    const resolver = udpResolver(fixture, { budget: () => timeBudget(1), silentFor: () => true });
    const lookup = await resolver.lookup("mailscout-demo.test");
    assert.equal(lookup.kind, "error");
    assert.match(lookup.kind === "error" ? lookup.detail : "", /MX mailscout-demo\.test: no answer within/);
  }));

Deno.test("resolver: every MX host is asked at once, within the one budget", () =>
  withFixture(async (fixture) => {
    const { budget, expire } = manualBudget();
    const hostQuestions: string[] = [];
    let firstHostAsked = () => {};
    const asked = new Promise<void>((resolve) => (firstHostAsked = resolve));
    const resolver = udpResolver(fixture, {
      budget,
      silentFor: (name) => {
        if (!name.startsWith("mx")) return false;
        hostQuestions.push(name);
        firstHostAsked();
        return true;
      },
    });
    const pending = resolver.lookup("many-mx.test");
    await asked;
    await new Promise((resolve) => setTimeout(resolve, 0)); // the other questions go out in the same turn
    assert.equal(hostQuestions.length, 2 * MAX_MX_HOSTS_CHECKED, "A and AAAA for each host, none waiting for another");
    expire();
    assert.equal((await pending).kind, "error");
  }));

Deno.test("resolver: a domain's answer is kept no longer than its hosts' answers; an unknown one is not stored", () =>
  withFixture(async (fixture) => {
    const { store, rows } = memoryStore();
    const { budget, expire } = manualBudget();
    const resolver = udpResolver(fixture, {
      store,
      now: clock().now,
      budget,
      silentFor: (name) => name === "mx.mx-timeout.test",
    });
    await resolver.lookup("mx-unresolved.test");
    // NXDOMAIN for mx1 and NODATA for mx2 under the "test" zone's SOA: min(3600, MINIMUM 900).
    assert.equal(storedTtl(rows, "mx-unresolved.test"), 900);
    const pending = resolver.lookup("mx-timeout.test");
    expire();
    assert.equal((await pending).kind, "error");
    assert.equal(rows.has("mx-timeout.test"), false);
  }));

Deno.test("resolver: an IDN is looked up by its A-label, and its Unicode form means the same domain", () =>
  withFixture(async (fixture) => {
    const resolver = udpResolver(fixture);
    const expected = { kind: "mx", mxRecords: [{ exchange: "mail.xn--bcher-kva.test", priority: 10 }] };
    assert.deepEqual(await resolver.lookup("xn--bcher-kva.test"), expected);
    assert.equal(await resolver.lookup("Bücher.test"), await resolver.lookup("xn--bcher-kva.test"));
    assert.deepEqual(questionsFor(fixture, "xn--bcher-kva.test"), [
      { name: "xn--bcher-kva.test", type: "MX", transport: "udp" },
    ]);
  }));

Deno.test("resolver: a CNAME is followed as the server followed it", () =>
  withFixture(async (fixture) => {
    const resolver = udpResolver(fixture);
    assert.deepEqual(await resolver.lookup("alias-mx.test"), await resolver.lookup("mailscout-demo.test"));
    assert.deepEqual(await resolver.lookup("dangling-alias.test"), { kind: "not_found" });
  }));

Deno.test("resolver: an answer too big for UDP arrives whole over TCP", () =>
  withFixture(async (fixture) => {
    const lookup = await udpResolver(fixture).lookup("many-mx.test");
    assert.equal(lookup.kind === "mx" && lookup.mxRecords.length, 40);
    assert.deepEqual(questionsFor(fixture, "many-mx.test").map((query) => query.transport), ["udp", "tcp"]);
  }));

Deno.test("resolver: over DNS-over-HTTPS, every kind comes out the same", () =>
  withFixture(async (fixture) => {
    const client = createDnsClient({ servers: [{ transport: "doh", url: new URL(fixture.dohUrl!) }] });
    const resolver = createMailDomainResolver({ client });
    assert.equal((await resolver.lookup("mailscout-demo.test")).kind, "mx");
    assert.equal((await resolver.lookup("implicit-mx.test")).kind, "implicit");
    assert.equal((await resolver.lookup("null-mx.test")).kind, "null_mx");
    assert.equal((await resolver.lookup("no-mail.test")).kind, "no_mail_server");
    assert.equal((await resolver.lookup("nowhere.test")).kind, "not_found");
    assert.equal((await resolver.lookup("servfail.test")).kind, "error");
    assert.ok(fixture.queries.every((query) => query.transport === "doh"));
  }, { doh: true }));

Deno.test("resolver: what isn't a domain name is an error, and DNS isn't asked", () =>
  withFixture(async (fixture) => {
    const resolver = udpResolver(fixture);
    for (const input of ["", ".", "a..test", "-lead.test", `${"x".repeat(64)}.test`, "under score.test"]) {
      assert.equal((await resolver.lookup(input)).kind, "error", JSON.stringify(input));
    }
    assert.deepEqual(fixture.queries, []);
  }));

Deno.test("resolver: the lookups it hands out can't be changed by one caller for the next", () =>
  withFixture(async (fixture) => {
    const resolver = udpResolver(fixture);
    const lookup = await resolver.lookup("mailscout-demo.test");
    assert.throws(() => {
      if (lookup.kind === "mx") lookup.mxRecords[0]!.exchange = "evil.test";
    }, TypeError);
    assert.throws(() => {
      if (lookup.kind === "mx") lookup.mxRecords.pop();
    }, TypeError);
  }));

// One lookup per domain ---------------------------------------------------------------------------------------------

Deno.test("resolver: callers asking at once share one lookup", () =>
  withFixture(async (fixture) => {
    const resolver = udpResolver(fixture);
    const spellings = ["bench-0042.test", "BENCH-0042.test", "bench-0042.test."];
    const lookups = await Promise.all(Array.from({ length: 30 }, (_, i) => resolver.lookup(spellings[i % 3]!)));
    assert.ok(lookups.every((lookup) => lookup === lookups[0]));
    assert.deepEqual(fixture.queries.map(({ name, type }) => `${type} ${name}`).sort(), [
      "A mx.bench.test",
      "AAAA mx.bench.test",
      "MX bench-0042.test",
    ]);
  }));

Deno.test("resolver: an implicit-MX domain asked at once is still one MX, one A and one AAAA question", () =>
  withFixture(async (fixture) => {
    const resolver = udpResolver(fixture);
    await Promise.all(Array.from({ length: 10 }, () => resolver.lookup("implicit-mx.test")));
    assert.equal(fixture.queries.length, 3);
  }));

// How long answers are kept -----------------------------------------------------------------------------------------

/** Seconds from T0 until the stored entry for `domain` expires. */
const storedTtl = (rows: ReturnType<typeof memoryStore>["rows"], domain: string) =>
  ((rows.get(domain)?.expiresAt.getTime() ?? NaN) - T0) / SECOND;

Deno.test("resolver: a positive answer is kept for its TTL, within 5 minutes and 1 day", () =>
  withFixture(async (fixture) => {
    const { store, rows } = memoryStore();
    const resolver = udpResolver(fixture, { store, now: clock().now });
    for (
      const domain of ["mailscout-demo.test", "short-ttl.test", "long-ttl.test", "implicit-mx.test", "null-mx.test"]
    ) {
      await resolver.lookup(domain);
    }
    assert.equal(storedTtl(rows, "mailscout-demo.test"), 3_600, "the zone's TTL");
    assert.equal(storedTtl(rows, "short-ttl.test"), 300, "5 s raised to 5 min");
    assert.equal(storedTtl(rows, "long-ttl.test"), 86_400, "30 days cut to 1 day");
    assert.equal(storedTtl(rows, "implicit-mx.test"), 3_600);
    assert.equal(storedTtl(rows, "null-mx.test"), 3_600);
  }));

Deno.test("resolver: a negative answer is kept for its SOA's negative TTL, within 1 minute and 1 hour", () =>
  withFixture(async (fixture) => {
    const { store, rows } = memoryStore();
    const resolver = udpResolver(fixture, { store, now: clock().now });
    for (const domain of ["gone.test", "no-mail.test", "gone.brief-negative.test", "gone.long-negative.test"]) {
      await resolver.lookup(domain);
    }
    assert.equal(storedTtl(rows, "gone.test"), 900, "min(SOA TTL 3600, MINIMUM 900)");
    assert.equal(storedTtl(rows, "no-mail.test"), 900, "NODATA uses the SOA as NXDOMAIN does");
    assert.equal(storedTtl(rows, "gone.brief-negative.test"), 60, "5 s raised to 1 min");
    assert.equal(storedTtl(rows, "gone.long-negative.test"), 3_600, "1 day cut to 1 hour");
  }));

Deno.test("resolver: a cached answer is served until it expires, then DNS is asked again", () =>
  withFixture(async (fixture) => {
    const time = clock();
    const resolver = udpResolver(fixture, { now: time.now });
    await resolver.lookup("short-ttl.test");
    time.advance(299);
    await resolver.lookup("short-ttl.test");
    assert.equal(questionsFor(fixture, "short-ttl.test").length, 1);
    time.advance(1);
    await resolver.lookup("short-ttl.test");
    assert.equal(questionsFor(fixture, "short-ttl.test").length, 2);
  }));

Deno.test(`resolver: an error is kept ${ERROR_TTL_SECONDS} s in memory and never stored`, () =>
  withFixture(async (fixture) => {
    const time = clock();
    const { store, rows } = memoryStore();
    const resolver = udpResolver(fixture, { store, now: time.now });
    await resolver.lookup("servfail.test");
    time.advance(ERROR_TTL_SECONDS - 1);
    assert.equal((await resolver.lookup("servfail.test")).kind, "error");
    assert.equal(questionsFor(fixture, "servfail.test").length, 1);
    time.advance(1);
    await resolver.lookup("servfail.test");
    assert.equal(questionsFor(fixture, "servfail.test").length, 2);
    assert.equal(rows.size, 0);
  }));

Deno.test("resolver: another instance answers from the shared store without asking DNS", () =>
  withFixture(async (fixture) => {
    const time = clock();
    const { store } = memoryStore();
    await udpResolver(fixture, { store, now: time.now }).lookup("mailscout-demo.test");
    const coldInstance = udpResolver(fixture, { store, now: time.now });
    time.advance(3_599);
    assert.equal((await coldInstance.lookup("mailscout-demo.test")).kind, "mx");
    assert.equal(questionsFor(fixture, "mailscout-demo.test").length, 1);
    // Expired in the store: asked again, and the store refreshed.
    const laterInstance = udpResolver(fixture, { store, now: time.now });
    time.advance(1);
    assert.equal((await laterInstance.lookup("mailscout-demo.test")).kind, "mx");
    assert.equal(questionsFor(fixture, "mailscout-demo.test").length, 2);
  }));

Deno.test("resolver: a failing store doesn't fail the lookup", () =>
  withFixture(async (fixture) => {
    const broken: MailDomainCacheStore = {
      get: () => Promise.reject(new Error("connection refused")),
      set: () => Promise.reject(new Error("connection refused")),
    };
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      assert.equal((await udpResolver(fixture, { store: broken }).lookup("gmail.com")).kind, "mx");
    } finally {
      console.error = original;
    }
    assert.deepEqual(logged.map((args) => args[0]), [
      "mail_domain_cache: reading gmail.com failed:",
      "mail_domain_cache: writing gmail.com failed:",
    ]);
  }));

Deno.test("resolver: memory holds at most memoryEntries domains, dropping the least recently used", () =>
  withFixture(async (fixture) => {
    const client = createDnsClient({ servers: [{ transport: "udp", host: "127.0.0.1", port: fixture.port }] });
    const resolver = createMailDomainResolver({ client, memoryEntries: 2 });
    for (const domain of ["bench-0001.test", "bench-0002.test", "bench-0001.test", "bench-0003.test"]) {
      await resolver.lookup(domain);
    }
    await resolver.lookup("bench-0001.test"); // still held
    await resolver.lookup("bench-0002.test"); // dropped for bench-0003, so asked again
    assert.deepEqual(fixture.queries.filter((query) => query.type === "MX").map((query) => query.name), [
      "bench-0001.test",
      "bench-0002.test",
      "bench-0003.test",
      "bench-0002.test",
    ]);
  }));
