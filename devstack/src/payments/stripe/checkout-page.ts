// Stripe Checkout's hosted page, as a buyer meets it: what is bought and for how much, an email, a card number,
// expiry and CVC, and Pay. Declines keep the page payable with Stripe's message; a 3-D Secure card goes to an
// authentication page with Complete and Fail; success delivers the webhooks, then sends the buyer to success_url.
import { Hono, type Context } from "hono";
import type { WebhookOutbox } from "../outbox.ts";
import { PAGE_CSP, escapeHtml, fakePage, formatAmount } from "../page.ts";
import { TEST_CARDS } from "../test-cards.ts";
import { StripeApiError } from "./errors.ts";
import type { CheckoutSession, StripeEvent } from "./objects.ts";
import type { PaymentOutcome, StripeState } from "./state.ts";

const page = (title: string, body: string) => fakePage(title, "Stripe Checkout", body);

/** success_url with Stripe's {CHECKOUT_SESSION_ID} template filled in. */
export function successUrl(session: CheckoutSession): string {
  return session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
}

function summary(state: StripeState, id: string): string {
  const { session, lineItem } = state.openSession(id);
  const per = lineItem.recurring ? ` per ${lineItem.recurring.intervalCount > 1 ? `${lineItem.recurring.intervalCount} ` : ""}${lineItem.recurring.interval}` : "";
  const discount = session.total_details.amount_discount;
  return `<p class="muted">MailScout</p>
<h1>${escapeHtml(lineItem.name)}</h1>
<p class="amount">${formatAmount(session.amount_total, session.currency)}${escapeHtml(per)}</p>
${discount > 0 ? `<p class="muted">Includes a discount of ${formatAmount(discount, session.currency)}${session.mode === "subscription" ? " on the first payment" : ""}.</p>` : ""}`;
}

function payForm(state: StripeState, id: string, error: string | null, email: string | null): string {
  const { session } = state.openSession(id);
  const cards = TEST_CARDS.filter((card) => ["4242424242424242", "4000000000000002", "4000002500003155"].includes(card.number))
    .map((card) => `${card.number.replace(/(\d{4})(?=\d)/g, "$1 ")} (${card.description.toLowerCase()})`)
    .join("; ");
  return page(
    "Pay MailScout",
    `${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">&larr; Cancel and go back</a></p>` : ""}
${summary(state, id)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/c/pay/${escapeHtml(id)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email ?? session.customer_email ?? "")}">
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<label for="expiry">Expiration date</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required>
<label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required>
<button type="submit">Pay</button>
</form>
<p class="muted">Test cards: ${escapeHtml(cards)}; any future expiry and any CVC. The full table is in MailScout's README.</p>`,
  );
}

function authenticationPage(state: StripeState, id: string): string {
  return page(
    "Authenticate your payment",
    `${summary(state, id)}
<h2>3-D Secure test payment page</h2>
<p>Your bank asks you to confirm this payment. In test mode you choose what happens.</p>
<form method="post" action="/c/authenticate/${escapeHtml(id)}">
<button type="submit" name="result" value="complete">Complete</button>
<button type="submit" name="result" value="fail" class="secondary">Fail</button>
</form>`,
  );
}

function closedPage(session: CheckoutSession): string {
  return session.status === "complete"
    ? page("Payment complete", `<h1>This payment is complete.</h1><p><a href="${escapeHtml(successUrl(session))}">Return to MailScout</a></p>`)
    : page("Session expired", "<h1>This checkout session has expired.</h1>");
}

export function checkoutPageRoutes(state: StripeState, outbox: WebhookOutbox<StripeEvent>): Hono {
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    c.res.headers.set("Content-Security-Policy", PAGE_CSP);
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    c.res.headers.set("Referrer-Policy", "no-referrer");
  });

  /** The session's page, or the answer for a session that cannot be paid (unknown, complete, expired). */
  const withOpenSession = async (c: Context, render: (id: string) => Promise<Response> | Response) => {
    const id = c.req.param("id") ?? "";
    let session: CheckoutSession;
    try {
      session = state.get(id, "checkout.session");
    } catch (error) {
      if (error instanceof StripeApiError) return c.html(page("Not found", "<h1>No such checkout session.</h1>"), 404);
      throw error;
    }
    if (session.status !== "open") return c.html(closedPage(session), 410);
    return render(id);
  };

  /** Success: the webhooks first, so the merchant knows of the payment when the buyer arrives back. */
  const finish = async (c: Context, id: string, result: PaymentOutcome, email: string | null) => {
    if (result.outcome === "succeeded") {
      await outbox.raise(result.events);
      return c.redirect(successUrl(result.session), 303);
    }
    if (result.outcome === "requires_action") return c.redirect(`/c/authenticate/${encodeURIComponent(id)}`, 303);
    return c.html(payForm(state, id, result.message, email));
  };

  app.get("/c/pay/:id", (c) => withOpenSession(c, (id) => c.html(payForm(state, id, null, null))));
  app.post("/c/pay/:id", (c) =>
    withOpenSession(c, async (id) => {
      const form = await c.req.parseBody();
      const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
      const email = field("email").trim() || null;
      const result = state.pay(id, { number: field("cardNumber"), expiry: field("expiry"), cvc: field("cvc") }, email);
      return finish(c, id, result, email);
    }),
  );
  app.get("/c/authenticate/:id", (c) =>
    withOpenSession(c, (id) =>
      state.openSession(id).awaitingAuthentication ? c.html(authenticationPage(state, id)) : c.redirect(`/c/pay/${encodeURIComponent(id)}`, 303),
    ),
  );
  app.post("/c/authenticate/:id", (c) =>
    withOpenSession(c, async (id) => {
      if (!state.openSession(id).awaitingAuthentication) return c.redirect(`/c/pay/${encodeURIComponent(id)}`, 303);
      const form = await c.req.parseBody();
      return finish(c, id, state.authenticate(id, form.result === "complete" ? "complete" : "fail"), null);
    }),
  );
  app.get("/receipts/:id", (c) => {
    const charge = state.find(c.req.param("id"));
    if (charge?.object !== "charge") return c.html(page("Not found", "<h1>No such receipt.</h1>"), 404);
    const refunded = charge.amount_refunded > 0 ? `<p>Refunded: ${formatAmount(charge.amount_refunded, charge.currency)}</p>` : "";
    return c.html(page("Receipt from MailScout", `<h1>Receipt from MailScout</h1>
<p class="amount">${formatAmount(charge.amount, charge.currency)}</p>
<p>${escapeHtml(charge.description ?? "")}</p><p class="muted">Paid with ${escapeHtml(charge.payment_method_details.card.brand)} ending in ${escapeHtml(charge.payment_method_details.card.last4)} on ${new Date(charge.created * 1000).toISOString().slice(0, 10)}.</p>${refunded}`));
  });
  return app;
}
