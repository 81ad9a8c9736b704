// Presence as Phoenix.Presence reports it (realtime presence_handler.ex; phoenix presence.js): per topic, who is there
// under which key, each join of a key one meta with its own phx_ref. A track, re-track, untrack or leave is a diff
// of joins and leaves that every member of the topic receives; a newcomer gets the whole state first.
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";

export type PresenceMeta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
export type PresenceEntries = Record<string, { metas: PresenceMeta[] }>;
export interface PresenceDiff {
  joins: PresenceEntries;
  leaves: PresenceEntries;
}

interface Tracked {
  key: string;
  payload: Record<string, unknown>;
  meta: PresenceMeta;
}

/** Owners are the channels that track: one presence each per topic, under the key they joined with. */
export class PresenceRegistry<Owner> {
  private readonly topics = new Map<string, Map<Owner, Tracked>>();

  /** The diff to announce, or null when the owner re-tracked the very payload it had. */
  track(topic: string, owner: Owner, key: string, payload: Record<string, unknown>): PresenceDiff | null {
    const members = this.topics.get(topic) ?? new Map<Owner, Tracked>();
    this.topics.set(topic, members);
    const previous = members.get(owner);
    if (previous && isDeepStrictEqual(previous.payload, payload)) return null;
    const meta: PresenceMeta = { ...payload, phx_ref: newRef() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    members.set(owner, { key, payload, meta });
    return {
      joins: { [key]: { metas: [meta] } },
      leaves: previous ? { [previous.key]: { metas: [previous.meta] } } : {},
    };
  }

  /** The diff to announce, or null when the owner tracked nothing there. */
  untrack(topic: string, owner: Owner): PresenceDiff | null {
    const members = this.topics.get(topic);
    const previous = members?.get(owner);
    if (!members || !previous) return null;
    members.delete(owner);
    if (members.size === 0) this.topics.delete(topic);
    return { joins: {}, leaves: { [previous.key]: { metas: [previous.meta] } } };
  }

  state(topic: string): PresenceEntries {
    const entries: PresenceEntries = {};
    for (const { key, meta } of this.topics.get(topic)?.values() ?? []) {
      (entries[key] ??= { metas: [] }).metas.push(meta);
    }
    return entries;
  }
}

const newRef = () => randomBytes(12).toString("base64url");
