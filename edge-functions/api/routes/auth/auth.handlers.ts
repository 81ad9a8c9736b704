// Accounts over HTTP: each handler takes validated input, calls the account logic in _shared/accounts,
// and answers. Failures the logic throws (taken username, wrong credentials) become HTTP answers in lib/errors.ts.
import type { Context, Env } from "hono";
import { clientAddressFrom, sessionIdSchema } from "../../../_shared/anonymous/index.ts";
import { recordSignUpConversion } from "../../../_shared/marketing/index.ts";
import {
  readCurrentUser,
  login as signIn,
  logout as endSession,
  register as createAccount,
  type AuthResponse,
  type loginRequestSchema,
  type registerRequestSchema,
} from "../../../_shared/accounts/index.ts";
import { errorBody } from "../../lib/errors.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";

export async function register(c: Context<Env, string, JsonInput<typeof registerRequestSchema>>) {
  const account = await createAccount(c.req.valid("json"));
  // The anonymous session the visitor browsed in (and clicked campaigns in) before signing up; a malformed one is none.
  const session = sessionIdSchema.safeParse(c.req.header("x-session-id"));
  await recordSignUpConversion(account.id, session.success ? session.data : null);
  return answerSignedIn(c, account, 201);
}

export async function login(c: Context<Env, string, JsonInput<typeof loginRequestSchema>>) {
  const origin = {
    clientIp: clientAddressFrom(c.req.header("x-forwarded-for")),
    userAgent: c.req.header("user-agent") ?? null,
  };
  return answerSignedIn(c, await signIn(c.req.valid("json"), origin), 200);
}

export async function currentUser(c: Context<SignedInEnv>) {
  const user = await readCurrentUser(c.var.signedIn.claims);
  if (!user) return c.json(errorBody("Not authenticated"), 401);
  return c.json(user, 200);
}

export async function logout(c: Context<SignedInEnv>) {
  await endSession(c.var.signedIn.accessToken);
  return c.body(null, 204);
}

/** The SPA takes the bearer token from the Authorization response header; the body carries the session. */
function answerSignedIn(c: Context, response: AuthResponse, status: 200 | 201) {
  c.header("Authorization", `Bearer ${response.session.accessToken}`);
  return c.json(response, status);
}
