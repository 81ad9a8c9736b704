// Users in auth.users and auth.identities, with GoTrue's column names (they feed our migrations' triggers and
// foreign keys), and the User JSON GoTrue answers (auth internal/models/user.go).
import { asJson, type Db, INSTANCE_ID } from "./db.ts";
import type { TokenSubject } from "./tokens.ts";

export const AUDIENCE = "authenticated";
export const DEFAULT_ROLE = "authenticated";

type Metadata = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  recovery_sent_at: Date | null;
  email_change_sent_at: Date | null;
  /** A pending email change: the new address, and the link tokens for it and for the current one. */
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  /** 0, or 1 once one of the two links of a secure email change was followed. */
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Metadata | null;
  raw_user_meta_data: Metadata | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Metadata;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface UserRecord {
  row: UserRow;
  identities: IdentityRow[];
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | null> {
  const [row] = await db<UserRow[]>`select * from auth.users where id = ${id}`;
  return row ? { row, identities: await identitiesOf(db, [row.id]) } : null;
}

/** The sign-in lookup: GoTrue matches lower(email) within the audience and never an SSO account. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db<UserRow[]>`
    select * from auth.users
    where instance_id = ${INSTANCE_ID} and lower(email) = ${email.toLowerCase()} and aud = ${AUDIENCE}
      and is_sso_user = false`;
  return row ?? null;
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | null> {
  const [row] = await db<UserRow[]>`
    select * from auth.users where instance_id = ${INSTANCE_ID} and phone = ${phone} and aud = ${AUDIENCE}`;
  return row ?? null;
}

export async function emailTaken(db: Db, email: string, exceptUserId: string | null = null): Promise<boolean> {
  const [row] = await db`
    select 1 from auth.users
    where lower(email) = ${email} and aud = ${AUDIENCE} and is_sso_user = false
      and id is distinct from ${exceptUserId}::uuid`;
  return row !== undefined;
}

export async function phoneTaken(db: Db, phone: string, exceptUserId: string | null = null): Promise<boolean> {
  const [row] = await db`
    select 1 from auth.users where phone = ${phone} and id is distinct from ${exceptUserId}::uuid`;
  return row !== undefined;
}

export interface NewUser {
  id: string | null;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  role: string;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
  userMetadata: Metadata;
  appMetadata: Metadata;
}

/**
 * Inserts the user and one identity per sign-in method, as GoTrue does. Triggers on auth.users (our profiles
 * migration) run inside the caller's transaction, so their failure rolls the whole sign-up back.
 */
export async function insertUser(db: Db, user: NewUser): Promise<string> {
  // GoTrue's Confirm records email_verified in user_metadata; the identity keeps the claims it was created with.
  const userMetadata = user.emailConfirmed ? { ...user.userMetadata, email_verified: true } : user.userMetadata;
  const [inserted] = await db<{ id: string }[]>`
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
      confirmation_token, recovery_token, email_change_token_new, email_change
    ) values (
      ${INSTANCE_ID}, coalesce(${user.id}::uuid, gen_random_uuid()), ${AUDIENCE}, ${user.role}, ${user.email},
      ${user.passwordHash ?? ""}, case when ${user.emailConfirmed} then now() end, ${user.phone},
      case when ${user.phoneConfirmed} then now() end,
      ${asJson(user.appMetadata)}::text::jsonb, ${asJson(userMetadata)}::text::jsonb, false, now(), now(),
      '', '', '', ''
    )
    returning id`;
  if (!inserted) throw new Error("insert into auth.users returned no row");
  const id = inserted.id;
  const claims = { email_verified: false, phone_verified: false };
  if (user.email !== null) {
    // Like GoTrue, the sign-up data also lands in the identity, without overriding the identity's own keys.
    await insertIdentity(db, id, "email", { ...user.userMetadata, sub: id, email: user.email, ...claims });
  }
  if (user.phone !== null) {
    await insertIdentity(db, id, "phone", { ...user.userMetadata, sub: id, phone: user.phone, ...claims });
  }
  return id;
}

async function insertIdentity(db: Db, userId: string, provider: string, data: Metadata): Promise<void> {
  await db`
    insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    values (${userId}, ${userId}, ${asJson(data)}::text::jsonb, ${provider}, now(), now(), now())`;
}

/** GoTrue's metadata update: keys are merged in, a null value removes its key. */
function metadataPatch(patch: Metadata): { set: string; remove: string[] } {
  const entries = Object.entries(patch);
  return {
    set: asJson(Object.fromEntries(entries.filter(([, value]) => value !== null))),
    remove: entries.filter(([, value]) => value === null).map(([key]) => key),
  };
}

export async function mergeUserMetadata(db: Db, id: string, patch: Metadata): Promise<void> {
  const { set, remove } = metadataPatch(patch);
  await db`
    update auth.users
    set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}') || ${set}::text::jsonb) - ${remove}::text[],
      updated_at = now()
    where id = ${id}`;
}

export async function mergeAppMetadata(db: Db, id: string, patch: Metadata): Promise<void> {
  const { set, remove } = metadataPatch(patch);
  await db`
    update auth.users
    set raw_app_meta_data = (coalesce(raw_app_meta_data, '{}') || ${set}::text::jsonb) - ${remove}::text[],
      updated_at = now()
    where id = ${id}`;
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db`update auth.users set encrypted_password = ${passwordHash}, updated_at = now() where id = ${id}`;
}

/** Changes the email and the email identity with it (GoTrue's SetEmail plus UpdateIdentityData). */
export async function setEmail(db: Db, id: string, email: string): Promise<void> {
  await db`update auth.users set email = ${email}, updated_at = now() where id = ${id}`;
  await setIdentityField(db, id, "email", email);
}

export async function setPhone(db: Db, id: string, phone: string): Promise<void> {
  await db`update auth.users set phone = ${phone}, updated_at = now() where id = ${id}`;
  await setIdentityField(db, id, "phone", phone);
}

async function setIdentityField(db: Db, userId: string, provider: "email" | "phone", value: string): Promise<void> {
  const updated = await db`
    update auth.identities
    set identity_data = identity_data || jsonb_build_object(${provider}::text, ${value}::text), updated_at = now()
    where user_id = ${userId} and provider = ${provider}`;
  if (updated.count === 0) {
    await insertIdentity(db, userId, provider, {
      sub: userId,
      [provider]: value,
      email_verified: false,
      phone_verified: false,
    });
  }
}

/** Marks the email confirmed and, as GoTrue's Confirm does, records email_verified in user_metadata. */
export async function confirmEmail(db: Db, id: string): Promise<void> {
  await db`
    update auth.users
    set email_confirmed_at = coalesce(email_confirmed_at, now()),
      raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}',
      updated_at = now()
    where id = ${id}`;
}

export async function confirmPhone(db: Db, id: string): Promise<void> {
  await db`
    update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()), updated_at = now()
    where id = ${id}`;
}

export async function setRole(db: Db, id: string, role: string): Promise<void> {
  await db`update auth.users set role = ${role}, updated_at = now() where id = ${id}`;
}

export async function recordSignIn(db: Db, id: string): Promise<void> {
  await db`update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${id}`;
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  // Sessions, refresh tokens and identities go with it (foreign keys on delete cascade).
  await db`delete from auth.users where id = ${id}`;
}

/** One page of users, newest first (GoTrue's default sort), and how many there are in all. */
export async function listUsers(
  db: Db,
  page: number,
  perPage: number,
): Promise<{ users: UserRecord[]; total: number }> {
  const rows = await db<UserRow[]>`
    select * from auth.users where aud = ${AUDIENCE}
    order by created_at desc, id
    limit ${perPage} offset ${(page - 1) * perPage}`;
  const [count] = await db<{ total: number }[]>`
    select count(*)::int as total from auth.users where aud = ${AUDIENCE}`;
  const identities = await identitiesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    users: rows.map((row) => ({ row, identities: identities.filter((identity) => identity.user_id === row.id) })),
    total: count?.total ?? 0,
  };
}

