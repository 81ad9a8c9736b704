// /support: the support center, for signed-in people. The selected ticket lives in the address (?ticket=<id>),
// which the notification emails link to. The screen is in ./support.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { signedInRoute } from "./_signed-in";

const supportSearchSchema = z.object({
  ticket: z.string().trim().max(64).optional().catch(undefined),
});

export const supportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/support",
  validateSearch: supportSearchSchema,
}).lazy(() => import("./support.lazy").then((module) => module.supportLazyRoute));
