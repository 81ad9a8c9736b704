// A signed-in user's exploration costs one unit of their exploration balance, charged per request: a kept exploration
// answered again is an answer too, and what the caller asked for. The unit is charged after the limiters (the caller's
// admission, the fresh-crawl limit) and given back when the exploration fails (exploration_failed, or refused because
// the domain is in private space): no answer, no charge. Past the balance the answer is 402. An anonymous visitor's exploration counts against the same monthly allowance as a
// validation, except the one that follows their own validation of an address at the domain (the home page's "Validate
// & Explore Domain" is one use, not two). A kept exploration younger than a day is answered again unless the caller
// asks for a fresh crawl (fullDataCollection).
//
// A site that is down is an answer (200, websiteStatus down); a domain in private space is refused (400); anything
// failing on our side while exploring (the egress proxy, the sites, storing the result) is a 502 with a message, never
// an unhandled 500 (exploration_refused and exploration_failed in lib/errors.ts).
import type { Context } from "hono";
import { countValidation } from "../../../_shared/anonymous/index.ts";
import {
  type scrapeDomainRequestSchema,
  explorationFollowsValidation,
  refresherOf,
} from "../../../_shared/explorations/index.ts";
import type { CallerEnv } from "../../lib/caller.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import { exploreForUser, exploreKept, takeFreshCrawlIfAsked } from "../../lib/paid-work.ts";
import {
  anonymousVisitor,
  sessionIdHeader,
  signedInOrNull,
} from "../../lib/visitor.ts";

export async function explore(
  c: Context<CallerEnv, string, JsonInput<typeof scrapeDomainRequestSchema>>,
) {
  const request = c.req.valid("json");
  const sessionId = sessionIdHeader(c);
  const signedIn = signedInOrNull(c);
  if (signedIn) return c.json(await exploreForUser(signedIn.userId, request), 200);
  const visitor = anonymousVisitor(c, sessionId);
  await takeFreshCrawlIfAsked(request, refresherOf({ userId: null, sessionId, clientIp: visitor.clientIp }));
  if (!(sessionId && await explorationFollowsValidation(sessionId, request.domain))) await countValidation(visitor);
  return c.json(await exploreKept(request), 200);
}
