// The admin dashboard's contract shared by the api function (Deno) and the SPA (Vite): platform figures, users and
// their credits, throttles and suspensions, the audit and activity logs, payments, payment providers, reports, exports
// and the domain knowledge. Money is always whole cents; times are ISO strings in UTC.
import { z } from "zod";
import { adminPaymentsFilterSchema } from "../contracts/billing.ts";
import { pageParameters } from "../contracts/paging.ts";
import { text } from "../contracts/text.ts";

const timestamp = z.iso.datetime({ offset: true });
const day = z.iso.date();

// Timeframes -----------------------------------------------------------------------------------------------------------

/** The overview's timeframes. Every window is whole UTC days; see timeframe-windows.ts for each one's edges. */
export const TIMEFRAMES = [
  "today",
  "yesterday",
  "last7days",
  "last14days",
  "last30days",
  "monthtodate",
  "lastquarter",
  "yeartodate",
  "lastyear",
] as const;
export const timeframeSchema = z.enum(TIMEFRAMES, { error: `timeframe must be one of ${TIMEFRAMES.join(", ")}` });
export type Timeframe = z.infer<typeof timeframeSchema>;

/** The platform analytics page's timeframes; 7days and 30days are the overview's last7days and last30days. */
export const TEMP_ADMIN_TIMEFRAMES = ["today", "7days", "30days", "90days"] as const;
export const tempAdminTimeframeSchema = z.enum(TEMP_ADMIN_TIMEFRAMES, {
  error: `timeframe must be one of ${TEMP_ADMIN_TIMEFRAMES.join(", ")}`,
});
export type TempAdminTimeframe = z.infer<typeof tempAdminTimeframeSchema>;

/** How often the screens refetch the figures. */
export const PLATFORM_STATS_REFETCH_MS = 60_000;
export const LIFETIME_STATS_REFETCH_MS = 5 * 60_000;

/** GET /api/admin/platform-stats query (timeframe defaults to today). */
export const platformStatsQuerySchema = z.object({ timeframe: timeframeSchema.default("today") });
/** GET /api/temp-admin-stats query. */
export const tempAdminStatsQuerySchema = z.object({ timeframe: tempAdminTimeframeSchema.default("today") });

/** [from, to): whole UTC days, `to` exclusive. */
export const statsWindowSchema = z.object({ from: day, to: day });
export type StatsWindow = z.infer<typeof statsWindowSchema>;

/** The platform figures of one window; definitions live beside the SQL (private.admin_platform_stats). */
export const platformFiguresSchema = z.object({
  /** Registered accounts at the window's end. */
  totalUsers: z.number().int().min(0),
  /** Accounts with a validation, an exploration or a sign-in in the window. */
  activeUsers: z.number().int().min(0),
  /** Addresses validated in the window: single, bulk rows and API. */
  totalValidations: z.number().int().min(0),
  /** Addresses validated in the calendar month the window ends in, up to its end. */
  monthlyValidations: z.number().int().min(0),
  /** Cents from completed or verified payments made in the window. */
  totalRevenue: z.number().int().min(0),
  monthlyRevenue: z.number().int().min(0),
  /** Saved contacts at the window's end. */
  totalContacts: z.number().int().min(0),
  /** Contact lists not deleted, at the window's end. */
  totalContactLists: z.number().int().min(0),
  /** Soft-deleted contact lists at the window's end. */
  deletedContactLists: z.number().int().min(0),
});
export type PlatformFigures = z.infer<typeof platformFiguresSchema>;

export const platformSeriesSchema = z.object({
  validationsPerDay: z.array(z.object({ day, count: z.number().int().min(0) })),
  signupsPerDay: z.array(z.object({ day, count: z.number().int().min(0) })),
  revenuePerMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), cents: z.number().int().min(0) })),
});
export type PlatformSeries = z.infer<typeof platformSeriesSchema>;

