// GET /verify (the link in a mail) and POST /verify (supabase-js verifyOtp with a token_hash) for the one kind of
// mail devstack's Auth sends: email_change. GoTrue's answers (internal/api/verify.go): a link redirects (303) to
// redirect_to, with a session, a message or an error in the fragment; POST answers JSON.
import { Hono } from "hono";
import { z } from "zod";
import { readBody } from "../body.ts";
import { allowedRedirect, confirmEmailChange, linkInvalid, SINGLE_CONFIRMATION_ACCEPTED } from "../email-change.ts";
import { AuthApiError, badRequest } from "../errors.ts";
import { sessionResponse } from "../grant.ts";
import type { AuthEmailSettings } from "../mailer.ts";
import type { AuthOptions } from "../options.ts";
import { createSession } from "../sessions.ts";
import { findUserById, recordSignIn } from "../users.ts";

// The types GoTrue's /verify knows; devstack mails only email_change, so the others find no token.
const MAIL_TYPES = ["signup", "invite", "recovery", "magiclink", "email", "email_change"];

// GoTrue's oauthErrorMap, for the fragment's `error`.
const OAUTH_ERRORS: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
  503: "temporarily_unavailable",
};

const verifyPostBody = z.object({
  type: z.string().nullish(),
  token: z.string().nullish(),
  token_hash: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  redirect_to: z.string().nullish(),
});

function withFragment(url: string, fragment: Record<string, string>): string {
  const base = url.split("#")[0]!;
  return `${base}#${new URLSearchParams({ ...fragment, sb: "" }).toString()}`;
}

type Outcome = { kind: "partial" } | { kind: "session"; body: Record<string, unknown> };

/** Follows an email_change token: spends it, and when the change is complete signs the user in, as GoTrue does. */
async function verifyEmailChange(options: AuthOptions, email: AuthEmailSettings, token: string): Promise<Outcome> {
  return options.sql.begin(async (tx) => {
    const outcome = await confirmEmailChange(tx, email, token);
    if (!outcome.applied) return { kind: "partial" } as const;
    const issued = await createSession(tx, outcome.userId);
    await recordSignIn(tx, outcome.userId);
    const user = await findUserById(tx, outcome.userId);
    if (!user) throw new Error("the user whose email changed is missing");
    return { kind: "session", body: await sessionResponse(options, user, issued.session, issued.refreshToken) } as const;
  });
}

function checkType(type: string): void {
  if (!MAIL_TYPES.includes(type)) throw badRequest("validation_failed", "Invalid email verification type");
  // Devstack's Auth sends no sign-up, recovery or magic-link mails, so no such token exists.
  if (type !== "email_change") throw linkInvalid();
}

export function verifyRoutes(options: AuthOptions) {
  const app = new Hono();

  app.get("/verify", async (c) => {
    const type = c.req.query("type") ?? "";
    const token = c.req.query("token") ?? "";
    if (type === "") throw badRequest("validation_failed", "Verify requires a verification type");
    if (token === "") throw badRequest("validation_failed", "Verify requires a token or a token hash");
    const email = options.email;
    const redirectTo = allowedRedirect({ siteUrl: email?.siteUrl ?? options.issuer }, c.req.query("redirect_to"));
    try {
      checkType(type);
      if (!email) throw linkInvalid();
      const outcome = await verifyEmailChange(options, email, token);
      if (outcome.kind === "partial") return c.redirect(withFragment(redirectTo, { message: SINGLE_CONFIRMATION_ACCEPTED }), 303);
      const session = outcome.body;
      return c.redirect(
        withFragment(redirectTo, {
          access_token: String(session.access_token),
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: String(session.refresh_token),
          token_type: "bearer",
          type,
        }),
        303,
      );
    } catch (error) {
      if (!(error instanceof AuthApiError)) throw error;
      // A failed link still lands the browser on the site, with GoTrue's error in the fragment.
      return c.redirect(
        withFragment(redirectTo, {
          ...(OAUTH_ERRORS[error.status] ? { error: OAUTH_ERRORS[error.status]! } : {}),
          error_code: error.code,
          error_description: error.message,
        }),
        303,
      );
    }
  });

  app.post("/verify", async (c) => {
    const body = await readBody(c, verifyPostBody);
    const type = body.type ?? "";
    if (type === "") throw badRequest("validation_failed", "Verify requires a verification type");
    const token = body.token ?? "";
    const tokenHash = body.token_hash ?? "";
    if ((token === "") === (tokenHash === "")) {
      throw badRequest("validation_failed", "Verify requires either a token or a token hash");
    }
    if (token !== "") {
      // The 6-digit code variant needs the address it was sent to; devstack's mails carry links only.
      throw badRequest("validation_failed", "Only the token_hash and type are supported by devstack's Auth");
    }
    checkType(type);
    if (!options.email) throw linkInvalid();
    const outcome = await verifyEmailChange(options, options.email, tokenHash);
    if (outcome.kind === "partial") return c.json({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: "200" });
    return c.json(outcome.body);
  });

  return app;
}
