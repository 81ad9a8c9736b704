// Keeps the cached session list live: the progress topic of each unfinished session in the cache, each event written
// into the cache through applyProgress, and the spec's 5-second refetch only while a topic is not joined. Used once,
// by BulkProgressListener.
import { BULK_PROGRESS_EVENT, type BulkSession, bulkProgressSchema, bulkValidationTopic } from "@contracts/bulk-validation";
import type { QueryClient } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { topicEvent, useLiveTopics } from "@/lib/live-topics";
import { bulkSessionsQueryKey, bulkSessionsQueryOptions } from "../api/get-bulk-sessions";
import { applyProgress, isUnfinished } from "./progress";

/** The spec's refetch interval, kept for when the live connection is down. */
export const FALLBACK_REFETCH_MS = 5_000;

function refetchSessions(queryClient: QueryClient): void {
  // fetchQuery rather than invalidate: the listener's own query never fetches, and nothing else may be watching.
  void queryClient.fetchQuery({ ...bulkSessionsQueryOptions(), staleTime: 0 }).catch(() => {});
}

export function useLiveProgress(sessions: BulkSession[] | undefined): void {
  const queryClient = useQueryClient();
  const sessionIdByTopic = new Map(
    (sessions ?? []).filter(isUnfinished).map((session) => [bulkValidationTopic(session.id), session.id]),
  );
  const topics = [...sessionIdByTopic.keys()];
  const { states } = useLiveTopics(topics, {
    events: {
      [BULK_PROGRESS_EVENT]: topicEvent(bulkProgressSchema, (progress, { queryClient: client, topic }) => {
        const id = sessionIdByTopic.get(topic);
        if (!id) return;
        client.setQueryData<BulkSession[]>(bulkSessionsQueryKey, (list) => applyProgress(list, id, progress));
        // The finished session's completion time and expiry come with the list.
        if (!isUnfinished(progress)) refetchSessions(client);
      }),
    },
    // Events sent before the join were missed: the list catches up once.
    onJoin: ({ queryClient: client }) => refetchSessions(client),
  });

  const anyDown = topics.some((topic) => states[topic] !== "live");
  useEffect(() => {
    if (!anyDown) return;
    const timer = setInterval(() => refetchSessions(queryClient), FALLBACK_REFETCH_MS);
    return () => clearInterval(timer);
  }, [anyDown, queryClient]);
}
