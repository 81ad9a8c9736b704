// What a visitor sees on a page: the database picks the banners, popup, in-app messages and affiliate ad by audience,
// schedule, frequency and caps (private.campaign_delivery); each click link then gets the visitor's signed token, so
// the redirect it leads to knows who clicked without any header.
import { env } from "../env.ts";
import { type DeliveryAnswer, deliveryAnswerSchema, type VisitorAction } from "./contract.ts";
import { campaignDelivery } from "./privileged.ts";
import type { Visitor } from "./visitor.ts";
import { signVisitorToken } from "./visitor-token.ts";

export interface DeliveryQuery {
  page: string;
  after: VisitorAction[];
  visit?: string;
}

export async function deliverCampaigns(visitor: Visitor, query: DeliveryQuery): Promise<DeliveryAnswer> {
  const answer = deliveryAnswerSchema.parse(
    await campaignDelivery(visitor, { page: query.page, after: query.after, visit: query.visit ?? null }),
  );
  const token = await signVisitorToken(
    { userId: visitor.userId, sessionId: visitor.sessionId, page: query.page },
    env().WORKER_SECRET,
  );
  const signed = <T extends { clickUrl: string | null }>(item: T): T =>
    item.clickUrl === null ? item : { ...item, clickUrl: `${item.clickUrl}?v=${token}` };
  return {
    banners: answer.banners.map(signed),
    popup: answer.popup && signed(answer.popup),
    inAppMessages: answer.inAppMessages.map(signed),
    affiliateAd: answer.affiliateAd && signed(answer.affiliateAd),
  };
}
