// Every web site the fixture proxy serves, by host. Each has a DNS entry in _shared/dns/testing/zones.ts; the hosts in
// private space are here too, serving "internal" pages, so that a refusal the explorer failed to make would show up as
// a request in the proxy's log and as content in a result, never pass unnoticed.
//
//   acme-corp.test, www.acme-corp.test   a company site (folder acme-corp.test/): home, /about/, /about/team/ (staff
//                                        table), /contact/, /careers/, /press/, /privacy-policy/, /legal/impressum/
//                                        (only in the sitemap), /private/board-portal/ (disallowed by robots.txt)
//   parked-domain.test                   a parking page with a for-sale banner
//   down.test                            503 for every request
//   default-page.test                    nginx's default welcome page
//   js-shell.test                        a React single-page app's empty shell
//   builder-site.test                    redirects to www.builder-site.test, a Wix site (home and /contact)
//   slow-site.test                       30 pages, every answer 100 ms late (slow-site.ts)
//   stalled-site.test                    a home page whose six linked pages never answer: more than the crawler
//                                        visits at once, so with the default budgets the 15 s time budget, not the
//                                        8 s request timeout, ends the crawl
//   endless-page.test                    a home page whose body never ends
//   redirect-loop.test                   every path redirects to the next, without end
//   redirect-away.test                   redirects to another domain (acme-corp.test)
//   redirect-to-private.test             redirects to http://private-a.test/
//   redirect-to-metadata.test            redirects to http://169.254.169.254/latest/meta-data/
//   private-twin.test                    redirects to its www twin, which resolves to 10.0.0.7
//   rdap.fixture.test                    an RDAP server for the fixture domains (rdap-server.ts)
//   data.iana.org                        IANA's RDAP bootstrap registry, naming rdap.fixture.test for .test
//                                        (iana-rdap-bootstrap.ts)
import { ianaRdapBootstrap } from "./iana-rdap-bootstrap.ts";
import { rdapServer } from "./rdap-server.ts";
import { type FixtureResponse, type FixtureSite, redirectingSite, staticSite } from "./site.ts";
import { slowSite } from "./slow-site.ts";

export type { FixtureResponse, FixtureSite } from "./site.ts";

const folder = (host: string) => new URL(`./${host}/`, import.meta.url);
const HTML = { "content-type": "text/html; charset=utf-8" };

const acmeCorp = staticSite(folder("acme-corp.test"), {
  headers: {
    server: "cloudflare",
    "cf-cache-status": "DYNAMIC",
    "cf-ray": "8f3a2b1c4d5e6f70-SJC",
    link: '<https://acme-corp.test/wp-json/>; rel="https://api.w.org/"',
    "set-cookie":
      "__cf_bm=Qm9vdHN0cmFwcGVkLWZpeHR1cmU; path=/; expires=Sun, 22-Nov-26 11:00:00 GMT; domain=.acme-corp.test; HttpOnly; Secure; SameSite=None",
    "x-powered-by": "PHP/8.2.27",
  },
});

const down: FixtureSite = {
  respond: () => ({
    status: 503,
    headers: { ...HTML, server: "nginx", "retry-after": "120" },
    body: "<html>\n<head><title>503 Service Temporarily Unavailable</title></head>\n<body>\n" +
      "<center><h1>503 Service Temporarily Unavailable</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n",
  }),
};

