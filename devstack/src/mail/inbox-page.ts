// A small page to read the inbox at the catcher's root. Every value from a mail is escaped: mails carry whatever
// their sender wrote. A mail's HTML part is shown only inside a sandboxed frame whose own response forbids scripts.
import { Hono } from "hono";
import type { Address, MailStore, StoredMessage } from "./store.ts";

// Inline styles only; no script anywhere on these pages.
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; base-uri 'none'; form-action 'self'";
// The HTML part: no scripts, no requests out (images from data: only), no navigation of the page around it.
const MAIL_HTML_CSP = "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const addressText = (address: Address) => (address.Name ? `${address.Name} <${address.Address}>` : address.Address);
const addressesText = (addresses: Address[]) => addresses.map(addressText).join(", ");

/** The text part, escaped, with its http(s) links made clickable (the confirmation links a person follows). */
function linkedText(text: string): string {
  return escapeHtml(text).replace(
    /https?:\/\/[^\s<>"']+/g,
    (url) => `<a href="${url}" target="_blank" rel="noreferrer noopener">${url}</a>`,
  );
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
.muted{color:#6b7280}pre{white-space:pre-wrap;word-break:break-word;background:#f9fafb;padding:1rem;border-radius:.5rem}
iframe{width:100%;height:28rem;border:1px solid #e5e7eb;border-radius:.5rem}form{display:inline}
</style></head><body>${body}</body></html>`;
}

function inboxHtml(messages: StoredMessage[]): string {
  const rows = messages
    .map(
      (m) => `<tr><td class="muted">${escapeHtml(new Date(m.Created).toLocaleString("en-GB"))}</td>
<td>${escapeHtml(addressText(m.From))}</td><td>${escapeHtml(addressesText(m.To))}</td>
<td><a href="/view/${encodeURIComponent(m.ID)}">${escapeHtml(m.Subject || "(no subject)")}</a></td>
<td class="muted">${escapeHtml(m.Source)}</td></tr>`,
    )
    .join("\n");
  return layout(
    "devstack inbox",
    `<h1>devstack inbox</h1>
<p class="muted">Every mail Auth (SMTP) and the product (Resend API) sent, newest first; the last ${messages.length} kept in memory.
<form method="post" action="/clear"><button>Delete all</button></form></p>
${messages.length === 0 ? "<p>No mail yet.</p>" : `<table><thead><tr><th>Received</th><th>From</th><th>To</th><th>Subject</th><th>Via</th></tr></thead><tbody>${rows}</tbody></table>`}`,
  );
}

function messageHtml(m: StoredMessage): string {
  const rows: [string, string][] = [
    ["From", addressText(m.From)],
    ["To", addressesText(m.To)],
    ["Cc", addressesText(m.Cc)],
    ["Bcc", addressesText(m.Bcc)],
    ["Subject", m.Subject],
    ["Received", m.Created],
  ];
  const header = rows
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `<tr><th>${name}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("");
  return layout(
    m.Subject || "(no subject)",
    `<p><a href="/">&larr; Inbox</a></p><h1>${escapeHtml(m.Subject || "(no subject)")}</h1><table>${header}</table>
${m.HTML ? `<h2>HTML</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" src="/view/${encodeURIComponent(m.ID)}/html" title="The mail's HTML part"></iframe>` : ""}
${m.Text ? `<h2>Text</h2><pre>${linkedText(m.Text)}</pre>` : ""}`,
  );
}

export function inboxPageRoutes(store: MailStore): Hono {
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.has("Content-Security-Policy")) c.res.headers.set("Content-Security-Policy", PAGE_CSP);
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    c.res.headers.set("Referrer-Policy", "no-referrer");
  });
  app.get("/", (c) => c.html(inboxHtml(store.list())));
  app.get("/view/:id", (c) => {
    const message = store.get(c.req.param("id"));
    if (!message) return c.html(layout("Not found", '<p>No such message. <a href="/">Inbox</a></p>'), 404);
    message.Read = true;
    return c.html(messageHtml(message));
  });
  app.get("/view/:id/html", (c) => {
    const message = store.get(c.req.param("id"));
    if (!message) return c.text("message not found", 404);
    // Links open in a new tab rather than inside the frame.
    return c.html(`<base target="_blank">${message.HTML}`, 200, { "Content-Security-Policy": MAIL_HTML_CSP });
  });
  app.post("/clear", (c) => {
    // Only the page itself may empty the inbox, not another site's form posted at localhost.
    const origin = c.req.header("Origin");
    if (origin && new URL(c.req.url).origin !== origin) return c.text("cross-site request refused", 403);
    store.delete();
    return c.redirect("/", 303);
  });
  return app;
}
