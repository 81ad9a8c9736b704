// GET /api/admin/export-users: every user as a CSV row of USER_EXPORT_COLUMNS, read a page at a time as the admin and
// written as it is read. Cells are written as the bulk download writes them (RFC 4180, a byte order mark, and
// anything a spreadsheet would run as a formula neutralised). Recorded in the audit log before anything is read.
import type { AccessTokenClaims } from "../auth/index.ts";
import { csvRecords, UTF8_BOM } from "../bulk-validation/index.ts";
import { streamAsUser } from "../db/as-user.ts";
import { type AdminUserRow, USER_EXPORT_COLUMNS } from "./contract.ts";
import { recordExport } from "./database-export.ts";
import { allUsers } from "./users.ts";

function cells(user: AdminUserRow): string[] {
  const values: Record<(typeof USER_EXPORT_COLUMNS)[number], string | number | boolean | null> = {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    plan: user.plan,
    validationCount: user.validationCount,
    contactCount: user.contactCount,
    freeValidationsUsed: user.balances.freeValidationsUsed,
    grantedCredits: user.balances.grantedCredits,
    paidCredits: user.balances.paidCredits,
    throttleEnabled: user.throttle.throttleEnabled,
    suspendedUntil: user.suspendedUntil,
    createdAt: user.createdAt,
    lastActiveAt: user.lastActiveAt,
  };
  return USER_EXPORT_COLUMNS.map((column) => String(values[column] ?? ""));
}

export async function exportUsers(claims: AccessTokenClaims): Promise<ReadableStream<Uint8Array>> {
  await recordExport(claims, "users");
  return streamAsUser(claims, async function* (sql) {
    yield UTF8_BOM + csvRecords([[...USER_EXPORT_COLUMNS]]);
    for await (const users of allUsers(sql)) yield csvRecords(users.map(cells));
  });
}
