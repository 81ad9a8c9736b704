// POST /api/notifications/{id}/delivered: the app got a notification live, which counts it delivered to this person.
// Failures are the figures' loss only, so they are not shown.
import { apiFetch } from "@/lib/api";

export function acknowledgeNotification(id: string): void {
  apiFetch(`/api/notifications/${encodeURIComponent(id)}/delivered`, { method: "POST" }).catch(() => undefined);
}
