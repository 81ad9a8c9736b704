import assert from "node:assert/strict";
import { REOPEN_WITHIN_DAYS } from "./contract.ts";
import { canReopen, refusalOfChange, type TicketState } from "./status-rules.ts";

const now = new Date("2026-11-26T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const open: TicketState = { status: "open", resolvedAt: null };
const awaiting: TicketState = { status: "awaiting_response", resolvedAt: null };
const resolvedYesterday: TicketState = { status: "resolved", resolvedAt: daysAgo(1) };
const resolvedLongAgo: TicketState = { status: "resolved", resolvedAt: daysAgo(REOPEN_WITHIN_DAYS + 1) };

Deno.test("the owner resolves an open or answered ticket", () => {
  assert.equal(refusalOfChange("owner", open, { status: "resolved" }, now), null);
  assert.equal(refusalOfChange("owner", awaiting, { status: "resolved" }, now), null);
});

Deno.test("the owner reopens within the window and not after it", () => {
  assert.equal(refusalOfChange("owner", resolvedYesterday, { status: "open" }, now), null);
  assert.equal(
    refusalOfChange("owner", { status: "resolved", resolvedAt: daysAgo(REOPEN_WITHIN_DAYS) }, { status: "open" }, now),
    null,
  );
  assert.equal(refusalOfChange("owner", resolvedLongAgo, { status: "open" }, now), "reopen_window_passed");
  assert.equal(canReopen(resolvedYesterday, now), true);
  assert.equal(canReopen(resolvedLongAgo, now), false);
  assert.equal(canReopen(open, now), false);
});

Deno.test("the owner may not set awaiting_response, nor move an answered ticket back to open", () => {
  assert.equal(refusalOfChange("owner", open, { status: "awaiting_response" }, now), "status_not_allowed");
  assert.equal(refusalOfChange("owner", awaiting, { status: "open" }, now), "status_not_allowed");
  assert.equal(refusalOfChange("owner", resolvedYesterday, { status: "awaiting_response" }, now), "status_not_allowed");
});

Deno.test("setting the status a ticket already has is no change, so it is allowed", () => {
  assert.equal(refusalOfChange("owner", open, { status: "open" }, now), null);
  assert.equal(refusalOfChange("owner", resolvedLongAgo, { status: "resolved" }, now), null);
  assert.equal(refusalOfChange("owner", awaiting, { status: "awaiting_response" }, now), null);
});

Deno.test("priority and assignment are the agents' alone", () => {
  assert.equal(refusalOfChange("owner", open, { priority: "urgent" }, now), "agent_only");
  assert.equal(refusalOfChange("owner", open, { assignedTo: null }, now), "agent_only");
  assert.equal(refusalOfChange("owner", open, { status: "resolved", priority: "low" }, now), "agent_only");
});

Deno.test("an agent sets any status, priority and assignment, reopening past the owner's window too", () => {
  for (const ticket of [open, awaiting, resolvedYesterday, resolvedLongAgo]) {
    for (const status of ["open", "awaiting_response", "resolved"] as const) {
      assert.equal(refusalOfChange("agent", ticket, { status }, now), null);
    }
    assert.equal(refusalOfChange("agent", ticket, { priority: "high", assignedTo: crypto.randomUUID() }, now), null);
  }
});
