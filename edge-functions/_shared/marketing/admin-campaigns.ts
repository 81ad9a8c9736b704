// Marketing campaigns: the admin's campaigns of every type with their audience, display rules and schedule. A push or
// email campaign goes out through its manager's row (a push notification, an email campaign), created and kept in
// step with it in the same transaction; its figures are that row's (deliveries or sends, and their clicks).
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import type { UserSql } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import { adminRows, type AdminRows, fieldsOf, type Row } from "./admin-rows.ts";
import { type MarketingCampaign, type marketingCampaignInputSchema, marketingCampaignSchema } from "./contract.ts";
import { emailCampaigns } from "./email-campaigns.ts";
import { pushNotifications } from "./push-notifications.ts";

type CampaignFields = z.output<typeof marketingCampaignInputSchema>;

/** The limits of the manager rows a campaign's texts must also meet. */
const PUSH_TITLE_MAX = 100;
const PUSH_MESSAGE_MAX = 500;
const EMAIL_SUBJECT_MAX = 200;

const campaigns = adminRows<MarketingCampaign, CampaignFields>({
  table: "marketing_campaigns",
  notFound: "campaign_not_found",
  extras: (sql) =>
    sql`
      'ctr', private.campaign_ctr(t.clicks, t.impressions),
      'linked', coalesce(
        (select jsonb_build_object('impressions', p.delivered_count, 'clicks', p.click_count,
                                   'ctr', private.campaign_ctr(p.click_count, p.delivered_count))
         from public.push_notifications p where p.id = t.push_notification_id and t.type = 'push_notification'),
        (select jsonb_build_object('impressions', e.sent_count, 'clicks', e.click_count,
                                   'ctr', private.campaign_ctr(e.click_count, e.sent_count))
         from public.email_campaigns e where e.id = t.email_campaign_id and t.type = 'email')
      )
    `,
  item: campaignOf,
  columns: columnsOf,
});

export function listMarketingCampaigns(claims: AccessTokenClaims): Promise<MarketingCampaign[]> {
  return campaigns.list(claims);
}

export function createMarketingCampaign(claims: AccessTokenClaims, input: CampaignFields): Promise<MarketingCampaign> {
  checkManagerLimits(input);
  return campaigns.asAdmin(claims, async (sql) => {
    const links = await syncLinks(sql, input, { push_notification_id: null, email_campaign_id: null });
    const id = await campaigns.insert(sql, { ...columnsOf(input), ...links, created_by: claims.sub });
    return await campaigns.read(sql, id);
  });
}

export function updateMarketingCampaign(
  claims: AccessTokenClaims,
  id: string,
  input: CampaignFields,
): Promise<MarketingCampaign> {
  checkManagerLimits(input);
  return campaigns.asAdmin(claims, async (sql) => {
    const [current] = await sql<Links[]>`
      select push_notification_id, email_campaign_id from public.marketing_campaigns where id = ${id} for update
    `;
    if (!current) throw new DomainError("campaign_not_found");
    await campaigns.update(sql, id, { ...columnsOf(input), ...await syncLinks(sql, input, current) });
    return await campaigns.read(sql, id);
  });
}

/** Deletes the campaign and the manager row it went out through. */
export function deleteMarketingCampaign(claims: AccessTokenClaims, id: string): Promise<void> {
  return campaigns.asAdmin(claims, async (sql) => {
    const removed = await campaigns.remove(sql, id);
    await syncLinks(sql, null, removed as unknown as Links);
  });
}

interface Links {
  push_notification_id: string | null;
  email_campaign_id: string | null;
}

/** The manager rows a campaign of this type needs, created or updated; the ones it no longer needs, deleted. */
async function syncLinks(sql: UserSql, input: CampaignFields | null, current: Links): Promise<Links> {
  return {
    push_notification_id: await syncLink(
      sql,
      pushNotifications,
      input?.type === "push_notification" ? pushColumns(input) : null,
      current.push_notification_id,
    ),
    email_campaign_id: await syncLink(
      sql,
      emailCampaigns,
      input?.type === "email" ? emailColumns(input) : null,
      current.email_campaign_id,
    ),
  };
}

