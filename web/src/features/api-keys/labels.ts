// How the API keys screen words a key's state, a delivery's state and times.
import { type ApiKey, type ApiKeyStatus, API_KEYS_ACTIVE_MAX, type WebhookDelivery } from "@contracts/api-keys";

export const KEY_STATUS_LABELS: Record<ApiKeyStatus, string> = { active: "Active", revoked: "Revoked", expired: "Expired" };

export const DELIVERY_STATUS_LABELS: Record<WebhookDelivery["status"], string> = {
  pending: "Pending",
  delivered: "Delivered",
  failed: "Failed",
};

/** Names a key for screen readers and dialogs: a rotation leaves two keys of one name, told apart by their prefix. */
export function keyLabel(key: ApiKey): string {
  return `${key.keyName} (${key.keyPrefix})`;
}

/** A rotated key still works until its grace period ends, but it no longer counts as one of the person's keys. */
export function isReplaced(key: ApiKey): boolean {
  return key.status === "active" && key.replacedBy !== null;
}

/** Keys that count toward the most a person may hold: working and not replaced by a rotation. */
export function atActiveKeyLimit(keys: readonly ApiKey[]): boolean {
  return keys.filter((key) => key.status === "active" && key.replacedBy === null).length >= API_KEYS_ACTIVE_MAX;
}

const whenFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
// Usage days are UTC dates (YYYY-MM-DD): read in UTC, so no time zone moves them to the day before.
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

export function formatWhen(iso: string): string {
  return whenFormat.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "Nov 3", for a YYYY-MM-DD usage day. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
