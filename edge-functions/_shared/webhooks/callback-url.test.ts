// callbackUrl checks against the fixture DNS server's zones: https only, no credentials, every address public, and an
// unresolvable host refused, each with words the caller can act on.
import assert from "node:assert/strict";
import { createDnsClient, parseDnsServers } from "../dns/index.ts";
import { startDnsFixture } from "../dns/testing/fixture-server.ts";
import { DomainError } from "../errors.ts";
import { callbackTarget, checkCallbackUrl } from "./callback-url.ts";

async function withDns(run: (dns: ReturnType<typeof createDnsClient>) => Promise<void>) {
  const fixture = await startDnsFixture();
  try {
    await run(createDnsClient({ servers: parseDnsServers(`127.0.0.1:${fixture.port}`) }));
  } finally {
    await fixture.stop();
  }
}

async function refusal(dns: ReturnType<typeof createDnsClient>, url: string): Promise<string> {
  const error = await checkCallbackUrl(url, dns).then(() => undefined, (error) => error);
  assert.ok(error instanceof DomainError && error.reason === "callback_url_refused", `${url} was accepted`);
  return (error as DomainError<"callback_url_refused">).details.problem;
}

Deno.test("checkCallbackUrl: a public https host passes, with or without a port, path and query", async () => {
  await withDns(async (dns) => {
    await checkCallbackUrl("https://acme-corp.test/hooks/mailscout?x=1", dns);
    await checkCallbackUrl("https://acme-corp.test:8443/hooks", dns);
    await checkCallbackUrl("https://203.0.113.9/hooks", dns);
  });
});

Deno.test("checkCallbackUrl: refuses what is not https, credentials, and names outside public space", async () => {
  await withDns(async (dns) => {
    assert.equal(await refusal(dns, "not a url"), "callbackUrl is not a URL");
    assert.equal(await refusal(dns, "http://acme-corp.test/hooks"), "callbackUrl must use https");
    assert.equal(await refusal(dns, "ftp://acme-corp.test/hooks"), "callbackUrl must use https");
    assert.equal(
      await refusal(dns, "https://user:pass@acme-corp.test/hooks"),
      "callbackUrl must not contain a user name or password",
    );
    assert.equal(await refusal(dns, "https://user@acme-corp.test/"), "callbackUrl must not contain a user name or password");
    assert.match(await refusal(dns, "https://private-a.test/hooks"), /^callbackUrl resolves to a private address \(10\.0\.0\.5/);
    assert.match(await refusal(dns, "https://loopback.test/"), /private address \(127\.0\.0\.1: loopback\)/);
    assert.match(await refusal(dns, "https://metadata.test/"), /169\.254\.169\.254: linkLocal/);
    assert.match(await refusal(dns, "https://mixed.test/"), /192\.168\.1\.90/, "one private address is enough");
    assert.match(await refusal(dns, "https://mapped.test/"), /private address/);
    assert.match(await refusal(dns, "https://127.0.0.1/"), /^callbackUrl is a private address \(loopback\)/);
    assert.match(await refusal(dns, "https://[::1]/"), /^callbackUrl is a private address/);
    assert.match(await refusal(dns, "https://169.254.169.254/latest/meta-data"), /private address \(linkLocal\)/);
    assert.equal(await refusal(dns, "https://localhost/"), "callbackUrl must name a public host");
    assert.equal(await refusal(dns, "https://no-such-name.test/"), "callbackUrl host no-such-name.test does not resolve");
    assert.match(await refusal(dns, "https://servfail.test/"), /^callbackUrl host servfail\.test could not be resolved/);
  });
});

Deno.test("callbackTarget: answers the checked addresses a delivery pins its connection to", async () => {
  await withDns(async (dns) => {
    const target = await callbackTarget(dns, "https://acme-corp.test/hooks");
    assert.ok(target.ok);
    assert.deepEqual(target.addresses, ["203.0.113.10", "2001:db8:ac::10"]);
    const refused = await callbackTarget(dns, "https://private-a.test/");
    assert.ok(!refused.ok && refused.private);
    const malformed = await callbackTarget(dns, "http://acme-corp.test/");
    assert.ok(!malformed.ok && !malformed.private);
  });
});
