// The syncs: POST …/sync-contact/{contactId} (one contact, inline) and POST …/bulk-sync (the selected ids, or every
// contact a filter matches). A bulk sync of up to 100 contacts answers its counts (200); more start a background run
// (202 {jobId}) whose progress the Recent runs list follows. Either moves the tiles, the contacts' last outcomes, the
// runs and the connection's last sync, so everything of the screen is refetched.
import {
  type BulkSyncRequest,
  bulkSyncInlineResultSchema,
  bulkSyncStartedSchema,
  syncContactResultSchema,
  type SyncOptions,
} from "@contracts/crm";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import type { CrmPaths } from "../paths";
import { crmQueryKey } from "./crm-keys";

export type BulkSyncAnswer =
  | { kind: "inline"; counts: z.infer<typeof bulkSyncInlineResultSchema> }
  | { kind: "started"; jobId: string };

function useSync<Variables, Answer>(paths: CrmPaths, mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: crmQueryKey(paths.area) }) });
}

export function useSyncContact(paths: CrmPaths) {
  return useSync(paths, async ({ contactId, options }: { contactId: number; options: SyncOptions }) =>
    readJson(await apiFetch(`${paths.sync}/sync-contact/${contactId}`, { method: "POST", body: options }), syncContactResultSchema),
  );
}

export function useBulkSync(paths: CrmPaths) {
  return useSync(paths, async (request: BulkSyncRequest): Promise<BulkSyncAnswer> => {
    const response = await apiFetch(`${paths.sync}/bulk-sync`, { method: "POST", body: request });
    return response.status === 202
      ? { kind: "started", jobId: (await readJson(response, bulkSyncStartedSchema)).jobId }
      : { kind: "inline", counts: await readJson(response, bulkSyncInlineResultSchema) };
  });
}
