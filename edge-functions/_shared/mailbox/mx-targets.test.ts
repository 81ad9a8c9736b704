// Where the probe may connect, from the DNS fixture's zones: MX hosts in priority order, their public addresses on
// port 25, private and loopback ones refused before any connection, and SMTP_PROBE_TARGET taking the place of a
// checked address (never of a refused one).
import assert from "node:assert/strict";
import { createDnsClient } from "../dns/index.ts";
import { startDnsFixture } from "../dns/testing/fixture-server.ts";
import { type MxTarget, mxTargets, parseTarget, type SkippedHost } from "./mx-targets.ts";

async function targetsOf(
  mxHosts: string[],
  target?: string,
): Promise<{ targets: MxTarget[]; skipped: SkippedHost[] }> {
  const fixture = await startDnsFixture();
  try {
    const dns = createDnsClient({ servers: [{ transport: "udp", host: "127.0.0.1", port: fixture.port }] });
    const skipped: SkippedHost[] = [];
    const targets: MxTarget[] = [];
    for await (const found of mxTargets(mxHosts, { dns, target, onSkip: (host) => skipped.push(host) })) {
      targets.push(found);
    }
    return { targets, skipped };
  } finally {
    await fixture.stop();
  }
}

Deno.test("mx targets: each host's public addresses on port 25, in the order given", async () => {
  const { targets, skipped } = await targetsOf(["mx1.mailscout-demo.test", "mx2.mailscout-demo.test"]);
  assert.deepEqual(targets, [
    {
      mxHost: "mx1.mailscout-demo.test",
      endpoints: [{ hostname: "192.0.2.25", port: 25 }, { hostname: "2001:db8::25", port: 25 }],
    },
    { mxHost: "mx2.mailscout-demo.test", endpoints: [{ hostname: "192.0.2.26", port: 25 }] },
  ]);
  assert.deepEqual(skipped, []);
});

Deno.test("mx targets: mx-partly-private.test's private host is skipped, its public one kept", async () => {
  const { targets, skipped } = await targetsOf(["mx.mx-private.test", "mx1.mailscout-demo.test"], "127.0.0.1:2525");
  assert.deepEqual(targets, [
    { mxHost: "mx1.mailscout-demo.test", endpoints: [{ hostname: "127.0.0.1", port: 2525 }] },
  ]);
  assert.deepEqual(skipped.map((host) => host.mxHost), ["mx.mx-private.test"]);
  assert.match(skipped[0]!.reason, /10\.0\.0\.25/);
});

Deno.test("mx targets: loopback and unresolved hosts give nothing, even with a target set", async () => {
  const { targets, skipped } = await targetsOf(
    ["mx.mx-loopback.test", "mx1.mx-unresolved.test", "mx2.mx-unresolved.test"],
    "127.0.0.1:2525",
  );
  assert.deepEqual(targets, []);
  assert.deepEqual(skipped.map((host) => host.mxHost), [
    "mx.mx-loopback.test",
    "mx1.mx-unresolved.test",
    "mx2.mx-unresolved.test",
  ]);
});

Deno.test("mx targets: a host named twice (any case, trailing dot) is tried once", async () => {
  const { targets } = await targetsOf(["MX2.mailscout-demo.test.", "mx2.mailscout-demo.test"]);
  assert.deepEqual(targets.map((target) => target.mxHost), ["mx2.mailscout-demo.test"]);
});

Deno.test("mx targets: SMTP_PROBE_TARGET is host:port, IPv6 in brackets", () => {
  assert.deepEqual(parseTarget("127.0.0.1:2525"), { hostname: "127.0.0.1", port: 2525 });
  assert.deepEqual(parseTarget("[::1]:25"), { hostname: "::1", port: 25 });
  assert.deepEqual(parseTarget("smtp-fixture:2525"), { hostname: "smtp-fixture", port: 2525 });
  for (const bad of ["127.0.0.1", "127.0.0.1:0", "host:99999", ":25", "::1:25"]) {
    assert.throws(() => parseTarget(bad), /SMTP_PROBE_TARGET/, bad);
  }
});
