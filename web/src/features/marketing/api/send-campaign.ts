// Sending a push notification or an email campaign: GET …/{id}/audience says whom a send would reach now (asked when
// the admin is about to confirm), POST …/{id}/send starts it (202, no body). Until the first progress event arrives,
// the list shows the send as queued with its recipients, so "Sending… 0 of N" appears at once.
import { audienceSizeSchema, type CampaignSend, sendAnswerSchema } from "@contracts/marketing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";

export type SendablePath = "/api/campaigns/push-notifications" | "/api/campaigns/email-campaigns";

export function useSendAudience(path: SendablePath, id: string, enabled: boolean) {
  return useQuery({
    queryKey: [path, id, "audience"] as const,
    queryFn: async ({ signal }) => readJson(await apiFetch(`${path}/${id}/audience`, { signal }), audienceSizeSchema),
    enabled,
    // Asked afresh on each confirm: the audience changes while the page is open.
    staleTime: 0,
  });
}

export function useSendCampaign(path: SendablePath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => readJson(await apiFetch(`${path}/${id}/send`, { method: "POST" }), sendAnswerSchema),
    onSuccess: ({ jobId, recipients }, id) => {
      const send: CampaignSend = { jobId, status: "queued", total: recipients, processed: 0 };
      queryClient.setQueryData<{ id: string; send: CampaignSend | null }[]>([path], (items) =>
        items?.map((item) => (item.id === id && item.send?.jobId !== jobId ? { ...item, send } : item)),
      );
    },
  });
}
