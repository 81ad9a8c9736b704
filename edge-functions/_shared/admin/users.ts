// The users tab: the paginated list with search, filters and sort, the user drawer, and the actions on a user. Each
// action is one SQL function that checks the rules (the last admin, your own flag), changes the profile and writes the
// audit row in one transaction; the answer is the user as they are afterwards.
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import type { UserSql } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import { asAdmin } from "./as-admin.ts";
import {
  ADMIN_USERS_PAGE_MAX,
  type AdminUserDetail,
  type AdminUserRow,
  type AdminUsersPage,
  type adminUsersQuerySchema,
  type GrantCreditsRequest,
  type SuspensionRequest,
  type ThrottleRequest,
  USER_SORTS,
} from "./contract.ts";
import { activityFromRow, type ActivityColumns } from "./log-rows.ts";
import { grantFromRow, type GrantColumns } from "./grant-rows.ts";
import { userFromRow, type UserRowColumns } from "./user-rows.ts";

export type AdminUsersFilters = z.output<typeof adminUsersQuerySchema>;

const SORT_COLUMNS: Record<(typeof USER_SORTS)[number], string> = {
  createdAt: "created_at",
  email: "email",
  lastActiveAt: "last_active_at",
  validationCount: "validation_count",
};

type UserPageRow = UserRowColumns & { total_count: number | string };

function usersPage(sql: UserSql, query: AdminUsersFilters, limit: number, offset: number) {
  return sql<UserPageRow[]>`
    select * from private.admin_users(
      ${query.search || null}, ${query.filter ?? null}, ${query.plan ?? null}, ${SORT_COLUMNS[query.sort]},
      ${query.order === "desc"}, ${limit}, ${offset}
    )
  `;
}

/** GET /api/admin/users */
export async function listUsers(claims: AccessTokenClaims, query: AdminUsersFilters): Promise<AdminUsersPage> {
  const rows = await asAdmin(claims, (sql) => usersPage(sql, query, query.pageSize, (query.page - 1) * query.pageSize));
  return {
    users: rows.map(userFromRow),
    total: Number(rows[0]?.total_count ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Every user, oldest first, a page at a time within `sql`'s transaction (the users CSV). Oldest first, so someone
 * registering meanwhile lands after the pages read and shifts none of them.
 */
export async function* allUsers(sql: UserSql): AsyncIterable<AdminUserRow[]> {
  const query: AdminUsersFilters = { sort: "createdAt", order: "asc", page: 1, pageSize: ADMIN_USERS_PAGE_MAX };
  for (let offset = 0;; offset += ADMIN_USERS_PAGE_MAX) {
    const rows = await usersPage(sql, query, ADMIN_USERS_PAGE_MAX, offset);
    if (rows.length > 0) yield rows.map(userFromRow);
    if (rows.length < ADMIN_USERS_PAGE_MAX) return;
  }
}

interface UserDetailJson {
  user: UserRowColumns | null;
  usage: AdminUserDetail["usage"];
  grants: GrantColumns[];
  recentActivity: ActivityColumns[];
}

/** GET /api/admin/users/{id}: the drawer's profile, usage, latest grants and activity. */
export async function readUser(claims: AccessTokenClaims, userId: string): Promise<AdminUserDetail> {
  const [row] = await asAdmin(claims, (sql) => sql<{ detail: UserDetailJson | null }[]>`
    select private.admin_user(${userId}::uuid) as detail
  `);
  const detail = row?.detail;
  if (!detail?.user) throw new DomainError("user_not_found");
  return {
    user: userFromRow(detail.user),
    usage: detail.usage,
    grants: detail.grants.map(grantFromRow),
    recentActivity: detail.recentActivity.map(activityFromRow),
  };
}

/** Runs an action on a user, then reads them back in the same transaction. */
async function actOnUser(
  claims: AccessTokenClaims,
  userId: string,
  action: (sql: UserSql) => Promise<unknown>,
): Promise<{ user: AdminUserRow }> {
  return await asAdmin(claims, async (sql) => {
    await action(sql);
    const [row] = await sql<{ detail: UserDetailJson | null }[]>`select private.admin_user(${userId}::uuid) as detail`;
    if (!row?.detail?.user) throw new DomainError("user_not_found");
    return { user: userFromRow(row.detail.user) };
  });
}

/** PATCH /api/admin/users/{id}: make or revoke admin (never yourself, never the last one). */
export async function setAdmin(claims: AccessTokenClaims, userId: string, isAdmin: boolean) {
  return await actOnUser(claims, userId, (sql) => sql`select private.admin_set_admin(${userId}::uuid, ${isAdmin})`);
}

/** POST /api/admin/users/{id}/credits: the grant's id and the user with their new balance. */
export async function grantCredits(claims: AccessTokenClaims, userId: string, grant: GrantCreditsRequest) {
  return await actOnUser(claims, userId, (sql) =>
    sql`
      select private.admin_grant_credits(
        ${userId}::uuid, ${grant.amount}, ${grant.grantType}, ${grant.reason}, ${grant.expiresAt ?? null}::timestamptz
      )
    `);
}

/** PATCH /api/admin/users/{id}/throttle: applies from the user's next request. */
export async function setThrottle(claims: AccessTokenClaims, userId: string, throttle: ThrottleRequest) {
  return await actOnUser(claims, userId, (sql) =>
    sql`
      select private.admin_set_throttle(
        ${userId}::uuid, ${throttle.throttleEnabled}, ${throttle.maxRequestsPerMinute}, ${throttle.currentThrottleLevel}
      )
    `);
}

/** POST /api/admin/users/{id}/suspension */
export async function suspendUser(claims: AccessTokenClaims, userId: string, suspension: SuspensionRequest) {
  return await actOnUser(claims, userId, (sql) =>
    sql`select private.admin_suspend_user(${userId}::uuid, ${suspension.until}::timestamptz, ${suspension.reason})`);
}

/** DELETE /api/admin/users/{id}/suspension */
export async function unsuspendUser(claims: AccessTokenClaims, userId: string) {
  return await actOnUser(claims, userId, (sql) => sql`select private.admin_unsuspend_user(${userId}::uuid)`);
}
