// /admin/users: what supabase-js's auth.admin calls with the service-role key (GoTrue's internal/api/admin.go).
import { randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { requireAdmin } from "../bearer.ts";
import { metadataMap, readBody } from "../body.ts";
import {
  checkBcryptHash,
  checkPasswordStrength,
  hashPassword,
  type PasswordOwner,
  validateEmail,
  validatePhone,
} from "../credentials.ts";
import { isUniqueViolation, isUuid } from "../db.ts";
import { badRequest, notFound, unexpectedFailure, unprocessable } from "../errors.ts";
import { runBeforeUserCreated } from "../hooks.ts";
import type { AuthOptions } from "../options.ts";
import { endSessions } from "../sessions.ts";
import {
  AUDIENCE,
  confirmEmail,
  confirmPhone,
  DEFAULT_ROLE,
  deleteUser,
  emailTaken,
  findUserById,
  insertUser,
  listUsers,
  mergeAppMetadata,
  mergeUserMetadata,
  phoneTaken,
  setEmail,
  setPasswordHash,
  setPhone,
  setRole,
  type UserRecord,
  userJson,
} from "../users.ts";

const userAttributes = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  password_hash: z.string().nullish(),
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: metadataMap,
  app_metadata: metadataMap,
  role: z.string().nullish(),
  ban_duration: z.string().nullish(),
});
const createUserBody = userAttributes.extend({ id: z.string().nullish() });
const deleteUserBody = z.object({ should_soft_delete: z.boolean().nullish() });

// GoTrue's page-based listing (internal/api/pagination.go): per_page defaults to 50.
const pageParam = z.union([z.literal(""), z.coerce.number().int().min(1)]).optional();

const emailExists = () => unprocessable("email_exists", "A user with this email address has already been registered");
const phoneExists = () => unprocessable("phone_exists", "Phone number already registered by another user");

