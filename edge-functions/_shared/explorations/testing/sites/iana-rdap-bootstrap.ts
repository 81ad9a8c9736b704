// data.iana.org: IANA's RDAP bootstrap registry for DNS (RFC 9224) at /rdap/dns.json, as rdap.ts reads it at run time.
// It is the registry MailScout ships (explorations/rdap-bootstrap.json) plus the one entry the real registry can't have:
// .test, reserved for testing (RFC 2606), served by the fixture RDAP server rdap.fixture.test (rdap-server.ts).
import shippedBootstrap from "../../rdap-bootstrap.json" with { type: "json" };
import type { FixtureResponse, FixtureSite } from "./site.ts";

export function ianaRdapBootstrap(): FixtureSite {
  const registry = {
    ...shippedBootstrap,
    publication: "2026-11-01T00:00:00Z",
    services: [...shippedBootstrap.services, [["test"], ["http://rdap.fixture.test/"]]],
  };
  return {
    respond(path): FixtureResponse {
      if (new URL(path, "http://fixture.invalid").pathname !== "/rdap/dns.json") {
        return { status: 404, headers: { "content-type": "text/html" }, body: "<h1>Not Found</h1>" };
      }
      return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(registry) };
    },
  };
}
