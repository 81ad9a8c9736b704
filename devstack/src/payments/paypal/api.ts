// PayPal's REST endpoints MailScout calls: an OAuth client-credentials token, Orders v2 (create, show, capture) and
// Payments v2 (show a capture or refund, refund a capture), with PayPal-Request-Id idempotency and PayPal's errors.
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { IdempotentRequests } from "../../idempotency.ts";
import type { WebhookOutbox } from "../outbox.ts";
import { PayPalApiError, authenticationFailure, invalidRequest, type PayPalIssue } from "./errors.ts";
import type { PayPalEvent } from "./objects.ts";
import type { PayPalState } from "./state.ts";

const money = z.object({
  currency_code: z.string().regex(/^[A-Z]{3}$/, "must be a three-letter ISO currency code"),
  value: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, "must be an amount with at most two decimals, such as 12.00"),
});

const experience = z.object({ return_url: z.url().optional(), cancel_url: z.url().optional() });

const createOrderBody = z.object({
  intent: z.literal("CAPTURE", { error: "the fake supports intent CAPTURE only" }),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().max(256).optional(),
        amount: money.extend({ breakdown: z.unknown().optional() }),
        custom_id: z.string().max(255).optional(),
        invoice_id: z.string().max(127).optional(),
        description: z.string().max(127).optional(),
      }),
    )
    .length(1, "the fake supports one purchase unit per order"),
  application_context: experience.optional(),
  payment_source: z.object({ paypal: z.object({ experience_context: experience.optional() }) }).optional(),
});

const refundBody = z.object({
  amount: money.optional(),
  invoice_id: z.string().max(127).optional(),
  custom_id: z.string().max(255).optional(),
  note_to_payer: z.string().max(255).optional(),
});

async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new PayPalApiError(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", [
      { issue: "MALFORMED_REQUEST_JSON", description: "The request JSON is not well formed.", location: "body" },
    ]);
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw invalidRequest(
    parsed.error.issues.map((issue): PayPalIssue => {
      const missing = issue.code === "invalid_type" && issue.message.includes("undefined");
      return {
        field: `/${issue.path.join("/")}`,
        location: "body",
        issue: missing ? "MISSING_REQUIRED_PARAMETER" : "INVALID_PARAMETER_VALUE",
        description: missing ? "A required field / parameter is missing." : issue.message,
      };
    }),
  );
}

function basicCredentials(header: string | undefined): boolean {
  const encoded = /^Basic\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (!encoded) return false;
  const [id, secret] = Buffer.from(encoded, "base64").toString("utf8").split(":");
  return Boolean(id && secret);
}

export function paypalApiRoutes(state: PayPalState, outbox: WebhookOutbox<PayPalEvent>): Hono {
  const app = new Hono();
  const idempotency = new IdempotentRequests();

  app.post("/v1/oauth2/token", async (c) => {
    // Any client id and secret will do: the fake has one merchant, whatever the payments tab holds.
    if (!basicCredentials(c.req.header("Authorization"))) {
      return c.json({ error: "invalid_client", error_description: "Client Authentication failed" }, 401);
    }
    const grant = new URLSearchParams(await c.req.text()).get("grant_type");
    if (grant !== "client_credentials") {
      return c.json({ error: "unsupported_grant_type", error_description: `Grant Type is ${grant ?? "NULL"}` }, 400);
    }
    return c.json({
      scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund",
      access_token: state.issueToken(),
      token_type: "Bearer",
      app_id: "APP-80W284485P519543T",
      expires_in: 32400,
      nonce: `${new Date().toISOString()}fake`,
    });
  });

  app.use("/v2/*", async (c, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!token || !state.tokenValid(token)) throw authenticationFailure();
    await next();
  });
  app.use("/v1/notifications/*", async (c, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!token || !state.tokenValid(token)) throw authenticationFailure();
    await next();
  });

  /** A POST under PayPal-Request-Id: the same request again answers as the first did. */
  const idempotent = async (c: Context, run: (body: unknown) => { status: 200 | 201; body: object; events?: PayPalEvent[] }) => {
    const body = await jsonBody(c);
    const requestId = c.req.header("PayPal-Request-Id");
    const endpoint = `${c.req.method} ${c.req.path}`;
    if (requestId) {
      const found = idempotency.lookup(requestId, endpoint, body);
      if (found.kind === "replay") return c.json(found.answer.body as object, found.answer.status as ContentfulStatusCode);
      if (found.kind === "conflict") {
        throw new PayPalApiError(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed, semantically incorrect, or failed business validation.", [
          { issue: "DUPLICATE_REQUEST_ID", description: "The value of PayPal-Request-Id header has already been used.", location: "header" },
        ]);
      }
    }
    const answer = run(body);
    if (requestId) idempotency.remember(requestId, endpoint, body, { status: answer.status, body: answer.body });
    // In the background: the caller is the api, possibly holding what the webhook's handler will wait for.
    if (answer.events?.length) outbox.raiseInBackground(answer.events);
    return c.json(answer.body, answer.status);
  };

  app.post("/v2/checkout/orders", (c) =>
    idempotent(c, (raw) => {
      const body = parse(createOrderBody, raw);
      const context = body.payment_source?.paypal.experience_context ?? body.application_context;
      const order = state.createOrder({
        unit: body.purchase_units[0]!,
        returnUrl: context?.return_url ?? null,
        cancelUrl: context?.cancel_url ?? null,
        withPaymentSource: body.payment_source !== undefined,
      });
      const representation = /return=representation/.test(c.req.header("Prefer") ?? "");
      return { status: 200, body: representation ? order : { id: order.id, status: order.status, links: order.links } };
    }),
  );
  app.get("/v2/checkout/orders/:id", (c) => c.json(state.order(c.req.param("id"))));
  app.post("/v2/checkout/orders/:id/capture", (c) =>
    idempotent(c, () => {
      const { order, events } = state.capture(c.req.param("id"));
      return { status: 201, body: order, events };
    }),
  );
  app.get("/v2/payments/captures/:id", (c) => c.json(state.getCapture(c.req.param("id"))));
  app.get("/v2/payments/refunds/:id", (c) => c.json(state.getRefund(c.req.param("id"))));
  app.post("/v2/payments/captures/:id/refund", (c) =>
    idempotent(c, (raw) => {
      const { refund, events } = state.refund(c.req.param("id"), parse(refundBody, raw));
      return { status: 201, body: refund, events };
    }),
  );
  app.get("/v1/notifications/webhooks-events/:id", (c) => {
    const found = outbox.get(c.req.param("id"));
    if (!found) throw new PayPalApiError(404, "INVALID_RESOURCE_ID", "Requested resource ID was not found.");
    return c.json(found.event);
  });
  return app;
}
