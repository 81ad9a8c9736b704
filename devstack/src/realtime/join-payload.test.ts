import { describe, expect, it } from "vitest";
import { chooseToken, postgresChangesReply, readJoin } from "./join-payload.ts";

describe("readJoin", () => {
  it("reads the config realtime-js sends and the channel's own token", () => {
    const join = readJoin(
      {
        config: {
          broadcast: { self: true, ack: true },
          presence: { key: "ada", enabled: true },
          postgres_changes: [{ event: "INSERT", schema: "public", table: "todos" }],
          private: true,
        },
        access_token: "user-jwt",
        version: "realtime-js/2.109.0",
      },
      "socket-apikey",
    );
    expect(join).toEqual({
      config: {
        self: true,
        ack: true,
        presenceEnabled: true,
        presenceKey: "ada",
        private: true,
        postgresChanges: [{ event: "INSERT", schema: "public", table: "todos" }],
      },
      accessToken: "user-jwt",
    });
  });

  it("falls back to the defaults, field by field, as Realtime reads a malformed join", () => {
    const join = readJoin({ config: { broadcast: { self: "yes", ack: true }, private: 1 } }, "socket-apikey");
    expect(join.config).toMatchObject({ self: false, ack: true, presenceEnabled: false, private: false, postgresChanges: [] });
    expect(readJoin("nonsense", "socket-apikey").config).toMatchObject({ self: false, private: false });
  });

  it("gives each channel without a presence key a fresh one", () => {
    const first = readJoin({}, "k").config.presenceKey;
    expect(first).not.toBe("");
    expect(readJoin({}, "k").config.presenceKey).not.toBe(first);
  });

  it("takes user_token as another name for access_token", () => {
    expect(readJoin({ user_token: "user-jwt" }, "socket-apikey").accessToken).toBe("user-jwt");
  });
});

describe("chooseToken", () => {
  it("uses the socket's apikey when the join brings no token or an opaque sb_ key", () => {
    expect(chooseToken(undefined, "socket-apikey")).toBe("socket-apikey");
    expect(chooseToken("sb_publishable_abc", "socket-apikey")).toBe("socket-apikey");
    expect(chooseToken("user-jwt", "socket-apikey")).toBe("user-jwt");
  });
});

describe("postgresChangesReply", () => {
  it("echoes each binding in order with an integer id, the same for the same binding", () => {
    const todos = { event: "*", schema: "public", table: "todos", filter: "id=eq.1" };
    const reply = postgresChangesReply([todos, { event: "DELETE", schema: "public" }, { ...todos }]);
    expect(reply.map(({ id: _, ...binding }) => binding)).toEqual([todos, { event: "DELETE", schema: "public" }, todos]);
    const ids = reply.map((binding) => binding.id);
    expect(ids.every((id) => Number.isInteger(id))).toBe(true);
    expect(ids[0]).toBe(ids[2]);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
