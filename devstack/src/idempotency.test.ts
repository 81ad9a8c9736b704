import { describe, expect, it } from "vitest";
import { IdempotentRequests } from "./idempotency.ts";

describe("IdempotentRequests", () => {
  it("replays the first answer for the same endpoint and parameters, and refuses anything else under the key", () => {
    const requests = new IdempotentRequests();
    const params = { mode: "payment", line_items: [{ quantity: "1" }] };
    expect(requests.lookup("k1", "POST /v1/checkout/sessions", params)).toEqual({ kind: "new" });
    requests.remember("k1", "POST /v1/checkout/sessions", params, { status: 200, body: { id: "cs_1" } });
    expect(requests.lookup("k1", "POST /v1/checkout/sessions", structuredClone(params))).toEqual({
      kind: "replay",
      answer: { status: 200, body: { id: "cs_1" } },
    });
    expect(requests.lookup("k1", "POST /v1/checkout/sessions", { ...params, mode: "subscription" })).toEqual({ kind: "conflict" });
    expect(requests.lookup("k1", "POST /v1/refunds", params)).toEqual({ kind: "conflict" });
    expect(requests.lookup("k2", "POST /v1/checkout/sessions", params)).toEqual({ kind: "new" });
  });
});

describe("IdempotentRequests with a time to live", () => {
  it("forgets a key once its time has passed, and not before", () => {
    let now = 1_000_000;
    const requests = new IdempotentRequests({ ttlMs: 1000, now: () => now });
    requests.remember("k", "POST /emails", { a: 1 }, { status: 200, body: { id: "1" } });
    now += 999;
    expect(requests.lookup("k", "POST /emails", { a: 2 })).toEqual({ kind: "conflict" });
    now += 1;
    expect(requests.lookup("k", "POST /emails", { a: 2 })).toEqual({ kind: "new" });
  });
});
