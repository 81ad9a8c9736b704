// GET /api/campaigns/email-campaigns/{id}/preview: the message as its recipients get it (sanitised, links rewritten),
// shown in a sandboxed frame.
import { emailPreviewSchema } from "@contracts/marketing";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { emailCampaigns } from "./email-campaigns";

export function useEmailPreview(id: string | undefined) {
  return useQuery({
    queryKey: [...emailCampaigns.queryKey, id, "preview"] as const,
    queryFn: async ({ signal }) =>
      readJson(await apiFetch(`${emailCampaigns.path}/${id}/preview`, { signal }), emailPreviewSchema),
    enabled: id !== undefined,
  });
}
