// /admin/support: the agents' queue, under the admin layout (non-admins see its 403 screen). Filters, page and the
// selected ticket live in the address. The screen is in ./admin-support.lazy, a chunk of its own.
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "@contracts/support";
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { adminRoute } from "./_admin";

const adminSupportSearchSchema = z.object({
  status: z.enum(TICKET_STATUSES).optional().catch(undefined),
  category: z.enum(TICKET_CATEGORIES).optional().catch(undefined),
  priority: z.enum(TICKET_PRIORITIES).optional().catch(undefined),
  assigned: z.enum(["me", "none"]).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().positive().optional().catch(undefined),
  ticket: z.string().trim().max(64).optional().catch(undefined),
});

export const adminSupportRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/support",
  validateSearch: adminSupportSearchSchema,
}).lazy(() => import("./admin-support.lazy").then((module) => module.adminSupportLazyRoute));
