// Auth hooks as GoTrue runs a Postgres function hook: `select "<schema>"."<function>"($event)` in the transaction that
// is about to create the user, and an answer of {"error": {"http_code", "message"}} refuses the request with that
// status and message (GoTrue's hookserrors.Check: no message means no error, no http_code means 500). Answered in
// GoTrue's error shape, whose code is "unknown" when the error carries none.
import { randomUUID } from "node:crypto";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { PgFunctionHook } from "./config.ts";
import { asJson, type Db } from "./db.ts";
import { AuthApiError } from "./errors.ts";

/** The user as GoTrue's before-user-created event carries it (the shape of auth.users' JSON, before insertion). */
export interface HookUser {
  id: string;
  email: string;
  phone: string;
  role: string;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
}

/**
 * Asks config.toml's before-user-created hook, if one is set, about the user about to be inserted in `db`'s
 * transaction; throws its refusal. GoTrue asks it for sign-ups and admin-created users alike.
 */
export async function runBeforeUserCreated(
  db: Db,
  hook: PgFunctionHook | null,
  user: HookUser,
  ipAddress: string | null,
): Promise<void> {
  if (hook) await runPgFunctionHook(db, hook, beforeUserCreatedEvent(user, ipAddress));
}

function beforeUserCreatedEvent(user: HookUser, ipAddress: string | null) {
  return {
    metadata: {
      uuid: randomUUID(),
      time: new Date().toISOString(),
      name: "before-user-created",
      ip_address: ipAddress ?? "",
    },
    user: {
      id: user.id,
      aud: "authenticated",
      role: user.role,
      email: user.email,
      phone: user.phone,
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      identities: [],
      created_at: "0001-01-01T00:00:00Z",
      updated_at: "0001-01-01T00:00:00Z",
      is_anonymous: false,
    },
  };
}

const hookAnswer = (answer: unknown): { http_code?: unknown; message?: unknown } | null => {
  if (typeof answer !== "object" || answer === null || !("error" in answer)) return null;
  const error = (answer as { error: unknown }).error;
  return typeof error === "object" && error !== null ? error : null;
};

/** Runs the hook; throws the refusal it answers, as GoTrue would answer it. */
async function runPgFunctionHook(db: Db, hook: PgFunctionHook, event: unknown): Promise<void> {
  const [row] = await db<{ answer: unknown }[]>`
    select ${db(hook.schema)}.${db(hook.name)}(${asJson(event)}::text::jsonb) as answer
  `;
  const error = hookAnswer(row?.answer);
  if (!error || typeof error.message !== "string" || error.message === "") return;
  const status = typeof error.http_code === "number" && error.http_code > 0 ? error.http_code : 500;
  throw new AuthApiError(status as ContentfulStatusCode, status === 500 ? "unexpected_failure" : "unknown", error.message);
}
