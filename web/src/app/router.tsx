import type { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { adminRoute } from "@/routes/_admin";
import { adminApiManagementRoute } from "@/routes/admin-api-management";
import { crmAffiliatesRoute } from "@/routes/admin-crm-affiliates";
import { adminDashboardRoute } from "@/routes/admin-dashboard";
import { adminDuplicatesRoute, duplicateManagementRoute } from "@/routes/admin-duplicates";
import {
  adminMarketingRoute,
  bannerAdsRoute,
  emailCampaignsRoute,
  popupCampaignsRoute,
  pushNotificationsRoute,
} from "@/routes/admin-marketing";
import { adminSeoRoute } from "@/routes/admin-seo";
import { adminSupportRoute } from "@/routes/admin-support";
import { adminSystemPopupsRoute } from "@/routes/admin-system-popups";
import { adminZohoSyncRoute } from "@/routes/admin-zoho-sync";
import { signedInRoute } from "@/routes/_signed-in";
import {
  accountBillingRoute,
  accountIndexRoute,
  accountProfileRoute,
  accountRoute,
  accountUsageRoute,
} from "@/routes/account";
import { accountApiKeysRoute } from "@/routes/account-api-keys";
import { accountIntegrationsRoute } from "@/routes/account-integrations";
import { bulkValidationRoute } from "@/routes/bulk-validation";
import { contactsRoute } from "@/routes/contacts";
import { developersRoute } from "@/routes/developers";
import { authRoute, loginRoute, registerRoute } from "@/routes/auth";
import { homeRoute } from "@/routes/home";
import { privacyRoute } from "@/routes/legal/privacy";
import { termsRoute } from "@/routes/legal/terms";
import { usagePolicyRoute } from "@/routes/legal/usage-policy";
import { pricingRoute } from "@/routes/pricing";
import { mxCheckerLandingRoute, seoRemovalRoute, validateLandingRoute, verifyLandingRoute } from "@/routes/seo-landing";
import { supportRoute } from "@/routes/support";
import { tempAdminRoute } from "@/routes/temp-admin";
import { unsubscribeRoute } from "@/routes/unsubscribe";
import { rootRoute } from "@/routes/root";

// Only screens that exist are routes; everything else is the root's not-found screen. Screens for signed-in people go
// under signedInRoute, admin screens (/admin/...) under adminRoute;
// /temp-admin, an admin screen outside /admin, carries the same guard itself.
const routeTree = rootRoute.addChildren([
  homeRoute,
  authRoute,
  signedInRoute.addChildren([
    contactsRoute,
    bulkValidationRoute,
    supportRoute,
    accountRoute.addChildren([
      accountIndexRoute,
      accountProfileRoute,
      accountUsageRoute,
      accountBillingRoute,
      accountIntegrationsRoute,
      accountApiKeysRoute,
    ]),
    adminRoute.addChildren([
      adminDashboardRoute,
      adminSupportRoute,
      adminMarketingRoute,
      bannerAdsRoute,
      popupCampaignsRoute,
      pushNotificationsRoute,
      emailCampaignsRoute,
      crmAffiliatesRoute,
      adminSeoRoute,
      adminDuplicatesRoute,
      duplicateManagementRoute,
      adminZohoSyncRoute,
      adminSystemPopupsRoute,
      adminApiManagementRoute,
    ]),
    tempAdminRoute,
  ]),
  loginRoute,
  registerRoute,
  pricingRoute,
  developersRoute,
  usagePolicyRoute,
  privacyRoute,
  termsRoute,
  unsubscribeRoute,
  validateLandingRoute,
  mxCheckerLandingRoute,
  verifyLandingRoute,
  seoRemovalRoute,
]);

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: "intent",
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
