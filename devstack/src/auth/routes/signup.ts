// POST /signup with email and password. Sign-ups are confirmed at once (the local CLI's default, no mailer), so the
// answer is a Session, as GoTrue answers with mailer_autoconfirm on.
import { Hono } from "hono";
import { z } from "zod";
import { metadataMap, readBody } from "../body.ts";
import { checkPasswordStrength, hashPassword, validateEmail } from "../credentials.ts";
import { isUniqueViolation } from "../db.ts";
import { badRequest, unexpectedFailure, unprocessable } from "../errors.ts";
import { sessionResponse } from "../grant.ts";
import type { AuthOptions } from "../options.ts";
import { createSession } from "../sessions.ts";
import { DEFAULT_ROLE, emailTaken, findUserById, insertUser, recordSignIn } from "../users.ts";

const signupBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadataMap,
});

const userAlreadyExists = () => unprocessable("user_already_exists", "User already registered");

export function signupRoutes(options: AuthOptions) {
  return new Hono().post("/signup", async (c) => {
    const body = await readBody(c, signupBody);
    const email = body.email ?? "";
    const password = body.password ?? "";
    // GoTrue's checks, in its order: neither email nor phone means an anonymous sign-in (off, as in the CLI's config).
    if (email === "" && !body.phone) {
      throw unprocessable("anonymous_provider_disabled", "Anonymous sign-ins are disabled");
    }
    if (password === "") throw badRequest("validation_failed", "Signup requires a valid password");
    checkPasswordStrength(password);
    if (email !== "" && body.phone) {
      throw badRequest("validation_failed", "Only an email address or phone number should be provided on signup.");
    }
    if (body.phone) throw badRequest("phone_provider_disabled", "Phone signups are disabled");
    const address = validateEmail(email);
    if (await emailTaken(options.sql, address)) throw userAlreadyExists();

    // Hashing is slow on purpose; do it before holding a transaction open.
    const passwordHash = await hashPassword(password);
    const { user, issued } = await options.sql.begin(async (tx) => {
      let id: string;
      try {
        id = await insertUser(tx, {
          id: null,
          email: address,
          phone: null,
          passwordHash,
          role: DEFAULT_ROLE,
          emailConfirmed: true,
          phoneConfirmed: false,
          userMetadata: body.data ?? {},
          appMetadata: { provider: "email", providers: ["email"] },
        });
      } catch (err) {
        if (isUniqueViolation(err, "users_email_partial_key")) throw userAlreadyExists();
        // Typically a trigger on auth.users refusing the row (our profiles trigger on a taken username).
        throw unexpectedFailure("Database error saving new user", err);
      }
      const issued = await createSession(tx, id);
      await recordSignIn(tx, id);
      return { user: await findUserById(tx, id), issued };
    });
    if (!user) throw new Error("the user just signed up is missing");
    return c.json(await sessionResponse(options, user, issued.session, issued.refreshToken));
  });
}
