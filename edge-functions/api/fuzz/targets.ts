// Every /api route (edge-functions/api/app.ts and routes/) and the seo-pages function's paths, with the contract schema its body or query is checked
// against, what its path parameters can be, and how many fuzzed requests it gets. The runs add up to well over the
// 2,000 requests the layer promises; the routes that hash passwords (register, login) get fewer, being slow on purpose.
import fc from "fast-check";
import { z } from "zod";
import {
  adminDomainsQuerySchema,
  adminFlagRequestSchema,
  adminUsersQuerySchema,
  creditGrantsQuerySchema,
  grantCreditsRequestSchema,
  logQuerySchema,
  monthlyCostRequestSchema,
  paymentConfigRequestSchemas,
  paymentsQuerySchema,
  platformStatsQuerySchema,
  reportRequestSchema,
  suspensionRequestSchema,
  tempAdminStatsQuerySchema,
  throttleRequestSchema,
} from "../../_shared/contracts/admin.ts";
import { updateUsageRequestSchema } from "../../_shared/contracts/anonymous.ts";
import {
  adminApiKeysQuerySchema,
  adminRateLimitRequestSchema,
  apiKeyUsageQuerySchema,
  createApiKeyRequestSchema,
  renameApiKeyRequestSchema,
  rotateApiKeyRequestSchema,
  webhookDeliveriesQuerySchema,
} from "../../_shared/contracts/api-keys.ts";
import { updateSystemPopupRequestSchema } from "../../_shared/contracts/popups.ts";
import { loginRequestSchema, registerRequestSchema, updateProfileRequestSchema } from "../../_shared/contracts/auth.ts";
import {
  checkoutRequestSchema,
  deleteAccountRequestSchema,
  manualInstructionsQuerySchema,
  manualPaymentRequestSchema,
  paymentsQuerySchema as accountPaymentsQuerySchema,
  paypalCaptureRequestSchema,
  refundRequestSchema,
  rejectPaymentRequestSchema,
  usageHistoryQuerySchema,
} from "../../_shared/contracts/billing.ts";
import { bulkPartRequestSchema, startBulkValidationRequestSchema } from "../../_shared/contracts/bulk-validation.ts";
import {
  contactsQuerySchema,
  createContactListRequestSchema,
  createContactRequestSchema,
  importContactsRequestSchema,
  updateContactListRequestSchema,
  updateContactRequestSchema,
} from "../../_shared/contracts/contacts.ts";
import {
  duplicateGroupsQuerySchema,
  mergeRequestSchema,
  mergesQuerySchema,
  updateDuplicateRecordRequestSchema,
} from "../../_shared/contracts/duplicates.ts";
import { scrapeDomainRequestSchema } from "../../_shared/contracts/explorations.ts";
import {
  bulkSyncRequestSchema,
  connectRequestSchema,
  syncCandidatesQuerySchema,
  syncContactRequestSchema,
  syncRunsQuerySchema,
} from "../../_shared/contracts/crm.ts";
import {
  campaignEventSchema,
  deliveryQuerySchema,
  emailSubscriptionSchema,
  notificationsQuerySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeSchema,
} from "../../_shared/contracts/marketing.ts";
import {
  adminTicketQuerySchema,
  createTicketRequestSchema,
  markTicketReadRequestSchema,
  ticketMessageRequestSchema,
  updateTicketRequestSchema,
} from "../../_shared/contracts/support.ts";
import {
  adminKeywordsQuerySchema,
  adminPagesQuerySchema,
  generateBulkSchema,
  newKeywordTargetSchema,
  removalConfirmationSchema,
  removalDecisionSchema,
  removalListQuerySchema,
  removalRequestSchema,
  SEO_PAGE_TYPES,
  updateSeoPageSchema,
} from "../../_shared/contracts/seo.ts";
import { validateEmailRequestSchema } from "../../_shared/contracts/validation.ts";
import {
  jobStatusQuerySchema,
  resultsQuerySchema,
  validateBulkRequestSchema,
} from "../../_shared/contracts/integrations.ts";
import {
  affiliateSettingInputSchema,
  bannerAdInputSchema,
  emailCampaignInputSchema,
  marketingCampaignInputSchema,
  marketingSettingsSchema,
  popupCampaignInputSchema,
  pushNotificationInputSchema,
} from "../../_shared/contracts/marketing.ts";
import {
  type Caller,
  CALLERS,
  contentTypes,
  extraHeaders,
  type FuzzRequest,
  garbageBody,
  nastySegment,
  oddMethods,
  oddPaths,
  percentEncode,
  withinHeaderBudget,
} from "./requests.ts";
import type { World } from "./world.ts";
import { arbitraryOf, nastyString, wrongType } from "./zod-arbitrary.ts";

/**
 * The report's fields without its rules between them (dates in order, a span the type allows): random dates almost
 * never meet those, so the fuzzer derives its bodies from the fields and the route's full schema does the refusing.
 */
const reportRequestFields = z.object(reportRequestSchema.shape);

/** The fields webhooks read, for bodies close enough to an event to get past a first glance. */
const stripeEventFields = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.object({ id: z.string() }) }) });
const paypalEventFields = z.object({ id: z.string(), event_type: z.string(), resource: z.object({ id: z.string() }) });

/** Zoho's redirect back: what its query may carry (the route reads it without a schema, and always redirects). */
const zohoCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  "accounts-server": z.string().optional(),
  location: z.string().optional(),
});

