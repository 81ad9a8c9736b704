// Keeps the Recent runs list live: the topic of each unfinished run in it, each progress event written into the
// cache through applyRunProgress, and on each join the run fetched once (events sent while not joined were missed).
// When a run finishes, the tiles, the contacts' last outcomes and the connection's last sync are refetched.
import { CRM_SYNC_PROGRESS_EVENT, crmSyncTopic, type SyncRun, syncRunSchema } from "@contracts/crm";
import type { QueryClient } from "@tanstack/react-query";
import { topicEvent, useLiveTopics } from "@/lib/live-topics";
import { crmConnectionQueryKey, syncCandidatesQueryKey, syncRunsQueryKey, syncStatsQueryKey } from "../api/crm-keys";
import { fetchSyncRun } from "../api/sync-runs";
import type { CrmPaths } from "../paths";
import { applyRunProgress, isUnfinished } from "./run-progress";

function write(queryClient: QueryClient, paths: CrmPaths, run: SyncRun): void {
  const key = syncRunsQueryKey(paths.area);
  const before = queryClient.getQueryData<SyncRun[]>(key)?.find((held) => held.jobId === run.jobId);
  queryClient.setQueryData<SyncRun[]>(key, (runs) => applyRunProgress(runs, run));
  if (before && isUnfinished(before) && !isUnfinished(run)) {
    for (const queryKey of [syncStatsQueryKey(paths.area), syncCandidatesQueryKey(paths.area), crmConnectionQueryKey(paths.area)]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }
}

export function useRunsLive(paths: CrmPaths, runs: SyncRun[] | undefined): void {
  const jobIdByTopic = new Map((runs ?? []).filter(isUnfinished).map((run) => [crmSyncTopic(run.jobId), run.jobId]));
  useLiveTopics([...jobIdByTopic.keys()], {
    events: {
      [CRM_SYNC_PROGRESS_EVENT]: topicEvent(syncRunSchema, (run, { queryClient, topic }) => {
        if (jobIdByTopic.get(topic) === run.jobId) write(queryClient, paths, run);
      }),
    },
    onJoin: ({ queryClient, topic }) => {
      const jobId = jobIdByTopic.get(topic);
      if (jobId) void fetchSyncRun(paths, jobId).then((run) => write(queryClient, paths, run), () => {});
    },
  });
}
