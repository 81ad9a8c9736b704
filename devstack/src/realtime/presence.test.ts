import { describe, expect, it } from "vitest";
import { PresenceRegistry } from "./presence.ts";

describe("PresenceRegistry", () => {
  it("announces a track as a join and lists it in the state", () => {
    const presence = new PresenceRegistry<string>();
    const diff = presence.track("public:room", "channel-1", "ada", { online_at: 1 });
    const meta = diff?.joins.ada?.metas[0];
    expect(diff).toEqual({ joins: { ada: { metas: [{ online_at: 1, phx_ref: expect.any(String) }] } }, leaves: {} });
    expect(presence.state("public:room")).toEqual({ ada: { metas: [meta] } });
  });

  it("keeps one meta per channel under a shared key", () => {
    const presence = new PresenceRegistry<string>();
    presence.track("public:room", "tab-1", "ada", { tab: 1 });
    presence.track("public:room", "tab-2", "ada", { tab: 2 });
    expect(presence.state("public:room").ada?.metas.map((meta) => meta.tab)).toEqual([1, 2]);
  });

  it("announces a changed re-track as the old meta leaving and the new one joining with phx_ref_prev", () => {
    const presence = new PresenceRegistry<string>();
    const first = presence.track("public:room", "channel-1", "ada", { status: "idle" });
    const oldMeta = first?.joins.ada?.metas[0];
    const diff = presence.track("public:room", "channel-1", "ada", { status: "typing" });
    expect(diff?.leaves).toEqual({ ada: { metas: [oldMeta] } });
    expect(diff?.joins.ada?.metas[0]).toMatchObject({ status: "typing", phx_ref_prev: oldMeta?.phx_ref });
    expect(presence.state("public:room").ada?.metas).toHaveLength(1);
  });

  it("announces nothing when the payload is unchanged", () => {
    const presence = new PresenceRegistry<string>();
    presence.track("public:room", "channel-1", "ada", { status: "idle" });
    expect(presence.track("public:room", "channel-1", "ada", { status: "idle" })).toBeNull();
  });

  it("announces an untrack as a leave, and nothing for a channel that tracked nothing", () => {
    const presence = new PresenceRegistry<string>();
    const meta = presence.track("public:room", "channel-1", "ada", {})?.joins.ada?.metas[0];
    expect(presence.untrack("public:room", "channel-2")).toBeNull();
    expect(presence.untrack("public:room", "channel-1")).toEqual({ joins: {}, leaves: { ada: { metas: [meta] } } });
    expect(presence.state("public:room")).toEqual({});
  });

  it("keeps topics apart", () => {
    const presence = new PresenceRegistry<string>();
    presence.track("public:room", "channel-1", "ada", {});
    expect(presence.state("private:room")).toEqual({});
  });
});