/** The contract schemas the routes check their bodies and queries against, which the fuzzed requests derive from. */
export const REQUEST_CONTRACTS: Record<string, z.ZodType> = {
  registerRequestSchema,
  loginRequestSchema,
  validateEmailRequestSchema,
  scrapeDomainRequestSchema,
  updateUsageRequestSchema,
  contactsQuerySchema,
  createContactRequestSchema,
  updateContactRequestSchema,
  importContactsRequestSchema,
  createContactListRequestSchema,
  updateContactListRequestSchema,
  startBulkValidationRequestSchema,
  bulkPartRequestSchema,
  createTicketRequestSchema,
  ticketMessageRequestSchema,
  updateTicketRequestSchema,
  markTicketReadRequestSchema,
  adminTicketQuerySchema,
  platformStatsQuerySchema,
  tempAdminStatsQuerySchema,
  monthlyCostRequestSchema,
  adminUsersQuerySchema,
  adminFlagRequestSchema,
  grantCreditsRequestSchema,
  throttleRequestSchema,
  suspensionRequestSchema,
  creditGrantsQuerySchema,
  logQuerySchema,
  paymentsQuerySchema,
  reportRequestFields,
  adminDomainsQuerySchema,
  usageHistoryQuerySchema,
  updateProfileRequestSchema,
  deleteAccountRequestSchema,
  checkoutRequestSchema,
  paypalCaptureRequestSchema,
  manualInstructionsQuerySchema,
  manualPaymentRequestSchema,
  accountPaymentsQuerySchema,
  refundRequestSchema,
  rejectPaymentRequestSchema,
  stripeEventFields,
  paypalEventFields,
  stripeCredentials: paymentConfigRequestSchemas.stripe,
  cryptoCredentials: paymentConfigRequestSchemas.crypto,
  bannerAdInputSchema,
  popupCampaignInputSchema,
  pushNotificationInputSchema,
  emailCampaignInputSchema,
  marketingSettingsSchema,
  removalRequestSchema,
  removalConfirmationSchema,
  adminPagesQuerySchema,
  adminKeywordsQuerySchema,
  updateSeoPageSchema,
  generateBulkSchema,
  removalListQuerySchema,
  removalDecisionSchema,
  connectRequestSchema,
  syncCandidatesQuerySchema,
  syncContactRequestSchema,
  bulkSyncRequestSchema,
  syncRunsQuerySchema,
  zohoCallbackQuery,
  duplicateGroupsQuerySchema,
  updateDuplicateRecordRequestSchema,
  mergeRequestSchema,
  mergesQuerySchema,
  createApiKeyRequestSchema,
  renameApiKeyRequestSchema,
  rotateApiKeyRequestSchema,
  apiKeyUsageQuerySchema,
  adminApiKeysQuerySchema,
  adminRateLimitRequestSchema,
  validateBulkRequestSchema,
  jobStatusQuerySchema,
  resultsQuerySchema,
};

/**
 * Methods sent with a body. GET and HEAD cannot have one (fetch refuses), and a method the gateway's HTTP parser does
 * not know (FOO) is answered 400 with the connection closed at once, so a body would be cut off mid-upload: that is
 * the HTTP server's parser, not the API, and such requests go without a body.
 */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"]);

export interface Target {
  /** "METHOD /api/path/:param", as the route is declared. */
  name: string;
  runs: number;
  requests: fc.Arbitrary<FuzzRequest>;
  /** Whose sessions the requests use (the logout route ends the sessions it is given). */
  /** Whose sessions the requests use: the shared users', spare ones (logout ends them), or an admin's. */
  credentials: "shared" | "logout" | "admin";
}

interface RouteSpec {
  method: string;
  /** The path with :params filled in from `params`, in order. */
  path: string;
  params?: fc.Arbitrary<string>[];
  body?: z.ZodType;
  query?: z.ZodType;
  /** Routes only users may call get mostly signed-in callers; the others mostly anonymous ones. */
  signedIn: boolean;
  runs: number;
  /** Routes of the public API get mostly a caller with an API key. */
  apiKey?: boolean;
  /** Routes that read X-Session-ID get it on most requests. */
  sessionHeader?: boolean;
  credentials?: Target["credentials"];
}

