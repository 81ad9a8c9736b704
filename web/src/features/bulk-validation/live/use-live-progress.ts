// Keeps the cached session list live: one progress channel per unfinished session in the cache, each event written
// into the cache through applyProgress, and the spec's 5-second refetch only while a channel is not joined. Used once,
// by BulkProgressListener, so a topic is never joined twice.
import type { BulkSession } from "@contracts/bulk-validation";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { bulkSessionsQueryKey, bulkSessionsQueryOptions } from "../api/get-bulk-sessions";
import { applyProgress, isUnfinished } from "./progress";
import type { ChannelState } from "@/lib/realtime";
import { watchSessionProgress } from "./progress-channel";

/** The spec's refetch interval, kept for when the live connection is down. */
export const FALLBACK_REFETCH_MS = 5_000;

function refetchSessions(queryClient: QueryClient): void {
  // fetchQuery rather than invalidate: the listener's own query never fetches, and nothing else may be watching.
  void queryClient.fetchQuery({ ...bulkSessionsQueryOptions(), staleTime: 0 }).catch(() => {});
}

export function useLiveProgress(sessions: BulkSession[] | undefined): void {
  const queryClient = useQueryClient();
  const unfinished = (sessions ?? []).filter(isUnfinished).map((session) => session.id);
  const watchedKey = unfinished.join(" ");
  const [states, setStates] = useState<Record<string, ChannelState>>({});
  const stops = useRef(new Map<string, () => void>());

  useEffect(() => {
    const wanted = new Set(watchedKey ? watchedKey.split(" ") : []);
    for (const [id, stop] of stops.current) {
      if (wanted.has(id)) continue;
      stop();
      stops.current.delete(id);
    }
    for (const id of wanted) {
      if (stops.current.has(id)) continue;
      const stop = watchSessionProgress(
        id,
        (progress) => {
          queryClient.setQueryData<BulkSession[]>(bulkSessionsQueryKey, (list) => applyProgress(list, id, progress));
          // The finished session's completion time and expiry come with the list.
          if (!isUnfinished(progress)) refetchSessions(queryClient);
        },
        (state) => {
          setStates((current) => (current[id] === state ? current : { ...current, [id]: state }));
          // Events sent before the join were missed: the list catches up once.
          if (state === "live") refetchSessions(queryClient);
        },
      );
      stops.current.set(id, stop);
    }
  }, [watchedKey, queryClient]);

  useEffect(() => {
    const watching = stops.current;
    return () => {
      for (const stop of watching.values()) stop();
      watching.clear();
    };
  }, []);

  const anyDown = unfinished.some((id) => states[id] !== "live");
  useEffect(() => {
    if (!anyDown) return;
    const timer = setInterval(() => refetchSessions(queryClient), FALLBACK_REFETCH_MS);
    return () => clearInterval(timer);
  }, [anyDown, queryClient]);
}
