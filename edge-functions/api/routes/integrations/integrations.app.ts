// The public API, /api/integrations/*: a sub-app of its own, called by scripts holding an API key. It is mounted ahead
// of the main app's CORS and sign-in admission, so a key sent as a bearer token never reaches Auth, and it answers no
// CORS: keys belong on servers, not in pages. Routes are declared with @hono/zod-openapi from the contract's schemas;
// GET /api/integrations/openapi.json serves their OpenAPI 3.1 description without a key.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { LimitedAction } from "../../../_shared/rate-limits/index.ts";
import { env } from "../../../_shared/env.ts";
import { limitBody } from "../../lib/body-limit.ts";
import { withSecurityHeaders } from "../../lib/security-headers.ts";
import { storableParams } from "../../lib/storable-params.ts";
import { recordKeyCall, requireApiKey } from "./api-key-auth.ts";
import type { IntegrationsEnv } from "./integrations-env.ts";
import { integrationsNotFound, integrationsOnError, invalidInput, requestIdAndErrorShape } from "./integrations-errors.ts";
import { registerSecuritySchemes } from "./openapi.ts";
import { validationRoutes } from "./validation.routes.ts";

export const INTEGRATIONS_BASE_PATH = "/api/integrations";
export const OPENAPI_PATH = "/openapi.json";

/** The actions with per-minute limits of their own, by path: counted against the owner's limit as in the SPA. */
const LIMITED_ACTIONS: Record<string, LimitedAction> = {
  [`${INTEGRATIONS_BASE_PATH}/validate-email`]: "validation",
  [`${INTEGRATIONS_BASE_PATH}/scrape-domain`]: "exploration",
};

export function integrationsApp() {
  const app = new OpenAPIHono<IntegrationsEnv>({
    defaultHook: (result) => {
      if (!result.success) throw invalidInput(result.error);
    },
  }).basePath(INTEGRATIONS_BASE_PATH);
  app.use(requestIdAndErrorShape);
  app.use(withSecurityHeaders(env().SUPABASE_URL));
  app.notFound(integrationsNotFound);
  app.onError(integrationsOnError);
  registerSecuritySchemes(app);
  app.doc31(OPENAPI_PATH, {
    openapi: "3.1.0",
    info: {
      title: "MailScout API",
      version: "1.0.0",
      description: "Validate email addresses and explore domains from your own servers with an API key.",
    },
  });

  // Everything below takes a key; each call of a recognised key is logged once its answer is made.
  app.use(recordKeyCall);
  app.use(requireApiKey((path) => LIMITED_ACTIONS[path.replace(/\/+$/, "")] ?? null));
  app.use(limitBody);
  app.use(storableParams);

  app.route("/", validationRoutes);
  return app;
}
