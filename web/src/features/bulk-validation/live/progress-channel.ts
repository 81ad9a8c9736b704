// One session's progress events: the private Realtime topic bulk-validation:{id}, which only the session's owner (and
// admins) may join.
import { BULK_PROGRESS_EVENT, type BulkProgress, bulkProgressSchema, bulkValidationTopic } from "@contracts/bulk-validation";
import { type ChannelState, listenToBroadcast } from "@/lib/realtime";

/** Listens until the returned function is called. */
export function watchSessionProgress(
  sessionId: string,
  onProgress: (progress: BulkProgress) => void,
  onState: (state: ChannelState) => void,
): () => void {
  return listenToBroadcast(
    { topic: bulkValidationTopic(sessionId), event: BULK_PROGRESS_EVENT },
    (payload) => {
      // A message of another shape (an older server) is ignored; the fallback refetch still brings the counts.
      const parsed = bulkProgressSchema.safeParse(payload);
      if (parsed.success) onProgress(parsed.data);
    },
    onState,
  );
}