export function fuzzTargets(world: World): Target[] {
  const contactId = idSegment(world.user.contactIds, world.otherUser.contactIds);
  const listId = idSegment(world.user.listIds, world.otherUser.listIds);
  const sessionId = fc.oneof(
    { arbitrary: fc.constantFrom(...world.sessionIds), weight: 3 },
    { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{21}$/), weight: 3 },
    nastySegment,
  );
  const bulkSessionId = uuidSegment(world.user.bulkSessionIds, world.otherUser.bulkSessionIds);
  const ticketId = uuidSegment(world.user.ticketIds, world.otherUser.ticketIds);
  const popupId = fc.oneof(fc.integer({ min: -5, max: 2 ** 31 }).map(String), nastySegment);
  const popupType = fc.oneof(fc.constant("upgrade_limit"), fc.string({ maxLength: 40 }).map(percentEncode), nastySegment);

  const specs: RouteSpec[] = [];
  for (const prefix of ["/api", "/api/auth"]) {
    specs.push(
      { method: "POST", path: `${prefix}/register`, body: registerRequestSchema, signedIn: false, runs: 40 },
      { method: "POST", path: `${prefix}/login`, body: loginRequestSchema, signedIn: false, runs: 60 },
      { method: "GET", path: `${prefix}/user`, signedIn: true, runs: 40 },
      { method: "POST", path: `${prefix}/logout`, signedIn: true, runs: 30, credentials: "logout" },
    );
  }
  specs.push(
    { method: "POST", path: "/api/validate-email", body: validateEmailRequestSchema, signedIn: false, runs: 250, sessionHeader: true },
    { method: "POST", path: "/api/scrape-domain", body: scrapeDomainRequestSchema, signedIn: false, runs: 150, sessionHeader: true },
    { method: "GET", path: "/api/anonymous/session", signedIn: false, runs: 120, sessionHeader: true },
    { method: "GET", path: "/api/anonymous/check-limits/:sessionId", params: [sessionId], signedIn: false, runs: 120 },
    { method: "POST", path: "/api/anonymous/update-usage", body: updateUsageRequestSchema, signedIn: false, runs: 120 },
    { method: "POST", path: "/api/anonymous/generate-discount/:sessionId", params: [sessionId], signedIn: false, runs: 100 },
    { method: "GET", path: "/api/admin/system-popups/:popupType", params: [popupType], signedIn: false, runs: 100 },
    // The fuzz users are not admins: this reaches the admin guard, which must refuse every shape of caller with a 4xx.
    { method: "GET", path: "/api/admin/system-popups", signedIn: true, runs: 40 },
    { method: "PUT", path: "/api/admin/system-popups/:id", params: [popupId], body: updateSystemPopupRequestSchema, signedIn: true, runs: 60 },
    { method: "GET", path: "/api/contacts", query: contactsQuerySchema, signedIn: true, runs: 200 },
    { method: "POST", path: "/api/contacts", body: createContactRequestSchema, signedIn: true, runs: 300 },
    { method: "POST", path: "/api/contacts/import", body: importContactsRequestSchema, signedIn: true, runs: 200 },
    { method: "PATCH", path: "/api/contacts/:id", params: [contactId], body: updateContactRequestSchema, signedIn: true, runs: 300 },
    { method: "DELETE", path: "/api/contacts/:id", params: [contactId], signedIn: true, runs: 100 },
    { method: "GET", path: "/api/contact-lists", signedIn: true, runs: 60 },
    { method: "GET", path: "/api/contact-lists/default", signedIn: true, runs: 60 },
    { method: "POST", path: "/api/contact-lists", body: createContactListRequestSchema, signedIn: true, runs: 200 },
    { method: "PATCH", path: "/api/contact-lists/:id", params: [listId], body: updateContactListRequestSchema, signedIn: true, runs: 200 },
    { method: "DELETE", path: "/api/contact-lists/:id", params: [listId], signedIn: true, runs: 100 },
    // Valid starts soon meet the limit of 3 jobs a user (429); the parts reach the open uploads, in and out of order.
    { method: "POST", path: "/api/bulk-validation/start-enhanced", body: startBulkValidationRequestSchema, signedIn: true, runs: 150 },
    { method: "POST", path: "/api/bulk-validation/sessions/:id/parts", params: [bulkSessionId], body: bulkPartRequestSchema, signedIn: true, runs: 150 },
    { method: "GET", path: "/api/bulk-validation/sessions", signedIn: true, runs: 40 },
    { method: "GET", path: "/api/bulk-validation/sessions/:id/download", params: [bulkSessionId], signedIn: true, runs: 60 },
    { method: "DELETE", path: "/api/bulk-validation/sessions/:id", params: [bulkSessionId], signedIn: true, runs: 60 },
    // The public API's jobs, mostly with the user's API key; a job's id is a bulk session's.
    { method: "POST", path: "/api/integrations/validate-bulk", body: validateBulkRequestSchema, signedIn: true, runs: 120, apiKey: true },
    { method: "GET", path: "/api/integrations/job-status", query: jobStatusQuerySchema, signedIn: true, runs: 40, apiKey: true },
    { method: "GET", path: "/api/integrations/job-status/:id", params: [bulkSessionId], signedIn: true, runs: 40, apiKey: true },
    { method: "GET", path: "/api/integrations/jobs/:id/results", params: [bulkSessionId], query: resultsQuerySchema, signedIn: true, runs: 60, apiKey: true },
    // The caller's own account. A confirmUsername matching the fuzz user's generated name is out of the question, so
    // the delete meets its 400 (or 401), and the users live on.
    { method: "GET", path: "/api/account/usage", signedIn: true, runs: 30 },
    { method: "GET", path: "/api/account/usage/history", query: usageHistoryQuerySchema, signedIn: true, runs: 60 },
    { method: "PATCH", path: "/api/account/profile", body: updateProfileRequestSchema, signedIn: true, runs: 120 },
    { method: "DELETE", path: "/api/account", body: deleteAccountRequestSchema, signedIn: true, runs: 60 },
    // New tickets soon meet the limit of 10 an hour (429); the rest reach the users' tickets, their own and another's.
    { method: "GET", path: "/api/support/tickets", signedIn: true, runs: 40 },
    { method: "POST", path: "/api/support/tickets", body: createTicketRequestSchema, signedIn: true, runs: 100 },
    { method: "PATCH", path: "/api/support/tickets/:id", params: [ticketId], body: updateTicketRequestSchema, signedIn: true, runs: 150 },
    { method: "GET", path: "/api/support/tickets/:id/messages", params: [ticketId], signedIn: true, runs: 60 },
    { method: "POST", path: "/api/support/tickets/:id/messages", params: [ticketId], body: ticketMessageRequestSchema, signedIn: true, runs: 150 },
    { method: "POST", path: "/api/support/tickets/:id/read", params: [ticketId], body: markTicketReadRequestSchema, signedIn: true, runs: 100 },
    // As for the admin area: the fuzz users are not agents, so every shape of caller must meet the guard's 4xx.
    { method: "GET", path: "/api/support/admin/tickets", query: adminTicketQuerySchema, signedIn: true, runs: 60 },
  );
  // Buying: the providers may be closed (409) or open against the local fakes; webhooks come from anyone, and only a
  // signed body (Stripe) or what PayPal itself says counts.
  const paymentId = fc.oneof(fc.uuid(), nastySegment);
  specs.push(
    { method: "GET", path: "/api/billing/catalogue", signedIn: false, runs: 20 },
    { method: "POST", path: "/api/billing/checkout", body: checkoutRequestSchema, signedIn: true, runs: 100 },
    { method: "POST", path: "/api/billing/paypal/capture", body: paypalCaptureRequestSchema, signedIn: true, runs: 60 },
    { method: "GET", path: "/api/billing/manual-payments/instructions", query: manualInstructionsQuerySchema, signedIn: true, runs: 40 },
    { method: "POST", path: "/api/billing/manual-payments", body: manualPaymentRequestSchema, signedIn: true, runs: 100 },
    { method: "GET", path: "/api/billing/payments", query: accountPaymentsQuerySchema, signedIn: true, runs: 40 },
    { method: "POST", path: "/api/billing/payments/:id/refund-request", params: [paymentId], body: refundRequestSchema, signedIn: true, runs: 60 },
    { method: "GET", path: "/api/billing/subscription", signedIn: true, runs: 20 },
    { method: "POST", path: "/api/billing/subscription/cancel", signedIn: true, runs: 20 },
    { method: "POST", path: "/api/billing/webhooks/stripe", body: stripeEventFields, signedIn: false, runs: 100 },
    { method: "POST", path: "/api/billing/webhooks/paypal", body: paypalEventFields, signedIn: false, runs: 100 },
  );
  // What visitors see of marketing, their inbox and the links in campaign emails: ids and tokens known or not.
  const campaignType = fc.oneof(fc.constantFrom("banner", "popup", "in_app_message", "affiliate_ad", "push_notification"), nastySegment);
  const anyUuid = fc.oneof(fc.uuid(), nastySegment);
  const emailToken = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), nastySegment);
  const linkNo = fc.oneof(fc.nat({ max: 20 }).map(String), nastySegment);
  specs.push(
    { method: "GET", path: "/api/campaign-delivery", query: deliveryQuerySchema, signedIn: false, runs: 100, sessionHeader: true },
    { method: "POST", path: "/api/campaign-delivery/events", body: campaignEventSchema, signedIn: false, runs: 100, sessionHeader: true },
    { method: "GET", path: "/api/campaign-delivery/click/:type/:id", params: [campaignType, anyUuid], signedIn: false, runs: 60 },
    // A pending mailbox check, polled by anyone holding its id; and by an API key's owner.
    { method: "GET", path: "/api/mailbox-probes/:id", params: [anyUuid], signedIn: false, runs: 60, sessionHeader: true },
    { method: "GET", path: "/api/integrations/mailbox-probes/:id", params: [anyUuid], signedIn: true, apiKey: true, runs: 30 },
    { method: "GET", path: "/api/notifications", query: notificationsQuerySchema, signedIn: true, runs: 40 },
    { method: "POST", path: "/api/notifications/read-all", signedIn: true, runs: 20 },
    { method: "POST", path: "/api/notifications/:id/read", params: [anyUuid], signedIn: true, runs: 40 },
    { method: "POST", path: "/api/notifications/:id/delivered", params: [anyUuid], signedIn: true, runs: 40 },
    { method: "GET", path: "/api/notifications/push-config", signedIn: false, runs: 20 },
    { method: "POST", path: "/api/notifications/push-subscriptions", body: pushSubscriptionInputSchema, signedIn: true, runs: 80 },
    { method: "DELETE", path: "/api/notifications/push-subscriptions", body: pushUnsubscribeSchema, signedIn: true, runs: 40 },
    { method: "GET", path: "/api/notifications/email-subscription", signedIn: true, runs: 20 },
    { method: "PUT", path: "/api/notifications/email-subscription", body: emailSubscriptionSchema, signedIn: true, runs: 40 },
    { method: "GET", path: "/api/email/open/:token", params: [emailToken], signedIn: false, runs: 40 },
    { method: "GET", path: "/api/email/click/:token/:linkNo", params: [emailToken, linkNo], signedIn: false, runs: 60 },
    { method: "GET", path: "/api/email/unsubscribe/:token", params: [emailToken], signedIn: false, runs: 30 },
    { method: "POST", path: "/api/email/unsubscribe/:token", params: [emailToken], signedIn: false, runs: 60 },
  );
  // The landing pages as visitors read them: any type and slug, conversions of any id; removal requests soon meet their
  // limit of 5 an hour per network (429), and confirmations carry tokens that name nothing (404).
  const pageType = fc.oneof(fc.constantFrom(...SEO_PAGE_TYPES), nastySegment);
  const slug = fc.oneof(fc.constantFrom("acme-corp.test", "info@acme-corp.test"), fc.domain(), nastySegment);
  specs.push(
    { method: "GET", path: "/api/seo/:pageType/:slug", params: [pageType, slug], signedIn: false, runs: 80, sessionHeader: true },
    { method: "POST", path: "/api/seo/conversion/:pageId", params: [anyUuid], signedIn: false, runs: 60, sessionHeader: true },
    { method: "POST", path: "/api/seo/removal-requests", body: removalRequestSchema, signedIn: false, runs: 80 },
    { method: "POST", path: "/api/seo/removal-requests/confirm", body: removalConfirmationSchema, signedIn: false, runs: 60 },
  );
  // Zoho CRM sync: the fuzz users have no connection (and the fuzz stack may have no client configured), so syncs meet
  // their 409s after the body's and the ids' checks; the callback takes any query from anyone and always redirects.
  // The admin's paths must meet the guard's 4xx.
  const runId = fc.oneof(fc.uuid(), nastySegment);
  for (const prefix of ["/api/crm/zoho", "/api/admin/zoho"]) {
    specs.push(
      { method: "GET", path: `${prefix}/test-connection`, signedIn: true, runs: 20 },
      { method: "GET", path: `${prefix}/sync-candidates`, query: syncCandidatesQuerySchema, signedIn: true, runs: 80 },
      { method: "GET", path: `${prefix}/sync-stats`, signedIn: true, runs: 20 },
      { method: "POST", path: `${prefix}/sync-contact/:id`, params: [contactId], body: syncContactRequestSchema, signedIn: true, runs: 60 },
      { method: "POST", path: `${prefix}/bulk-sync`, body: bulkSyncRequestSchema, signedIn: true, runs: 80 },
      { method: "GET", path: `${prefix}/sync-runs`, query: syncRunsQuerySchema, signedIn: true, runs: 30 },
      { method: "GET", path: `${prefix}/sync-runs/:id`, params: [runId], signedIn: true, runs: 30 },
      { method: "GET", path: `${prefix}/sync-runs/:id/report.csv`, params: [runId], signedIn: true, runs: 30 },
    );
  }
  specs.push(
    { method: "GET", path: "/api/crm/zoho", signedIn: true, runs: 20 },
    { method: "POST", path: "/api/crm/zoho/connect", body: connectRequestSchema, signedIn: true, runs: 60 },
    { method: "GET", path: "/api/crm/zoho/callback", query: zohoCallbackQuery, signedIn: false, runs: 80 },
    { method: "DELETE", path: "/api/crm/zoho", signedIn: true, runs: 20 },
    { method: "GET", path: "/api/admin/zoho/connection", signedIn: true, runs: 20 },
  );
  // Webhooks: the caller's own secret and deliveries; a redelivery of anything but their own delivery is a 404.
  const deliveryId = fc.oneof(fc.uuid(), nastySegment);
  specs.push(
    { method: "GET", path: "/api/webhooks/secret", signedIn: true, runs: 20 },
    { method: "POST", path: "/api/webhooks/secret", signedIn: true, runs: 20 },
    { method: "GET", path: "/api/webhooks/deliveries", query: webhookDeliveriesQuerySchema, signedIn: true, runs: 60 },
    { method: "POST", path: "/api/webhooks/deliveries/:id/redeliver", params: [deliveryId], signedIn: true, runs: 40 },
  );
  // The admin dashboard, under its four prefixes: every shape of caller must meet the guard's 4xx.
  const userId = fc.oneof(fc.constantFrom(world.user.id, world.otherUser.id), fc.uuid(), nastySegment);
  const grantId = fc.oneof(fc.integer({ min: -5, max: 2 ** 31 }).map(String), nastySegment);
  const domain = fc.oneof(fc.constant("acme-corp.test"), fc.domain(), nastySegment);
  const provider = fc.oneof(fc.constantFrom("stripe", "paypal", "venmo", "cashapp", "crypto"), nastySegment);
  specs.push(
    { method: "GET", path: "/api/admin/platform-stats", query: platformStatsQuerySchema, signedIn: true, runs: 40 },
    { method: "GET", path: "/api/admin/lifetime-stats", signedIn: true, runs: 20 },
    { method: "PUT", path: "/api/admin/settings/monthly-cost", body: monthlyCostRequestSchema, signedIn: true, runs: 40 },
    { method: "GET", path: "/api/temp-admin-stats", query: tempAdminStatsQuerySchema, signedIn: true, runs: 40 },
    { method: "GET", path: "/api/admin/users", query: adminUsersQuerySchema, signedIn: true, runs: 40 },
    { method: "GET", path: "/api/admin/users/:id", params: [userId], signedIn: true, runs: 20 },
    { method: "PATCH", path: "/api/admin/users/:id", params: [userId], body: adminFlagRequestSchema, signedIn: true, runs: 40 },
    { method: "POST", path: "/api/admin/users/:id/credits", params: [userId], body: grantCreditsRequestSchema, signedIn: true, runs: 60 },
    { method: "PATCH", path: "/api/admin/users/:id/throttle", params: [userId], body: throttleRequestSchema, signedIn: true, runs: 60 },
    { method: "POST", path: "/api/admin/users/:id/suspension", params: [userId], body: suspensionRequestSchema, signedIn: true, runs: 60 },
    { method: "DELETE", path: "/api/admin/users/:id/suspension", params: [userId], signedIn: true, runs: 20 },
    { method: "GET", path: "/api/admin/credit-grants", query: creditGrantsQuerySchema, signedIn: true, runs: 30 },
    { method: "DELETE", path: "/api/admin/credit-grants/:id", params: [grantId], signedIn: true, runs: 20 },
    { method: "GET", path: "/api/admin/audit-log", query: logQuerySchema, signedIn: true, runs: 20 },
    { method: "GET", path: "/api/admin/activity", query: logQuerySchema, signedIn: true, runs: 20 },
    { method: "GET", path: "/api/admin/payments", query: paymentsQuerySchema, signedIn: true, runs: 20 },
    { method: "POST", path: "/api/admin/payments/:id/verify", params: [paymentId], signedIn: true, runs: 20 },
    { method: "POST", path: "/api/admin/payments/:id/reject", params: [paymentId], body: rejectPaymentRequestSchema, signedIn: true, runs: 20 },
    { method: "POST", path: "/api/admin/payments/:id/refund", params: [paymentId], signedIn: true, runs: 20 },
    { method: "GET", path: "/api/admin/export-database", signedIn: true, runs: 20 },
    { method: "GET", path: "/api/admin/export-users", signedIn: true, runs: 20 },
    { method: "POST", path: "/api/admin/generate-report", body: reportRequestFields, signedIn: true, runs: 60 },
    { method: "GET", path: "/api/admin/domains", query: adminDomainsQuerySchema, signedIn: true, runs: 20 },
    { method: "POST", path: "/api/admin/domains/:domain/explore", params: [domain], signedIn: true, runs: 20 },
    { method: "DELETE", path: "/api/admin/domains/:domain", params: [domain], signedIn: true, runs: 20 },
    { method: "POST", path: "/api/admin/payment-config/reseal", signedIn: true, runs: 20 },
    { method: "GET", path: "/api/payment-config", signedIn: true, runs: 20 },
    { method: "POST", path: "/api/payment-config/:provider", params: [provider], body: paymentConfigRequestSchemas.stripe, signedIn: true, runs: 80 },
  );
  // SEO's dashboard: as above, every shape of caller must meet the guard's 4xx. A keyword's cpc (text or number, two
  // decimals) seldom passes at random, so its body stays out of REQUEST_CONTRACTS' check, as the campaigns' do.
  const seoId = fc.oneof(fc.uuid(), nastySegment);
  specs.push(
    { method: "GET", path: "/api/admin/seo/stats", signedIn: true, runs: 20 },
    { method: "GET", path: "/api/admin/seo/pages", query: adminPagesQuerySchema, signedIn: true, runs: 30 },
    { method: "PATCH", path: "/api/admin/seo/pages/:id", params: [seoId], body: updateSeoPageSchema, signedIn: true, runs: 30 },
    { method: "POST", path: "/api/admin/seo/pages/:id/regenerate", params: [seoId], signedIn: true, runs: 20 },
    { method: "DELETE", path: "/api/admin/seo/pages/:id", params: [seoId], signedIn: true, runs: 20 },
    { method: "GET", path: "/api/admin/seo/keywords", query: adminKeywordsQuerySchema, signedIn: true, runs: 30 },
    { method: "POST", path: "/api/admin/seo/keywords", body: newKeywordTargetSchema, signedIn: true, runs: 60 },
    { method: "POST", path: "/api/admin/seo/generate-bulk", body: generateBulkSchema, signedIn: true, runs: 30 },
    { method: "GET", path: "/api/admin/seo/removal-requests", query: removalListQuerySchema, signedIn: true, runs: 20 },
    { method: "POST", path: "/api/admin/seo/removal-requests/:id/decision", params: [seoId], body: removalDecisionSchema, signedIn: true, runs: 30 },
  );
  // The duplicates screen's routes: as above, every shape of caller must meet the guard's 4xx; and as an admin, whose
  // requests get past it. Deletes name no contact that exists, so the other routes keep the world's rows.
  const duplicateEmail = fc.oneof(fc.emailAddress().map(percentEncode), nastySegment);
  const missingId = fc.oneof(fc.bigInt({ min: 2n ** 40n, max: 2n ** 62n }).map(String), nastySegment);
  for (const credentials of ["shared", "admin"] as const) {
    specs.push(
      { method: "GET", path: "/api/admin/duplicates/duplicates", query: duplicateGroupsQuerySchema, signedIn: true, runs: 30, credentials },
      { method: "GET", path: "/api/admin/duplicates/duplicates/:email", params: [duplicateEmail], signedIn: true, runs: 30, credentials },
      { method: "PUT", path: "/api/admin/duplicates/records/:id", params: [contactId], body: updateDuplicateRecordRequestSchema, signedIn: true, runs: 60, credentials },
      { method: "DELETE", path: "/api/admin/duplicates/records/:id", params: [missingId], signedIn: true, runs: 20, credentials },
      { method: "POST", path: "/api/admin/duplicates/merge", body: mergeRequestSchema, signedIn: true, runs: 60, credentials },
      { method: "GET", path: "/api/admin/duplicates/merges", query: mergesQuerySchema, signedIn: true, runs: 30, credentials },
      { method: "POST", path: "/api/admin/duplicates/merges/:id/undo", params: [missingId], signedIn: true, runs: 20, credentials },
    );
  }
  // API keys: the fuzz user's own (made by the fuzzed POSTs until the 10 active keys are reached, then 409), anyone
  // else's or none (404); the admin's routes meet the guard's 4xx, and as an admin name keys that do not exist.
  const keyId = fc.oneof(fc.uuid(), nastySegment);
  specs.push(
    { method: "GET", path: "/api/api-keys", signedIn: true, runs: 20 },
    { method: "POST", path: "/api/api-keys", body: createApiKeyRequestSchema, signedIn: true, runs: 80 },
    { method: "GET", path: "/api/api-keys/usage", query: apiKeyUsageQuerySchema, signedIn: true, runs: 40 },
    { method: "PATCH", path: "/api/api-keys/:id", params: [keyId], body: renameApiKeyRequestSchema, signedIn: true, runs: 60 },
    { method: "POST", path: "/api/api-keys/:id/rotate", params: [keyId], body: rotateApiKeyRequestSchema, signedIn: true, runs: 60 },
    { method: "DELETE", path: "/api/api-keys/:id", params: [keyId], signedIn: true, runs: 30 },
  );
  for (const credentials of ["shared", "admin"] as const) {
    specs.push(
      { method: "GET", path: "/api/admin/api-keys", query: adminApiKeysQuerySchema, signedIn: true, runs: 40, credentials },
      { method: "POST", path: "/api/admin/api-keys/:id/revoke", params: [keyId], signedIn: true, runs: 20, credentials },
      { method: "PATCH", path: "/api/admin/api-keys/:id", params: [keyId], body: adminRateLimitRequestSchema, signedIn: true, runs: 40, credentials },
    );
  }
  // Marketing's admin areas, under their three prefixes: as above, every shape of caller must meet the guard's 4xx.
  // The campaign's and the affiliate setting's bodies (time zones, CRM type patterns) seldom pass at random, so they
  // stay out of REQUEST_CONTRACTS' check; the guard refuses before any body is read anyway.
  const campaignId = fc.oneof(fc.uuid(), nastySegment);
  const previewType = fc.oneof(fc.constantFrom("banner", "popup", "in_app_message", "affiliate_ad", "email"), nastySegment);
  specs.push(
    { method: "GET", path: "/api/marketing/campaigns", signedIn: true, runs: 20 },
    { method: "POST", path: "/api/marketing/campaigns", body: marketingCampaignInputSchema, signedIn: true, runs: 40 },
    { method: "PUT", path: "/api/marketing/campaigns/:id", params: [campaignId], body: marketingCampaignInputSchema, signedIn: true, runs: 40 },
    { method: "DELETE", path: "/api/marketing/campaigns/:id", params: [campaignId], signedIn: true, runs: 20 },
    { method: "GET", path: "/api/marketing/preview/:campaignType/:id", params: [previewType, campaignId], signedIn: true, runs: 20 },
    { method: "GET", path: "/api/marketing/stats", signedIn: true, runs: 20 },
    { method: "GET", path: "/api/marketing/analytics", signedIn: true, runs: 20 },
    { method: "GET", path: "/api/marketing/settings", signedIn: true, runs: 20 },
    { method: "PUT", path: "/api/marketing/settings", body: marketingSettingsSchema, signedIn: true, runs: 40 },
    { method: "GET", path: "/api/affiliate/admin/settings", signedIn: true, runs: 20 },
    { method: "POST", path: "/api/affiliate/admin/settings", body: affiliateSettingInputSchema, signedIn: true, runs: 40 },
    { method: "POST", path: "/api/affiliate/admin/init-zoho", signedIn: true, runs: 20 },
  );
  for (
    const [manager, body] of [
      ["banner-ads", bannerAdInputSchema],
      ["popup-campaigns", popupCampaignInputSchema],
      ["push-notifications", pushNotificationInputSchema],
      ["email-campaigns", emailCampaignInputSchema],
    ] as const
  ) {
    const path = `/api/campaigns/${manager}`;
    specs.push(
      { method: "GET", path, signedIn: true, runs: 20 },
      { method: "POST", path, body, signedIn: true, runs: 40 },
      { method: "PUT", path: `${path}/:id`, params: [campaignId], body, signedIn: true, runs: 40 },
      { method: "DELETE", path: `${path}/:id`, params: [campaignId], signedIn: true, runs: 20 },
    );
  }
  for (const manager of ["push-notifications", "email-campaigns"]) {
    specs.push(
      { method: "POST", path: `/api/campaigns/${manager}/:id/send`, params: [campaignId], signedIn: true, runs: 20 },
      { method: "GET", path: `/api/campaigns/${manager}/:id/audience`, params: [campaignId], signedIn: true, runs: 20 },
    );
  }
  specs.push({ method: "GET", path: "/api/campaigns/email-campaigns/:id/preview", params: [campaignId], signedIn: true, runs: 20 });
  // The public API: mostly with the user's API key, the rest with every other caller (a revoked key, sign-in tokens).
  specs.push(
    { method: "POST", path: "/api/integrations/validate-email", body: validateEmailRequestSchema, signedIn: true, apiKey: true, runs: 150 },
    { method: "POST", path: "/api/integrations/scrape-domain", body: scrapeDomainRequestSchema, signedIn: true, apiKey: true, runs: 80 },
    { method: "GET", path: "/api/integrations/openapi.json", signedIn: false, runs: 10 },
  );
  // The SEO pages the seo-pages function answers at the site's own paths (through the gateway, as the SPA's host
  // routes them): slugs in every spelling, the ones that name no page and the ones that are no slug at all.
  const seoSlug = fc.oneof(
    fc.domain().map((name) => name.toUpperCase()),
    fc.tuple(fc.emailAddress(), fc.boolean()).map(([address, encoded]) => (encoded ? address.replace("@", "%40") : address)),
    fc.string({ maxLength: 60 }).map(percentEncode),
    nastySegment,
  );
  specs.push(
    { method: "GET", path: "/validate/:slug", params: [seoSlug], signedIn: false, runs: 60 },
    { method: "GET", path: "/tools/mx-checker/:slug", params: [seoSlug], signedIn: false, runs: 60 },
    { method: "GET", path: "/verify/:slug", params: [seoSlug], signedIn: false, runs: 60 },
    { method: "GET", path: "/sitemap.xml", signedIn: false, runs: 10 },
    { method: "GET", path: "/robots.txt", signedIn: false, runs: 10 },
  );
  return [
    ...specs.map((spec) => ({
      name: `${spec.method} ${spec.path}${spec.credentials === "admin" ? " as an admin" : ""}`,
      runs: spec.runs,
      requests: routeRequests(spec),
      credentials: spec.credentials ?? "shared",
    })),
    { name: "raw garbage (odd methods, paths, bodies, headers)", runs: 500, requests: garbageRequests(), credentials: "shared" },
  ];
}

