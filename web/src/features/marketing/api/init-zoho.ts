// POST /api/affiliate/admin/init-zoho: makes the Zoho CRM's ad with the default settings (once; a second time is
// refused); the list is refetched.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { affiliateSettingsQueryKey } from "./get-affiliate-settings";

export function useInitZoho() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiFetch("/api/affiliate/admin/init-zoho", { method: "POST" });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: affiliateSettingsQueryKey }),
  });
}
