// SEO's public endpoints over HTTP. The visitor is the marketing session (X-Session-ID), else the client's address and
// user agent; the domain keeps them only as a daily-salted hash.
import type { Context, Env } from "hono";
import { clientAddressFrom } from "../../../_shared/anonymous/index.ts";
import type { removalConfirmationSchema, removalRequestSchema } from "../../../_shared/contracts/seo.ts";
import {
  confirmSeoRemoval,
  type PageVisitor,
  recordSeoConversion,
  requestSeoRemoval,
  viewSeoPage,
} from "../../../_shared/seo/index.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import { sessionIdHeader } from "../../lib/visitor.ts";

function visitorOf(c: Context): PageVisitor {
  return {
    sessionId: sessionIdHeader(c),
    clientIp: clientAddressFrom(c.req.header("x-forwarded-for")),
    userAgent: c.req.header("user-agent") ?? null,
  };
}

/** Never cached: each answer counts a view. A HEAD request (Hono answers it with this handler) counts none. */
export async function page(c: Context) {
  c.header("Cache-Control", "no-store");
  const visitor = c.req.method === "HEAD" ? null : visitorOf(c);
  return c.json(await viewSeoPage(c.req.param("pageType") ?? "", c.req.param("slug") ?? "", visitor), 200);
}

export async function conversion(c: Context) {
  await recordSeoConversion(c.req.param("pageId") ?? "", visitorOf(c));
  return c.body(null, 204);
}

export async function requestRemoval(c: Context<Env, string, JsonInput<typeof removalRequestSchema>>) {
  return c.json(await requestSeoRemoval(c.req.valid("json"), clientAddressFrom(c.req.header("x-forwarded-for"))), 202);
}

export async function confirmRemoval(c: Context<Env, string, JsonInput<typeof removalConfirmationSchema>>) {
  return c.json(await confirmSeoRemoval(c.req.valid("json").token), 200);
}
