// PayPal's approval page (checkoutnow?token=<order id>), as a buyer meets it: what is paid and to whom, Approve, and
// Cancel. Its checkbox "Approve, then decline the capture" stands for a buyer whose funding fails at capture, so the
// merchant's capture answers INSTRUMENT_DECLINED.
import { Hono } from "hono";
import { PAGE_CSP, escapeHtml, fakePage, formatAmount } from "../page.ts";
import { PayPalApiError } from "./errors.ts";
import { cents } from "./objects.ts";
import type { PayPalState } from "./state.ts";

const page = (title: string, body: string) => fakePage(title, "PayPal", body);

export function approvalPageRoutes(state: PayPalState): Hono {
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    c.res.headers.set("Content-Security-Policy", PAGE_CSP);
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    c.res.headers.set("Referrer-Policy", "no-referrer");
  });

  const findOrder = (id: string) => {
    try {
      return state.order(id);
    } catch (error) {
      if (error instanceof PayPalApiError) return undefined;
      throw error;
    }
  };

  app.get("/checkoutnow", (c) => {
    const id = c.req.query("token") ?? "";
    const order = findOrder(id);
    if (!order) return c.html(page("Not found", "<h1>This order does not exist.</h1>"), 404);
    if (order.status === "COMPLETED") return c.html(page("Already paid", "<h1>This order has already been paid.</h1>"), 410);
    const unit = order.purchase_units[0]!;
    return c.html(
      page(
        "Pay with PayPal",
        `<p class="muted">Pay MailScout</p>
<h1>${escapeHtml(unit.description ?? "Your order")}</h1>
<p class="amount">${formatAmount(cents(unit.amount.value), unit.amount.currency_code)}</p>
<p>Signed in as buyer@paypal.example.com (a test buyer).</p>
<form method="post" action="/checkoutnow">
<input type="hidden" name="token" value="${escapeHtml(id)}">
<label><input type="checkbox" name="declineCapture" value="1" style="width:auto"> Approve, then decline the capture</label>
<button type="submit" name="choice" value="approve">Approve</button>
<button type="submit" name="choice" value="cancel" class="secondary" formnovalidate>Cancel</button>
</form>`,
      ),
    );
  });

  app.post("/checkoutnow", async (c) => {
    const form = await c.req.parseBody();
    const id = typeof form.token === "string" ? form.token : "";
    if (!findOrder(id)) return c.html(page("Not found", "<h1>This order does not exist.</h1>"), 404);
    const destination = form.choice === "approve" ? state.approve(id, form.declineCapture === "1") : state.cancelUrl(id);
    if (destination) return c.redirect(destination, 303);
    return c.html(page("Done", form.choice === "approve" ? "<h1>Payment approved.</h1><p>You may close this page.</p>" : "<h1>Payment cancelled.</h1>"));
  });
  return app;
}
