// Where a grant stands: its credits may still be spent (active), all were spent, it was revoked, or it expired.
import type { CreditGrant } from "@contracts/admin";
import { Badge } from "@/components/ui/badge";

type GrantStatus = "active" | "partly_used" | "used" | "revoked" | "expired";

const GRANT_STATUS: Record<GrantStatus, { label: string; variant: "success" | "secondary" | "outline" | "destructive" }> = {
  active: { label: "Active", variant: "success" },
  partly_used: { label: "Partly used", variant: "secondary" },
  used: { label: "Used", variant: "outline" },
  revoked: { label: "Revoked", variant: "destructive" },
  expired: { label: "Expired", variant: "outline" },
};

export function grantStatus(grant: CreditGrant): GrantStatus {
  if (grant.revokedAt !== null) return "revoked";
  if (grant.creditsUsed >= grant.amount) return "used";
  if (!grant.isActive) return "expired";
  return grant.creditsUsed > 0 ? "partly_used" : "active";
}

/** Only a grant none of whose credits were spent can be revoked; the server says the same. */
export function canRevoke(grant: CreditGrant): boolean {
  return grantStatus(grant) === "active";
}

export function GrantStatusBadge({ grant }: { grant: CreditGrant }) {
  const { label, variant } = GRANT_STATUS[grantStatus(grant)];
  return <Badge variant={variant}>{label}</Badge>;
}
