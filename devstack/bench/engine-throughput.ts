// Deno: the validation engine's throughput against the fixture DNS server, as `npm run bench` reports it.
// Two cases of 100,000 addresses: over 2,000 domains, and over 100,000 distinct domains (one address each), which is
// what a bulk list of company addresses looks like and what made the old Map-based caches evict slowly. Each case runs
// once with an empty resolver cache (every domain asked over UDP) and once warm, in a fresh engine and resolver of
// its own. Prints one JSON line for devstack/src/bench/bench.ts.
import { createMailDomainResolverFromSettings } from "../../edge-functions/_shared/dns/index.ts";
import { startDnsFixture } from "../../edge-functions/_shared/dns/testing/fixture-server.ts";
import { benchDomain } from "../../edge-functions/_shared/dns/testing/zones.ts";
import { createEmailValidator } from "../../edge-functions/_shared/validation/index.ts";

const ADDRESSES = 100_000;
// Enough in flight to keep the resolver busy on a cold cache without one promise per address alive at once.
const BATCH = 2_000;

const localParts = ["ann", "bob.smith", "info", "c.jones+news", "sales", "d_lee", "eve", "frank.o"];

/** 2,000 domains are the listed fixtures bench-0000.test…; 100,000 are made on demand, bench-00000.test…. */
function addressesOver(domains: 2_000 | 100_000): string[] {
  return Array.from({ length: ADDRESSES }, (_, i) => {
    const domain = benchDomain(i % domains, domains === 2_000 ? 4 : 5);
    return `${localParts[i % localParts.length]}${i}@${domain}`;
  });
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, Deno.memoryUsage().rss)), 20);

async function pass(addresses: string[], validate: (input: string) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < addresses.length; i += BATCH) {
    await Promise.all(addresses.slice(i, i + BATCH).map(validate));
  }
  return addresses.length / ((performance.now() - started) / 1000);
}

const fixture = await startDnsFixture({ port: 0 });
try {
  const cases = [];
  for (const domains of [2_000, 100_000] as const) {
    const addresses = addressesOver(domains);
    const resolver = createMailDomainResolverFromSettings({ dnsServers: `127.0.0.1:${fixture.port}` });
    const validate = createEmailValidator({ resolver });
    const coldPerSecond = await pass(addresses, validate);
    const warmPerSecond = await pass(addresses, validate);
    cases.push({ addresses: ADDRESSES, domains, coldPerSecond, warmPerSecond });
  }
  peakRss = Math.max(peakRss, Deno.memoryUsage().rss);
  console.log(JSON.stringify({ cases, peakRssBytes: peakRss }));
} finally {
  clearInterval(sampler);
  await fixture.stop();
}
