// POST /signup with email and password. Sign-ups are confirmed at once (the local CLI's default, no mailer), so the
// answer is a Session, as GoTrue answers with mailer_autoconfirm on.
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { metadataMap, readBody } from "../body.ts";
import { checkPasswordStrength, hashPassword, validateEmail } from "../credentials.ts";
import { runBeforeUserCreated } from "../hooks.ts";
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
    const username = typeof body.data?.username === "string" ? body.data.username : undefined;
    checkPasswordStrength(password, options.config.minimumPasswordLength, { username, email });
    if (email !== "" && body.phone) {
      throw badRequest("validation_failed", "Only an email address or phone number should be provided on signup.");
    }
    if (body.phone) throw badRequest("phone_provider_disabled", "Phone signups are disabled");
    const address = validateEmail(email);
    if (await emailTaken(options.sql, address)) throw userAlreadyExists();

    // Hashing is slow on purpose; do it before holding a transaction open.
    const passwordHash = await hashPassword(password);
    const appMetadata = { provider: "email", providers: ["email"] };
    const userMetadata = body.data ?? {};
    const newId = randomUUID();
    const { user, issued } = await options.sql.begin(async (tx) => {
      // GoTrue asks the hook inside the sign-up's transaction, just before it inserts the user.
      await runBeforeUserCreated(
        tx,
        options.config.beforeUserCreated,
        { id: newId, email: address, phone: "", role: "", userMetadata, appMetadata },
        clientAddress(c.req.header("x-forwarded-for")),
      );
      let id: string;
      try {
        id = await insertUser(tx, {
          id: newId,
          email: address,
          phone: null,
          passwordHash,
          role: DEFAULT_ROLE,
          emailConfirmed: true,
          phoneConfirmed: false,
          userMetadata,
          appMetadata,
        });
      } catch (err) {
        if (isUniqueViolation(err, "users_email_partial_key")) throw userAlreadyExists();
        // A trigger on auth.users refusing the row: the hook above refuses what the profile trigger would, so this is
        // a race (two sign-ups with one username at once) or a bug.
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

/** The client's address as GoTrue reads it (utilities.GetIPAddress): the first X-Forwarded-For entry. */
function clientAddress(forwardedFor: string | undefined): string | null {
  return forwardedFor?.split(",")[0]?.trim() || null;
}
