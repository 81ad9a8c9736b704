// /bulk-validation: upload a file, follow its sessions, read the FAQ. Signed-in only; the tab in view lives in
// the address bar so a reload keeps it. The screen is in ./bulk-validation.lazy, a chunk of its own (papaparse's
// worker, the tabs).
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { BULK_TABS } from "@/features/bulk-validation";
import { signedInRoute } from "./_signed-in";

const bulkValidationSearchSchema = z.object({
  tab: z.enum(BULK_TABS).optional().catch(undefined),
});

export const bulkValidationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/bulk-validation",
  validateSearch: bulkValidationSearchSchema,
}).lazy(() => import("./bulk-validation.lazy").then((module) => module.bulkValidationLazyRoute));
