import assert from "node:assert/strict";
import { contractItem } from "./admin-rows.ts";
import { adminRemovalRequestSchema } from "./contract.ts";

const row = {
  id: "6f1c0a52-3b1e-4a57-9d0e-2f6a8c4b7e10",
  url: "https://mailscout.test/verify/acme-corp.test",
  pageId: null,
  email: "owner@acme-corp.test",
  reason: "This is my domain",
  status: "pending_review",
  createdAt: new Date("2026-11-26T10:00:00.250Z"),
  decidedAt: null,
};

Deno.test("a row's times become ISO strings in UTC and the rest stays as selected", () => {
  assert.deepEqual(contractItem(adminRemovalRequestSchema, row), { ...row, createdAt: "2026-11-26T10:00:00.250Z" });
});

Deno.test("a row the contract does not describe is refused, not passed on", () => {
  assert.throws(() => contractItem(adminRemovalRequestSchema, { ...row, status: "lost" }));
  assert.throws(() => contractItem(adminRemovalRequestSchema, { ...row, createdAt: "yesterday" }));
});
