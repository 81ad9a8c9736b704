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
