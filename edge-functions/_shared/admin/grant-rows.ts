// A credit grant as the database holds it (public.credit_grants with the two people's addresses), in the contract's
// shape. The same columns come from a query and, as JSON, from private.admin_user (which leaves out the user's own
// address: the drawer already shows it).
import { isoTime, isoTimeOrNull } from "./as-admin.ts";
import type { CreditGrant, GrantType } from "./contract.ts";

export interface GrantColumns {
  id: number | string;
  user_id: string;
  user_email?: string | null;
  granted_by: string | null;
  granted_by_email: string | null;
  credit_amount: number;
  credits_used: number;
  grant_type: GrantType;
  reason: string;
  expires_at: Date | string | null;
  is_active: boolean;
  revoked_at: Date | string | null;
  created_at: Date | string;
}

export function grantFromRow(row: GrantColumns): CreditGrant {
  return {
    id: Number(row.id),
    userId: row.user_id,
    userEmail: row.user_email ?? null,
    grantedBy: row.granted_by,
    grantedByEmail: row.granted_by_email,
    amount: row.credit_amount,
    creditsUsed: row.credits_used,
    grantType: row.grant_type,
    reason: row.reason,
    expiresAt: isoTimeOrNull(row.expires_at),
    isActive: row.is_active,
    revokedAt: isoTimeOrNull(row.revoked_at),
    createdAt: isoTime(row.created_at),
  };
}
