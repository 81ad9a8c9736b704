// The look of the fakes' pages (Stripe's checkout, PayPal's approval): plain HTML with labelled fields, no script,
// and a banner saying what they are, since a person may meet them in `npm start`.
import { escapeHtml } from "../mail/inbox-page.ts";

export { escapeHtml };

// No script anywhere. No form-action: a payment's form ends in a redirect to the merchant's return URL, which
// form-action would also govern.
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

export function fakePage(title: string, provider: string, body: string, note = "test mode, no real money moves."): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2937;background:#f3f4f6}
main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem 2rem;border-radius:.75rem;box-shadow:0 1px 3px #0002}
.banner{background:#fef3c7;color:#92400e;padding:.4rem 1rem;text-align:center;font-size:13px}
label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input{box-sizing:border-box;width:100%;padding:.55rem .7rem;font:inherit;border:1px solid #d1d5db;border-radius:.4rem}
button{margin-top:1rem;width:100%;padding:.65rem;font:inherit;font-weight:600;border:0;border-radius:.4rem;background:#4f46e5;color:#fff;cursor:pointer}
button.secondary{background:#e5e7eb;color:#1f2937}
.error{color:#b91c1c;background:#fef2f2;border:1px solid #fecaca;padding:.5rem .7rem;border-radius:.4rem}
.amount{font-size:1.8rem;font-weight:700;margin:.2rem 0}.muted{color:#6b7280;font-size:13px}
</style></head>
<body><p class="banner">devstack's fake ${escapeHtml(provider)}: ${escapeHtml(note)}</p>
<main>${body}</main></body></html>`;
}

/** "$12.00" from cents. */
export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}