async function syncLink(
  sql: UserSql,
  rows: AdminRows<unknown, never>,
  columns: Row | null,
  id: string | null,
): Promise<string | null> {
  if (!columns) {
    if (id) await rows.remove(sql, id);
    return null;
  }
  if (!id) return await rows.insert(sql, columns);
  await rows.update(sql, id, columns);
  return id;
}

function checkManagerLimits(input: CampaignFields): void {
  const limits: [boolean, string][] = [
    [input.type === "push_notification" && input.title.length > PUSH_TITLE_MAX, `title: must be at most ${PUSH_TITLE_MAX} characters for a push notification`],
    [input.type === "push_notification" && input.content.length > PUSH_MESSAGE_MAX, `content: must be at most ${PUSH_MESSAGE_MAX} characters for a push notification`],
    [input.type === "email" && input.title.length > EMAIL_SUBJECT_MAX, `title: must be at most ${EMAIL_SUBJECT_MAX} characters for an email (its subject)`],
  ];
  const broken = limits.find(([fails]) => fails);
  if (broken) throw new DomainError("invalid_input", { problem: broken[1] });
}

/** The manager row is live while the campaign is; a scheduled campaign is sent at the start of its first day. */
function managerTiming(input: CampaignFields) {
  return {
    is_active: input.status === "active" || input.status === "scheduled",
    scheduled_for: input.status === "scheduled" && input.scheduling.startDate
      ? `${input.scheduling.startDate}T00:00:00Z`
      : null,
  };
}

function pushColumns(input: CampaignFields): Row {
  return {
    title: input.title,
    message: input.content,
    icon: input.imageUrl,
    action_url: input.actionUrl,
    target_audience: input.targetAudience.userTypes[0],
    ...managerTiming(input),
  };
}

function emailColumns(input: CampaignFields): Row {
  const types = input.targetAudience.userTypes;
  return {
    name: input.name,
    subject: input.title,
    content: input.content,
    template_type: "promotional",
    target_audience: types.includes("all") ? "all" : types.includes("new") ? "new" : types.includes("returning") ? "returning" : "all",
    ...managerTiming(input),
  };
}

function columnsOf(input: CampaignFields): Row {
  const { targetAudience: audience, displayRules: rules, scheduling } = input;
  return {
    name: input.name,
    type: input.type,
    status: input.status,
    title: input.title,
    content: input.content,
    action_text: input.actionText,
    action_url: input.actionUrl,
    image_url: input.imageUrl,
    user_types: audience.userTypes,
    validation_threshold: audience.validationThreshold,
    subscription_types: audience.subscriptionTypes,
    max_shows_per_user: rules.maxShowsPerUser,
    days_between_shows: rules.daysBetweenShows,
    show_on_pages: rules.showOnPages,
    show_after_action: rules.showAfterAction,
    priority: rules.priority,
    start_date: scheduling.startDate,
    end_date: scheduling.endDate,
    timezone: scheduling.timezone,
    active_hours_start: scheduling.activeHours.start,
    active_hours_end: scheduling.activeHours.end,
  };
}

interface LinkedFigures {
  impressions: number;
  clicks: number;
  ctr: number;
}

function campaignOf(row: Row): MarketingCampaign {
  const fields = fieldsOf(row);
  const figures = (fields.linked as LinkedFigures | null) ??
    { impressions: fields.impressions, clicks: fields.clicks, ctr: fields.ctr };
  return marketingCampaignSchema.parse({
    ...fields,
    ...figures,
    targetAudience: {
      userTypes: fields.userTypes,
      validationThreshold: fields.validationThreshold,
      subscriptionTypes: fields.subscriptionTypes,
    },
    displayRules: {
      maxShowsPerUser: fields.maxShowsPerUser,
      daysBetweenShows: fields.daysBetweenShows,
      showOnPages: fields.showOnPages,
      showAfterAction: fields.showAfterAction,
      priority: fields.priority,
    },
    scheduling: {
      startDate: fields.startDate,
      endDate: fields.endDate,
      timezone: fields.timezone,
      // PostgreSQL's time is HH:MM:SS; the contract's HH:MM.
      activeHours: { start: String(fields.activeHoursStart).slice(0, 5), end: String(fields.activeHoursEnd).slice(0, 5) },
    },
  });
}
