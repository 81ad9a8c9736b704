// The SafeFetcher against the fixture DNS server and the fixture proxy, as it runs behind OUTBOUND_HTTP_PROXY: the
// proxy's request log is the proof that a refused target never left the process. Where a DNS server must change its
// answer between two questions (rebinding), a scripted DnsClient and a recording transport stand in.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { Readable } from "node:stream";
import type { DnsClient } from "../../dns/index.ts";
import { startDnsFixture } from "../../dns/testing/fixture-server.ts";
import { startFixtureProxy } from "../testing/fixture-proxy.ts";
import { scriptedDns } from "../testing/scripted-dns.ts";
import type { FixtureSite } from "../testing/sites/index.ts";
import { createSafeFetcher, EgressError, type SafeFetcherSettings } from "./safe-fetcher.ts";
import type { HttpTransport, OutboundRequest } from "./transport.ts";

async function withFixtures(
  test: (fixtures: {
    fetcher: ReturnType<typeof createSafeFetcher>;
    proxy: Awaited<ReturnType<typeof startFixtureProxy>>;
    dns: Awaited<ReturnType<typeof startDnsFixture>>;
  }) => Promise<void>,
  settings: Partial<SafeFetcherSettings> & { sites?: ReadonlyMap<string, FixtureSite> } = {},
) {
  const dns = await startDnsFixture();
  const proxy = await startFixtureProxy({ sites: settings.sites });
  try {
    const fetcher = createSafeFetcher({ dnsServers: `127.0.0.1:${dns.port}`, proxy: proxy.url, ...settings });
    await test({ fetcher, proxy, dns });
  } finally {
    await proxy.stop();
    await dns.stop();
  }
}

async function refusal(promise: Promise<unknown>): Promise<EgressError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EgressError) return error;
    throw error;
  }
  assert.fail("expected an EgressError");
}

Deno.test("safe fetcher: a page comes through the proxy, over http when the proxy refuses the https tunnel", async () => {
  await withFixtures(async ({ fetcher, proxy }) => {
    const page = await fetcher.fetch("https://acme-corp.test/about/team/");
    assert.equal(page.url, "http://acme-corp.test/about/team/");
    assert.equal(page.status, 200);
    assert.match(page.text, /<h1 class="entry-title">Our Team<\/h1>/);
    assert.equal(page.truncated, false);
    assert.equal(page.headers["server"], "cloudflare");
    assert.match(page.headers["content-type"]!, /^text\/html/);
    assert.equal(page.cookies.length, 1);
    assert.match(page.cookies[0]!, /^__cf_bm=/);
    assert.deepEqual(proxy.requests, [
      { method: "CONNECT", host: "acme-corp.test", target: "acme-corp.test:443" },
      { method: "GET", host: "acme-corp.test", target: "http://acme-corp.test/about/team/" },
    ]);
  });
});

Deno.test("safe fetcher: every host with an address in private space is refused before any request leaves", async () => {
  await withFixtures(async ({ fetcher, proxy }) => {
    const expected: Record<string, RegExp> = {
      "private-a.test": /10\.0\.0\.5 is private/,
      "loopback.test": /127\.0\.0\.1 is loopback/,
      "metadata.test": /169\.254\.169\.254 is linkLocal/,
      "mapped.test": /ipv4Mapped of 127\.0\.0\.1 \(loopback\)/,
      "cgnat.test": /100\.64\.0\.1 is carrierGradeNat/,
      "mixed.test": /192\.168\.1\.90 is private/,
      "www.private-twin.test": /10\.0\.0\.7 is private/,
    };
    for (const [host, why] of Object.entries(expected)) {
      for (const scheme of ["http", "https"]) {
        const error = await refusal(fetcher.fetch(`${scheme}://${host}/`));
        assert.equal(error.reason, "refused_private", `${scheme}://${host}`);
        assert.match(error.message, why);
      }
    }
    assert.deepEqual(proxy.requests, []);
  });
});

Deno.test("safe fetcher: a redirect into private space is refused, and the private target is never asked", async () => {
  await withFixtures(async ({ fetcher, proxy }) => {
    for (const host of ["redirect-to-private.test", "redirect-to-metadata.test", "private-twin.test"]) {
      const error = await refusal(fetcher.fetch(`http://${host}/`));
      assert.equal(error.reason, "refused_private", host);
    }
    assert.deepEqual(proxy.requests.map((request) => request.target), [
      "http://redirect-to-private.test/",
      "http://redirect-to-metadata.test/",
      "http://private-twin.test/",
    ]);
  });
});

