// The admin areas' one guard each (app.ts): /api/admin, /api/support/admin, /api/payment-config,
// /api/temp-admin-stats, and marketing's /api/marketing, /api/campaigns and /api/affiliate/admin. Every route the app
// declares under any of them answers a visitor 401 and a signed-in user who is not an admin 403, so a route mounted
// outside its group's guard fails here. The upgrade popup's public read is the one route meant to be outside.
import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { assertError, call, signedInUser } from "../testing/stack.ts";
import { ADMIN_ONLY_MESSAGE } from "./require-admin.ts";

const ADMIN_PREFIXES = [
  "/api/admin/",
  "/api/support/admin/",
  "/api/payment-config",
  "/api/temp-admin-stats",
  "/api/marketing/",
  "/api/campaigns/",
  "/api/affiliate/admin/",
];
const PUBLIC_UNDER_ADMIN = new Set(["GET /api/admin/system-popups/:popupType"]);

function adminRoutes(): string[] {
  const routes = createApp().routes
    .filter((route) => route.method !== "ALL" && ADMIN_PREFIXES.some((prefix) => route.path.startsWith(prefix)))
    .map((route) => `${route.method} ${route.path.replace(/\/$/, "")}`)
    .filter((route) => !PUBLIC_UNDER_ADMIN.has(route));
  return [...new Set(routes)];
}

async function callEach(token: string | undefined, status: number, message: string) {
  for (const route of adminRoutes()) {
    const [method, path] = route.split(" ") as [string, string];
    const filled = path.replace(/:\w+/g, (param) => param === ":domain" ? "example.com" : crypto.randomUUID());
    const body = method === "GET" || method === "HEAD" ? undefined : {};
    const response = await call(filled, { method, token, body });
    assert.equal(response.status, status, `${route}: ${response.text}`);
    assertError(response, status, message);
  }
}

Deno.test("the guarded routes include every admin area", () => {
  const routes = adminRoutes();
  for (
    const expected of [
      "GET /api/support/admin/tickets",
      "GET /api/admin/system-popups",
      "GET /api/admin/platform-stats",
      "GET /api/admin/export-database",
      "POST /api/admin/payment-config/reseal",
      "GET /api/payment-config",
      "POST /api/payment-config/:provider",
      "GET /api/temp-admin-stats",
      "PUT /api/marketing/campaigns/:id",
      "GET /api/marketing/preview/:campaignType/:id",
      "POST /api/campaigns/email-campaigns/:id/send",
      "GET /api/campaigns/push-notifications/:id/audience",
      "DELETE /api/campaigns/banner-ads/:id",
      "POST /api/affiliate/admin/init-zoho",
      "POST /api/admin/seo/removal-requests/:id/decision",
      "POST /api/admin/duplicates/merges/:id/undo",
    ]
  ) assert.ok(routes.includes(expected), `${expected} not in ${routes.join(", ")}`);
});

Deno.test("every route under an admin prefix answers a visitor 401", async () => {
  await callEach(undefined, 401, "Not authenticated");
});

Deno.test("every route under an admin prefix answers a user who is not an admin 403", async () => {
  await callEach((await signedInUser()).token, 403, ADMIN_ONLY_MESSAGE);
});