/** GET /api/admin/platform-stats: the window's figures, the previous equal window's for the trend, and the charts. */
export const platformStatsSchema = platformFiguresSchema.extend({
  timeframe: timeframeSchema,
  window: statsWindowSchema,
  previous: platformFiguresSchema.extend({ window: statsWindowSchema }),
  series: platformSeriesSchema,
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

/** GET /api/temp-admin-stats: the same figures by the same SQL, for the analytics page's timeframes. */
export const tempAdminStatsSchema = platformFiguresSchema.extend({
  timeframe: tempAdminTimeframeSchema,
  window: statsWindowSchema,
  previous: platformFiguresSchema.extend({ window: statsWindowSchema }),
});
export type TempAdminStats = z.infer<typeof tempAdminStatsSchema>;

/** GET /api/admin/lifetime-stats. */
export const lifetimeStatsSchema = z.object({
  totalValidations: z.number().int().min(0),
  /** Registered accounts plus anonymous sessions. */
  totalAllUsers: z.number().int().min(0),
  totalRegisteredUsers: z.number().int().min(0),
  totalContacts: z.number().int().min(0),
  /** Cents. */
  totalRevenue: z.number().int().min(0),
  averageValidationsPerUser: z.number().min(0),
  /** Cents per registered user. */
  averageRevenuePerUser: z.number().min(0),
  /** Percent; null until a monthly cost is set, or while there is no revenue. */
  profitMargin: z.number().nullable(),
  totalContactLists: z.number().int().min(0),
  /** The running cost per month the admin set, in cents; null until set. */
  monthlyCostCents: z.number().int().min(0).nullable(),
});
export type LifetimeStats = z.infer<typeof lifetimeStatsSchema>;

/** PUT /api/admin/settings/monthly-cost: what running the platform costs per month, for the profit margin. */
export const MONTHLY_COST_MAX_CENTS = 100_000_000_00;
export const monthlyCostRequestSchema = z.object({
  monthlyCostCents: z
    .number({ error: "monthlyCostCents must be a number of cents or null" })
    .int("monthlyCostCents must be whole cents")
    .min(0, "monthlyCostCents must be 0 or more")
    .max(MONTHLY_COST_MAX_CENTS, `monthlyCostCents must be at most ${MONTHLY_COST_MAX_CENTS}`)
    .nullable(),
});
export type MonthlyCostRequest = z.infer<typeof monthlyCostRequestSchema>;

// Users ------------------------------------------------------------------------------------------------------------------

export const PLANS = ["free", "starter", "professional", "business"] as const;
export const planSchema = z.enum(PLANS, { error: `plan must be one of ${PLANS.join(", ")}` });
export type Plan = z.infer<typeof planSchema>;

export const USER_FILTERS = ["admin", "throttled", "suspended"] as const;
export const USER_SORTS = ["createdAt", "email", "lastActiveAt", "validationCount"] as const;
export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_USERS_PAGE_MAX = 100;

/** GET /api/admin/users query. With no parameters: the newest users' first page. */
export const adminUsersQuerySchema = z.object({
  /** A part of the email address or the username, in any case. */
  search: text({ error: "search must be text" }).trim().max(200, "search must be at most 200 characters").optional(),
  filter: z.enum(USER_FILTERS, { error: `filter must be one of ${USER_FILTERS.join(", ")}` }).optional(),
  plan: planSchema.optional(),
  sort: z.enum(USER_SORTS, { error: `sort must be one of ${USER_SORTS.join(", ")}` }).default("createdAt"),
  order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).default("desc"),
  ...pageParameters(ADMIN_USERS_PAGE_SIZE, ADMIN_USERS_PAGE_MAX),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

/** A user as the admin sees them: who, how much they use, what they may still spend, and any limits on them. */
export const adminUserRowSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  plan: z.string(),
  validationCount: z.number().int().min(0),
  contactCount: z.number().int().min(0),
  createdAt: timestamp,
  lastActiveAt: timestamp.nullable(),
  balances: z.object({
    freeValidationsUsed: z.number().int().min(0),
    grantedCredits: z.number().int().min(0),
    paidCredits: z.number().int().min(0),
  }),
  throttle: z.object({
    throttleEnabled: z.boolean(),
    maxRequestsPerMinute: z.number().int().min(0),
    currentThrottleLevel: z.number().int().min(0).max(100),
  }),
  suspendedUntil: timestamp.nullable(),
  suspensionReason: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const GRANT_TYPES = ["bonus", "compensation", "promotional", "trial_extension"] as const;
export const grantTypeSchema = z.enum(GRANT_TYPES, { error: `grantType must be one of ${GRANT_TYPES.join(", ")}` });
export type GrantType = z.infer<typeof grantTypeSchema>;

export const creditGrantSchema = z.object({
  id: z.number().int(),
  userId: z.uuid(),
  userEmail: z.string().nullable(),
  grantedBy: z.uuid().nullable(),
  grantedByEmail: z.string().nullable(),
  amount: z.number().int().min(1),
  creditsUsed: z.number().int().min(0),
  grantType: grantTypeSchema,
  reason: z.string(),
  expiresAt: timestamp.nullable(),
  isActive: z.boolean(),
  revokedAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type CreditGrant = z.infer<typeof creditGrantSchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  userId: z.uuid().nullable(),
  userEmail: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  endpoint: z.string(),
  requestCount: z.number().int().min(0),
  timeWindow: timestamp,
  isAnomalous: z.boolean(),
  anomalyReason: z.enum(["burst", "failed_sign_ins", "many_sessions"]).nullable(),
  createdAt: timestamp,
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /api/admin/users/{id}: the user drawer. */
export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema,
  usage: z.object({
    validationsThisMonth: z.number().int().min(0),
    validationsTotal: z.number().int().min(0),
    bulkJobs: z.number().int().min(0),
    ticketsOpen: z.number().int().min(0),
  }),
  grants: z.array(creditGrantSchema),
  recentActivity: z.array(activityEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** PATCH /api/admin/users/{id}: make or revoke admin. */
export const adminFlagRequestSchema = z.object({
  isAdmin: z.boolean({ error: "isAdmin must be true or false" }),
});
export type AdminFlagRequest = z.infer<typeof adminFlagRequestSchema>;

export const GRANT_MAX_CREDITS = 1_000_000;
export const REASON_MAX_LENGTH = 500;

function requiredReason() {
  return text({ error: "Reason is required" })
    .trim()
    .min(1, "Reason is required")
    .max(REASON_MAX_LENGTH, `Reason must be at most ${REASON_MAX_LENGTH} characters`);
}

/** A moment that must lie ahead (checked against the clock when parsed; the database checks again). */
function futureTimestamp(label: string) {
  return timestamp.refine((value) => Date.parse(value) > Date.now(), `${label} must be in the future`);
}

/** POST /api/admin/users/{id}/credits. */
export const grantCreditsRequestSchema = z.object({
  amount: z
    .number({ error: "Amount must be a number" })
    .int("Amount must be a whole number of credits")
    .min(1, "Amount must be at least 1")
    .max(GRANT_MAX_CREDITS, `Amount must be at most ${GRANT_MAX_CREDITS.toLocaleString("en")}`),
  grantType: grantTypeSchema,
  reason: requiredReason(),
  expiresAt: futureTimestamp("expiresAt").optional(),
});
export type GrantCreditsRequest = z.input<typeof grantCreditsRequestSchema>;

/** GET /api/admin/credit-grants query: newest first, optionally one user's. */
export const creditGrantsQuerySchema = z.object({
  userId: z.uuid({ error: "userId must be a user id" }).optional(),
  cursor: z.coerce.number({ error: "cursor must be a number" }).int().min(1).optional(),
});
export const creditGrantsPageSchema = z.object({
  grants: z.array(creditGrantSchema),
  nextCursor: z.number().int().nullable(),
});
export type CreditGrantsPage = z.infer<typeof creditGrantsPageSchema>;

/** The request limit a throttle applies to, when it is switched on without one. */
export const DEFAULT_MAX_REQUESTS_PER_MINUTE = 10;
export const MAX_REQUESTS_PER_MINUTE_LIMIT = 10_000;

/** PATCH /api/admin/users/{id}/throttle. The user may make maxRequestsPerMinute × level / 100 requests a minute. */
export const throttleRequestSchema = z.object({
  throttleEnabled: z.boolean({ error: "throttleEnabled must be true or false" }),
  maxRequestsPerMinute: z
    .number({ error: "maxRequestsPerMinute must be a number" })
    .int("maxRequestsPerMinute must be a whole number")
    .min(0, "maxRequestsPerMinute must be 0 or more")
    .max(MAX_REQUESTS_PER_MINUTE_LIMIT, `maxRequestsPerMinute must be at most ${MAX_REQUESTS_PER_MINUTE_LIMIT}`),
  currentThrottleLevel: z
    .number({ error: "Throttle level must be a number" })
    .int("Throttle level must be a whole number")
    .min(0, "Throttle level must be between 0 and 100")
    .max(100, "Throttle level must be between 0 and 100"),
});
export type ThrottleRequest = z.infer<typeof throttleRequestSchema>;

/** POST /api/admin/users/{id}/suspension. */
export const suspensionRequestSchema = z.object({
  until: futureTimestamp("until"),
  reason: requiredReason(),
});
export type SuspensionRequest = z.infer<typeof suspensionRequestSchema>;

/** Answer of every action on a user: the user as they are now. */
export const adminUserAnswerSchema = z.object({ user: adminUserRowSchema });

// Logs -------------------------------------------------------------------------------------------------------------------

/** GET /api/admin/audit-log and /api/admin/activity query: keyset pages, newest first. */
export const logQuerySchema = z.object({
  cursor: z.coerce.number({ error: "cursor must be a number" }).int().min(1).optional(),
  /** Activity only: just the anomalies. */
  anomalous: z.enum(["true", "false"], { error: "anomalous must be true or false" }).optional(),
});
export const LOG_PAGE_SIZE = 50;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: timestamp,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  nextCursor: z.number().int().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

// Payments ---------------------------------------------------------------------------------------------------------------

export const PAYMENT_STATUSES = ["pending", "completed", "verified", "failed", "refunded"] as const;
export const PAYMENT_METHODS = ["stripe", "paypal", "venmo", "cashapp", "crypto", "admin"] as const;
/** The finances tab's first glance. */
export const RECENT_PAYMENTS = 10;

/** GET /api/admin/payments?status=&refundRequested=true&page=&pageSize=: status pending is the verification queue. */
export const paymentsQuerySchema = z.object({ ...pageParameters(RECENT_PAYMENTS, 100), ...adminPaymentsFilterSchema.shape });

export const adminPaymentSchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  userEmail: z.string().nullable(),
  /** Cents. */
  amount: z.number().int().min(0),
  credits: z.number().int().min(0),
  paymentMethod: z.string(),
  status: z.string(),
  createdAt: timestamp,
  verifiedAt: timestamp.nullable(),
  /** The catalogue item bought; null for payments older than the catalogue. */
  itemId: z.string().nullable(),
  kind: z.enum(["credits", "subscription"]),
  /** The buyer's transaction id for a manual payment; the provider's id otherwise. */
  reference: z.string().nullable(),
  discountCents: z.number().int().min(0),
  /** When it was paid (completed) or verified. */
  paidAt: timestamp.nullable(),
  rejectionReason: z.string().nullable(),
  refundRequestedAt: timestamp.nullable(),
  refundRequestReason: z.string().nullable(),
  refundedAt: timestamp.nullable(),
  /** Credits taken back by the refund: what was still unused of those it granted. */
  creditsClawedBack: z.number().int().min(0),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentsPageSchema = z.object({
  payments: z.array(adminPaymentSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPageSchema>;

// Payment providers ------------------------------------------------------------------------------------------------------

export const PAYMENT_PROVIDERS = ["stripe", "paypal", "venmo", "cashapp", "crypto"] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS, {
  error: `provider must be one of ${PAYMENT_PROVIDERS.join(", ")}`,
});
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** What the screens call each provider (the save failure toast names it). */
export const PAYMENT_PROVIDER_LABELS: Record<PaymentProvider, string> = {
  stripe: "Stripe",
  paypal: "PayPal",
  venmo: "Venmo",
  cashapp: "Cash App",
  crypto: "cryptocurrency",
};

function credential(label: string, pattern: RegExp, shape: string) {
  return text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(255, `${label} must be at most 255 characters`)
    .regex(pattern, `${label} must be ${shape}`);
}

const stripeCredentialsSchema = z.object({
  publishableKey: credential("Publishable key", /^pk_(test|live)_[A-Za-z0-9]{8,}$/, "a Stripe publishable key (pk_...)"),
  secretKey: credential("Secret key", /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, "a Stripe secret key (sk_... or rk_...)"),
  // Optional on save so keys can be set before the webhook exists; Stripe's webhooks are refused until it is set.
  webhookSecret: credential("Webhook signing secret", /^whsec_[A-Za-z0-9+/=_-]{8,}$/, "a Stripe webhook signing secret (whsec_...)")
    .optional(),
});
const paypalCredentialsSchema = z.object({
  clientId: credential("Client ID", /^[A-Za-z0-9_-]{10,}$/, "a PayPal client ID"),
  clientSecret: credential("Client secret", /^[A-Za-z0-9_-]{10,}$/, "a PayPal client secret"),
});
const venmoCredentialsSchema = z.object({
  username: credential("Venmo username", /^@?[A-Za-z0-9_-]{5,30}$/, "5 to 30 letters, digits, - or _"),
});
const cashappCredentialsSchema = z.object({
  username: credential("Cash App $Cashtag", /^\$?(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{1,20}$/, "a $Cashtag of 1 to 20 letters and digits"),
});
const BITCOIN_ADDRESS = /^(?:[13][a-km-zA-HJ-NP-Z1-9]{25,34}|bc1[02-9ac-hj-np-z]{11,71})$/;
const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const cryptoCredentialsSchema = z
  .object({
    bitcoinAddress: credential("Bitcoin address", BITCOIN_ADDRESS, "a bitcoin address (1..., 3... or bc1...)").optional(),
    ethereumAddress: credential("Ethereum address", ETHEREUM_ADDRESS, "an ethereum address (0x and 40 hex digits)")
      .optional(),
  })
  .refine((value) => value.bitcoinAddress || value.ethereumAddress, "At least one address is required");

/** POST /api/payment-config/{provider}: the provider's credentials (all replaced), and whether it is offered. */
export const paymentConfigRequestSchemas = {
  stripe: stripeCredentialsSchema,
  paypal: paypalCredentialsSchema,
  venmo: venmoCredentialsSchema,
  cashapp: cashappCredentialsSchema,
  crypto: cryptoCredentialsSchema,
} satisfies Record<PaymentProvider, z.ZodType>;
export const paymentConfigActiveSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
});

/** The credential fields of each provider, in the order the form shows them. */
export const PAYMENT_CREDENTIAL_FIELDS: Record<PaymentProvider, readonly string[]> = {
  stripe: ["publishableKey", "secretKey", "webhookSecret"],
  paypal: ["clientId", "clientSecret"],
  venmo: ["username"],
  cashapp: ["username"],
  crypto: ["bitcoinAddress", "ethereumAddress"],
};

/**
 * A provider as GET /api/payment-config lists it: never a secret, only which fields are set and their last four
 * characters ("••••1a2b"), or null when unset.
 */
export const maskedPaymentConfigSchema = z.object({
  provider: paymentProviderSchema,
  credentials: z.record(z.string(), z.string().nullable()),
  isActive: z.boolean(),
  /** Null while the provider has never been configured. */
  updatedAt: timestamp.nullable(),
});
export type MaskedPaymentConfig = z.infer<typeof maskedPaymentConfigSchema>;
export const maskedPaymentConfigListSchema = z.array(maskedPaymentConfigSchema);

/** POST /api/admin/payment-config/reseal: credentials sealed under an older key, sealed again under the current one. */
export const resealAnswerSchema = z.object({ resealed: z.number().int().min(0) });

// Reports ----------------------------------------------------------------------------------------------------------------

export const REPORT_TYPES = ["monthly", "yearly"] as const;
/** The longest span each report covers, in days: a month broken down by day, a year by month. */
export const REPORT_MAX_DAYS = { monthly: 31, yearly: 366 } as const;

/** POST /api/admin/generate-report. Dates are UTC days, both included. */
export const reportRequestSchema = z
  .object({
    reportType: z.enum(REPORT_TYPES, { error: "reportType must be monthly or yearly" }),
    startDate: z.iso.date({ error: "startDate must be a date (YYYY-MM-DD)" }),
    endDate: z.iso.date({ error: "endDate must be a date (YYYY-MM-DD)" }),
  })
  .refine((value) => value.startDate <= value.endDate, { message: "endDate must not be before startDate", path: ["endDate"] })
  .refine(
    (value) => daysBetween(value.startDate, value.endDate) + 1 <= REPORT_MAX_DAYS[value.reportType],
    {
      message: `A monthly report covers at most ${REPORT_MAX_DAYS.monthly} days and a yearly one ${REPORT_MAX_DAYS.yearly}`,
      path: ["endDate"],
    },
  );
export type ReportRequest = z.infer<typeof reportRequestSchema>;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const reportFiguresSchema = z.object({
  revenueCents: z.number().int().min(0),
  payments: z.number().int().min(0),
  newUsers: z.number().int().min(0),
  validations: z.number().int().min(0),
  creditsGranted: z.number().int().min(0),
});

/** The financial report; `type` is "financial" (the screens check it). */
export const financialReportSchema = z.object({
  type: z.literal("financial"),
  reportType: z.enum(REPORT_TYPES),
  startDate: day,
  endDate: day,
  /** A day (YYYY-MM-DD) in a monthly report, a month (YYYY-MM) in a yearly one. */
  periods: z.array(reportFiguresSchema.extend({ period: z.string() })),
  byPaymentMethod: z.array(z.object({ method: z.string(), revenueCents: z.number().int().min(0), payments: z.number().int().min(0) })),
  totals: reportFiguresSchema,
});
export type FinancialReport = z.infer<typeof financialReportSchema>;

// Exports ----------------------------------------------------------------------------------------------------------------

/** One database export a minute per admin: it reads every table. */
export const DATABASE_EXPORT_EVERY_SECONDS = 60;

/** The database export's first key. */
export const exportManifestSchema = z.object({
  exportedAt: timestamp,
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0) })),
});
export type ExportManifest = z.infer<typeof exportManifestSchema>;

/** The users CSV's columns, in order. */
export const USER_EXPORT_COLUMNS = [
  "id",
  "username",
  "email",
  "firstName",
  "lastName",
  "isAdmin",
  "plan",
  "validationCount",
  "contactCount",
  "freeValidationsUsed",
  "grantedCredits",
  "paidCredits",
  "throttleEnabled",
  "suspendedUntil",
  "createdAt",
  "lastActiveAt",
] as const;

// Domains ----------------------------------------------------------------------------------------------------------------

/** What DNS said of a domain as a mail destination (the mail domain cache's kinds). */
export const DNS_VERDICTS = [
  "mx",
  "mx_host_unresolved",
  "mx_private_address",
  "null_mx",
  "implicit",
  "no_mail_server",
  "not_found",
] as const;

/** GET /api/admin/domains query: a part of the domain name; keyset pages in domain order. */
export const adminDomainsQuerySchema = z.object({
  search: text({ error: "search must be text" }).trim().toLowerCase().max(253, "search must be at most 253 characters")
    .optional(),
  cursor: text({ error: "cursor must be text" }).max(253).optional(),
});
export const ADMIN_DOMAINS_PAGE_SIZE = 50;

export const adminDomainSchema = z.object({
  domain: z.string(),
  dnsVerdict: z.enum(DNS_VERDICTS).nullable(),
  dnsExpiresAt: timestamp.nullable(),
  exploredAt: timestamp.nullable(),
  partial: z.boolean(),
  discoveredEmails: z.number().int().min(0),
});
export type AdminDomain = z.infer<typeof adminDomainSchema>;

export const adminDomainsPageSchema = z.object({
  domains: z.array(adminDomainSchema),
  nextCursor: z.string().nullable(),
  /** Cached DNS answers per verdict, and how many domains were explored. */
  counts: z.object({ byVerdict: z.record(z.string(), z.number().int().min(0)), explored: z.number().int().min(0) }),
});
export type AdminDomainsPage = z.infer<typeof adminDomainsPageSchema>;

/** DELETE /api/admin/domains/{domain}: what was purged. */
export const purgeAnswerSchema = z.object({
  domain: z.string(),
  explorations: z.number().int().min(0),
  discoveredEmails: z.number().int().min(0),
  dnsAnswers: z.number().int().min(0),
  validations: z.number().int().min(0),
});
export type PurgeAnswer = z.infer<typeof purgeAnswerSchema>;

/** POST /api/admin/domains/{domain}/explore: the fresh exploration's outline. */
export const reexploreAnswerSchema = z.object({
  domain: z.string(),
  exploredAt: timestamp,
  partial: z.boolean(),
  discoveredEmails: z.number().int().min(0),
});
export type ReexploreAnswer = z.infer<typeof reexploreAnswerSchema>;