Deno.test("safe fetcher: IP literals, other ports, schemes and credentials are refused without DNS or proxy", async () => {
  await withFixtures(async ({ fetcher, proxy, dns }) => {
    const cases: [string, string][] = [
      ["http://127.0.0.1/", "refused_private"],
      ["http://0x7f.1/", "refused_private"],
      ["http://[::1]/", "refused_private"],
      ["http://[::ffff:169.254.169.254]/latest/meta-data/", "refused_private"],
      ["http://169.254.169.254/latest/meta-data/", "refused_private"],
      ["http://8.8.8.8/", "refused_url"],
      ["http://acme-corp.test:8080/", "refused_url"],
      ["https://acme-corp.test:80/", "refused_url"],
      ["http://acme-corp.test:22/", "refused_url"],
      ["ftp://acme-corp.test/", "refused_url"],
      ["file:///etc/passwd", "refused_url"],
      ["gopher://acme-corp.test:70/", "refused_url"],
      ["http://admin:secret@acme-corp.test/", "refused_url"],
      ["http://localhost/", "refused_url"],
      ["not a url", "refused_url"],
    ];
    for (const [url, reason] of cases) {
      assert.equal((await refusal(fetcher.fetch(url))).reason, reason, url);
    }
    assert.deepEqual(dns.queries, []);
    assert.deepEqual(proxy.requests, []);
  });
});

Deno.test("safe fetcher: explicit default ports are fine", async () => {
  await withFixtures(async ({ fetcher }) => {
    assert.equal((await fetcher.fetch("http://acme-corp.test:80/contact/")).status, 200);
    assert.equal((await fetcher.fetch("https://acme-corp.test:443/contact/")).url, "http://acme-corp.test/contact/");
  });
});

Deno.test("safe fetcher: redirects are followed to the www twin, and not followed off the site", async () => {
  await withFixtures(async ({ fetcher, proxy }) => {
    const twin = await fetcher.fetch("http://builder-site.test/contact");
    assert.equal(twin.url, "http://www.builder-site.test/contact");
    assert.equal(twin.status, 200);
    assert.deepEqual(twin.redirectedFrom, ["http://builder-site.test/contact"]);

    const away = await fetcher.fetch("http://redirect-away.test/");
    assert.equal(away.status, 301);
    assert.equal(away.url, "http://redirect-away.test/");
    assert.equal(away.headers["location"], "https://acme-corp.test/");
    assert.equal(away.text, "");
    assert.ok(!proxy.requests.some((request) => request.host === "acme-corp.test"));
  });
});

Deno.test("safe fetcher: at most 5 redirects are followed", async () => {
  await withFixtures(async ({ fetcher, proxy }) => {
    const error = await refusal(fetcher.fetch("http://redirect-loop.test/"));
    assert.equal(error.reason, "too_many_redirects");
    assert.equal(proxy.requests.length, 6);
  });
});

Deno.test("safe fetcher: a name that doesn't resolve is a DNS failure, and nothing is sent", async () => {
  await withFixtures(async ({ fetcher, proxy }) => {
    assert.equal((await refusal(fetcher.fetch("http://no-such-site.test/"))).reason, "dns_failure");
    assert.equal((await refusal(fetcher.fetch("http://servfail.test/"))).reason, "dns_failure");
    assert.equal((await refusal(fetcher.fetch("http://no-mail.test/"))).reason, "dns_failure", "no A or AAAA");
    assert.deepEqual(proxy.requests, []);
  });
});

Deno.test("safe fetcher: a body that never ends is read up to the size cap, as it streams", async () => {
  await withFixtures(async ({ fetcher }) => {
    const page = await fetcher.fetch("http://endless-page.test/");
    assert.equal(page.status, 200);
    assert.equal(page.truncated, true);
    assert.equal(page.text.length, 100_000);
    assert.match(page.text, /^<!DOCTYPE html>/);
  }, { maxBytes: 100_000 });
});

Deno.test("safe fetcher: a page that never answers fails with a timeout", async () => {
  await withFixtures(async ({ fetcher }) => {
    assert.equal((await fetcher.fetch("http://stalled-site.test/")).status, 200);
    const error = await refusal(fetcher.fetch("http://stalled-site.test/contact"));
    assert.equal(error.reason, "timeout");
  }, { timeoutMs: 300 });
});

Deno.test("safe fetcher: the caller's signal stops a request, told apart from a timeout", async () => {
  await withFixtures(async ({ fetcher }) => {
    const controller = new AbortController();
    const pending = fetcher.fetch("http://stalled-site.test/about", { signal: controller.signal });
    controller.abort();
    assert.equal((await refusal(pending)).reason, "aborted");
  });
});

Deno.test("safe fetcher: a DNS lookup that never answers is abandoned when the caller's signal fires", async () => {
  await withFixtures(async ({ fetcher, dns }) => {
    const controller = new AbortController();
    const pending = fetcher.fetch("http://timeout.test/", { signal: controller.signal });
    while (dns.queries.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    assert.equal((await refusal(pending)).reason, "aborted");
  });
});

Deno.test("safe fetcher: an egress proxy that can't be reached is our failure, not the site's", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const closedPort = listener.addr.port;
  listener.close();
  await withFixtures(async ({ fetcher }) => {
    for (const url of ["http://acme-corp.test/", "https://acme-corp.test/"]) {
      assert.equal((await refusal(fetcher.fetch(url))).reason, "egress_unavailable", url);
    }
  }, { proxy: `http://127.0.0.1:${closedPort}` });
});

