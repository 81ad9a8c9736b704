// POST /api/email/unsubscribe/{token} (no sign-in): no more marketing emails to that link's recipient.
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";

export async function unsubscribe(token: string): Promise<void> {
  await apiFetch(`/api/email/unsubscribe/${encodeURIComponent(token)}`, { method: "POST" });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
