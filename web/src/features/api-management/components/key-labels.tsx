// How a key and its owner read on the admin screen: the key's name beside its shown prefix, the owner by email with
// their name under it. The status badge is the owner's screen's own (features/api-keys).
import type { AdminApiKey } from "@contracts/api-keys";

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
