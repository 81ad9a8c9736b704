// Routes that need a signed-in user put this first. The caller was identified and admitted for the whole app
// (lib/caller.ts); this refuses visitors and hands the user's id and claims to the handler.
import type { MiddlewareHandler } from "hono";
import type { SignedIn } from "../../_shared/auth/index.ts";
import type { CallerEnv } from "./caller.ts";
import { errorBody } from "./errors.ts";

export type SignedInEnv = { Variables: { signedIn: SignedIn } };

export const requireUser: MiddlewareHandler<SignedInEnv & CallerEnv> = async (c, next) => {
  const caller = c.var.caller;
  if (!caller) return c.json(errorBody("Not authenticated"), 401);
  c.set("signedIn", caller);
  await next();
};
