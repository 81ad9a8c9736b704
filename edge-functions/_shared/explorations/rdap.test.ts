import assert from "node:assert/strict";
import { EgressError, type SafeFetcher, type SafeResponse } from "./net/index.ts";
import { formatBootstrap } from "./rdap-bootstrap-refresh.ts";
import {
  BOOTSTRAP_RETRY_MS,
  BOOTSTRAP_TTL_MS,
  createRdapClient,
  IANA_BOOTSTRAP_URL,
  type RdapBootstrap,
  rdapBootstrapSchema,
  registrationFrom,
  serverFor,
  serverMap,
  UNKNOWN_REGISTRATION,
} from "./rdap.ts";

const shippedText = await Deno.readTextFile(new URL("./rdap-bootstrap.json", import.meta.url));

/** What IANA's registry says in these tests: .test is served by the fixture RDAP server. */
const IANA_REGISTRY: RdapBootstrap = {
  description: "RDAP bootstrap file for Domain Name System registrations",
  publication: "2026-11-01T00:00:00Z",
  services: [
    [["test"], ["http://rdap.fixture.test/"]],
    [["com", "net"], ["https://rdap.verisign.com/com/v1/"]],
  ],
  version: "1.0",
};

/** A domain object as registries answer it (RFC 9083 §5.3), trimmed to what matters here plus some noise. */
const ACME_DOMAIN = {
  objectClassName: "domain",
  ldhName: "ACME-CORP.TEST",
  events: [
    { eventAction: "registration", eventDate: "2009-03-14T15:09:26Z" },
    { eventAction: "expiration", eventDate: "2031-03-14T15:09:26Z" },
    { eventAction: "last update of RDAP database", eventDate: "2026-11-20T08:00:00Z" },
  ],
  entities: [
    { objectClassName: "entity", roles: ["registrant"], vcardArray: ["vcard", [["fn", {}, "text", "REDACTED"]]] },
    {
      objectClassName: "entity",
      handle: "9999",
      roles: ["registrar"],
      vcardArray: ["vcard", [["version", {}, "text", "4.0"], ["fn", {}, "text", "Fixture Registrar, Inc."]]],
      entities: [{ roles: ["abuse"], vcardArray: ["vcard", [["fn", {}, "text", "Abuse Desk"]]] }],
    },
  ],
};

function answer(url: string, status: number, body: unknown): SafeResponse {
  return {
    url,
    status,
    headers: { "content-type": "application/rdap+json" },
    cookies: [],
    text: typeof body === "string" ? body : JSON.stringify(body),
    truncated: false,
    redirectedFrom: [],
  };
}

/** A fetcher answering from `routes` by URL (a thrown error as the fetcher would throw it), recording each request. */
function fakeFetcher(routes: Record<string, SafeResponse | Error>) {
  const requests: { url: string; accept: string | undefined }[] = [];
  const fetcher: SafeFetcher = {
    fetch(url, options = {}) {
      requests.push({ url: String(url), accept: options.accept });
      options.signal?.throwIfAborted();
      const route = routes[String(url)];
      if (route instanceof Error) return Promise.reject(route);
      return route ? Promise.resolve(route) : Promise.resolve(answer(String(url), 404, { errorCode: 404 }));
    },
  };
  return { fetcher, requests };
}

const ianaRoute = { [IANA_BOOTSTRAP_URL]: answer(IANA_BOOTSTRAP_URL, 200, IANA_REGISTRY) };
const acmeRoute = { "http://rdap.fixture.test/domain/acme-corp.test": answer("", 200, ACME_DOMAIN) };
const ACME_REGISTRATION = {
  registrar: "Fixture Registrar, Inc.",
  creationDate: "2009-03-14T15:09:26.000Z",
  expirationDate: "2031-03-14T15:09:26.000Z",
};

function clock(start = Date.parse("2026-11-22T10:00:00Z")) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

// The bootstrap registry -------------------------------------------------------------------------------------------

Deno.test("the shipped registry is one rdap.ts reads, laid out as the refresh script writes it", () => {
  const registry = rdapBootstrapSchema.parse(JSON.parse(shippedText));
  assert.equal(formatBootstrap(registry), shippedText);
  const servers = serverMap(registry);
  assert.ok(servers.size > 1000, `${servers.size} TLDs`);
  assert.equal(serverFor(servers, "example.com")?.href, "https://rdap.verisign.com/com/v1/");
  assert.equal(serverFor(servers, "example.org")?.href, "https://rdap.publicinterestregistry.org/rdap/");
  assert.equal(serverFor(servers, "acme-corp.test"), undefined, ".test is reserved (RFC 2606), served by no registry");
});

