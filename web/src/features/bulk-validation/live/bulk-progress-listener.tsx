// Mounted once in the signed-in layout: keeps the cached sessions live wherever the person is in the app, and says so
// with a toast when one finishes while the sessions tab is not in view (there the card itself changes).
import type { BulkSession, BulkSessionStatus } from "@contracts/bulk-validation";
import { useLocation } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { toast } from "@/components/ui/toast-store";
import { useCachedBulkSessions } from "../api/get-bulk-sessions";
import type { BulkTab } from "../tabs";
import { isUnfinished } from "./progress";
import { useLiveProgress } from "./use-live-progress";

export function BulkProgressListener() {
  const sessions = useCachedBulkSessions();
  useLiveProgress(sessions);
  const watchingList = useLocation({
    select: (location) =>
      location.pathname === "/bulk-validation" && (location.search as { tab?: BulkTab }).tab === "sessions",
  });
  useFinishToasts(sessions, watchingList);
  return null;
}

function useFinishToasts(sessions: BulkSession[] | undefined, watchingList: boolean): void {
  const previous = useRef(new Map<string, BulkSessionStatus>());
  useEffect(() => {
    if (!sessions) return;
    for (const session of sessions) {
      const before = previous.current.get(session.id);
      if (!watchingList && before && isUnfinished({ status: before })) announce(session);
    }
    previous.current = new Map(sessions.map((session) => [session.id, session.status]));
  }, [sessions, watchingList]);
}

function announce(session: BulkSession): void {
  if (session.status === "completed") {
    toast({
      title: "Validation complete",
      description: `${session.name}: ${session.totalEmails.toLocaleString()} emails validated. Download the results in My Sessions.`,
    });
  } else if (session.status === "failed") {
    toast({
      title: "Validation failed",
      description: `${session.name}: ${session.error ?? "Please try again or contact support"}`,
      variant: "destructive",
    });
  }
}
