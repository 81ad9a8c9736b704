// Email campaigns: the admin's newsletters, sent in batches to an audience. Rates and CTR are per email sent.
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { campaignText, sanitizeCampaignHtml } from "../email-content/index.ts";
import { adminRows, columnsOf, fieldsOf } from "./admin-rows.ts";
import { type EmailCampaign, type emailCampaignInputSchema, emailCampaignSchema } from "./contract.ts";
import { latestSend } from "./sends.ts";

export const emailCampaigns = adminRows<EmailCampaign, z.output<typeof emailCampaignInputSchema>>({
  table: "email_campaigns",
  notFound: "email_campaign_not_found",
  extras: (sql) =>
    sql`
      'open_rate', private.campaign_ctr(t.open_count, t.sent_count),
      'click_rate', private.campaign_ctr(t.click_count, t.sent_count),
      'ctr', private.campaign_ctr(t.click_count, t.sent_count),
      ${latestSend(sql, "email")}
    `,
  item: (row) => emailCampaignSchema.parse(fieldsOf(row)),
  columns: columnsOf,
});

/** The message as its recipients get it: the sanitized HTML and the plain text beside it. */
export async function previewEmailCampaign(
  claims: AccessTokenClaims,
  id: string,
): Promise<{ subject: string; html: string; text: string }> {
  const campaign = await emailCampaigns.asAdmin(claims, (sql) => emailCampaigns.read(sql, id));
  const html = sanitizeCampaignHtml(campaign.content);
  return { subject: campaign.subject, html, text: campaignText(html) };
}
