// How a key and its owner read on the admin screen: the key's name beside its shown prefix, the owner by email with
// their name under it, and the status as a badge (active green, revoked red, expired grey).
import type { AdminApiKey, ApiKeyStatus } from "@contracts/api-keys";
import { Badge } from "@/components/ui/badge";

export const STATUS_LABELS: Record<ApiKeyStatus, string> = { active: "Active", revoked: "Revoked", expired: "Expired" };
const STATUS_VARIANTS = { active: "success", revoked: "destructive", expired: "secondary" } as const;

export function KeyStatusBadge({ status }: { status: ApiKeyStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}

export function KeyName({ apiKey }: { apiKey: AdminApiKey }) {
  return (
    <span className="grid gap-0.5">
      <span className="font-medium break-all">{apiKey.keyName}</span>
      <code className="text-xs text-muted-foreground">{apiKey.keyPrefix}…</code>
    </span>
  );
}

export function KeyOwner({ apiKey }: { apiKey: AdminApiKey }) {
  return (
    <span className="grid gap-0.5">
      <span className="break-all">{apiKey.owner.email}</span>
      {apiKey.owner.name && <span className="text-xs text-muted-foreground">{apiKey.owner.name}</span>}
    </span>
  );
}

/** "60 / min", for the limit column and the dialog. */
export function rateLimitText(rateLimit: number): string {
  return `${rateLimit.toLocaleString("en")} / min`;
}
