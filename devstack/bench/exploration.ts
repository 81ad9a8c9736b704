// Deno: one exploration of slow-site.test (30 linked pages, every response 100 ms late) through the fixture DNS server
// and fixture proxy, with the explorer's default page and time budgets, as `npm run bench` reports it. The first
// exploration in a process also loads the technology fingerprints, so it is measured apart from a second one.
// Prints one JSON line for devstack/src/bench/bench.ts.
import { startDnsFixture } from "../../edge-functions/_shared/dns/testing/fixture-server.ts";
import { createDomainExplorer } from "../../edge-functions/_shared/explorations/explore-domain.ts";
import { createSafeFetcher } from "../../edge-functions/_shared/explorations/net/index.ts";
import { startFixtureProxy } from "../../edge-functions/_shared/explorations/testing/fixture-proxy.ts";

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, Deno.memoryUsage().rss)), 10);

const dns = await startDnsFixture({ port: 0 });
const proxy = await startFixtureProxy({ port: 0 });
try {
  const explorer = createDomainExplorer({
    fetcher: createSafeFetcher({ dnsServers: `127.0.0.1:${dns.port}`, proxy: proxy.url }),
  });
  const timedExploration = async () => {
    const started = performance.now();
    const result = await explorer.explore("slow-site.test", { enableScraping: true });
    return { ms: performance.now() - started, pages: result.pagesVisited.length, partial: result.partial };
  };
  const first = await timedExploration();
  const second = await timedExploration();
  peakRss = Math.max(peakRss, Deno.memoryUsage().rss);
  console.log(JSON.stringify({ first, second, peakRssBytes: peakRss }));
} finally {
  clearInterval(sampler);
  await proxy.stop();
  await dns.stop();
}
