// The `api` function: one Hono app for the whole /api surface. The gateway (and Supabase's SPA hosting rewrite) sends
// /api/* to /functions/v1/api/*, and the function sees the path from /api on, hence the basePath.
import { Hono } from "hono";
import { cors } from "hono/cors";
import { env } from "../_shared/env.ts";
import { emailValidator } from "../_shared/validation/index.ts";
import { limitBody } from "./lib/body-limit.ts";
import { admitCaller, identifyCaller } from "./lib/caller.ts";
import { domainExplorer } from "./lib/domain-explorer.ts";
import { notFound, onError } from "./lib/errors.ts";
import { RATE_LIMIT_HEADERS } from "./lib/rate-limit-headers.ts";
import { requireAdmin } from "./lib/require-admin.ts";
import { withSecurityHeaders } from "./lib/security-headers.ts";
import { storableParams } from "./lib/storable-params.ts";
import { requireUser } from "./lib/require-user.ts";
import { accountRoutes } from "./routes/account/account.routes.ts";
import { apiKeysRoutes } from "./routes/api-keys/api-keys.routes.ts";
import { anonymousRoutes } from "./routes/anonymous/anonymous.routes.ts";
import { authRoutes } from "./routes/auth/auth.routes.ts";
import { billingRoutes } from "./routes/billing/billing.routes.ts";
import { bulkValidationRoutes } from "./routes/bulk-validation/bulk-validation.routes.ts";
import { campaignDeliveryRoutes } from "./routes/campaign-delivery/campaign-delivery.routes.ts";
import { contactListsRoutes } from "./routes/contact-lists/contact-lists.routes.ts";
import { contactsRoutes } from "./routes/contacts/contacts.routes.ts";
import { crmRoutes, zohoAdminRoutes } from "./routes/crm/crm.routes.ts";
import { webhooksRoutes } from "./routes/webhooks/webhooks.routes.ts";
import { emailTrackingRoutes } from "./routes/email-tracking/email-tracking.routes.ts";
import { explorationsRoutes } from "./routes/explorations/explorations.routes.ts";
import { helpRoutes } from "./routes/help/help.routes.ts";
import { mailboxProbesRoutes } from "./routes/mailbox-probes/mailbox-probes.routes.ts";
import { integrationsApp } from "./routes/integrations/integrations.app.ts";
import { notificationsRoutes } from "./routes/notifications/notifications.routes.ts";
import { seoRoutes } from "./routes/seo/seo.routes.ts";
import { adminApiKeysRoutes } from "./routes/admin/api-keys/api-keys.routes.ts";
import { creditGrantsRoutes } from "./routes/admin/credit-grants/credit-grants.routes.ts";
import { domainsRoutes } from "./routes/admin/domains/domains.routes.ts";
import { duplicatesRoutes } from "./routes/admin/duplicates/duplicates.routes.ts";
import { exportsRoutes } from "./routes/admin/exports/exports.routes.ts";
import { logsRoutes } from "./routes/admin/logs/logs.routes.ts";
import { paymentConfigAdminRoutes, paymentConfigRoutes } from "./routes/admin/payment-config/payment-config.routes.ts";
import { paymentsRoutes } from "./routes/admin/payments/payments.routes.ts";
import { reportsRoutes } from "./routes/admin/reports/reports.routes.ts";
import { statsRoutes, tempAdminStatsRoutes } from "./routes/admin/stats/stats.routes.ts";
import { activePopupRoutes, systemPopupsRoutes } from "./routes/admin/system-popups/system-popups.routes.ts";
import { usersRoutes } from "./routes/admin/users/users.routes.ts";
import { affiliatesRoutes } from "./routes/admin/marketing/affiliates/affiliates.routes.ts";
import { bannerAdsRoutes } from "./routes/admin/marketing/banner-ads/banner-ads.routes.ts";
import { campaignsRoutes } from "./routes/admin/marketing/campaigns/campaigns.routes.ts";
import { emailCampaignsRoutes } from "./routes/admin/marketing/email-campaigns/email-campaigns.routes.ts";
import { figuresRoutes } from "./routes/admin/marketing/figures/figures.routes.ts";
import { popupCampaignsRoutes } from "./routes/admin/marketing/popup-campaigns/popup-campaigns.routes.ts";
import { pushNotificationsRoutes } from "./routes/admin/marketing/push-notifications/push-notifications.routes.ts";
import { settingsRoutes } from "./routes/admin/marketing/settings/settings.routes.ts";
import { seoAdminRoutes } from "./routes/admin/seo/seo.routes.ts";
import { supportAgentRoutes, supportRoutes } from "./routes/support/support.routes.ts";
import { validateEmailRoutes } from "./routes/validate-email/validate-email.routes.ts";