export function adminRoutes(options: AuthOptions) {
  const app = new Hono();
  app.use("/admin/*", requireAdmin(options));

  app.get("/admin/users", async (c) => {
    const page = pageParam.safeParse(c.req.query("page"));
    const perPage = pageParam.safeParse(c.req.query("per_page"));
    if (!page.success || !perPage.success) {
      throw badRequest("validation_failed", "Bad Pagination Parameters: page and per_page must be positive integers");
    }
    const pageNumber = page.data || 1;
    const pageSize = perPage.data || 50;
    const { users, total } = await listUsers(options.sql, pageNumber, pageSize);
    c.header("Link", paginationLink(c, pageNumber, Math.ceil(total / pageSize)));
    c.header("X-Total-Count", String(total));
    return c.json({ users: users.map(userJson), aud: AUDIENCE });
  });

  app.post("/admin/users", async (c) => {
    const body = await readBody(c, createUserBody);
    if (!body.email && !body.phone) {
      throw badRequest("validation_failed", "Cannot create a user without either an email or phone");
    }
    if (body.id && !isUuid(body.id)) throw badRequest("validation_failed", "ID must conform to the uuid v4 format");
    refuseBans(body.ban_duration);
    const email = body.email ? validateEmail(body.email) : null;
    const phone = body.phone ? validatePhone(body.phone) : null;
    if (email !== null && (await emailTaken(options.sql, email))) throw emailExists();
    if (phone !== null && (await phoneTaken(options.sql, phone))) throw phoneExists();
    const username = typeof body.user_metadata?.username === "string" ? body.user_metadata.username : undefined;
    const passwordHash = await newPasswordHash(body.password, body.password_hash, options.config.minimumPasswordLength, {
      username,
      email: email ?? undefined,
    });
    const providers = [...(email !== null ? ["email"] : []), ...(phone !== null ? ["phone"] : [])];
    const newId = body.id ?? randomUUID();

    const user = await options.sql.begin(async (tx) => {
      // GoTrue asks the before-user-created hook for admin-created users too.
      await runBeforeUserCreated(
        tx,
        options.config.beforeUserCreated,
        {
          id: newId,
          email: email ?? "",
          phone: phone ?? "",
          role: body.role || "",
          userMetadata: body.user_metadata ?? {},
          appMetadata: { provider: providers[0], providers },
        },
        null,
      );
      let id: string;
      try {
        id = await insertUser(tx, {
          id: newId,
          email,
          phone,
          passwordHash,
          role: body.role || DEFAULT_ROLE,
          emailConfirmed: body.email_confirm === true,
          phoneConfirmed: body.phone_confirm === true,
          userMetadata: body.user_metadata ?? {},
          appMetadata: { provider: providers[0], providers },
        });
      } catch (err) {
        if (isUniqueViolation(err, "users_email_partial_key")) throw emailExists();
        if (isUniqueViolation(err, "users_phone_key")) throw phoneExists();
        if (isUniqueViolation(err, "users_pkey")) throw unprocessable("user_already_exists", "User already exists");
        throw unexpectedFailure("Database error creating new user", err);
      }
      if (body.app_metadata != null) await mergeAppMetadata(tx, id, body.app_metadata);
      return findUserById(tx, id);
    });
    if (!user) throw new Error("the user just created is missing");
    return c.json(userJson(user));
  });

  app.get("/admin/users/:id", async (c) => c.json(userJson(await loadUser(c, options))));

  app.put("/admin/users/:id", async (c) => {
    const { row } = await loadUser(c, options);
    const body = await readBody(c, userAttributes);
    refuseBans(body.ban_duration);
    const email = body.email ? validateEmail(body.email) : null;
    const phone = body.phone ? validatePhone(body.phone) : null;
    if (email !== null && (await emailTaken(options.sql, email, row.id))) throw emailExists();
    if (phone !== null && (await phoneTaken(options.sql, phone, row.id))) throw phoneExists();
    const metadata = { ...row.raw_user_meta_data, ...body.user_metadata };
    const passwordHash = await newPasswordHash(body.password, body.password_hash, options.config.minimumPasswordLength, {
      username: typeof metadata.username === "string" ? metadata.username : undefined,
      email: email ?? row.email ?? undefined,
    });

    const updated = await options.sql.begin(async (tx) => {
      if (body.role) await setRole(tx, row.id, body.role);
      if (body.email_confirm) await confirmEmail(tx, row.id);
      if (body.phone_confirm) await confirmPhone(tx, row.id);
      if (passwordHash !== null) {
        await setPasswordHash(tx, row.id, passwordHash);
        // An admin-set password ends all of the user's sessions (GoTrue's UpdatePassword without a session).
        await endSessions(tx, row.id, null, "global");
      }
      if (email !== null) await setEmail(tx, row.id, email);
      if (phone !== null) await setPhone(tx, row.id, phone);
      if (body.app_metadata != null) await mergeAppMetadata(tx, row.id, body.app_metadata);
      if (body.user_metadata != null) await mergeUserMetadata(tx, row.id, body.user_metadata);
      return findUserById(tx, row.id);
    });
    if (!updated) throw notFound("user_not_found", "User not found");
    return c.json(userJson(updated));
  });

  app.delete("/admin/users/:id", async (c) => {
    const { row } = await loadUser(c, options);
    const body = await readBody(c, deleteUserBody, { emptyMeans: {} });
    if (body.should_soft_delete) {
      throw badRequest("validation_failed", "Soft deletion is not supported by devstack");
    }
    await deleteUser(options.sql, row.id);
    return c.json({});
  });

  return app;
}

async function loadUser(c: Context, options: AuthOptions): Promise<UserRecord> {
  const id = c.req.param("id") ?? "";
  if (!isUuid(id)) throw notFound("validation_failed", "user_id must be an UUID");
  const user = await findUserById(options.sql, id);
  if (!user) throw notFound("user_not_found", "User not found");
  return user;
}

async function newPasswordHash(
  password: string | null | undefined,
  hash: string | null | undefined,
  minimumLength: number,
  owner: PasswordOwner,
) {
  if (password != null && hash) {
    throw badRequest("validation_failed", "Only a password or a password hash should be provided");
  }
  if (hash) {
    checkBcryptHash(hash);
    return hash;
  }
  if (password == null || password === "") return null;
  checkPasswordStrength(password, minimumLength, owner);
  return hashPassword(password);
}

// Bans would have to be honoured at sign-in and refresh too; nothing here needs them, so say so instead of ignoring.
function refuseBans(banDuration: string | null | undefined): void {
  if (banDuration) throw badRequest("validation_failed", "ban_duration is not supported by devstack");
}

/**
 * GoTrue's Link header: the request's own query with `page` replaced, keys sorted (Go's url.Values.Encode), which
 * auth-js relies on: it reads the digit right after the first "=" as the page number.
 */
function paginationLink(c: Context, page: number, lastPage: number): string {
  const link = (target: number, rel: string) => {
    const query = new URLSearchParams(new URL(c.req.url).searchParams);
    query.set("page", String(target));
    query.sort();
    return `</admin/users?${query.toString()}>; rel="${rel}"`;
  };
  return [...(lastPage > page ? [link(page + 1, "next")] : []), link(lastPage, "last")].join(", ");
}
