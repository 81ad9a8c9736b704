// POST /api/affiliate/admin/settings: saved by crmType (the id, when given, must keep its stored crmType); the list
// is refetched.
import { type affiliateSettingInputSchema, affiliateSettingSchema } from "@contracts/marketing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import { affiliateSettingsQueryKey } from "./get-affiliate-settings";

export async function saveAffiliateSetting(values: z.output<typeof affiliateSettingInputSchema>) {
  return readJson(
    await apiFetch("/api/affiliate/admin/settings", { method: "POST", body: values }),
    affiliateSettingSchema,
  );
}

export function useSaveAffiliateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAffiliateSetting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: affiliateSettingsQueryKey }),
  });
}