Deno.test("a domain is served by its longest listed suffix, and an https server is preferred", () => {
  const servers = serverMap({
    services: [
      [["uk"], ["https://rdap.nominet.uk/uk/"]],
      [["co.uk"], ["https://rdap.example/co-uk"]],
      [["XYZ"], ["http://plain.example/xyz/", "https://secure.example/xyz/"]],
    ],
    version: "1.0",
  });
  assert.equal(serverFor(servers, "acme.co.uk")?.href, "https://rdap.example/co-uk/", "a base URL gets its slash");
  assert.equal(serverFor(servers, "acme.uk")?.href, "https://rdap.nominet.uk/uk/");
  assert.equal(serverFor(servers, "Acme.XYZ")?.href, "https://secure.example/xyz/", "case does not matter");
  assert.equal(serverFor(servers, "acme.zz"), undefined);
});

// Lookups ----------------------------------------------------------------------------------------------------------

Deno.test("the facts come from the server IANA names for the TLD, asked about the registered domain", async () => {
  const { fetcher, requests } = fakeFetcher({ ...ianaRoute, ...acmeRoute });
  const rdap = createRdapClient({ fetcher });
  assert.deepEqual(await rdap.registrationOf("mail.acme-corp.test"), ACME_REGISTRATION);
  assert.deepEqual(requests, [
    { url: IANA_BOOTSTRAP_URL, accept: "application/json" },
    { url: "http://rdap.fixture.test/domain/acme-corp.test", accept: "application/rdap+json, application/json;q=0.9" },
  ]);
});

Deno.test("IANA's registry is read once a day, and once for lookups that wait for it together", async () => {
  const time = clock();
  const { fetcher, requests } = fakeFetcher({ ...ianaRoute, ...acmeRoute });
  const rdap = createRdapClient({ fetcher, now: time.now });
  await Promise.all([rdap.registrationOf("acme-corp.test"), rdap.registrationOf("acme-corp.test")]);
  time.advance(BOOTSTRAP_TTL_MS - 1);
  await rdap.registrationOf("acme-corp.test");
  assert.equal(requests.filter((request) => request.url === IANA_BOOTSTRAP_URL).length, 1);
  time.advance(1);
  await rdap.registrationOf("acme-corp.test");
  assert.equal(requests.filter((request) => request.url === IANA_BOOTSTRAP_URL).length, 2);
});

Deno.test("while IANA can't be read, the shipped registry answers, and IANA is asked again an hour later", async () => {
  const time = clock();
  const warnings: string[] = [];
  const comRoute = { "https://rdap.verisign.com/com/v1/domain/acme.com": answer("", 200, ACME_DOMAIN) };
  const unreachable = new EgressError("unreachable", IANA_BOOTSTRAP_URL, "connection refused");
  const { fetcher, requests } = fakeFetcher({ [IANA_BOOTSTRAP_URL]: unreachable, ...comRoute });
  const rdap = createRdapClient({ fetcher, now: time.now, warn: (message) => warnings.push(message) });

  assert.deepEqual(await rdap.registrationOf("acme.com"), ACME_REGISTRATION, "the shipped copy knows .com");
  assert.deepEqual(await rdap.registrationOf("acme-corp.test"), UNKNOWN_REGISTRATION, "but not the fixture .test");
  assert.deepEqual(warnings, [
    "RDAP: IANA's bootstrap registry could not be read " +
    `(unreachable: ${IANA_BOOTSTRAP_URL}: connection refused); using the shipped copy`,
  ]);
  time.advance(BOOTSTRAP_RETRY_MS - 1);
  await rdap.registrationOf("acme.com");
  assert.equal(requests.filter((request) => request.url === IANA_BOOTSTRAP_URL).length, 1);
  time.advance(1);
  await rdap.registrationOf("acme.com");
  assert.equal(requests.filter((request) => request.url === IANA_BOOTSTRAP_URL).length, 2);
});

Deno.test("a registry IANA answers that is not a registry is not used", async () => {
  const warnings: string[] = [];
  const { fetcher } = fakeFetcher({ [IANA_BOOTSTRAP_URL]: answer(IANA_BOOTSTRAP_URL, 200, { services: "none" }) });
  const rdap = createRdapClient({ fetcher, warn: (message) => warnings.push(message) });
  assert.deepEqual(await rdap.registrationOf("acme-corp.test"), UNKNOWN_REGISTRATION);
  assert.deepEqual(warnings, [
    "RDAP: IANA's bootstrap registry could not be read (services: Invalid input: expected array, received string; " +
    "version: Invalid input: expected string, received undefined); using the shipped copy",
  ]);
});