async function identitiesOf(db: Db, userIds: string[]): Promise<IdentityRow[]> {
  if (userIds.length === 0) return [];
  return db<IdentityRow[]>`
    select * from auth.identities where user_id = any(${userIds}::uuid[]) order by created_at, id`;
}

const iso = (date: Date | null) => (date ? date.toISOString() : undefined);

/** The User object GoTrue answers: always-present keys, plus timestamps only when set (Go's omitempty). */
export function userJson({ row, identities }: UserRecord): Record<string, unknown> {
  const json = {
    id: row.id,
    aud: row.aud ?? "",
    role: row.role ?? "",
    email: row.email ?? "",
    email_confirmed_at: iso(row.email_confirmed_at),
    invited_at: iso(row.invited_at),
    phone: row.phone ?? "",
    phone_confirmed_at: iso(row.phone_confirmed_at),
    confirmation_sent_at: iso(row.confirmation_sent_at),
    confirmed_at: iso(row.confirmed_at),
    recovery_sent_at: iso(row.recovery_sent_at),
    new_email: row.email_change || undefined,
    email_change_sent_at: iso(row.email_change_sent_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    banned_until: iso(row.banned_until),
    deleted_at: iso(row.deleted_at),
    is_anonymous: row.is_anonymous,
  };
  return dropUndefined(json);
}

function identityJson(identity: IdentityRow): Record<string, unknown> {
  // GoTrue names the surrogate key identity_id and the provider's id id, for older clients' sake.
  return dropUndefined({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    email: identity.email ?? undefined,
  });
}

const dropUndefined = (object: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

export function tokenSubject(row: UserRow): TokenSubject {
  return {
    id: row.id,
    aud: row.aud ?? AUDIENCE,
    role: row.role ?? DEFAULT_ROLE,
    email: row.email ?? "",
    phone: row.phone ?? "",
    appMetadata: row.raw_app_meta_data ?? {},
    userMetadata: row.raw_user_meta_data ?? {},
    isAnonymous: row.is_anonymous,
  };
}
