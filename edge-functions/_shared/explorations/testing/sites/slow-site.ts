// slow-site.test: Northwind Advisory, a consultancy with 30 pages (a home page linking 29 others: company pages,
// people, offices), every answer 100 ms late. The bench explores it with the default budgets: visiting all 30 one by
// one would take 3 s; the page budget and bounded concurrency should keep it far below.
import type { FixtureResponse, FixtureSite } from "./site.ts";

const PEOPLE = [
  ["Amelia", "Hughes", "Managing Partner"],
  ["Benjamin", "Clarke", "Partner, Supply Chain"],
  ["Chloe", "Nguyen", "Partner, Retail"],
  ["Daniel", "Okafor", "Principal, Operations"],
  ["Eleanor", "Fischer", "Principal, Procurement"],
  ["Felix", "Rossi", "Senior Consultant"],
  ["Grace", "Lindqvist", "Senior Consultant"],
  ["Henry", "Walsh", "Head of Research"],
] as const;

const OFFICES = [
  ["london", "London", "30 Finsbury Square, London EC2A 1AG", "+44 20 7946 0310"],
  ["manchester", "Manchester", "1 Spinningfields, Manchester M3 3AP", "+44 161 496 0420"],
  ["edinburgh", "Edinburgh", "12 Charlotte Square, Edinburgh EH2 4DJ", "+44 131 496 0530"],
  ["dublin", "Dublin", "25 Merrion Square, Dublin 2, D02 X285", "+353 1 555 0640"],
  ["amsterdam", "Amsterdam", "Herengracht 420, 1017 BZ Amsterdam", "+31 20 555 0750"],
  ["paris", "Paris", "18 rue de la Paix, 75002 Paris", "+33 1 55 55 08 60"],
  ["frankfurt", "Frankfurt", "Taunusanlage 8, 60329 Frankfurt am Main", "+49 69 555 0970"],
  ["madrid", "Madrid", "Paseo de la Castellana 95, 28046 Madrid", "+34 91 555 1080"],
  ["stockholm", "Stockholm", "Stureplan 4C, 114 35 Stockholm", "+46 8 555 011 90"],
  ["new-york", "New York", "1 Vanderbilt Avenue, New York, NY 10017", "+1 212 555 0120"],
  ["singapore", "Singapore", "8 Marina View, Singapore 018960", "+65 6555 0130"],
] as const;

const COMPANY_PAGES: [path: string, title: string, body: string][] = [
  [
    "/about",
    "About Northwind",
    "<p>Northwind Advisory helps retailers and manufacturers redesign their supply chains.</p>",
  ],
  [
    "/contact",
    "Contact",
    '<p>Email <a href="mailto:hello@slow-site.test">hello@slow-site.test</a> or call +44 20 7946 0300.</p>',
  ],
  ["/team", "Our team", "<p>Eight partners and principals, forty consultants.</p>"],
  ["/leadership", "Leadership", "<p>Our managing partner is Amelia Hughes.</p>"],
  ["/management", "Management board", "<p>The board meets quarterly in London.</p>"],
  ["/careers", "Careers", '<p>Apply at <a href="mailto:careers@slow-site.test">careers@slow-site.test</a>.</p>'],
  ["/press", "Press", '<p>Media enquiries: <a href="mailto:press@slow-site.test">press@slow-site.test</a>.</p>'],
  ["/impressum", "Impressum", "<p>Northwind Advisory Ltd, registered in England and Wales, company no. 09876543.</p>"],
  ["/legal", "Legal notice", "<p>Terms of use for this website.</p>"],
  [
    "/privacy",
    "Privacy",
    '<p>Data protection: <a href="mailto:privacy@slow-site.test">privacy@slow-site.test</a>.</p>',
  ],
];

const slug = (first: string, last: string) => `${first}-${last}`.toLowerCase();

function pages(): Map<string, { title: string; body: string }> {
  const all = new Map<string, { title: string; body: string }>();
  for (const [path, title, body] of COMPANY_PAGES) all.set(path, { title, body });
  for (const [first, last, title] of PEOPLE) {
    const email = `${first}.${last}@slow-site.test`.toLowerCase();
    all.set(`/people/${slug(first, last)}`, {
      title: `${first} ${last}`,
      body: `<div class="profile"><h2>${first} ${last}</h2><p class="role">${title}</p>` +
        `<p><a href="mailto:${email}">${email}</a></p></div>`,
    });
  }
  for (const [path, city, address, phone] of OFFICES) {
    all.set(`/offices/${path}`, {
      title: `${city} office`,
      body: `<address>${address}</address><p>Tel: <a href="tel:${phone.replace(/\s/g, "")}">${phone}</a></p>`,
    });
  }
  return all;
}

function layout(title: string, main: string): string {
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | Northwind Advisory</title>
<meta name="description" content="Northwind Advisory: supply-chain consulting for retailers and manufacturers.">
<link rel="stylesheet" href="/static/css/site.3f1c2a.css">
</head>
<body>
<header><a href="/" class="brand">Northwind Advisory</a></header>
<main>
<h1>${title}</h1>
${main}
</main>
<footer><p>&copy; 2026 Northwind Advisory Ltd &middot; <a href="/privacy">Privacy</a> &middot; <a href="/contact">Contact</a></p></footer>
</body>
</html>
`;
}

export function slowSite(delayMs = 100): FixtureSite {
  const all = pages();
  const home = layout(
    "Supply-chain advice that survives contact with the warehouse",
    `<nav><ul>\n${
      [...all].map(([path, page]) => `<li><a href="${path}">${page.title}</a></li>`).join("\n")
    }\n</ul></nav>`,
  );
  const html = { "content-type": "text/html; charset=utf-8", server: "nginx" };
  return {
    delayMs,
    respond(path): FixtureResponse {
      const pathname = new URL(path, "http://fixture.invalid").pathname.replace(/(.)\/$/, "$1");
      if (pathname === "/") return { status: 200, headers: html, body: home };
      const page = all.get(pathname);
      if (page) return { status: 200, headers: html, body: layout(page.title, page.body) };
      return { status: 404, headers: html, body: layout("Page not found", "<p>Nothing here.</p>") };
    },
  };
}
