// Every admin query runs as the signed-in admin, so the database checks private.is_admin() itself and the audit log
// names who acted; its refusals come back as DomainErrors.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { adminRefusals } from "./database-errors.ts";

export async function asAdmin<T>(claims: AccessTokenClaims, work: (sql: UserSql) => Promise<T>): Promise<T> {
  return await adminRefusals(() => asUser(claims, work));
}

/** A timestamp as the contract writes it (ISO, UTC), from a column (Date) or a JSON value (text). */
export function isoTime(value: Date | string): string {
  return new Date(value).toISOString();
}

export function isoTimeOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : isoTime(value);
}
