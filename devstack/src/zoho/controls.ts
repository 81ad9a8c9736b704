// devstack-only test controls under /_fake/ (real Zoho has nothing of the kind): expire access tokens, refuse every
// refresh (revoked), answer the next calls 429 or 5xx, make one address's upsert fail, set the per-minute and daily
// limits, seed and list contacts with their tags, count calls by kind, and start over.
import { Hono } from "hono";
import { z } from "zod";
import { controlBody } from "../payments/control-body.ts";
import { CONTACT_TEXT_FIELDS, type StoredContact, type ZohoState } from "./state.ts";

const count = z.number().int().min(1).max(1000).default(1);
const seedContact = z.strictObject({
  Email: z.email(),
  Last_Name: z.string().min(1),
  First_Name: z.string().optional(),
  Phone: z.string().optional(),
  Mobile: z.string().optional(),
  Title: z.string().optional(),
  Account_Name: z.string().optional(),
  tags: z.array(z.string().min(1)).default([]),
});

/** A stored contact as the controls show it: its fields by API name, the account's name and the tags' names. */
export function contactJson(contact: StoredContact) {
  return { id: contact.id, ...contact.fields, Account_Name: contact.accountName, tags: contact.tags };
}

export function zohoControlRoutes(state: ZohoState): Hono {
  const app = new Hono();
  app.post("/_fake/tokens/expire", (c) => c.json({ expired: state.expireAccessTokens() }));
  app.post("/_fake/refresh-tokens/revoke", (c) => c.json({ revoked: state.revokeRefreshTokens() }));
  app.post("/_fake/faults/rate-limit", async (c) => {
    const body = await controlBody(
      c,
      z.strictObject({
        count,
        // Seconds, or an HTTP date; null sends no Retry-After at all.
        retryAfter: z.union([z.number().int().min(0), z.string().min(1), z.null()]).default(1),
      }),
    );
    state.injectRateLimits(body.count, body.retryAfter === null ? null : String(body.retryAfter));
    return c.json(body);
  });
  app.post("/_fake/faults/server-error", async (c) => {
    const body = await controlBody(c, z.strictObject({ count, status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).default(500) }));
    state.injectServerErrors(body.count, body.status);
    return c.json(body);
  });
  app.post("/_fake/bad-records", async (c) => {
    const { email } = await controlBody(c, z.strictObject({ email: z.string().min(1) }));
    state.markBadRecord(email);
    return c.json({ email });
  });
  app.post("/_fake/limits", async (c) => {
    const limits = await controlBody(
      c,
      z.strictObject({
        callsPerMinute: z.number().int().min(1).nullable().optional(),
        dailyCredits: z.number().int().min(0).nullable().optional(),
      }),
    );
    state.setLimits(limits);
    return c.json(limits);
  });
  app.post("/_fake/contacts", async (c) => {
    const { contacts } = await controlBody(c, z.strictObject({ contacts: z.array(seedContact).min(1).max(1000) }));
    const saved = contacts.map(({ tags, Account_Name, ...fields }) => {
      const fieldValues = Object.fromEntries(CONTACT_TEXT_FIELDS.map((field) => [field, fields[field] ?? null]));
      const contact = state.save(state.contactByEmail(fields.Email), fieldValues, Account_Name ?? null);
      for (const tag of tags) state.tag(contact.id, tag, true);
      return contactJson(contact);
    });
    return c.json({ contacts: saved }, 201);
  });
  app.get("/_fake/contacts", (c) => c.json({ contacts: state.contacts().map(contactJson) }));
  app.get("/_fake/calls", (c) => c.json(state.calls()));
  app.post("/_fake/reset", (c) => {
    state.reset();
    return c.json({ reset: true });
  });
  return app;
}
