// Crawling the fixture sites through the fixture DNS server and the fixture proxy, as the explorer runs in tests and
// behind OUTBOUND_HTTP_PROXY. The proxy's log shows what was asked for, and what never was.
import assert from "node:assert/strict";
import { startDnsFixture } from "../../dns/testing/fixture-server.ts";
import { createSafeFetcher, EgressError, type HttpTransport } from "../net/index.ts";
import { startFixtureProxy } from "../testing/fixture-proxy.ts";
import { FIXTURE_SITES, type FixtureSite } from "../testing/sites/index.ts";
import { type CrawlOptions, crawlSite } from "./crawl-site.ts";

type Fixtures = {
  crawl: (domain: string, options?: Omit<CrawlOptions, "fetcher">) => ReturnType<typeof crawlSite>;
  proxy: Awaited<ReturnType<typeof startFixtureProxy>>;
};

async function withFixtures(
  test: (fixtures: Fixtures) => Promise<void>,
  setup: { sites?: ReadonlyMap<string, FixtureSite>; proxy?: string; transport?: HttpTransport } = {},
) {
  const dns = await startDnsFixture();
  const proxy = await startFixtureProxy({ sites: setup.sites });
  try {
    const fetcher = createSafeFetcher({
      dnsServers: `127.0.0.1:${dns.port}`,
      proxy: setup.proxy ?? proxy.url,
      transport: setup.transport,
    });
    await test({ crawl: (domain, options = {}) => crawlSite(domain, { fetcher, ...options }), proxy });
  } finally {
    await proxy.stop();
    await dns.stop();
  }
}

const paths = (urls: { url: string }[]) => urls.map(({ url }) => new URL(url).pathname);
const asked = (proxy: Fixtures["proxy"]) => proxy.requests.map(({ method, target }) => `${method} ${target}`);

Deno.test("crawl: acme-corp.test gives its home page, then the contact-ish pages best first", async () => {
  await withFixtures(async ({ crawl }) => {
    const result = await crawl("acme-corp.test");
    assert.equal(result.outcome, "ok");
    assert.equal(result.partial, false);
    assert.equal(result.finalHost, "acme-corp.test");
    assert.deepEqual(paths(result.pages).slice(0, 4), ["/", "/contact/", "/about/team/", "/about/"]);
    for (const page of ["/legal/impressum/", "/careers/", "/press/", "/privacy-policy/"]) {
      assert.ok(paths(result.pages).includes(page), page);
    }
    const team = result.pages.find((page) => page.url === "http://acme-corp.test/about/team/")!;
    assert.equal(team.status, 200);
    assert.match(team.html, /<td class="staff-name">Priya Patel<\/td>/);
    assert.equal(team.headers["server"], "cloudflare");
    assert.ok(result.cookies.some((cookie) => cookie.startsWith("__cf_bm=")));
    assert.ok(result.pages.length <= 12);
  });
});

