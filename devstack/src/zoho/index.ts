// devstack's fake Zoho: the accounts server (consent page, token grants, revocation) and CRM API v6 (organisation,
// Contacts search, COQL, upsert, tags), so nothing local reaches a real Zoho, with test controls under /_fake/. Built
// from Zoho's documented APIs. server.ts serves it on a port; tests may also call its app in-process. State lives in
// memory: a restart starts an empty CRM.
import { Hono } from "hono";
import { ControlError } from "../payments/control-body.ts";
import { accountsRoutes } from "./accounts.ts";
import { zohoControlRoutes } from "./controls.ts";
import { crmRoutes } from "./crm.ts";
import { ZohoCrmError } from "./errors.ts";
import { ZohoState } from "./state.ts";

/** The OAuth client the test stack's functions use (ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET); the fake knows no other. */
export const ZOHO_TEST_CLIENT = { id: "1000.DEVSTACKFAKEZOHOCLIENT0001", secret: "devstack-fake-zoho-client-secret" } as const;

export interface ZohoFakeOptions {
  /** The fake's own URL: the accounts server and api_domain it names in its answers. */
  base: string;
  client?: { id: string; secret: string };
  /** Milliseconds since the epoch; tests move it to expire codes, tokens and windows without waiting. */
  clock?: () => number;
}

export function zohoFake(options: ZohoFakeOptions): { app: Hono; state: ZohoState } {
  const state = new ZohoState(options.client ?? ZOHO_TEST_CLIENT, options.clock);
  const app = new Hono();
  app.route("/", accountsRoutes(state, options.base));
  app.route("/", crmRoutes(state));
  app.route("/", zohoControlRoutes(state));
  app.onError((error, c) => {
    if (error instanceof ZohoCrmError) return c.json(error.toJSON(), error.status, error.headers);
    if (error instanceof ControlError) return c.json({ error: { message: error.message } }, error.status);
    throw error;
  });
  app.notFound((c) => c.json(new ZohoCrmError(404, "INVALID_URL_PATTERN", "Please check if the URL trying to access is a correct one").toJSON(), 404));
  return { app, state };
}
