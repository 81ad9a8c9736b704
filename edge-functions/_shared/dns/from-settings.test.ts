import assert from "node:assert/strict";
import { createMailDomainResolverFromSettings } from "./from-settings.ts";
import { startDnsFixture } from "./testing/fixture-server.ts";

Deno.test("from settings: DNS_SERVERS=host:port sends every lookup to that server", async () => {
  const fixture = await startDnsFixture();
  try {
    const resolver = createMailDomainResolverFromSettings({ dnsServers: `127.0.0.1:${fixture.port}` });
    assert.equal((await resolver.lookup("mailscout-demo.test")).kind, "mx");
    assert.deepEqual(
      fixture.queries.map(({ name, type, transport }) => `${transport} ${type} ${name}`).sort(),
      [
        "udp A mx1.mailscout-demo.test",
        "udp A mx2.mailscout-demo.test",
        "udp AAAA mx1.mailscout-demo.test",
        "udp AAAA mx2.mailscout-demo.test",
        "udp MX mailscout-demo.test",
      ],
      "the MX question, then its hosts' addresses",
    );
  } finally {
    await fixture.stop();
  }
});

Deno.test("from settings: a DoH URL in DNS_SERVERS sends lookups over DNS-over-HTTPS", async () => {
  const fixture = await startDnsFixture({ doh: true });
  try {
    const resolver = createMailDomainResolverFromSettings({ dnsServers: fixture.dohUrl });
    assert.equal((await resolver.lookup("null-mx.test")).kind, "null_mx");
    assert.deepEqual(fixture.queries.map((query) => query.transport), ["doh"]);
  } finally {
    await fixture.stop();
  }
});

Deno.test("from settings: an invalid DNS_SERVERS fails at once, naming the entry", () => {
  assert.throws(
    () => createMailDomainResolverFromSettings({ dnsServers: "127.0.0.1:99999" }),
    /Invalid DNS_SERVERS entry "127.0.0.1:99999"/,
  );
});
