// GET …/sync-runs?limit= (the latest runs, newest first) and GET …/sync-runs/{jobId} (one run, to catch up on a
// run's progress after the live connection was down), and the run's per-contact report as a CSV file.
import { type SyncRun, syncRunSchema } from "@contracts/crm";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import { saveFile } from "@/lib/save-file";
import { userScoped } from "@/lib/user-scoped";
import type { CrmPaths } from "../paths";
import { syncRunsQueryKey } from "./crm-keys";

export const RECENT_RUNS = 10;

const syncRunsSchema = z.array(syncRunSchema);

export function syncRunsQueryOptions(paths: CrmPaths) {
  return queryOptions({
    meta: userScoped,
    queryKey: syncRunsQueryKey(paths.area),
    queryFn: async ({ signal }) => readJson(await apiFetch(`${paths.sync}/sync-runs?limit=${RECENT_RUNS}`, { signal }), syncRunsSchema),
  });
}

export function useSyncRuns(paths: CrmPaths) {
  return useQuery(syncRunsQueryOptions(paths));
}

export async function fetchSyncRun(paths: CrmPaths, jobId: string): Promise<SyncRun> {
  return readJson(await apiFetch(`${paths.sync}/sync-runs/${encodeURIComponent(jobId)}`), syncRunSchema);
}

/** The report's name is the server's: zoho-sync-<jobId>.csv. */
export async function downloadSyncReport(paths: CrmPaths, jobId: string): Promise<void> {
  const response = await apiFetch(`${paths.sync}/sync-runs/${encodeURIComponent(jobId)}/report.csv`);
  saveFile(await response.blob(), `zoho-sync-${jobId}.csv`);
}
