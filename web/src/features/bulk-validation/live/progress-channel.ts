// One session's progress events: the private Realtime topic bulk-validation:{id}, which only the session's owner (and
// admins) may join, authorised by the signed-in user's access token.
import { BULK_PROGRESS_EVENT, type BulkProgress, bulkProgressSchema, bulkValidationTopic } from "@contracts/bulk-validation";
import { supabase } from "@/lib/supabase";

/** "live" once joined; "down" while the socket or the join has failed and the client is trying again. */
export type ChannelState = "joining" | "live" | "down";

/** Listens until the returned function is called. */
export function watchSessionProgress(
  sessionId: string,
  onProgress: (progress: BulkProgress) => void,
  onState: (state: ChannelState) => void,
): () => void {
  const channel = supabase
    .channel(bulkValidationTopic(sessionId), { config: { private: true } })
    .on("broadcast", { event: BULK_PROGRESS_EVENT }, ({ payload }) => {
      // A message of another shape (an older server) is ignored; the fallback refetch still brings the counts.
      const parsed = bulkProgressSchema.safeParse(payload);
      if (parsed.success) onProgress(parsed.data);
    });
  let stopped = false;
  onState("joining");
  // A private channel is joined with the user's token: handed over first, so the join never goes out as anonymous.
  void supabase.realtime
    .setAuth()
    .catch(() => {})
    .then(() => {
      if (stopped) return;
      channel.subscribe((status) => {
        if (!stopped) onState(status === "SUBSCRIBED" ? "live" : "down");
      });
    });
  return () => {
    stopped = true;
    void supabase.removeChannel(channel);
  };
}
