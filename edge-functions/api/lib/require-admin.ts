// The admin area's one guard: app.ts mounts every admin route behind it, so an admin route can't forget it. A visitor
// is told to sign in (401), a signed-in user who is not an admin that the area is not theirs (403). The database
// enforces the same through RLS; this spares the query and gives the caller a clear answer.
import type { MiddlewareHandler } from "hono";
import { isAdmin } from "../../_shared/accounts/index.ts";
import type { CallerEnv } from "./caller.ts";
import { ADMIN_ONLY_MESSAGE, errorBody } from "./errors.ts";
import type { SignedInEnv } from "./require-user.ts";

export { ADMIN_ONLY_MESSAGE };

export const requireAdmin: MiddlewareHandler<SignedInEnv & CallerEnv> = async (c, next) => {
  const caller = c.var.caller;
  if (!caller) return c.json(errorBody("Not authenticated"), 401);
  if (!(await isAdmin(caller.claims))) return c.json(errorBody(ADMIN_ONLY_MESSAGE), 403);
  c.set("signedIn", caller);
  await next();
};
