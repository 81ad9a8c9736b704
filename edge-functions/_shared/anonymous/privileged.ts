// The anonymous allowance's queries, past RLS on the api's own connection: anonymous visitors have no user to run as.
// Each call is one private.*anonymous* function (migration 20261122020200_anonymous_allowance.sql), which does its
// counting atomically in the database; the tables themselves are closed to every API role.
import { database } from "../db/pool.ts";

/** Where an anonymous visitor stands this month: private.anonymous_allowance. */
export interface AnonymousStanding {
  /** Null when counting by client address alone (no session). */
  sessionId: string | null;
  validationsUsed: number | null;
  freeLimit: number | null;
  /** This month's anonymous validations from the client's network (its IPv4 address or IPv6 /64). */
  networkValidationsUsed: number;
  discountCode: string | null;
  discountExpiry: Date | null;
  discountRedeemedAt: Date | null;
}

interface AnonymousAllowanceRow {
  session_id: string | null;
  validations_used: number | null;
  free_limit: number | null;
  ip_validations_used: number;
  discount_code: string | null;
  discount_expiry: Date | null;
  discount_redeemed_at: Date | null;
  counted: boolean | null;
}

function toStanding(row: AnonymousAllowanceRow): AnonymousStanding {
  return {
    sessionId: row.session_id,
    validationsUsed: row.validations_used,
    freeLimit: row.free_limit,
    networkValidationsUsed: row.ip_validations_used,
    discountCode: row.discount_code,
    discountExpiry: row.discount_expiry,
    discountRedeemedAt: row.discount_redeemed_at,
  };
}

/** The session, created if new, noting the address and user agent it was seen with. */
export async function openAnonymousSession(sessionId: string, clientIp: string, userAgent: string | null) {
  const [row] = await database()<AnonymousAllowanceRow[]>`
    select * from private.open_anonymous_session(${sessionId}, ${clientIp}, ${userAgent})
  `;
  if (!row) throw new Error("open_anonymous_session returned no row");
  return toStanding(row);
}

/** An existing session as of this month, or null when there is none. */
export async function readAnonymousSession(sessionId: string, clientIp: string): Promise<AnonymousStanding | null> {
  const [row] = await database()<AnonymousAllowanceRow[]>`
    select * from private.read_anonymous_session(${sessionId}, ${clientIp})
  `;
  return row ? toStanding(row) : null;
}

/**
 * Counts one validation against the session (created if new; null counts by address alone) and the client's network,
 * unless either has used its monthly allowance. `counted` says whether it did.
 */
export async function countAnonymousValidation(visitor: {
  sessionId: string | null;
  clientIp: string;
  userAgent: string | null;
  networkMonthlyLimit: number;
}): Promise<AnonymousStanding & { counted: boolean }> {
  const [row] = await database()<AnonymousAllowanceRow[]>`
    select * from private.count_anonymous_validation(
      ${visitor.sessionId}, ${visitor.clientIp}, ${visitor.userAgent}, ${visitor.networkMonthlyLimit}
    )
  `;
  if (!row || row.counted === null) throw new Error("count_anonymous_validation returned no verdict");
  return { ...toStanding(row), counted: row.counted };
}

/** Gives the session `code` unless it already has one (which is then answered); null for an unknown session. */
export async function issueAnonymousDiscount(sessionId: string, clientIp: string, code: string) {
  const [row] = await database()<AnonymousAllowanceRow[]>`
    select * from private.issue_anonymous_discount(${sessionId}, ${clientIp}, ${code})
  `;
  return row ? toStanding(row) : null;
}

/** Notes that the browser behind an anonymous session now validates signed in. */
export async function markAnonymousSessionConverted(sessionId: string): Promise<void> {
  await database()`select private.mark_anonymous_session_converted(${sessionId})`;
}