Deno.test("crawl: robots.txt is honoured and pages with nothing contact-like are not visited", async () => {
  await withFixtures(async ({ crawl, proxy }) => {
    await crawl("acme-corp.test");
    const requested = asked(proxy);
    assert.ok(requested.includes("GET http://acme-corp.test/robots.txt"));
    assert.ok(!requested.some((line) => line.includes("/private/")), "disallowed for every user agent");
    assert.ok(!requested.some((line) => /\/(solutions|blog|pricing)\//.test(line)));
    assert.ok(!requested.some((line) => /\.(pdf|zip|png)$/.test(line)));
  });
});

Deno.test("crawl: the sitemap robots.txt names is read, and a page only it lists is visited", async () => {
  await withFixtures(async ({ crawl, proxy }) => {
    const result = await crawl("acme-corp.test");
    assert.ok(asked(proxy).includes("GET http://acme-corp.test/sitemap.xml"));
    const impressum = result.pages.find((page) => page.url === "http://acme-corp.test/legal/impressum/");
    assert.match(impressum?.html ?? "", /Amtsgericht Charlottenburg/);
  });
});

Deno.test("crawl: the page budget counts the home page and every attempt", async () => {
  await withFixtures(async ({ crawl, proxy }) => {
    const result = await crawl("acme-corp.test", { pageBudget: 3 });
    assert.deepEqual(paths(result.pages), ["/", "/contact/", "/about/team/"]);
    assert.equal(result.partial, false);
    const pageRequests = asked(proxy).filter((line) =>
      line.startsWith("GET") && !/(robots\.txt|sitemap\.xml)$/.test(line)
    );
    assert.equal(pageRequests.length, 3);
  });
});

Deno.test("crawl: https is tried first; once the proxy refuses the tunnel, the site is read over http", async () => {
  await withFixtures(async ({ crawl, proxy }) => {
    const result = await crawl("acme-corp.test", { pageBudget: 2 });
    assert.ok(result.pages.every((page) => page.url.startsWith("http://acme-corp.test/")));
    assert.deepEqual(asked(proxy).slice(0, 2), ["CONNECT acme-corp.test:443", "GET http://acme-corp.test/robots.txt"]);
    assert.equal(proxy.requests.filter((request) => request.method === "CONNECT").length, 1);
  });
});

Deno.test("crawl: a home page that redirects to the www twin makes the twin the site", async () => {
  await withFixtures(async ({ crawl }) => {
    const result = await crawl("builder-site.test");
    assert.equal(result.outcome, "ok");
    assert.equal(result.finalHost, "www.builder-site.test");
    assert.deepEqual(paths(result.pages), ["/", "/contact"]);
    assert.match(result.pages[0]!.html, /Wix\.com Website Builder/);
    assert.ok(result.cookies.some((cookie) => cookie.startsWith("XSRF-TOKEN=")));
  });
});

Deno.test("crawl: 30 pages on offer, the page budget's worth read", async () => {
  await withFixtures(async ({ crawl }) => {
    const result = await crawl("slow-site.test");
    assert.equal(result.outcome, "ok");
    assert.equal(result.pages.length, 12);
    assert.deepEqual(paths(result.pages).slice(0, 3), ["/", "/contact", "/team"]);
  });
});

Deno.test("crawl: when the time budget runs out, what was read comes back marked partial", async () => {
  await withFixtures(async ({ crawl, proxy }) => {
    // stalled-site.test answers its home page and never its other pages, so the budget is what ends the crawl.
    const result = await crawl("stalled-site.test", { timeBudgetMs: 1_000 });
    assert.equal(result.outcome, "ok");
    assert.equal(result.partial, true);
    assert.deepEqual(paths(result.pages), ["/"]);
    assert.ok(asked(proxy).includes("GET http://stalled-site.test/contact"));
  });
});

Deno.test("crawl: the caller's signal ends the crawl like the time budget", async () => {
  await withFixtures(async ({ crawl }) => {
    const controller = new AbortController();
    controller.abort();
    const result = await crawl("acme-corp.test", { signal: controller.signal });
    assert.deepEqual(result, { pages: [], outcome: "unreachable", partial: true, finalHost: null, cookies: [] });
  });
});

Deno.test("crawl: a site answering 503 is a server error, and nothing past robots.txt is asked", async () => {
  await withFixtures(async ({ crawl, proxy }) => {
    const result = await crawl("down.test");
    assert.equal(result.outcome, "server_error");
    assert.deepEqual(result.pages, []);
    assert.deepEqual(asked(proxy), ["CONNECT down.test:443", "GET http://down.test/robots.txt"]);
  });
});

Deno.test("crawl: a home page answering 5xx after a readable robots.txt is a server error with that page", async () => {
  const sites = new Map<string, FixtureSite>([["acme-corp.test", {
    respond: (path) =>
      path === "/"
        ? { status: 502, headers: { "content-type": "text/html" }, body: "<h1>Bad gateway</h1>" }
        : { status: 404 },
  }]]);
  await withFixtures(async ({ crawl }) => {
    const result = await crawl("acme-corp.test");
    assert.equal(result.outcome, "server_error");
    assert.deepEqual(result.pages.map((page) => [page.url, page.status]), [["http://acme-corp.test/", 502]]);
  }, { sites });
});

Deno.test("crawl: a domain that doesn't resolve is a DNS failure, and no request is made", async () => {
  await withFixtures(async ({ crawl, proxy }) => {
    for (const domain of ["no-such-company.test", "servfail.test", "no-mail.test"]) {
      assert.equal((await crawl(domain)).outcome, "dns_failure", domain);
    }
    assert.deepEqual(proxy.requests, []);
  });
});

Deno.test("crawl: every host in or leading into private space is refused, and none of them reaches the proxy", async () => {
  await withFixtures(async ({ crawl, proxy }) => {
    const refused = [
      "private-a.test",
      "loopback.test",
      "metadata.test",
      "mapped.test",
      "cgnat.test",
      "mixed.test",
      "redirect-to-private.test",
      "redirect-to-metadata.test",
      "private-twin.test",
    ];
    for (const domain of refused) {
      const result = await crawl(domain);
      assert.equal(result.outcome, "refused_private", domain);
      assert.deepEqual(result.pages, [], domain);
    }
    const reached = new Set(proxy.requests.map((request) => request.host));
    assert.deepEqual([...reached].sort(), [
      "private-twin.test",
      "redirect-to-metadata.test",
      "redirect-to-private.test",
    ]);
  });
});

Deno.test("crawl: a home page is read up to the 2 MB size cap", async () => {
  await withFixtures(async ({ crawl }) => {
    const result = await crawl("endless-page.test");
    assert.equal(result.outcome, "ok");
    assert.equal(result.pages[0]!.html.length, 2 * 1024 * 1024);
  });
});

Deno.test("crawl: a robots.txt that shuts MailScoutBot out is obeyed, home page included", async () => {
  const sites = new Map<string, FixtureSite>([
    ["acme-corp.test", {
      respond: (path) =>
        path === "/robots.txt"
          ? { status: 200, body: "User-agent: Googlebot\nAllow: /\n\nUser-agent: MailScoutBot\nDisallow: /\n" }
          : FIXTURE_SITES.get("acme-corp.test")!.respond(path),
    }],
  ]);
  await withFixtures(async ({ crawl, proxy }) => {
    const result = await crawl("acme-corp.test");
    assert.deepEqual(result.pages, []);
    assert.equal(result.outcome, "ok");
    assert.ok(!asked(proxy).includes("GET http://acme-corp.test/"));
  }, { sites });
});

Deno.test("crawl: a site that can't be connected to over https or http is unreachable", async () => {
  const tried: string[] = [];
  const transport: HttpTransport = {
    send({ url }) {
      tried.push(url.href);
      return Promise.reject(Object.assign(new Error(`connect ECONNREFUSED ${url.host}`), { code: "ECONNREFUSED" }));
    },
  };
  await withFixtures(async ({ crawl }) => {
    const result = await crawl("acme-corp.test");
    assert.deepEqual(result, { pages: [], outcome: "unreachable", partial: false, finalHost: null, cookies: [] });
    assert.deepEqual(tried, ["https://acme-corp.test/robots.txt", "http://acme-corp.test/robots.txt"]);
  }, { transport });
});

Deno.test("crawl: an egress proxy that can't be reached is our failure: the crawl throws", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const closedPort = listener.addr.port;
  listener.close();
  await withFixtures(async ({ crawl }) => {
    await assert.rejects(
      crawl("acme-corp.test"),
      (error) => error instanceof EgressError && error.reason === "egress_unavailable",
    );
  }, { proxy: `http://127.0.0.1:${closedPort}` });
});
