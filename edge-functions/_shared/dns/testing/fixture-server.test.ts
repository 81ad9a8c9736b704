// The fixture itself: the names others rely on, and the program devstack runs (`--port N`, "listening", SIGTERM).
import assert from "node:assert/strict";
import { withFixtureProgram } from "../../testing/fixture-program.ts";
import { createDnsClient } from "../client.ts";
import { checkAddress } from "../address-policy.ts";
import { FIXTURE_NAMES, SMTP_FIXTURE_DOMAINS } from "./zones.ts";

Deno.test("fixture zones hold every name the brief promises", () => {
  for (
    const name of ["mailscout-demo.test", "gmail.com", "googlemail.com", "hotmail.com", "outlook.com", "yahoo.com"]
  ) {
    assert.ok(FIXTURE_NAMES.get(name)?.records?.MX?.length, name);
  }
  assert.ok(FIXTURE_NAMES.get("mailinator.com")?.records?.MX?.length);
  assert.deepEqual(FIXTURE_NAMES.get("null-mx.test")?.records?.MX, [{ priority: 0, exchange: "." }]);
  assert.deepEqual(FIXTURE_NAMES.get("implicit-mx.test")?.records, { A: ["192.0.2.10"], AAAA: ["2001:db8::10"] });
  assert.equal(FIXTURE_NAMES.get("servfail.test")?.behaviour, "servfail");
  assert.equal(FIXTURE_NAMES.get("timeout.test")?.behaviour, "no_answer");
  const bench = [...FIXTURE_NAMES.keys()].filter((name) => /^bench-\d{4}\.test$/.test(name));
  assert.equal(bench.length, 2_000);
  assert.ok(FIXTURE_NAMES.has("bench-0000.test") && FIXTURE_NAMES.has("bench-1999.test"));
});

Deno.test("fixture zones give each SMTP fixture domain one MX, mx.<domain>, at its own public address", () => {
  assert.equal(SMTP_FIXTURE_DOMAINS.length, 30);
  const addresses = SMTP_FIXTURE_DOMAINS.map((domain) => {
    assert.deepEqual(FIXTURE_NAMES.get(domain)?.records?.MX, [{ priority: 10, exchange: `mx.${domain}` }], domain);
    const [address] = FIXTURE_NAMES.get(`mx.${domain}`)?.records?.A ?? [];
    assert.ok(address && checkAddress(address).allowed, `mx.${domain} has a public address`);
    return address;
  });
  assert.equal(new Set(addresses).size, addresses.length, "no two share an address");
});

Deno.test("the fixture program says where it listens, answers there and stops cleanly on SIGTERM", async () => {
  await withFixtureProgram(new URL("./fixture-server.ts", import.meta.url), ["--allow-net"], async (port) => {
    const client = createDnsClient({ servers: [{ transport: "udp", host: "127.0.0.1", port }] });
    assert.equal((await client.query("mailscout-demo.test", "MX")).rcode, "NOERROR");
  });
});
