// What a phx_join asks for (realtime lib/realtime_web/channels/payloads/join.ex, realtime_channel.ex): the channel's
// config and the token to join with. Realtime reads a malformed field as its default rather than refusing the join,
// so every field here falls back to its default on its own.
import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";

export interface ChannelConfig {
  /** Receive one's own broadcasts. */
  self: boolean;
  /** Reply to each broadcast push once it has been sent. */
  ack: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
  private: boolean;
  postgresChanges: Array<Record<string, unknown>>;
}

const flag = z.boolean().catch(false);
const joinSchema = z.object({
  config: z
    .object({
      broadcast: z.object({ self: flag, ack: flag }).catch({ self: false, ack: false }),
      presence: z
        .object({ enabled: flag, key: z.string().catch("") })
        .catch({ enabled: false, key: "" }),
      postgres_changes: z.array(z.record(z.string(), z.unknown()).nullable()).catch([]),
      private: flag,
    })
    .catch({ broadcast: { self: false, ack: false }, presence: { enabled: false, key: "" }, postgres_changes: [], private: false }),
  access_token: z.unknown().optional(),
  user_token: z.unknown().optional(),
});

export interface JoinRequest {
  config: ChannelConfig;
  /** The token the channel joins with: its own if it sent one, else the socket's apikey. */
  accessToken: string;
}

export function readJoin(payload: unknown, socketToken: string): JoinRequest {
  // Never throws: every field has its fallback.
  const join = joinSchema.parse(typeof payload === "object" && payload !== null ? payload : {});
  const { broadcast, presence, postgres_changes, private: isPrivate } = join.config;
  return {
    config: {
      self: broadcast.self,
      ack: broadcast.ack,
      presenceEnabled: presence.enabled,
      // Each channel without a key tracks itself under a fresh one, as Realtime does.
      presenceKey: presence.key || randomUUID(),
      private: isPrivate,
      postgresChanges: postgres_changes.filter((binding) => binding !== null),
    },
    accessToken: chooseToken(join.user_token ?? join.access_token, socketToken),
  };
}

/**
 * A channel's token: the one given, unless it is an opaque key (`sb_...`, which the hosted gateway turns into a JWT
 * only on the socket's apikey) or none, when the socket's own apikey serves.
 */
export function chooseToken(given: unknown, socketToken: string): string {
  if (typeof given !== "string" || given.startsWith("sb_")) return socketToken;
  return given;
}

/**
 * The join reply's postgres_changes: each binding echoed with an id, in the order the client sent them (realtime-js
 * matches them by position). Real Realtime's id is :erlang.phash2 of the binding, a 27-bit integer, so identical
 * bindings share one; a hash of the binding's JSON does the same.
 */
export function postgresChangesReply(bindings: ChannelConfig["postgresChanges"]): Array<Record<string, unknown>> {
  return bindings.map((binding) => ({ ...binding, id: bindingId(binding) }));
}

function bindingId(binding: Record<string, unknown>): number {
  const canonical = JSON.stringify(Object.keys(binding).sort().map((key) => [key, binding[key]]));
  return createHash("sha256").update(canonical).digest().readUInt32BE(0) & 0x7ffffff;
}
