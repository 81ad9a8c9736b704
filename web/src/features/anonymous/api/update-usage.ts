// POST /api/anonymous/update-usage: after each result a visitor reports their count plus one. The server
// counts validations itself and answers its own figures, which replace the cached session.
import { type AnonymousSession, anonymousSessionSchema, updateUsageRequestSchema } from "@contracts/anonymous";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { anonymousSessionQueryKey } from "./get-anonymous-session";

export const updateUsageInputSchema = updateUsageRequestSchema;

export async function updateUsage(report: { sessionId: string; validationsUsed: number }): Promise<AnonymousSession> {
  const body = updateUsageInputSchema.parse(report);
  return readJson(await apiFetch("/api/anonymous/update-usage", { method: "POST", body }), anonymousSessionSchema);
}

export function useUpdateUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUsage,
    onSuccess: (session) => queryClient.setQueryData(anonymousSessionQueryKey, session),
  });
}
