// GET /api/admin/system-popups/upgrade_limit: the upgrade dialog's texts, as administrators configured them.
import { type SystemPopup, systemPopupSchema } from "@contracts/anonymous";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";

export const upgradePopupQueryKey = ["/api/admin/system-popups/upgrade_limit"] as const;

export async function getUpgradePopup(signal?: AbortSignal): Promise<SystemPopup> {
  return readJson(await apiFetch("/api/admin/system-popups/upgrade_limit", { signal }), systemPopupSchema);
}

export function upgradePopupQueryOptions() {
  return queryOptions({ queryKey: upgradePopupQueryKey, queryFn: ({ signal }) => getUpgradePopup(signal) });
}

/** Fetched when the dialog opens, not before. */
export function useUpgradePopup({ enabled }: { enabled: boolean }) {
  return useQuery({ ...upgradePopupQueryOptions(), enabled });
}
