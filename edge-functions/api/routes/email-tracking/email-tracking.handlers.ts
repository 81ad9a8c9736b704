// Email tracking over HTTP. The pixel answers the same GIF whatever the token; the click sends the recipient to the
// link stored at send time only; the unsubscribe takes RFC 8058's one-click POST from mail providers and the SPA's.
import type { Context } from "hono";
import {
  followEmailLink,
  PIXEL_GIF,
  recordEmailOpen,
  unsubscribeByToken,
  unsubscribeLinkState,
} from "../../../_shared/marketing/index.ts";
import { errorBody } from "../../lib/errors.ts";

/** What RFC 8058 has mail providers post; the SPA's page posts nothing. */
const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";

export async function open(c: Context) {
  await recordEmailOpen(c.req.param("token"));
  return c.body(PIXEL_GIF, 200, { "Content-Type": "image/gif", "Cache-Control": "no-store" });
}

export async function click(c: Context) {
  const target = await followEmailLink(c.req.param("token"), c.req.param("linkNo"));
  c.header("Cache-Control", "no-store");
  return c.redirect(target, 302);
}

export async function unsubscribeState(c: Context) {
  c.header("Cache-Control", "no-store");
  return c.json(await unsubscribeLinkState(c.req.param("token")), 200);
}

export async function unsubscribe(c: Context) {
  const body = (await c.req.text()).trim();
  if (body !== "" && !new URLSearchParams(body).has("List-Unsubscribe")) {
    return c.json(errorBody(`The body must be empty or ${ONE_CLICK_BODY}`), 400);
  }
  return c.json(await unsubscribeByToken(c.req.param("token")), 200);
}