Deno.test("safe fetcher: an OUTBOUND_HTTP_PROXY that isn't an http:// URL is refused at start-up", () => {
  const dnsClient: DnsClient = { query: () => Promise.reject(new Error("not used")) };
  for (const proxy of ["https://proxy.internal:3128", "socks5://127.0.0.1:1080", "127.0.0.1:3128"]) {
    assert.throws(() => createSafeFetcher({ dnsClient, proxy }), /OUTBOUND_HTTP_PROXY/, proxy);
  }
});

Deno.test("safe fetcher: compressed bodies are decompressed, and the cap counts what they decompress to", async () => {
  const page = `<html><body>${"<p>Compressed contact page.</p>".repeat(20_000)}</body></html>`;
  const sites = new Map<string, FixtureSite>([["acme-corp.test", {
    respond: () => ({
      status: 200,
      headers: { "content-type": "text/html", "content-encoding": "gzip" },
      body: () => new Blob([page]).stream().pipeThrough(new CompressionStream("gzip")),
    }),
  }]]);
  await withFixtures(async ({ fetcher }) => {
    const answer = await fetcher.fetch("http://acme-corp.test/");
    assert.equal(answer.truncated, true);
    assert.equal(answer.text, page.slice(0, 50_000));
  }, { sites, maxBytes: 50_000 });
});

Deno.test("safe fetcher: a body is decoded with the charset its Content-Type or meta tag names", async () => {
  // One byte per character: Latin-1 as it is, and windows-1252's en dash at 0x96 (a C1 control in ISO-8859-1).
  const singleByte = (text: string) =>
    new Uint8Array([...text].map((character) => character === "–" ? 0x96 : character.charCodeAt(0)));
  const sites = new Map<string, FixtureSite>([
    ["acme-corp.test", {
      respond: () => ({
        status: 200,
        headers: { "content-type": "text/html; charset=ISO-8859-1" },
        body: () => new Blob([singleByte("<p>Geschäftsführerin: Laura Müller</p>")]).stream(),
      }),
    }],
    ["www.acme-corp.test", {
      respond: () => ({
        status: 200,
        headers: { "content-type": "text/html" },
        body: () => new Blob([singleByte('<meta charset="windows-1252"><p>Café – «Zürich»</p>')]).stream(),
      }),
    }],
  ]);
  await withFixtures(async ({ fetcher }) => {
    assert.match((await fetcher.fetch("http://acme-corp.test/")).text, /Geschäftsführerin: Laura Müller/);
    assert.match((await fetcher.fetch("http://www.acme-corp.test/")).text, /Café – «Zürich»/);
  }, { sites });
});

/** A transport that records what it was asked to send and answers from a list. */
function recordingTransport(answers: { status: number; headers?: Record<string, string> }[]) {
  const sent: OutboundRequest[] = [];
  const transport: HttpTransport = {
    send(request) {
      sent.push(request);
      const answer = answers[sent.length - 1] ?? { status: 200 };
      return Promise.resolve({
        status: answer.status,
        headers: { "content-type": "text/html", ...answer.headers },
        body: Readable.from([Buffer.from("<p>ok</p>")]),
      });
    },
  };
  return { transport, sent };
}

Deno.test("safe fetcher: the connection is given the addresses that were checked, not a name to resolve again", async () => {
  const dnsClient = scriptedDns({ "rebind.test": ["203.0.113.7", "127.0.0.1"] });
  const { transport, sent } = recordingTransport([{ status: 200 }]);
  const fetcher = createSafeFetcher({ dnsClient, transport });

  assert.equal((await fetcher.fetch("http://rebind.test/")).text, "<p>ok</p>");
  assert.deepEqual(sent.map((request) => [request.url.href, request.addresses]), [["http://rebind.test/", [
    "203.0.113.7",
  ]]]);
  assert.deepEqual(dnsClient.asked.sort(), ["A rebind.test", "AAAA rebind.test"], "one lookup per hop");
});

Deno.test("safe fetcher: a rebinding answer on a later hop is checked again and refused", async () => {
  const dnsClient = scriptedDns({ "rebind.test": ["203.0.113.7", "127.0.0.1"] });
  const { transport, sent } = recordingTransport([{ status: 302, headers: { location: "/admin" } }]);
  const fetcher = createSafeFetcher({ dnsClient, transport });

  const error = await refusal(fetcher.fetch("http://rebind.test/"));
  assert.equal(error.reason, "refused_private");
  assert.match(error.message, /127\.0\.0\.1 is loopback/);
  assert.equal(sent.length, 1, "the second hop never left");
});
