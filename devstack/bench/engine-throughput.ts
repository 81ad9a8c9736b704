// Deno: the validation engine's throughput against the fixture DNS server, as `npm run bench` reports it.
// 100,000 addresses over 2,000 domains, once with an empty resolver cache (every domain asked over UDP) and once
// warm. Prints one JSON line for devstack/src/bench.ts.
import { createMailDomainResolverFromSettings } from "../../edge-functions/_shared/dns/mod.ts";
import { startDnsFixture } from "../../edge-functions/_shared/dns/testing/fixture-server.ts";
import { createEmailValidator } from "../../edge-functions/_shared/validation/mod.ts";

const ADDRESSES = 100_000;
const DOMAINS = 2_000;
// Enough in flight to keep the resolver busy on a cold cache without one promise per address alive at once.
const BATCH = 2_000;

const localParts = ["ann", "bob.smith", "info", "c.jones+news", "sales", "d_lee", "eve", "frank.o"];
const addresses = Array.from({ length: ADDRESSES }, (_, i) => {
  const domain = `bench-${String(i % DOMAINS).padStart(4, "0")}.test`;
  return `${localParts[i % localParts.length]}${i}@${domain}`;
});

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, Deno.memoryUsage().rss)), 20);

async function pass(validate: (input: string) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < addresses.length; i += BATCH) {
    await Promise.all(addresses.slice(i, i + BATCH).map(validate));
  }
  return addresses.length / ((performance.now() - started) / 1000);
}

const fixture = await startDnsFixture({ port: 0 });
try {
  const resolver = createMailDomainResolverFromSettings({ dnsServers: `127.0.0.1:${fixture.port}` });
  const validate = createEmailValidator({ resolver });
  const cold = await pass(validate);
  const warm = await pass(validate);
  peakRss = Math.max(peakRss, Deno.memoryUsage().rss);
  console.log(JSON.stringify({ addresses: ADDRESSES, domains: DOMAINS, coldPerSecond: cold, warmPerSecond: warm, peakRssBytes: peakRss }));
} finally {
  clearInterval(sampler);
  await fixture.stop();
}
