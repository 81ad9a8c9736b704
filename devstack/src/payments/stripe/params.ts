// The parameters of the Stripe endpoints the fake offers, checked as Stripe checks them: unknown parameters refused by
// name, missing ones named in bracket notation, integers and booleans as the form's strings.
import { z } from "zod";
import type { FormObject, FormValue } from "../form-body.ts";
import { invalidRequest } from "./errors.ts";

const integer = z.string().regex(/^\d+$/, "Invalid integer").transform(Number);
const positiveInteger = integer.refine((value) => value >= 1, "must be at least 1");
const boolean = z.enum(["true", "false"], { error: "Invalid boolean" }).transform((value) => value === "true");
const currency = z.string().regex(/^[a-zA-Z]{3}$/, "must be a three-letter ISO currency code").transform((c) => c.toLowerCase());
// Stripe's limits: 50 keys of up to 40 characters, values of up to 500.
const metadata = z
  .record(z.string().max(40, "metadata keys must be at most 40 characters"), z.string().max(500, "metadata values must be at most 500 characters"))
  .refine((entries) => Object.keys(entries).length <= 50, "metadata can have at most 50 keys");
const expand = z.array(z.string()).optional();

export const checkoutSessionParams = z.strictObject({
  mode: z.enum(["payment", "subscription"], { error: "must be payment or subscription (the fake does not offer setup mode)" }),
  line_items: z
    .array(
      z.strictObject({
        price_data: z.strictObject({
          currency,
          unit_amount: integer,
          product_data: z.strictObject({
            name: z.string().min(1),
            description: z.string().optional(),
            metadata: metadata.optional(),
          }),
          recurring: z
            .strictObject({
              interval: z.enum(["day", "week", "month", "year"]),
              interval_count: positiveInteger.optional(),
            })
            .optional(),
          tax_behavior: z.enum(["exclusive", "inclusive", "unspecified"]).optional(),
        }),
        quantity: positiveInteger,
      }),
    )
    .length(1, "the fake sells exactly one line item per session"),
  success_url: z.url({ protocol: /^https?$/ }),
  cancel_url: z.url({ protocol: /^https?$/ }).optional(),
  client_reference_id: z.string().max(200).optional(),
  customer_email: z.email().optional(),
  metadata: metadata.optional(),
  discounts: z.array(z.strictObject({ coupon: z.string().min(1) })).max(1).optional(),
  payment_intent_data: z.strictObject({ description: z.string().optional(), metadata: metadata.optional() }).optional(),
  subscription_data: z.strictObject({ description: z.string().optional(), metadata: metadata.optional() }).optional(),
  expand,
  // Presentation options that change nothing the fake keeps.
  allow_promotion_codes: boolean.optional(),
  billing_address_collection: z.enum(["auto", "required"]).optional(),
  customer_creation: z.enum(["always", "if_required"]).optional(),
  expires_at: integer.optional(),
  locale: z.string().optional(),
  payment_method_types: z.array(z.string()).optional(),
  submit_type: z.enum(["auto", "book", "donate", "pay", "subscribe"]).optional(),
  ui_mode: z.literal("hosted").optional(),
});

export const couponParams = z
  .strictObject({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,50}$/).optional(),
    percent_off: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, "Invalid decimal")
      .transform(Number)
      .refine((value) => value > 0 && value <= 100, "must be greater than 0 and at most 100")
      .optional(),
    amount_off: positiveInteger.optional(),
    currency: currency.optional(),
    duration: z.enum(["once"], { error: "the fake offers coupons of duration once only" }).optional(),
    name: z.string().max(40).optional(),
    metadata: metadata.optional(),
    expand,
  })
  .superRefine((coupon, context) => {
    if ((coupon.percent_off === undefined) === (coupon.amount_off === undefined)) {
      context.addIssue({ code: "custom", path: ["percent_off"], message: "Exactly one of percent_off or amount_off is required." });
    }
    if (coupon.amount_off !== undefined && coupon.currency === undefined) {
      context.addIssue({ code: "custom", path: ["currency"], message: "You must pass currency when passing amount_off." });
    }
  });

export const subscriptionUpdateParams = z.strictObject({
  cancel_at_period_end: boolean.optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  proration_behavior: z.enum(["always_invoice", "create_prorations", "none"]).optional(),
  expand,
});

export const subscriptionCancelParams = z.strictObject({
  invoice_now: boolean.optional(),
  prorate: boolean.optional(),
  expand,
});

export const refundParams = z.strictObject({
  payment_intent: z.string().min(1).optional(),
  charge: z.string().min(1).optional(),
  amount: positiveInteger.optional(),
  reason: z.enum(["duplicate", "fraudulent", "requested_by_customer"]).optional(),
  metadata: metadata.optional(),
  expand,
});

export const retrieveParams = z.strictObject({ expand });

/** `line_items[0][price_data]` from ["line_items", 0, "price_data"]. */
export function bracketPath(path: ReadonlyArray<PropertyKey>): string {
  const [first, ...rest] = path.map(String);
  return `${first ?? ""}${rest.map((segment) => `[${segment}]`).join("")}`;
}

function valueAt(body: FormValue, path: ReadonlyArray<PropertyKey>): FormValue | undefined {
  let value: FormValue | undefined = body;
  for (const segment of path) {
    if (value === undefined || typeof value === "string") return undefined;
    value = Array.isArray(value) ? value[Number(segment)] : value[String(segment)];
  }
  return value;
}

/** The parameters, or Stripe's 400 naming the first wrong one. */
export function parseParams<T>(schema: z.ZodType<T>, body: FormObject): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === "unrecognized_keys") {
    const name = bracketPath([...issue.path, issue.keys[0]!]);
    throw invalidRequest(`Received unknown parameter: ${name}`, name, "parameter_unknown");
  }
  const param = bracketPath(issue.path);
  if (valueAt(body, issue.path) === undefined) {
    throw invalidRequest(`Missing required param: ${param}.`, param, "parameter_missing");
  }
  throw invalidRequest(`Invalid ${param}: ${issue.message}`, param, "parameter_invalid");
}
