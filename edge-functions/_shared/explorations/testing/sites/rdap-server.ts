// rdap.fixture.test: an RDAP server (RFC 9082 queries, RFC 9083 answers) for the fixture domains, in the shape
// registries such as Verisign's answer: the registrar as an entity with its IANA id, and the registration, expiration
// and last-changed events. GET /domain/<name> for a listed domain; an RFC 9083 §6 error (404) for any other.
import type { FixtureResponse, FixtureSite } from "./site.ts";

interface Registration {
  registrar: string;
  ianaId: string;
  registered: string;
  expires: string;
  changed: string;
}

const REGISTRARS = {
  gandi: { registrar: "Gandi SAS", ianaId: "81" },
  namecheap: { registrar: "NameCheap, Inc.", ianaId: "1068" },
  tucows: { registrar: "Tucows Domains Inc.", ianaId: "69" },
  markmonitor: { registrar: "MarkMonitor Inc.", ianaId: "292" },
} as const;

const REGISTRATIONS: Record<string, Registration> = {
  "acme-corp.test": {
    ...REGISTRARS.markmonitor,
    registered: "2009-03-14T17:22:05Z",
    expires: "2027-03-14T17:22:05Z",
    changed: "2025-02-11T09:41:37Z",
  },
  "parked-domain.test": {
    ...REGISTRARS.namecheap,
    registered: "2021-08-02T11:05:44Z",
    expires: "2026-08-02T11:05:44Z",
    changed: "2025-07-20T06:12:01Z",
  },
  "down.test": {
    ...REGISTRARS.tucows,
    registered: "2015-05-19T13:30:00Z",
    expires: "2026-05-19T13:30:00Z",
    changed: "2025-04-30T08:00:12Z",
  },
  "default-page.test": {
    ...REGISTRARS.gandi,
    registered: "2024-01-09T10:00:00Z",
    expires: "2027-01-09T10:00:00Z",
    changed: "2025-12-01T16:45:09Z",
  },
  "js-shell.test": {
    ...REGISTRARS.namecheap,
    registered: "2022-10-27T20:14:31Z",
    expires: "2026-10-27T20:14:31Z",
    changed: "2025-10-01T03:22:54Z",
  },
  "builder-site.test": {
    ...REGISTRARS.tucows,
    registered: "2012-04-03T15:48:10Z",
    expires: "2026-04-03T15:48:10Z",
    changed: "2025-03-15T12:00:00Z",
  },
  "slow-site.test": {
    ...REGISTRARS.gandi,
    registered: "2011-09-21T09:09:09Z",
    expires: "2027-09-21T09:09:09Z",
    changed: "2024-09-10T10:10:10Z",
  },
};

const RDAP_HEADERS = { "content-type": "application/rdap+json", "access-control-allow-origin": "*" };

function domainObject(name: string, registration: Registration) {
  const self = `https://rdap.fixture.test/domain/${name}`;
  return {
    objectClassName: "domain",
    handle: `${name.replace(/\W/g, "").toUpperCase()}-FIXTURE`,
    ldhName: name.toUpperCase(),
    links: [{ value: self, rel: "self", href: self, type: "application/rdap+json" }],
    status: ["client delete prohibited", "client transfer prohibited", "client update prohibited"],
    entities: [{
      objectClassName: "entity",
      handle: registration.ianaId,
      roles: ["registrar"],
      publicIds: [{ type: "IANA Registrar ID", identifier: registration.ianaId }],
      vcardArray: ["vcard", [["version", {}, "text", "4.0"], ["fn", {}, "text", registration.registrar]]],
    }],
    events: [
      { eventAction: "registration", eventDate: registration.registered },
      { eventAction: "expiration", eventDate: registration.expires },
      { eventAction: "last changed", eventDate: registration.changed },
      { eventAction: "last update of RDAP database", eventDate: "2026-03-10T08:00:00Z" },
    ],
    secureDNS: { delegationSigned: false },
    nameservers: [
      { objectClassName: "nameserver", ldhName: "NS1.FIXTURE-HOSTING.TEST" },
      { objectClassName: "nameserver", ldhName: "NS2.FIXTURE-HOSTING.TEST" },
    ],
    rdapConformance: ["rdap_level_0", "icann_rdap_technical_implementation_guide_1", "icann_rdap_response_profile_1"],
    notices: [{
      title: "Terms of Use",
      description: ["Fixture registration data for MailScout's tests."],
      links: [{ href: "https://rdap.fixture.test/help", rel: "terms-of-service", type: "text/html" }],
    }],
  };
}

export function rdapServer(): FixtureSite {
  return {
    respond(path): FixtureResponse {
      const match = /^\/domain\/([^/?#]+)$/.exec(new URL(path, "http://fixture.invalid").pathname);
      const name = match ? decodeURIComponent(match[1]!).toLowerCase().replace(/\.$/, "") : undefined;
      const registration = name ? REGISTRATIONS[name] : undefined;
      if (name && registration) {
        return { status: 200, headers: RDAP_HEADERS, body: JSON.stringify(domainObject(name, registration)) };
      }
      return {
        status: 404,
        headers: RDAP_HEADERS,
        body: JSON.stringify({
          errorCode: 404,
          title: "Not Found",
          description: [name ? `${name} is not registered here.` : "Unsupported query."],
          rdapConformance: ["rdap_level_0"],
        }),
      };
    },
  };
}
