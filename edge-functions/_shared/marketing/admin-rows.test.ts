// The row shapes the admin lists share: a body's fields as columns, and a row's columns (as to_jsonb writes them) as
// the contract's fields.
import assert from "node:assert/strict";
import { columnsOf, fieldsOf } from "./admin-rows.ts";

Deno.test("a body's camelCase fields are stored as snake_case columns, values untouched", () => {
  assert.deepEqual(columnsOf({ title: "t", targetUrl: null, isActive: true, startDate: "2026-01-01", priority: 3 }), {
    title: "t",
    target_url: null,
    is_active: true,
    start_date: "2026-01-01",
    priority: 3,
  });
});

Deno.test("a row's columns read as camelCase fields, its times as ISO strings in UTC and its days as they are", () => {
  assert.deepEqual(
    fieldsOf({
      click_count: 4,
      created_at: "2026-11-26T21:43:42.123456+01:00",
      scheduled_for: null,
      sent_at: "2026-11-26T20:00:00+00:00",
      start_date: "2026-11-26",
      open_rate: 12.5,
    }),
    {
      clickCount: 4,
      createdAt: "2026-11-26T20:43:42.123Z",
      scheduledFor: null,
      sentAt: "2026-11-26T20:00:00.000Z",
      startDate: "2026-11-26",
      openRate: 12.5,
    },
  );
});
