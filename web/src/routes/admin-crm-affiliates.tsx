// /admin/crm-affiliates: the CRM partners' ads, under the admin layout. The open tab and the partner chosen for
// Settings live in the address. The screen is in ./admin-crm-affiliates.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { CRM_AFFILIATE_TABS } from "@/features/marketing";
import { adminRoute } from "./_admin";

const crmAffiliatesSearchSchema = z.object({
  tab: z.enum(CRM_AFFILIATE_TABS).optional().catch(undefined),
  crm: z.string().trim().max(50).optional().catch(undefined),
});

export const crmAffiliatesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/crm-affiliates",
  validateSearch: crmAffiliatesSearchSchema,
}).lazy(() => import("./admin-crm-affiliates.lazy").then((module) => module.crmAffiliatesLazyRoute));
