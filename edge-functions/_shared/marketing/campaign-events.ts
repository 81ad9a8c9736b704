// What visitors' browsers report (impressions, dismissals, conversions) and their clicks through the redirect. Events
// are limited per visitor, through the product's one limiter, so a script can't inflate a campaign's figures.
import { env } from "../env.ts";
import { DomainError } from "../errors.ts";
import { CAMPAIGN_EVENTS_PER_MINUTE, takeCampaignEvent } from "../rate-limits/index.ts";
import { type CampaignEvent, DELIVERED_TYPES, type DeliveredType } from "./contract.ts";
import { recordCampaignClick, recordCampaignEvent, recordConversion } from "./privileged.ts";
import { absoluteLink } from "./site.ts";
import { type Visitor, visitorSubject } from "./visitor.ts";
import { readVisitorToken } from "./visitor-token.ts";

export async function reportCampaignEvent(visitor: Visitor, event: CampaignEvent): Promise<void> {
  const subject = visitorSubject(visitor);
  if (!subject) {
    throw new DomainError("invalid_input", { problem: "X-Session-ID is required for a visitor who is not signed in" });
  }
  const decision = await takeCampaignEvent(subject);
  if (!decision.allowed) {
    throw new DomainError("rate_limited", {
      decision,
      what: `Too many campaign events: at most ${CAMPAIGN_EVENTS_PER_MINUTE} a minute.`,
    });
  }
  await recordCampaignEvent(visitor, {
    campaignType: event.campaignType,
    campaignId: event.campaignId,
    eventType: event.eventType,
    page: event.page ?? null,
    visit: event.visit ?? null,
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Click {
  campaignType: string;
  campaignId: string;
  /** The ?v= token from the delivered link, if any. */
  token: string | undefined;
}

/**
 * Records the click of the visitor the token names (when it checks out) and answers where the campaign leads: only
 * its stored link, whatever else the request carries, so the redirect can't be aimed elsewhere.
 */
export async function followCampaignClick(request: Pick<Visitor, "network" | "userAgent">, click: Click): Promise<string> {
  if (!(DELIVERED_TYPES as readonly string[]).includes(click.campaignType) || !UUID.test(click.campaignId)) {
    throw new DomainError("campaign_not_found");
  }
  const named = await readVisitorToken(click.token, env().WORKER_SECRET);
  const visitor = { ...request, userId: named?.userId ?? null, sessionId: named?.sessionId ?? null };
  const stored = await recordCampaignClick(visitor, {
    campaignType: click.campaignType as DeliveredType,
    campaignId: click.campaignId.toLowerCase(),
    page: named?.page ?? null,
  });
  // The database answers no link for an unknown campaign too.
  if (!stored) throw new DomainError("campaign_not_found");
  return absoluteLink(stored);
}

/**
 * A sign-up is the conversion of the visitor's last campaign click within the window, if any. The account exists
 * already: a failure here is logged, never the sign-up's.
 */
export async function recordSignUpConversion(userId: string, sessionId: string | null): Promise<void> {
  try {
    await recordConversion(userId, sessionId, 0);
  } catch (error) {
    console.error("The sign-up's campaign conversion was not recorded:", error);
  }
}
