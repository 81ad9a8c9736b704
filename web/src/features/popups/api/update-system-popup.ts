// PUT /api/admin/system-popups/{id}: an admin's edit. It moves the admin list and what visitors are shown.
import { adminSystemPopupSchema, type UpdateSystemPopupRequest, updateSystemPopupRequestSchema } from "@contracts/popups";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { adminSystemPopupsQueryKey } from "./get-admin-system-popups";
import { systemPopupsQueryKey } from "./get-system-popup";

export function useUpdateSystemPopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, popup }: { id: number; popup: UpdateSystemPopupRequest }) => {
      const body = updateSystemPopupRequestSchema.parse(popup);
      return readJson(await apiFetch(`/api/admin/system-popups/${id}`, { method: "PUT", body }), adminSystemPopupSchema);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminSystemPopupsQueryKey }),
        queryClient.invalidateQueries({ queryKey: systemPopupsQueryKey }),
      ]),
  });
}