/** The caller's own rows most often, another user's rows, numbers that name nothing, and segments that are no number. */
function idSegment(own: number[], others: number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...own).map(String), weight: 5 },
    { arbitrary: fc.constantFrom(...others).map(String), weight: 2 },
    { arbitrary: fc.integer({ min: -5, max: 2 ** 31 }).map(String), weight: 2 },
    { arbitrary: nastySegment, weight: 2 },
  );
}

/** As idSegment, for uuids: the caller's own, another user's, well-formed ones that name nothing, and no uuid at all. */
function uuidSegment(own: string[], others: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...own), weight: 5 },
    { arbitrary: fc.constantFrom(...others), weight: 2 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: nastySegment, weight: 2 },
  );
}

function callers({ signedIn, apiKey }: Pick<RouteSpec, "signedIn" | "apiKey">): fc.Arbitrary<Caller> {
  const usual: Caller[] = apiKey ? ["api-key"] : signedIn ? ["user", "other-user"] : ["anonymous", "user"];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...usual), weight: 6 },
    { arbitrary: fc.constantFrom(...CALLERS), weight: 3 },
  );
}

function bodies(schema: z.ZodType): fc.Arbitrary<string | number[]> {
  return fc.oneof(
    { arbitrary: arbitraryOf(schema, { mutate: false }).map((value) => JSON.stringify(value)), weight: 5 },
    { arbitrary: arbitraryOf(schema, { mutate: true }).map((value) => JSON.stringify(value) ?? "null"), weight: 4 },
    { arbitrary: garbageBody, weight: 1 },
  );
}

