// POST /api/seo/removal-requests: someone asks for a landing page to be taken down. The answer says what happens next
// (a link was mailed, or an admin decides) in the same words whether or not the page exists.
import { type RemovalRequestInput, removalRequestAnswerSchema } from "@contracts/seo";
import { useMutation } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";

export async function requestRemoval(input: RemovalRequestInput) {
  return readJson(await apiFetch("/api/seo/removal-requests", { method: "POST", body: input }), removalRequestAnswerSchema);
}

export function useRequestRemoval() {
  return useMutation({ mutationFn: requestRemoval });
}
