// The admin areas' one guard each (/api/admin and /api/support/admin, app.ts): every route the app declares under
// either prefix answers a signed-in user who is not an admin 403, so a route mounted outside its group's guard fails
// here. The upgrade popup's public read is the one route meant to be outside.
import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { assertError, call, signedInUser } from "../testing/stack.ts";
import { ADMIN_ONLY_MESSAGE } from "./require-admin.ts";

const ADMIN_PREFIXES = ["/api/admin/", "/api/support/admin/"];
const PUBLIC_UNDER_ADMIN = new Set(["GET /api/admin/system-popups/:popupType"]);

Deno.test("every route under an admin prefix answers a user who is not an admin 403", async () => {
  const routes = createApp().routes
    .filter((route) => route.method !== "ALL" && ADMIN_PREFIXES.some((prefix) => route.path.startsWith(prefix)))
    .map((route) => `${route.method} ${route.path}`)
    .filter((route) => !PUBLIC_UNDER_ADMIN.has(route));
  assert.ok(routes.includes("GET /api/support/admin/tickets"), routes.join(", "));
  assert.ok(routes.includes("GET /api/admin/system-popups"), routes.join(", "));
  const user = await signedInUser();
  for (const route of new Set(routes)) {
    const [method, path] = route.split(" ") as [string, string];
    const filled = path.replace(/:\w+/g, crypto.randomUUID());
    const body = method === "GET" || method === "HEAD" ? undefined : {};
    assertError(await call(filled, { method, token: user.token, body }), 403, ADMIN_ONLY_MESSAGE);
  }
});
