// POST /api/admin/seo/removal-requests/{id}/decision {decision}: approving removes the page and suppresses its entity,
// so the pages and stat cards move too.
import { adminRemovalRequestSchema, removalDecisionSchema } from "@contracts/seo";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import { adminSeoQueryKey } from "./admin-seo-keys";

export type RemovalDecision = z.infer<typeof removalDecisionSchema>["decision"];

export function useDecideRemoval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: RemovalDecision }) => {
      const body = removalDecisionSchema.parse({ decision });
      return readJson(await apiFetch(`/api/admin/seo/removal-requests/${id}/decision`, { method: "POST", body }), adminRemovalRequestSchema);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSeoQueryKey }),
  });
}
