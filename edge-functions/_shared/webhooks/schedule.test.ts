// The retry schedule walked with a fixed clock: 1 min, 5 min, 30 min, 2 h, 12 h after each failed attempt, then none.
import assert from "node:assert/strict";
import { WEBHOOK_ATTEMPTS_MAX } from "../contracts/api-keys.ts";
import { nextAttemptAt } from "./schedule.ts";

const NOW = new Date("2026-12-10T12:00:00.000Z");

Deno.test("nextAttemptAt: 1 min, 5 min, 30 min, 2 h, 12 h after attempts 1 to 5, then failed", () => {
  const gaps = [1, 2, 3, 4, 5, 6].map((attempts) => {
    const next = nextAttemptAt(attempts, NOW);
    return next === null ? null : (next.getTime() - NOW.getTime()) / 1000;
  });
  assert.deepEqual(gaps, [60, 300, 1_800, 7_200, 43_200, null]);
  assert.equal(WEBHOOK_ATTEMPTS_MAX, 6);
});

Deno.test("nextAttemptAt: a redelivery past the schedule gets no further retry; nonsense counts get none", () => {
  assert.equal(nextAttemptAt(7, NOW), null);
  assert.equal(nextAttemptAt(0, NOW), null);
  assert.equal(nextAttemptAt(-1, NOW), null);
});
