// /temp-admin: platform analytics, outside /admin but behind the same admin guard (signed out: sign in first; not an
// admin: the 403 screen). The timeframe lives in the address. The screen is in ./temp-admin.lazy, a chunk of its own.
import { TEMP_ADMIN_TIMEFRAMES } from "@contracts/admin";
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { adminGuard } from "./admin-guard";
import { signedInRoute } from "./_signed-in";

const tempAdminSearchSchema = z.object({
  timeframe: z.enum(TEMP_ADMIN_TIMEFRAMES).optional().catch(undefined),
});

export const tempAdminRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/temp-admin",
  validateSearch: tempAdminSearchSchema,
  ...adminGuard,
}).lazy(() => import("./temp-admin.lazy").then((module) => module.tempAdminLazyRoute));
