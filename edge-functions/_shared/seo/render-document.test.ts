import assert from "node:assert/strict";
import type { Element } from "domhandler";
import {
  SEO_NOT_FOUND_TEXT as NOT_FOUND_TEXT,
  SEO_NOT_FOUND_TITLE as NOT_FOUND_TITLE,
  SEO_PAGE_DATA_ID as PAGE_DATA_ID,
  type SeoPage,
} from "./contract.ts";
import { LANDING_MARKUP, MINIMAL_SHELL, renderNotFoundDocument, renderPageDocument } from "./render-document.ts";
import { readDocument } from "./testing/html.ts";

// The built web/dist/index.html as Vite writes it.
const BUILT_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta
      name="description"
      content="MailScout validates email addresses."
    />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>MailScout: email validation and contact discovery</title>
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-Vb3uu9pr.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-C1iE8mnY.js">
    <link rel="stylesheet" crossorigin href="/assets/index-jj9HcDec.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const schemaMarkup = {
  "@context": "https://schema.org",
  "@graph": [
    { "@type": "WebPage", name: "MX records of acme-corp.test", url: "https://mailscout.test/tools/mx-checker/acme-corp.test" },
    { "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Does acme-corp.test accept mail?" }] },
  ],
};

const page: SeoPage = {
  id: "5b0f1c38-1b4e-4c55-9d53-6b0cf3f6c4a1",
  pageType: "mx_checker",
  slug: "acme-corp.test",
  targetEntity: "acme-corp.test",
  title: "acme-corp.test MX records & mail servers",
  metaDescription: `See acme-corp.test's "MX" hosts <and> providers.`,
  h1: "MX records for acme-corp.test",
  content: "<p>acme-corp.test receives mail at <strong>mx1.acme-corp.test</strong>.</p>",
  schemaMarkup,
  canonicalUrl: "https://mailscout.test/tools/mx-checker/acme-corp.test",
  lastUpdated: "2026-11-20T10:00:00.000Z",
};

Deno.test("a page's document carries its title, description, canonical, robots and social tags", () => {
  const read = readDocument(renderPageDocument(BUILT_SHELL, page));
  assert.equal(read.title, page.title);
  assert.equal(read.all.filter((element) => element.name === "title").length, 1, "the shell's own title is gone");
  assert.equal(read.meta("description"), page.metaDescription);
  assert.equal(read.all.filter((element) => element.attribs.name === "description").length, 1);
  assert.equal(read.canonical, page.canonicalUrl);
  assert.equal(read.meta("robots"), "index,follow");
  assert.equal(read.meta("og:title"), page.title);
  assert.equal(read.meta("og:description"), page.metaDescription);
  assert.equal(read.meta("og:url"), page.canonicalUrl);
  assert.equal(read.meta("og:type"), "website");
  assert.equal(read.meta("twitter:card"), "summary");
  assert.equal(read.meta("twitter:title"), page.title);
  assert.equal(read.meta("twitter:description"), page.metaDescription);
});

Deno.test("the JSON-LD parses back to the page's schemaMarkup, and the embedded page to the page", () => {
  const read = readDocument(renderPageDocument(BUILT_SHELL, page));
  assert.deepEqual(read.scripts("application/ld+json"), [schemaMarkup]);
  const data = read.all.find((element) => element.attribs.id === PAGE_DATA_ID);
  assert.equal(data?.attribs.type, "application/json");
  assert.deepEqual(read.scripts("application/json"), [page]);
});

