// For tests: stands in for progress-channel (vi.mock("…/progress-channel", () => import("…/progress-channel.fake")))
// and lets a test play the server's side, a session's progress events and its channel's state.
import type { BulkProgress } from "@contracts/bulk-validation";
import type { ChannelState } from "@/lib/realtime";

type FakeChannel = { progress: (event: BulkProgress) => void; state: (state: ChannelState) => void };

/** The channels open now, by session id. */
export const fakeChannels = new Map<string, FakeChannel>();

export function watchSessionProgress(
  sessionId: string,
  progress: FakeChannel["progress"],
  state: FakeChannel["state"],
): () => void {
  fakeChannels.set(sessionId, { progress, state });
  state("joining");
  return () => fakeChannels.delete(sessionId);
}
