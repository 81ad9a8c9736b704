// The fixture proxy and the fixture sites: what other tests, the test stack and the bench rely on.
import assert from "node:assert/strict";
import { withFixtureProgram } from "../../testing/fixture-program.ts";
import { FIXTURE_NAMES } from "../../dns/testing/zones.ts";
import { checkAddress } from "../../dns/index.ts";
import { startFixtureProxy } from "./fixture-proxy.ts";
import { FIXTURE_SITES } from "./sites/index.ts";

async function viaProxy(proxyUrl: string, url: string, init: RequestInit = {}) {
  using client = Deno.createHttpClient({ proxy: { url: proxyUrl } });
  const response = await fetch(url, { ...init, client, redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

Deno.test("fixture proxy: serves sites by host in absolute form, refuses CONNECT and records everything", async () => {
  const proxy = await startFixtureProxy();
  try {
    const home = await viaProxy(proxy.url, "http://acme-corp.test/");
    assert.equal(home.status, 200);
    assert.match(home.text, /<title>Acme Corporation \| Real-time visibility for logistics<\/title>/);
    assert.equal(home.headers.get("content-type"), "text/html; charset=utf-8");

    assert.equal((await viaProxy(proxy.url, "http://acme-corp.test/about/team")).status, 200, "with or without /");
    assert.equal((await viaProxy(proxy.url, "http://acme-corp.test/nothing-here/")).status, 404);
    assert.equal((await viaProxy(proxy.url, "http://unknown-host.test/")).status, 502);
    const head = await viaProxy(proxy.url, "http://acme-corp.test/contact/", { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(head.text, "");
    await assert.rejects(viaProxy(proxy.url, "https://acme-corp.test/"), /tunnel|fetch failed/);

    assert.deepEqual(proxy.requests, [
      { method: "GET", host: "acme-corp.test", target: "http://acme-corp.test/" },
      { method: "GET", host: "acme-corp.test", target: "http://acme-corp.test/about/team" },
      { method: "GET", host: "acme-corp.test", target: "http://acme-corp.test/nothing-here/" },
      { method: "GET", host: "unknown-host.test", target: "http://unknown-host.test/" },
      { method: "HEAD", host: "acme-corp.test", target: "http://acme-corp.test/contact/" },
      { method: "CONNECT", host: "acme-corp.test", target: "acme-corp.test:443" },
    ]);
  } finally {
    await proxy.stop();
  }
});

Deno.test("fixture proxy: the delay option holds every response at least that long", async () => {
  const proxy = await startFixtureProxy({ delayMs: 150 });
  try {
    const started = performance.now();
    assert.equal((await viaProxy(proxy.url, "http://acme-corp.test/robots.txt")).status, 200);
    assert.ok(performance.now() - started >= 150);
  } finally {
    await proxy.stop();
  }
});

Deno.test("fixture proxy: stopping releases requests that were never going to be answered", async () => {
  const proxy = await startFixtureProxy();
  const pending = viaProxy(proxy.url, "http://stalled-site.test/contact").catch((error) => error);
  while (proxy.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  await proxy.stop();
  const outcome = await pending;
  assert.ok(outcome instanceof Error || outcome.status === 504);
});

Deno.test("fixture sites: every host has a DNS name, public ones a public address and MX, the rest private space", () => {
  const addressesOf = (name: string): string[] => {
    const records = FIXTURE_NAMES.get(name)?.records;
    if (records?.CNAME) return addressesOf(records.CNAME);
    return [...(records?.A ?? []), ...(records?.AAAA ?? [])];
  };
  const PRIVATE = new Set([
    "private-a.test",
    "loopback.test",
    "metadata.test",
    "mapped.test",
    "cgnat.test",
    "mixed.test",
    "www.private-twin.test",
  ]);
  for (const host of FIXTURE_SITES.keys()) {
    const addresses = addressesOf(host);
    assert.ok(addresses.length > 0, `${host} resolves`);
    const refused = addresses.filter((address) => !checkAddress(address).allowed);
    if (PRIVATE.has(host)) assert.ok(refused.length > 0, `${host} reaches into private space`);
    else assert.deepEqual(refused, [], `${host} is public`);
  }
  for (const domain of ["acme-corp.test", "parked-domain.test", "down.test", "slow-site.test", "builder-site.test"]) {
    assert.ok(FIXTURE_NAMES.get(domain)?.records?.MX?.length, `${domain} receives mail`);
  }
  assert.equal(FIXTURE_SITES.get("slow-site.test")?.delayMs, 100);
  assert.deepEqual([...FIXTURE_SITES].filter(([, site]) => site.delayMs).map(([host]) => host), ["slow-site.test"]);
});

Deno.test("fixture sites: acme-corp.test holds what the extract tests and the e2e journey expect", async () => {
  const acme = FIXTURE_SITES.get("acme-corp.test")!;
  const page = async (path: string) => String((await acme.respond(path)).body);

  const team = await page("/about/team/");
  const rows = [...team.matchAll(/<td class="staff-name">([^<]+)<\/td>\s*<td class="staff-title">([^<]+)<\/td>/g)];
  assert.ok(rows.length >= 6, "a staff table of 6+ people with titles");
  const table = /<tbody>([\s\S]*?)<\/tbody>/.exec(team)![1]!;
  const addresses = [...table.matchAll(/mailto:([^"]+)"/g)].map((match) => match[1]);
  assert.ok(addresses.length >= 6);
  for (const address of addresses) assert.match(address!, /^[a-z]+\.[a-z]+@acme-corp\.test$/, "{first}.{last}");
  assert.match(table, /michael\.chen \[at\] acme-corp \[dot\] test/, "one obfuscated address");

  const home = await page("/");
  assert.match(home, /href="tel:\+14155550142"/, "footer phone");
  const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(home)![1]!);
  const organization = jsonLd["@graph"].find((node: { "@type": string }) => node["@type"] === "Organization");
  assert.equal(organization.address["@type"], "PostalAddress");
  assert.ok(organization.sameAs.some((url: string) => url.startsWith("https://www.linkedin.com/")));

  assert.match(await page("/robots.txt"), /^Disallow: \/private\/$/m);
  assert.match(await page("/sitemap.xml"), /<loc>https:\/\/acme-corp\.test\/legal\/impressum\/<\/loc>/);
  assert.match(await page("/contact/"), /data-cfemail="[0-9a-f]+"/, "Cloudflare email protection");
});

Deno.test("fixture proxy program: says where it listens, serves there and stops cleanly on SIGTERM", async () => {
  const proxyProgram = new URL("./fixture-proxy.ts", import.meta.url);
  await withFixtureProgram(proxyProgram, ["--allow-net", "--allow-read"], async (port) => {
    assert.equal((await viaProxy(`http://127.0.0.1:${port}`, "http://down.test/")).status, 503);
  });
});
