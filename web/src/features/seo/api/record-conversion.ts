// POST /api/seo/conversion/{pageId}: a landing page's call to action was followed. The server counts one per visitor,
// page and day.
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";

export async function recordConversion(pageId: string): Promise<void> {
  await apiFetch(`/api/seo/conversion/${pageId}`, { method: "POST" });
}

export function useRecordConversion() {
  return useMutation({ mutationFn: recordConversion });
}
