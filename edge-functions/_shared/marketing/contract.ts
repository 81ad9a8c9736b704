// Marketing's contract shared by the api function (Deno) and the SPA (Vite): the admin's campaigns (the marketing
// campaigns and the four managers: banner ads, popup campaigns, push notifications, email campaigns), the CRM
// affiliate ads, the marketing settings and figures, and what reaches visitors: delivered items, their events, the
// notification inbox and device subscriptions. Ids are uuids; days are YYYY-MM-DD; times are ISO strings in UTC;
// money is whole US cents. Every admin list item carries `ctr`, computed by the server.
import { z } from "zod";
import { text } from "../contracts/text.ts";

const timestamp = z.iso.datetime({ offset: true });
const day = z.iso.date({ error: "must be a date (YYYY-MM-DD)" });

// Enumerations ----------------------------------------------------------------------------------------------------------

export const CAMPAIGN_TYPES = [
  "banner",
  "popup",
  "push_notification",
  "email",
  "in_app_message",
  "affiliate_ad",
  "promotional_banner",
] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
/** The types an item delivered to a visitor or an event names (a promotional banner is delivered as a banner). */
export const DELIVERED_TYPES = ["banner", "popup", "push_notification", "email", "in_app_message", "affiliate_ad"] as const;
export type DeliveredType = (typeof DELIVERED_TYPES)[number];
export const CAMPAIGN_STATUSES = ["draft", "active", "paused", "scheduled"] as const;
export const USER_TYPES = ["all", "free", "paid", "new", "returning", "admin"] as const;
export type UserType = (typeof USER_TYPES)[number];
export const SUBSCRIPTION_TYPES = ["free", "starter", "professional", "business"] as const;
export const SHOW_AFTER_ACTIONS = ["validation", "bulk_validation", "login", "signup", "payment", "any"] as const;
/** What a visitor did that the SPA reports with ?after= (every value but `any`, which matches each of them). */
export const VISITOR_ACTIONS = ["validation", "bulk_validation", "login", "signup", "payment"] as const;
export type VisitorAction = (typeof VISITOR_ACTIONS)[number];
export const BANNER_PLACEMENTS = ["header", "sidebar", "footer", "inline"] as const;
export const POPUP_TRIGGERS = ["time_delay", "scroll_percentage", "exit_intent"] as const;
export const POPUP_FREQUENCIES = ["once_per_session", "once_per_day", "always"] as const;
export const POPUP_AUDIENCES = ["all", "new_users", "returning_users"] as const;
export const EMAIL_TEMPLATES = ["custom", "newsletter", "promotional", "transactional"] as const;
/** Email audiences: All (confirmed, unsuppressed), New (accounts under 30 days), Returning (older, active in 30 days). */
export const EMAIL_AUDIENCES = ["all", "new", "returning"] as const;
export const EVENT_TYPES = ["impression", "click", "dismiss", "conversion", "delivered", "open", "unsubscribe"] as const;
/** The events a visitor's browser reports; clicks come through the redirect, the rest from the server. */
export const REPORTED_EVENT_TYPES = ["impression", "dismiss", "conversion"] as const;

/** Days after a campaign click within which a sign-up or payment is that campaign's conversion. */
export const CONVERSION_WINDOW_DAYS = 7;
/** Idle minutes that end a visit (a popup shown once per session may show again in the next visit). */
export const VISIT_IDLE_MINUTES = 30;
/** Hours after any dismissal during which no popup is shown, while do-not-disturb is respected. */
export const DO_NOT_DISTURB_HOURS = 24;
/** An email campaign is sent in batches of this many recipients, each one call to the email provider. */
export const EMAIL_BATCH_SIZE = 100;
/** An account younger than this is "new"; an older one "returning" (with activity within it, for emails). */
export const NEW_ACCOUNT_DAYS = 30;

// Shared field rules ----------------------------------------------------------------------------------------------------

export const VALID_URL_MESSAGE = "Must be a valid URL";
export const URL_MAX = 500;

