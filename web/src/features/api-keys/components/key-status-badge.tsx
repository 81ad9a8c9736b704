// A key's status as a badge, the same on the owner's and the admin's screens: active green, revoked red, expired grey.
import type { ApiKeyStatus } from "@contracts/api-keys";
import { Badge } from "@/components/ui/badge";
import { KEY_STATUS_LABELS } from "../labels";

const STATUS_VARIANTS = { active: "success", revoked: "destructive", expired: "secondary" } as const;

export function KeyStatusBadge({ status }: { status: ApiKeyStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{KEY_STATUS_LABELS[status]}</Badge>;
}