Deno.test("the page's h1, content and removal link are inside the app's root", () => {
  const html = renderPageDocument(BUILT_SHELL, page);
  const read = readDocument(html);
  assert.equal(read.rootText("h1"), page.h1);
  assert.equal(read.rootText("strong"), "mx1.acme-corp.test");
  // The landing screen's frame (landing-markup.md): nothing before the h1 in the article, inside main, after the header.
  const h1 = read.all.find((element) => element.name === "h1")!;
  const article = h1.parent as Element;
  assert.equal(article.attribs.class, LANDING_MARKUP.article);
  assert.equal(article.children.indexOf(h1), 0);
  assert.equal(h1.attribs.class, LANDING_MARKUP.h1);
  const main = article.parent as Element;
  assert.equal(main.attribs.id, "main");
  assert.deepEqual((main.parent as Element).children.map((child) => (child as Element).name), ["a", "header", "main"]);
  const removal = read.all.find((element) => element.name === "a" && element.attribs.href === "#request-removal");
  assert.ok(removal, "the removal link opens the landing screen's removal dialog");
  assert.match(html, />Request removal<\/a><\/p><\/article>/);
});

Deno.test("the shell's assets stay: module script, modulepreload, stylesheet, theme script", () => {
  const read = readDocument(renderPageDocument(BUILT_SHELL, page));
  const module = read.all.find((element) => element.name === "script" && element.attribs.type === "module");
  assert.equal(module?.attribs.src, "/assets/index-Vb3uu9pr.js");
  const links = read.all.filter((element) => element.name === "link").map((element) => element.attribs.rel);
  assert.ok(links.includes("modulepreload") && links.includes("stylesheet") && links.includes("icon"));
  assert.ok(read.all.some((element) => element.attribs.src === "/theme-init.js"));
});

Deno.test("</script> in content, text or schemaMarkup cannot end a script or add an element", () => {
  const hostile = "</script><script>alert(1)</script><!--";
  const evil: SeoPage = {
    ...page,
    title: hostile,
    metaDescription: hostile,
    h1: hostile,
    content: `<p>${hostile.replaceAll("<", "&lt;")}</p>`,
    schemaMarkup: { "@type": "WebPage", name: hostile, nested: { text: `</SCRIPT >${hostile}` } },
  };
  const html = renderPageDocument(BUILT_SHELL, evil);
  const read = readDocument(html);
  const scripts = read.all.filter((element) => element.name === "script");
  assert.deepEqual(scripts.map((element) => element.attribs.type ?? element.attribs.src), [
    "/theme-init.js",
    "module",
    "application/ld+json",
    "application/json",
  ]);
  assert.deepEqual(read.scripts("application/ld+json"), [evil.schemaMarkup]);
  assert.deepEqual(read.scripts("application/json"), [evil]);
  assert.equal(read.title, hostile);
  assert.equal(read.rootText("h1"), hostile);
});

Deno.test("replacement patterns in a page's text stay text", () => {
  const read = readDocument(renderPageDocument(BUILT_SHELL, { ...page, h1: "Costs $& and $1", title: "$` $'" }));
  assert.equal(read.rootText("h1"), "Costs $& and $1");
  assert.equal(read.title, "$` $'");
});

Deno.test("the not-found document shows the landing screen's texts and is never indexed", () => {
  const read = readDocument(renderNotFoundDocument(BUILT_SHELL));
  assert.equal(read.meta("robots"), "noindex");
  assert.equal(read.rootText("h1"), NOT_FOUND_TITLE);
  assert.equal(read.rootText("p"), NOT_FOUND_TEXT);
  assert.equal(read.canonical, undefined);
  assert.deepEqual(read.scripts("application/ld+json"), []);
  assert.deepEqual(read.scripts("application/json"), []);
  assert.ok(read.all.some((element) => element.attribs.type === "module"), "the SPA still loads");
});

Deno.test("a shell without a head or a root gives way to the minimal shell, which still carries every tag", () => {
  for (const shell of ["", "<html><body>maintenance</body></html>", MINIMAL_SHELL]) {
    const read = readDocument(renderPageDocument(shell, page));
    assert.equal(read.title, page.title);
    assert.equal(read.canonical, page.canonicalUrl);
    assert.equal(read.meta("robots"), "index,follow");
    assert.deepEqual(read.scripts("application/ld+json"), [schemaMarkup]);
    assert.equal(read.rootText("h1"), page.h1);
  }
});