/**
 * A link we store and later send people to: an absolute http(s) URL, or a path on this site with exactly one leading
 * slash. javascript:, data: and protocol-relative //host links are refused, since a redirect or an href would run or
 * leave the site with them.
 */
export function isStoredUrl(value: string): boolean {
  // Whitespace, control characters and backslashes have no place in a link; browsers read \ as / in http URLs.
  // deno-lint-ignore no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const storedUrl = () =>
  text({ error: VALID_URL_MESSAGE }).trim().max(URL_MAX, `must be at most ${URL_MAX} characters`)
    .refine(isStoredUrl, VALID_URL_MESSAGE);
/** Optional link: empty text or absent means none (stored as null). */
const optionalUrl = () =>
  z.union([z.literal(""), storedUrl()]).nullish().transform((value) => (value ? value : null));

const required = (message: string, max: number) =>
  text({ error: message }).trim().min(1, message).max(max, `must be at most ${max} characters`);
const hexColor = (fallback: string) =>
  text().regex(/^#[0-9a-fA-F]{6}$/, "must be a hex colour such as #ffffff").max(7).default(fallback);
const priority = (fallback: number) =>
  z.coerce.number({ error: "priority must be a number" }).int("priority must be a whole number")
    .min(1, "priority must be 1 to 10").max(10, "priority must be 1 to 10").default(fallback);
const atLeastOne = (name: string, fallback: number) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`).max(1000, `${name} must be at most 1000`).default(fallback);
const pagePath = text().trim().regex(/^\/[^\s]*$/, "each page must be a path starting with /").max(200);
const clock = (fallback: string) =>
  text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time HH:MM").default(fallback);

/** An IANA time zone name the runtime knows (PostgreSQL checks the same list when it stores one). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const counter = z.number().int().min(0);
/** Clicks per hundred of its base (impressions, shows, deliveries or sends), 2 decimals, 0 with no base. */
const ctr = z.number().min(0);

// Marketing campaigns ---------------------------------------------------------------------------------------------------

export const targetAudienceSchema = z.object({
  userTypes: z.array(z.enum(USER_TYPES, { error: `userTypes must be among ${USER_TYPES.join(", ")}` }))
    .min(1, "choose at least one user type").default(["all"]),
  validationThreshold: z.coerce.number({ error: "validationThreshold must be a number" }).int()
    .min(0, "validationThreshold must be at least 0").default(0),
  subscriptionTypes: z.array(z.enum(SUBSCRIPTION_TYPES)).default(["free"]),
});

export const displayRulesSchema = z.object({
  maxShowsPerUser: atLeastOne("maxShowsPerUser", 3),
  daysBetweenShows: atLeastOne("daysBetweenShows", 7),
  showOnPages: z.array(pagePath).min(1, "name at least one page").max(50).default(["/"]),
  showAfterAction: z.enum(SHOW_AFTER_ACTIONS).nullish().transform((value) => value ?? null),
  priority: priority(5),
});

export const schedulingSchema = z.object({
  startDate: day.nullish().transform((value) => value ?? null),
  endDate: day.nullish().transform((value) => value ?? null),
  timezone: text().refine(isTimeZone, "timezone must be an IANA time zone such as Europe/Paris").default("UTC"),
  activeHours: z.object({ start: clock("00:00"), end: clock("23:59") }).default({ start: "00:00", end: "23:59" }),
}).refine((s) => !s.startDate || !s.endDate || s.endDate >= s.startDate, {
  message: "endDate must be on or after startDate",
  path: ["endDate"],
});

/** POST /api/marketing/campaigns and PUT /api/marketing/campaigns/{id} (admin). */
export const marketingCampaignInputSchema = z.object({
  name: required("Campaign name is required", 255),
  type: z.enum(CAMPAIGN_TYPES, { error: `type must be one of ${CAMPAIGN_TYPES.join(", ")}` }).default("banner"),
  status: z.enum(CAMPAIGN_STATUSES, { error: `status must be one of ${CAMPAIGN_STATUSES.join(", ")}` })
    .default("draft"),
  title: required("Title is required", 255),
  content: required("Content is required", 5000),
  actionText: required("Action text is required", 100),
  actionUrl: optionalUrl(),
  imageUrl: optionalUrl(),
  targetAudience: targetAudienceSchema.default({ userTypes: ["all"], validationThreshold: 0, subscriptionTypes: ["free"] }),
  displayRules: displayRulesSchema.default({
    maxShowsPerUser: 3,
    daysBetweenShows: 7,
    showOnPages: ["/"],
    showAfterAction: null,
    priority: 5,
  }),
  scheduling: schedulingSchema.default({
    startDate: null,
    endDate: null,
    timezone: "UTC",
    activeHours: { start: "00:00", end: "23:59" },
  }),
});
export type MarketingCampaignInput = z.input<typeof marketingCampaignInputSchema>;

export const marketingCampaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  status: z.enum(CAMPAIGN_STATUSES),
  title: z.string(),
  content: z.string(),
  actionText: z.string(),
  actionUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  targetAudience: z.object({
    userTypes: z.array(z.enum(USER_TYPES)),
    validationThreshold: z.number().int(),
    subscriptionTypes: z.array(z.enum(SUBSCRIPTION_TYPES)),
  }),
  displayRules: z.object({
    maxShowsPerUser: z.number().int(),
    daysBetweenShows: z.number().int(),
    showOnPages: z.array(z.string()),
    showAfterAction: z.enum(SHOW_AFTER_ACTIONS).nullable(),
    priority: z.number().int(),
  }),
  scheduling: z.object({
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    timezone: z.string(),
    activeHours: z.object({ start: z.string(), end: z.string() }),
  }),
  /** Push and email campaigns deliver through their manager's row; its id, created with the campaign. */
  pushNotificationId: z.uuid().nullable(),
  emailCampaignId: z.uuid().nullable(),
  /** Displays; for push and email, the linked row's deliveries or sends. */
  impressions: counter,
  clicks: counter,
  conversions: counter,
  ctr,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type MarketingCampaign = z.infer<typeof marketingCampaignSchema>;

// The four managers -----------------------------------------------------------------------------------------------------

const isActive = z.boolean({ error: "isActive must be true or false" }).default(false);
const optionalTime = timestamp.nullish().transform((value) => value ?? null);

export const bannerAdInputSchema = z.object({
  title: required("Title is required", 255),
  content: text().trim().max(1000, "must be at most 1000 characters").default(""),
  imageUrl: optionalUrl(),
  targetUrl: optionalUrl(),
  placement: z.enum(BANNER_PLACEMENTS, { error: `placement must be one of ${BANNER_PLACEMENTS.join(", ")}` })
    .default("header"),
  isActive,
  priority: priority(1),
  startDate: day.nullish().transform((value) => value ?? null),
  endDate: day.nullish().transform((value) => value ?? null),
}).refine((b) => !b.startDate || !b.endDate || b.endDate >= b.startDate, {
  message: "endDate must be on or after startDate",
  path: ["endDate"],
});
export type BannerAdInput = z.input<typeof bannerAdInputSchema>;
export const bannerAdSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  targetUrl: z.string().nullable(),
  placement: z.enum(BANNER_PLACEMENTS),
  isActive: z.boolean(),
  priority: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  impressionCount: counter,
  clickCount: counter,
  ctr,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type BannerAd = z.infer<typeof bannerAdSchema>;

export const popupCampaignInputSchema = z.object({
  title: required("Title is required", 255),
  content: required("Content is required", 2000),
  buttonText: text().trim().min(1, "Button text is required").max(100, "must be at most 100 characters")
    .default("Learn More"),
  buttonUrl: optionalUrl(),
  triggerType: z.enum(POPUP_TRIGGERS, { error: `triggerType must be one of ${POPUP_TRIGGERS.join(", ")}` })
    .default("time_delay"),
  /** Seconds for time_delay (0 to 3600), percent for scroll_percentage (1 to 100), unused for exit_intent. */
  triggerValue: z.coerce.number({ error: "triggerValue must be a number" }).int().min(0).max(3600).default(5),
  isActive,
  displayFrequency: z.enum(POPUP_FREQUENCIES).default("once_per_session"),
  targetAudience: z.enum(POPUP_AUDIENCES).default("all"),
  backgroundColor: hexColor("#ffffff"),
  textColor: hexColor("#000000"),
}).refine((p) => p.triggerType !== "scroll_percentage" || (p.triggerValue >= 1 && p.triggerValue <= 100), {
  message: "triggerValue must be a percentage from 1 to 100",
  path: ["triggerValue"],
});
export type PopupCampaignInput = z.input<typeof popupCampaignInputSchema>;
export const popupCampaignSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  buttonText: z.string(),
  buttonUrl: z.string().nullable(),
  triggerType: z.enum(POPUP_TRIGGERS),
  triggerValue: z.number().int(),
  isActive: z.boolean(),
  displayFrequency: z.enum(POPUP_FREQUENCIES),
  targetAudience: z.enum(POPUP_AUDIENCES),
  backgroundColor: z.string(),
  textColor: z.string(),
  showCount: counter,
  clickCount: counter,
  conversionCount: counter,
  ctr,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type PopupCampaign = z.infer<typeof popupCampaignSchema>;

/** A send in progress or done: the job's id and how far it got (null before the first send). */
export const campaignSendSchema = z.object({
  jobId: z.uuid(),
  status: z.enum(["queued", "running", "completed", "failed"]),
  total: counter,
  processed: counter,
});
export type CampaignSend = z.infer<typeof campaignSendSchema>;

export const pushNotificationInputSchema = z.object({
  title: required("Title is required", 100),
  message: required("Message is required", 500),
  icon: optionalUrl(),
  actionUrl: optionalUrl(),
  targetAudience: z.enum(USER_TYPES, { error: `targetAudience must be one of ${USER_TYPES.join(", ")}` })
    .default("all"),
  isActive,
  scheduledFor: optionalTime,
});
export type PushNotificationInput = z.input<typeof pushNotificationInputSchema>;
export const pushNotificationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  icon: z.string().nullable(),
  actionUrl: z.string().nullable(),
  targetAudience: z.enum(USER_TYPES),
  isActive: z.boolean(),
  scheduledFor: timestamp.nullable(),
  sentAt: timestamp.nullable(),
  deliveredCount: counter,
  clickCount: counter,
  /** By delivered. */
  ctr,
  send: campaignSendSchema.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;

export const EMAIL_CONTENT_MAX = 100_000;
export const emailCampaignInputSchema = z.object({
  name: required("Campaign name is required", 255),
  subject: required("Subject is required", 200),
  content: required("Content is required", EMAIL_CONTENT_MAX),
  templateType: z.enum(EMAIL_TEMPLATES, { error: `templateType must be one of ${EMAIL_TEMPLATES.join(", ")}` })
    .default("custom"),
  targetAudience: z.enum(EMAIL_AUDIENCES, { error: "targetAudience must be all, new or returning" }).default("all"),
  isActive,
  scheduledFor: optionalTime,
});
export type EmailCampaignInput = z.input<typeof emailCampaignInputSchema>;
export const emailCampaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  content: z.string(),
  templateType: z.enum(EMAIL_TEMPLATES),
  targetAudience: z.enum(EMAIL_AUDIENCES),
  isActive: z.boolean(),
  scheduledFor: timestamp.nullable(),
  sentAt: timestamp.nullable(),
  sentCount: counter,
  /** Distinct recipients. */
  openCount: counter,
  clickCount: counter,
  unsubscribeCount: counter,
  /** Opens and clicks per hundred sent, 2 decimals. */
  openRate: z.number().min(0),
  clickRate: z.number().min(0),
  ctr,
  send: campaignSendSchema.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type EmailCampaign = z.infer<typeof emailCampaignSchema>;

/** GET /api/campaigns/{push-notifications|email-campaigns}/{id}/audience: who a send would reach now. */
export const audienceSizeSchema = z.object({ recipients: counter });
/** POST …/{id}/send → 202: the send's job (a repeat while it runs gets the same one). */
export const sendAnswerSchema = z.object({ jobId: z.uuid(), recipients: counter });
/** GET /api/campaigns/email-campaigns/{id}/preview: the message as recipients get it, for a sandboxed iframe. */
export const emailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });

/** Realtime: admins' private topic; the database broadcasts a send's progress on it after each batch. */
export const MARKETING_SENDS_TOPIC = "marketing:sends";
export const SEND_PROGRESS_EVENT = "send_progress";
export const sendProgressEventSchema = campaignSendSchema.extend({
  campaignType: z.enum(["push_notification", "email"]),
  campaignId: z.uuid(),
  sentAt: timestamp.nullable(),
});
export type SendProgressEvent = z.infer<typeof sendProgressEventSchema>;

// CRM affiliates --------------------------------------------------------------------------------------------------------

export const CRM_TYPE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,49}$/;
export const displayConditionsSchema = z.object({
  showAfterBulkValidation: z.boolean().default(true),
  showAfterValidationCount: atLeastOne("showAfterValidationCount", 10),
  maxShowsPerUser: atLeastOne("maxShowsPerUser", 3),
  daysBetweenShows: atLeastOne("daysBetweenShows", 7),
});

/** POST /api/affiliate/admin/settings (admin): saved by crmType; `id`, when given, must keep its stored crmType. */
export const affiliateSettingInputSchema = z.object({
  id: z.uuid().optional(),
  crmType: required("CRM type is required", 50).transform((value) => value.toLowerCase())
    .refine((value) => CRM_TYPE_PATTERN.test(value), "CRM type must be letters, digits, - or _"),
  affiliateUrl: optionalUrl(),
  isActive,
  adTitle: required("Ad title is required", 255),
  adDescription: required("Ad description is required", 1000),
  adButtonText: required("Button text is required", 100).default("Sign Up"),
  adImageUrl: optionalUrl(),
  displayConditions: displayConditionsSchema.default({
    showAfterBulkValidation: true,
    showAfterValidationCount: 10,
    maxShowsPerUser: 3,
    daysBetweenShows: 7,
  }),
});
export type AffiliateSettingInput = z.input<typeof affiliateSettingInputSchema>;
export const affiliateSettingSchema = z.object({
  id: z.uuid(),
  crmType: z.string(),
  affiliateUrl: z.string().nullable(),
  isActive: z.boolean(),
  adTitle: z.string(),
  adDescription: z.string(),
  adButtonText: z.string(),
  adImageUrl: z.string().nullable(),
  displayConditions: z.object({
    showAfterBulkValidation: z.boolean(),
    showAfterValidationCount: z.number().int(),
    maxShowsPerUser: z.number().int(),
    daysBetweenShows: z.number().int(),
  }),
  impressionCount: counter,
  clickCount: counter,
  conversionCount: counter,
  ctr,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AffiliateSetting = z.infer<typeof affiliateSettingSchema>;

// Settings and figures --------------------------------------------------------------------------------------------------

export const AB_TESTING_MESSAGE = "A/B testing is not available yet";
/** GET and PUT /api/marketing/settings (admin): stored in admin_settings and honoured by delivery and sends. */
export const marketingSettingsSchema = z.object({
  marketingEnabled: z.boolean(),
  respectDoNotDisturb: z.boolean(),
  abTesting: z.literal(false, { error: AB_TESTING_MESSAGE }),
  clickTracking: z.boolean(),
  conversionTracking: z.boolean(),
  userSegmentation: z.boolean(),
});
export type MarketingSettings = z.infer<typeof marketingSettingsSchema>;
export const DEFAULT_MARKETING_SETTINGS: MarketingSettings = {
  marketingEnabled: true,
  respectDoNotDisturb: true,
  abTesting: false,
  clickTracking: true,
  conversionTracking: true,
  userSegmentation: false,
};

/** GET /api/marketing/stats (admin): over marketing campaigns, banners, popups, pushes and emails. Impressions are
 * displays, push deliveries and emails sent; revenue is cents of payments converted within the window. */
export const marketingStatsSchema = z.object({
  totalCampaigns: counter,
  activeCampaigns: counter,
  totalImpressions: counter,
  avgClickRate: z.number().min(0),
  totalClicks: counter,
  revenue: counter,
  totalConversions: counter,
});
export type MarketingStats = z.infer<typeof marketingStatsSchema>;

export const campaignPerformanceSchema = z.object({
  campaignType: z.enum(CAMPAIGN_TYPES),
  id: z.uuid(),
  name: z.string(),
  impressions: counter,
  clicks: counter,
  conversions: counter,
  ctr,
});
export const SEGMENTS = ["free", "paid", "new", "returning", "admin", "anonymous"] as const;
/** GET /api/marketing/analytics (admin): the top campaigns, the audience as it is, and (with user segmentation on)
 * events by segment of the visitor at the time of the event. */
export const marketingAnalyticsSchema = z.object({
  campaigns: z.array(campaignPerformanceSchema).max(5),
  audience: z.object({
    freePercent: z.number().min(0).max(100),
    paidPercent: z.number().min(0).max(100),
    newUsers30Days: counter,
    returningPercent: z.number().min(0).max(100),
  }),
  bySegment: z.array(z.object({
    segment: z.enum(SEGMENTS),
    impressions: counter,
    clicks: counter,
    conversions: counter,
    ctr,
  })).nullable(),
});
export type MarketingAnalytics = z.infer<typeof marketingAnalyticsSchema>;

// Delivery to visitors --------------------------------------------------------------------------------------------------

/** GET /api/campaign-delivery?page=&after=&visit= (anyone; X-Session-ID names an anonymous visitor). */
export const deliveryQuerySchema = z.object({
  page: pagePath.default("/"),
  /** Comma-separated actions the visitor did in this visit. */
  after: text().max(200).default("").transform((value) => value.split(",").map((a) => a.trim()).filter(Boolean))
    .pipe(z.array(z.enum(VISITOR_ACTIONS, { error: `after must list ${VISITOR_ACTIONS.join(", ")}` }))),
  /** The SPA's visit id, renewed after VISIT_IDLE_MINUTES idle: once-per-session popups key on it. */
  visit: text().regex(/^[A-Za-z0-9_-]{8,64}$/, "visit must be 8 to 64 letters, digits, - or _").optional(),
});

const deliveredBase = {
  campaignId: z.uuid(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  actionText: z.string().nullable(),
  /** The API path of the click redirect (records the click, then 302s to the stored link); null without a link. */
  clickUrl: z.string().nullable(),
  priority: z.number().int(),
};
export const deliveredBannerSchema = z.object({
  campaignType: z.literal("banner"),
  ...deliveredBase,
  placement: z.enum(BANNER_PLACEMENTS),
});
export const deliveredPopupSchema = z.object({
  campaignType: z.literal("popup"),
  ...deliveredBase,
  trigger: z.object({ type: z.enum(POPUP_TRIGGERS), value: z.number().int() }),
  frequency: z.enum(POPUP_FREQUENCIES),
  backgroundColor: z.string(),
  textColor: z.string(),
});
export const deliveredMessageSchema = z.object({ campaignType: z.literal("in_app_message"), ...deliveredBase });
export const deliveredAffiliateAdSchema = z.object({
  campaignType: z.literal("affiliate_ad"),
  ...deliveredBase,
  /** Set for a CRM partner's ad; null for a marketing campaign of type affiliate_ad. */
  crmType: z.string().nullable(),
});
export const deliveryAnswerSchema = z.object({
  banners: z.array(deliveredBannerSchema),
  popup: deliveredPopupSchema.nullable(),
  inAppMessages: z.array(deliveredMessageSchema),
  affiliateAd: deliveredAffiliateAdSchema.nullable(),
});
export type DeliveryAnswer = z.infer<typeof deliveryAnswerSchema>;
export type DeliveredBanner = z.infer<typeof deliveredBannerSchema>;
export type DeliveredPopup = z.infer<typeof deliveredPopupSchema>;
export type DeliveredMessage = z.infer<typeof deliveredMessageSchema>;
export type DeliveredAffiliateAd = z.infer<typeof deliveredAffiliateAdSchema>;
/** GET /api/marketing/preview/{campaignType}/{id} (admin): one campaign as a visitor would get it, for its real slot. */
export const deliveredItemSchema = z.discriminatedUnion("campaignType", [
  deliveredBannerSchema,
  deliveredPopupSchema,
  deliveredMessageSchema,
  deliveredAffiliateAdSchema,
]);
export type DeliveredItem = z.infer<typeof deliveredItemSchema>;
export const EMPTY_DELIVERY: DeliveryAnswer = { banners: [], popup: null, inAppMessages: [], affiliateAd: null };

/** POST /api/campaign-delivery/events (anyone) → 204. Limited per visitor (429). */
export const campaignEventSchema = z.object({
  campaignType: z.enum(DELIVERED_TYPES, { error: `campaignType must be one of ${DELIVERED_TYPES.join(", ")}` }),
  campaignId: z.uuid({ error: "campaignId must be a campaign id" }),
  eventType: z.enum(REPORTED_EVENT_TYPES, { error: "eventType must be impression, dismiss or conversion" }),
  page: pagePath.optional(),
  visit: text().regex(/^[A-Za-z0-9_-]{8,64}$/, "visit must be 8 to 64 letters, digits, - or _").optional(),
});
export type CampaignEvent = z.infer<typeof campaignEventSchema>;

// Notifications ---------------------------------------------------------------------------------------------------------

export const notificationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  /** Where the notification leads: the push's click redirect path, or null. */
  url: z.string().nullable(),
  icon: z.string().nullable(),
  createdAt: timestamp,
  readAt: timestamp.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
/** GET /api/notifications?before=: the page of notifications older than `before`. */
export const notificationsQuerySchema = z.object({
  before: timestamp.optional(),
});
/** GET /api/notifications?before= (signed in): newest first, 20 a page. */
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: counter,
  /** Pass as ?before= for the next page; null on the last. */
  nextBefore: timestamp.nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
/** Broadcast on the owner's private user:{userId} topic when a push reaches their inbox. */
export const NOTIFICATION_EVENT = "notification";
export const notificationEventSchema = notificationSchema;

// POST /api/notifications/{id}/delivered (the app got it live), /{id}/read and /read-all (signed in) → 204.

/** GET /api/notifications/push-config (anyone): the VAPID public key browsers subscribe with; null when not set up. */
export const pushConfigSchema = z.object({ vapidPublicKey: z.string().nullable() });
/** POST /api/notifications/push-subscriptions (signed in) → 201: a browser's PushSubscription.toJSON(). */
export const pushSubscriptionInputSchema = z.object({
  // Browsers' push services are https; devstack's fake is plain http on loopback. The server keeps only endpoints on
  // the push services of PUSH_SERVICE_HOSTS, which names the scheme of any http one.
  endpoint: text({ error: "endpoint is required" }).max(1000).url("endpoint must be an http(s) URL")
    .refine((value) => /^https?:\/\//.test(value), "endpoint must be an http(s) URL"),
  keys: z.object({
    p256dh: text().regex(/^[A-Za-z0-9_-]{80,100}$/, "keys.p256dh must be a base64url P-256 key"),
    auth: text().regex(/^[A-Za-z0-9_-]{16,32}$/, "keys.auth must be a base64url secret"),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;
/** DELETE /api/notifications/push-subscriptions (signed in) → 204. */
export const pushUnsubscribeSchema = z.object({ endpoint: text({ error: "endpoint is required" }).max(1000) });

/** GET and PUT /api/notifications/email-subscription (signed in): marketing emails on or off. Only the owner turns
 * them back on after an unsubscribe. */
/** GET /api/email/unsubscribe/{token} (no sign-in): whether the link names a recipient, and whether they already left
 * (POST to it unsubscribes). */
export const unsubscribeLinkSchema = z.object({ valid: z.boolean(), unsubscribed: z.boolean() });

export const emailSubscriptionSchema = z.object({ subscribed: z.boolean({ error: "subscribed must be true or false" }) });
