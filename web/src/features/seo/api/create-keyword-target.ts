// POST /api/admin/seo/keywords: a new keyword target (409 when the keyword exists for that page type).
import { type NewKeywordTarget, keywordTargetSchema, newKeywordTargetSchema } from "@contracts/seo";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import { keywordTargetsQueryKey } from "./admin-seo-keys";

export const keywordTargetInputSchema = newKeywordTargetSchema;

export async function createKeywordTarget(input: z.input<typeof newKeywordTargetSchema> | NewKeywordTarget) {
  const body = keywordTargetInputSchema.parse(input);
  return readJson(await apiFetch("/api/admin/seo/keywords", { method: "POST", body }), keywordTargetSchema);
}

export function useCreateKeywordTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKeywordTarget,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keywordTargetsQueryKey }),
  });
}
