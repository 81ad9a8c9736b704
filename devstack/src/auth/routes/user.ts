// GET and PUT /user (the signed-in user's own account) and POST /logout, all behind GoTrue's bearer checks.
import { Hono } from "hono";
import { z } from "zod";
import { ADMIN_ROLES, requireUser, type UserEnv } from "../bearer.ts";
import { metadataMap, readBody } from "../body.ts";
import {
  checkPasswordStrength,
  hashPassword,
  normalizePhone,
  validateEmail,
  verifyPassword,
} from "../credentials.ts";
import { requestEmailChange } from "../email-change.ts";
import { badRequest, forbidden, unexpectedFailure, unprocessable } from "../errors.ts";
import type { AuthOptions } from "../options.ts";
import { endSessions } from "../sessions.ts";
import {
  AUDIENCE,
  emailTaken,
  findUserById,
  mergeAppMetadata,
  mergeUserMetadata,
  setPasswordHash,
  userJson,
} from "../users.ts";

const updateUserBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadataMap,
  app_metadata: metadataMap,
});

const logoutScope = z.enum(["global", "local", "others"]);

export function userRoutes(options: AuthOptions) {
  const app = new Hono<UserEnv>();
  app.use("/user", requireUser(options));
  app.use("/logout", requireUser(options));

  app.get("/user", (c) => {
    const { aud } = c.var.claims;
    if ((Array.isArray(aud) ? aud[0] : aud) !== AUDIENCE) {
      throw badRequest("validation_failed", "Token audience doesn't match request audience");
    }
    return c.json(userJson(c.var.user));
  });

  app.put("/user", async (c) => {
    const body = await readBody(c, updateUserBody);
    const { row } = c.var.user;
    const session = c.var.session;
    const email = body.email ? validateEmail(body.email) : null;
    if (body.password != null) {
      const username = typeof row.raw_user_meta_data?.username === "string" ? row.raw_user_meta_data.username : undefined;
      checkPasswordStrength(body.password, options.config.minimumPasswordLength, {
        username,
        email: email ?? row.email ?? undefined,
      });
    }
    if (body.app_metadata != null && !(row.role !== null && ADMIN_ROLES.includes(row.role))) {
      throw forbidden("not_admin", "Updating app_metadata requires admin privileges");
    }
    // Changing a phone number needs an SMS to confirm it; devstack has no SMS provider, like the CLI's default.
    if (body.phone && normalizePhone(body.phone) !== row.phone) {
      throw badRequest("phone_provider_disabled", "Phone changes need an SMS provider, which devstack does not have");
    }
    const newEmail = email !== null && email !== row.email ? email : null;
    if (newEmail !== null && (await emailTaken(options.sql, newEmail, row.id))) {
      throw unprocessable("email_exists", "A user with this email address has already been registered");
    }
    let passwordHash: string | null = null;
    if (body.password != null) {
      if (await verifyPassword(body.password, row.encrypted_password)) {
        throw unprocessable("same_password", "New password should be different from the old password.");
      }
      passwordHash = await hashPassword(body.password);
    }

    const updated = await options.sql.begin(async (tx) => {
      if (passwordHash !== null) {
        await setPasswordHash(tx, row.id, passwordHash);
        // A new password signs the user out everywhere else, as GoTrue's UpdatePassword does.
        await endSessions(tx, row.id, session?.id ?? null, "others");
      }
      if (body.data != null) await mergeUserMetadata(tx, row.id, body.data);
      if (body.app_metadata != null) await mergeAppMetadata(tx, row.id, body.app_metadata);
      // Not applied yet: the links mailed to the new address (and, with secure change, the current one) apply it.
      if (newEmail !== null) {
        if (!options.email) throw unexpectedFailure("Error sending email change email");
        await requestEmailChange(tx, options.email, row, newEmail, c.req.query("redirect_to"));
      }
      return findUserById(tx, row.id);
    });
    if (!updated) throw new Error("the user being updated is missing");
    return c.json(userJson(updated));
  });

  app.post("/logout", async (c) => {
    const scope = logoutScope.safeParse(c.req.query("scope") || "global");
    if (!scope.success) {
      throw badRequest("validation_failed", `Unsupported logout scope "${c.req.query("scope")}"`);
    }
    await endSessions(options.sql, c.var.user.row.id, c.var.session?.id ?? null, scope.data);
    return c.body(null, 204);
  });

  return app;
}
