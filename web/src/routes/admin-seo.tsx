// /admin/seo: the SEO dashboard, under the admin layout (non-admins see its 403 screen). The open tab lives in the
// address. The screen is in ./admin-seo.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { SEO_TABS } from "@/features/seo";
import { adminRoute } from "./_admin";

const adminSeoSearchSchema = z.object({ tab: z.enum(SEO_TABS).optional().catch(undefined) });

export const adminSeoRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/seo",
  validateSearch: adminSeoSearchSchema,
}).lazy(() => import("./admin-seo.lazy").then((module) => module.adminSeoLazyRoute));
