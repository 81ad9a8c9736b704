// Campaign delivery over HTTP: the visitor is the signed-in user, else the X-Session-ID; their address is kept only as
// its network.
import type { Context } from "hono";
import { clientAddressFrom } from "../../../_shared/anonymous/index.ts";
import {
  type campaignEventSchema,
  deliverCampaigns,
  type deliveryQuerySchema,
  followCampaignClick,
  reportCampaignEvent,
  truncatedNetwork,
  type Visitor,
} from "../../../_shared/marketing/index.ts";
import type { CallerEnv } from "../../lib/caller.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import type { QueryInput } from "../../lib/query-params.ts";
import { sessionIdHeader, signedInOrNull } from "../../lib/visitor.ts";

// campaign_analytics.user_agent keeps this much.
const USER_AGENT_MAX_LENGTH = 500;

function requestOrigin(c: Context): Pick<Visitor, "network" | "userAgent"> {
  return {
    network: truncatedNetwork(clientAddressFrom(c.req.header("x-forwarded-for"))),
    userAgent: c.req.header("user-agent")?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
  };
}

function visitorOf(c: Context<CallerEnv>): Visitor {
  return { userId: signedInOrNull(c)?.userId ?? null, sessionId: sessionIdHeader(c), ...requestOrigin(c) };
}

export async function deliver(c: Context<CallerEnv, string, QueryInput<typeof deliveryQuerySchema>>) {
  c.header("Cache-Control", "no-store");
  return c.json(await deliverCampaigns(visitorOf(c), c.req.valid("query")), 200);
}

export async function report(c: Context<CallerEnv, string, JsonInput<typeof campaignEventSchema>>) {
  await reportCampaignEvent(visitorOf(c), c.req.valid("json"));
  return c.body(null, 204);
}

/** Records the click of the visitor the link's token names, then sends them to the campaign's stored link only. */
export async function click(c: Context) {
  const target = await followCampaignClick(requestOrigin(c), {
    campaignType: c.req.param("type") ?? "",
    campaignId: c.req.param("id") ?? "",
    token: c.req.query("v"),
  });
  c.header("Cache-Control", "no-store");
  return c.redirect(target, 302);
}
