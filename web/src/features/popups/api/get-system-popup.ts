// GET /api/admin/system-popups/{popupType}: an active popup's texts, for anyone; 404 while an admin has it switched off.
import { type PopupType, type SystemPopup, systemPopupSchema } from "@contracts/popups";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";

export const systemPopupsQueryKey = ["/api/admin/system-popups"] as const;
export const systemPopupQueryKey = (popupType: PopupType) => [...systemPopupsQueryKey, popupType] as const;

export async function getSystemPopup(popupType: PopupType, signal?: AbortSignal): Promise<SystemPopup> {
  return readJson(await apiFetch(`/api/admin/system-popups/${popupType}`, { signal }), systemPopupSchema);
}

/**
 * Stale at once and fetched again on every mount: an admin's edit reaches the next opening of the popup (the server
 * answers an unchanged popup with a 304, so asking again costs little).
 */
export function systemPopupQueryOptions(popupType: PopupType) {
  return queryOptions({
    queryKey: systemPopupQueryKey(popupType),
    queryFn: ({ signal }) => getSystemPopup(popupType, signal),
    staleTime: 0,
  });
}

export function useSystemPopup(popupType: PopupType, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...systemPopupQueryOptions(popupType), enabled, refetchOnMount: "always" });
}
