// POST /api/seo/removal-requests/confirm {token}: the mailed link's token removes the page. Only a button press sends
// it: mail scanners open links, and opening one must not take a page down.
import { removalConfirmationAnswerSchema } from "@contracts/seo";
import { useMutation } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";

export async function confirmRemoval(token: string) {
  const response = await apiFetch("/api/seo/removal-requests/confirm", { method: "POST", body: { token } });
  return readJson(response, removalConfirmationAnswerSchema);
}

export function useConfirmRemoval() {
  return useMutation({ mutationFn: confirmRemoval });
}
