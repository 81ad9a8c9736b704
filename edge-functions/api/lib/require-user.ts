// Routes that need a signed-in user put this first. It reads `Authorization: Bearer <access token>`, has Supabase
// Auth confirm the token (see verifyAccessToken), and hands the user's id and claims to the handler.
import type { MiddlewareHandler } from "hono";
import { type SignedIn, verifyAccessToken } from "../../_shared/auth/verify-access-token.ts";
import { bearerToken } from "./bearer.ts";
import { errorBody } from "./errors.ts";

export type SignedInEnv = { Variables: { signedIn: SignedIn } };

export const requireUser: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const accessToken = bearerToken(c.req.header("authorization"));
  const signedIn = accessToken ? await verifyAccessToken(accessToken) : null;
  if (!signedIn) return c.json(errorBody("Not authenticated"), 401);
  c.set("signedIn", signedIn);
  await next();
};
