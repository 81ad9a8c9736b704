// How every live screen listens: a broadcast event on a Realtime channel, private by default (joined with the signed-in
// user's token, authorised by RLS on realtime.messages), with the channel's state for a fallback while it is down.
import { supabase } from "./supabase";

/** "live" once joined; "down" while the socket or the join has failed and the client is trying again. */
export type ChannelState = "joining" | "live" | "down";

/** Listens until the returned function is called. `onMessage` gets each event's payload as sent, unchecked. */
export function listenToBroadcast(
  { topic, event, isPrivate = true }: { topic: string; event: string; isPrivate?: boolean },
  onMessage: (payload: unknown) => void,
  onState: (state: ChannelState) => void,
): () => void {
  const channel = supabase
    .channel(topic, { config: { private: isPrivate } })
    .on("broadcast", { event }, ({ payload }) => onMessage(payload));
  let stopped = false;
  onState("joining");
  // A private channel is joined with the user's token: handed to Realtime first, so the join never goes out anonymous.
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
