// PUT /api/marketing/settings: all the switches at once; the answer is what is stored now.
import { type MarketingSettings, marketingSettingsSchema } from "@contracts/marketing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { marketingSettingsQueryKey } from "./get-marketing-settings";

export async function updateMarketingSettings(settings: MarketingSettings): Promise<MarketingSettings> {
  const body = marketingSettingsSchema.parse(settings);
  return readJson(await apiFetch("/api/marketing/settings", { method: "PUT", body }), marketingSettingsSchema);
}

export function useUpdateMarketingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMarketingSettings,
    onSuccess: (saved) => queryClient.setQueryData(marketingSettingsQueryKey, saved),
  });
}