const stalled: FixtureSite = {
  respond(path): FixtureResponse {
    const { pathname } = new URL(path, "http://fixture.invalid");
    if (pathname === "/") {
      return {
        status: 200,
        headers: HTML,
        body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Harbor Lights Studio</title></head>
<body><header><h1>Harbor Lights Studio</h1><nav><a href="/contact">Contact</a> <a href="/about">About</a>
<a href="/team">Team</a> <a href="/people">People</a> <a href="/leadership">Leadership</a>
<a href="/impressum">Impressum</a></nav></header>
<main><p>Architectural lighting design. Write to <a href="mailto:studio@stalled-site.test">studio@stalled-site.test</a>.</p></main>
</body></html>`,
      };
    }
    if (pathname === "/robots.txt" || pathname === "/sitemap.xml") {
      return { status: 404, headers: HTML, body: "Not Found" };
    }
    return { status: 200, hang: true };
  },
};

/** 64 KiB of markup, again and again, for as long as the client reads. */
const endless: FixtureSite = {
  respond(path): FixtureResponse {
    if (new URL(path, "http://fixture.invalid").pathname !== "/") {
      return { status: 404, headers: HTML, body: "Not Found" };
    }
    const chunk = new TextEncoder().encode(`<p>${"All work and no play makes Jack a dull boy. ".repeat(1_456)}</p>\n`);
    return {
      status: 200,
      headers: HTML,
      body: () => {
        let first = true;
        return new ReadableStream<Uint8Array>({
          pull(controller) {
            if (first) {
              controller.enqueue(
                new TextEncoder().encode("<!DOCTYPE html><html><head><title>Endless</title></head><body>\n"),
              );
            }
            first = false;
            controller.enqueue(chunk);
          },
        });
      },
    };
  },
};

/** /, then /step/1, /step/2, … each redirecting to the next. */
const redirectLoop: FixtureSite = {
  respond(path): FixtureResponse {
    const step = Number(/^\/step\/(\d+)$/.exec(new URL(path, "http://fixture.invalid").pathname)?.[1] ?? 0);
    return { status: 302, headers: { location: `/step/${step + 1}` } };
  },
};

/** Answers from inside a network: what a successful SSRF would read. */
function internal(what: string): FixtureSite {
  return {
    respond: (path) => ({
      status: 200,
      headers: HTML,
      body: `<html><head><title>${what}</title></head><body><h1>${what}</h1><p>Internal: ${path}</p>` +
        `<p>ops-oncall@internal.test, root-credentials: AKIAIOSFODNN7EXAMPLE</p></body></html>`,
    }),
  };
}

export const FIXTURE_SITES: ReadonlyMap<string, FixtureSite> = new Map<string, FixtureSite>([
  ["acme-corp.test", acmeCorp],
  ["www.acme-corp.test", acmeCorp],
  ["parked-domain.test", staticSite(folder("parked-domain.test"), { headers: { server: "openresty" } })],
  ["down.test", down],
  ["default-page.test", staticSite(folder("default-page.test"), { headers: { server: "nginx/1.24.0 (Ubuntu)" } })],
  [
    "js-shell.test",
    staticSite(folder("js-shell.test"), { headers: { server: "Netlify", "x-nf-request-id": "01JQ7ZK3" } }),
  ],
  [
    "builder-site.test",
    redirectingSite("https://www.builder-site.test", 301, { server: "Pepyaka", "x-wix-request-id": "1741598400.123" }),
  ],
  [
    "www.builder-site.test",
    staticSite(folder("builder-site.test"), {
      headers: {
        server: "Pepyaka",
        "x-wix-request-id": "1741598400.45678912345",
        "set-cookie":
          "XSRF-TOKEN=1741598400|Jh8k2PqLmN0r; Path=/; Domain=www.builder-site.test; HttpOnly; Secure; SameSite=Lax",
      },
    }),
  ],
  ["slow-site.test", slowSite()],
  ["stalled-site.test", stalled],
  ["endless-page.test", endless],
  ["redirect-loop.test", redirectLoop],
  ["redirect-away.test", redirectingSite("https://acme-corp.test", 301)],
  ["redirect-to-private.test", redirectingSite("http://private-a.test", 302)],
  ["redirect-to-metadata.test", {
    respond: () => ({
      status: 302,
      headers: { location: "http://169.254.169.254/latest/meta-data/iam/security-credentials/" },
    }),
  }],
  ["private-twin.test", redirectingSite("http://www.private-twin.test", 301)],
  ["rdap.fixture.test", rdapServer()],
  ["data.iana.org", ianaRdapBootstrap()],
  ["private-a.test", internal("Intranet admin")],
  ["www.private-twin.test", internal("Intranet wiki")],
  ["loopback.test", internal("Local development server")],
  ["metadata.test", internal("Instance metadata")],
  ["mapped.test", internal("Local development server")],
  ["cgnat.test", internal("Carrier router")],
  ["mixed.test", internal("Intranet mail")],
]);