/** A query string from the schema's (possibly mutated) object, each value as text; or no object at all. */
function queries(schema: z.ZodType): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: arbitraryOf(schema, { mutate: false }), weight: 3 },
    { arbitrary: arbitraryOf(schema, { mutate: true }), weight: 3 },
    { arbitrary: fc.oneof(wrongType, nastyString), weight: 1 },
  ).map((value) => {
    if (value === undefined) return "";
    if (typeof value !== "object" || value === null || Array.isArray(value)) return `?${percentEncode(queryText(value))}`;
    const pairs = Object.entries(value).filter(([, field]) => field !== undefined);
    return pairs.length ? `?${pairs.map(([key, field]) => `${percentEncode(key)}=${percentEncode(queryText(field))}`).join("&")}` : "";
  });
}

/** A value as query text, cut so that the URL stays within what a request line may carry (see withinHeaderBudget). */
function queryText(value: unknown): string {
  return (typeof value === "string" ? value : JSON.stringify(value) ?? "").slice(0, 1000);
}

function routeRequests(spec: RouteSpec): fc.Arbitrary<FuzzRequest> {
  const headers = spec.sessionHeader
    ? fc.oneof(
      extraHeaders,
      fc.record({ "x-session-id": fc.stringMatching(/^[A-Za-z0-9_-]{21}$/) }),
    )
    : fc.oneof({ arbitrary: fc.constant({}), weight: 2 }, extraHeaders);
  return fc
    .record({
      method: fc.oneof({ arbitrary: fc.constant(spec.method), weight: 19 }, oddMethods),
      params: fc.tuple(...(spec.params ?? [])),
      query: spec.query ? queries(spec.query) : fc.constant(""),
      caller: callers(spec),
      headers,
      contentType: contentTypes,
      body: spec.body ? bodies(spec.body) : fc.option(garbageBody, { freq: 10, nil: undefined }),
    })
    .map(({ params, query, ...parts }) => {
      let index = 0;
      return assembled({ ...parts, path: spec.path.replace(/:\w+/g, () => params[index++] ?? "") + query });
    });
}

function garbageRequests(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: oddMethods,
      path: oddPaths,
      caller: fc.constantFrom(...CALLERS),
      headers: extraHeaders,
      contentType: contentTypes,
      body: fc.option(garbageBody, { freq: 3, nil: undefined }),
    })
    .map(assembled);
}

interface RequestParts {
  method: string;
  path: string;
  caller: Caller;
  headers: Record<string, string>;
  contentType: string | undefined;
  body: string | number[] | undefined;
}

/** The request as sent: a body (and its content type) only where the method takes one, headers within budget. */
function assembled({ method, path, caller, headers, contentType, body }: RequestParts): FuzzRequest {
  const withBody = body !== undefined && BODY_METHODS.has(method);
  return withinHeaderBudget({
    method,
    path,
    caller,
    headers: withBody && contentType !== undefined ? { ...headers, "content-type": contentType } : headers,
    ...(withBody ? { body } : {}),
  });
}