Deno.test("no server for the TLD, a 404, a refused or broken server, or an answer that isn't JSON: nulls", async () => {
  const cases: [string, SafeResponse | Error][] = [
    ["an unknown domain", answer("", 404, { errorCode: 404, title: "Not Found" })],
    ["a server error", answer("", 503, "Service Unavailable")],
    ["not JSON", answer("", 200, "<html>rate limited</html>")],
    ["a cut-off answer", { ...answer("", 200, ACME_DOMAIN), truncated: true }],
    ["a refused server", new EgressError("refused_private", "http://rdap.fixture.test/", "10.0.0.5 is private")],
    ["a slow server", new EgressError("timeout", "http://rdap.fixture.test/", "no complete answer within 8000 ms")],
  ];
  for (const [name, route] of cases) {
    const { fetcher } = fakeFetcher({ ...ianaRoute, "http://rdap.fixture.test/domain/acme-corp.test": route });
    assert.deepEqual(await createRdapClient({ fetcher }).registrationOf("acme-corp.test"), UNKNOWN_REGISTRATION, name);
  }
  const { fetcher, requests } = fakeFetcher(ianaRoute);
  assert.deepEqual(await createRdapClient({ fetcher }).registrationOf("acme.zz"), UNKNOWN_REGISTRATION);
  assert.deepEqual(requests.map((request) => request.url), [IANA_BOOTSTRAP_URL], "no TLD server, no question");
});

Deno.test("a lookup whose exploration ran out of time answers nulls at once", async () => {
  const { fetcher, requests } = fakeFetcher({ ...ianaRoute, ...acmeRoute });
  const stopped = new AbortController();
  stopped.abort(new DOMException("time budget", "AbortError"));
  const registration = await createRdapClient({ fetcher }).registrationOf("acme-corp.test", stopped.signal);
  assert.deepEqual(registration, UNKNOWN_REGISTRATION);
  assert.deepEqual(requests, [], "nothing was asked");
});

Deno.test("a lookup stops waiting for IANA's registry when its exploration runs out of time", async () => {
  const fetcher: SafeFetcher = { fetch: () => new Promise<SafeResponse>(() => {}) };
  const stopped = new AbortController();
  const lookup = createRdapClient({ fetcher }).registrationOf("acme-corp.test", stopped.signal);
  stopped.abort(new DOMException("time budget", "AbortError"));
  assert.deepEqual(await lookup, UNKNOWN_REGISTRATION);
});

// Reading the answer -----------------------------------------------------------------------------------------------

Deno.test("the registrar is the registrar entity's formatted name; dates are normalised to UTC", () => {
  assert.deepEqual(
    registrationFrom({
      events: [
        { eventAction: "registration", eventDate: "1997-09-15T00:00:00-04:00" },
        { eventAction: "expiration", eventDate: "2028-09-14" },
      ],
      entities: [{
        roles: ["technical", "registrar"],
        vcardArray: ["vcard", [["fn", {}, "text", "  MarkMonitor Inc. "]]],
      }],
    }),
    {
      registrar: "MarkMonitor Inc.",
      creationDate: "1997-09-15T04:00:00.000Z",
      expirationDate: "2028-09-14T00:00:00.000Z",
    },
  );
  assert.equal(
    registrationFrom({ events: [{ eventAction: "registration", eventDate: "2009-03-14 15:09:26" }] }).creationDate,
    "2009-03-14T15:09:26.000Z",
    "a time without a zone is UTC",
  );
});

Deno.test("what an answer lacks or gets wrong is null, and the rest is still read", () => {
  assert.deepEqual(registrationFrom({ objectClassName: "domain" }), UNKNOWN_REGISTRATION);
  assert.deepEqual(registrationFrom("not an object"), UNKNOWN_REGISTRATION);
  assert.deepEqual(
    registrationFrom({
      events: [{ eventAction: "registration", eventDate: "sometime in 2009" }, "noise", { eventAction: "expiration" }],
      entities: [
        { roles: ["registrar"] },
        { roles: ["registrar"], vcardArray: ["vcard", [["fn", {}, "text", "Second Registrar"]]] },
      ],
    }),
    UNKNOWN_REGISTRATION,
    "the first registrar entity has no vCard; unparseable and missing dates are null",
  );
  assert.deepEqual(
    registrationFrom({
      events: "none",
      entities: [null, {
        roles: ["registrar"],
        vcardArray: ["vcard", [["fn", {}, "text", 42], ["fn", {}, "text", "Named"]]],
      }],
    }),
    { ...UNKNOWN_REGISTRATION, registrar: "Named" },
  );
});