export function createApp() {
  // Parse the environment and build the verdict engine and the explorer now, so a misconfigured deployment (a missing
  // variable, a malformed DNS_SERVERS or OUTBOUND_HTTP_PROXY) fails at start-up naming the setting, not at its first
  // request.
  const settings = env();
  emailValidator();
  domainExplorer();

  const app = new Hono().basePath("/api");
  // The public API answers whole on its own, first: none of the main app's CORS, and no sign-in admission, which would
  // send the API key a script puts in Authorization: Bearer to Auth as if it were a sign-in token.
  const integrations = integrationsApp();
  app.all("/integrations/*", (c) => integrations.fetch(c.req.raw));
  // Browsers may call the function directly (functions/v1/api) from the SPA's origin. Callers authenticate with a
  // bearer header, never a cookie, so any origin may ask and no credentials mode is needed. The SPA reads the token
  // from the Authorization response header and the contact list's total from X-Total-Count, which a browser hides
  // from scripts unless they are exposed.
  app.use(cors({ origin: "*", exposeHeaders: ["Authorization", "X-Total-Count", ...RATE_LIMIT_HEADERS] }));
  app.use(withSecurityHeaders(settings.SUPABASE_URL));
  app.notFound(notFound);
  app.onError(onError);
  // Cheap refusals first: nothing is parsed, admitted or asked of the database for a body over its limit or a
  // parameter that could not be stored.
  app.use(limitBody);
  app.use(storableParams);
  // Every signed-in request is admitted once; validations and explorations count against their own limits too.
  app.use("/validate-email", admitCaller("validation"));
  app.use("/scrape-domain", admitCaller("exploration"));
  app.use("/logout", identifyCaller);
  app.use("/auth/logout", identifyCaller);
  app.use(admitCaller());

  app.route("/", authRoutes);
  app.route("/", validateEmailRoutes);
  app.route("/", mailboxProbesRoutes);
  app.route("/", explorationsRoutes);
  app.route("/", anonymousRoutes);
  app.route("/", contactsRoutes);
  app.route("/", contactListsRoutes);
  app.route("/", bulkValidationRoutes);
  app.route("/", supportRoutes);
  app.route("/", helpRoutes);
  // The caller's own account: every route under it is the signed-in user's, so the guard is the group's, once.
  app.route("/account", new Hono().use(requireUser).route("/", accountRoutes));
  // The caller's own API keys, likewise.
  app.route("/api-keys", new Hono().use(requireUser).route("/", apiKeysRoutes));
  app.route("/", billingRoutes);
  app.route("/", campaignDeliveryRoutes);
  app.route("/", notificationsRoutes);
  app.route("/", emailTrackingRoutes);
  app.route("/", seoRoutes);
  app.route("/", crmRoutes);
  app.route("/", webhooksRoutes);

  // The admin area. The upgrade popup's public read shares its /admin path, so it is mounted first, outside the guard;
  // every other /api/admin route is mounted once, behind requireAdmin.
  app.route("/", activePopupRoutes);
  const admin = new Hono().use(requireAdmin);
  for (
    const routes of [
      systemPopupsRoutes,
      statsRoutes,
      usersRoutes,
      creditGrantsRoutes,
      logsRoutes,
      paymentsRoutes,
      paymentConfigAdminRoutes,
      reportsRoutes,
      exportsRoutes,
      domainsRoutes,
      seoAdminRoutes,
      zohoAdminRoutes,
      duplicatesRoutes,
      adminApiKeysRoutes,
    ]
  ) admin.route("/", routes);
  app.route("/admin", admin);
  // The admin areas the spec puts under other prefixes have the same guard, once each: the support agents'
  // (/api/support/admin/...), the payment providers' setup and the platform analytics page's figures.
  for (
    const [prefix, routes] of [
      ["/support/admin", supportAgentRoutes],
      ["/payment-config", paymentConfigRoutes],
      ["/temp-admin-stats", tempAdminStatsRoutes],
    ] as const
  ) app.route(prefix, new Hono().use(requireAdmin).route("/", routes));
  // Marketing's admin areas, one guard each: the campaigns, switches and figures; the four managers; the CRM ads.
  const marketing = new Hono().use(requireAdmin);
  for (const routes of [campaignsRoutes, settingsRoutes, figuresRoutes]) marketing.route("/", routes);
  app.route("/marketing", marketing);
  const managers = new Hono().use(requireAdmin);
  for (const routes of [bannerAdsRoutes, popupCampaignsRoutes, pushNotificationsRoutes, emailCampaignsRoutes]) {
    managers.route("/", routes);
  }
  app.route("/campaigns", managers);
  app.route("/affiliate/admin", new Hono().use(requireAdmin).route("/", affiliatesRoutes));
  return app;
}

