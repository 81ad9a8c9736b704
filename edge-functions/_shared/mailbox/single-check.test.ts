// A single validation's mailbox check against a fake probe queue: what each answer of the request makes of the DNS
// result, and the wait for a queued probe, which ends as soon as the probe is done or its time is up.
import assert from "node:assert/strict";
import { applyMailbox, createEmailValidator, type ValidationResult } from "../validation/index.ts";
import type { SmtpCheck, SmtpChecked } from "./contract.ts";
import type { ProbeRequestAnswer, ProbeRequestItem, ProbeRequester } from "./privileged-requests.ts";
import { type MailboxCheckDependencies, withMailboxCheck } from "./single-check.ts";
import { checkedSmtp } from "./testing/checks.ts";

const PROBE_ID = "0b8f8f5e-9d0c-4a8e-8f3e-2b1f6c7d8e9f";
const USER_ID = "5a4f1a2e-6b7c-4d8e-9f0a-1b2c3d4e5f60";

const validate = createEmailValidator({
  resolver: {
    lookup: (domain) =>
      Promise.resolve(
        domain === "null-mx.test"
          ? { kind: "null_mx" }
          : { kind: "mx", mxRecords: [{ exchange: `mx.${domain}`, priority: 10 }] },
      ),
  },
  now: () => new Date("2026-11-27T10:00:00.000Z"),
});

const exists = checkedSmtp({ checkedAt: "2026-11-27T10:00:01.000Z" });
const notFound: SmtpChecked = { ...exists, outcome: "not_found", smtpDeliverable: false };

/** A probe queue answering `answer` to the request, and the probe's state from `states`, one per look (the last
 * repeats). */
function queue(answer: ProbeRequestAnswer["status"], states: ("pending" | "done")[] = [], finding: SmtpCheck = notFound) {
  const requests: { items: ProbeRequestItem[]; requester: ProbeRequester }[] = [];
  let looks = 0;
  const dependencies: MailboxCheckDependencies = {
    requestProbes: (items, requester) => {
      requests.push({ items, requester });
      const emailKey = items[0]!.email.toLowerCase();
      return Promise.resolve([
        answer === "done"
          ? { emailKey, status: "done", smtp: exists }
          : answer === "pending"
          ? { emailKey, status: "pending", probeId: PROBE_ID }
          : { emailKey, status: "no_worker" },
      ]);
    },
    probeState: (probeId) => {
      assert.equal(probeId, PROBE_ID);
      const status = states[Math.min(looks++, states.length - 1)] ?? "pending";
      return Promise.resolve({ status, result: status === "done" ? { smtp: finding } : null });
    },
    waitSeconds: 5,
    pollIntervalMs: 1,
  };
  return { dependencies, requests, looks: () => looks };
}

Deno.test("a receiving domain's address is sent to the probe queue with its DNS result, for the user who asked", async () => {
  const dns = await validate("Jane@Mailbox.test");
  const { dependencies, requests } = queue("no_worker");
  await withMailboxCheck(dns, USER_ID, dependencies);
  assert.deepEqual(requests, [{
    items: [{ email: "Jane@mailbox.test", domainAscii: "mailbox.test", dnsResult: dns }],
    requester: { userId: USER_ID, bulkSessionId: null },
  }]);
});

Deno.test("an address whose domain takes no mail, or a malformed one, asks nothing and is answered as it is", async () => {
  for (const input of ["ann@null-mx.test", "not an address"]) {
    const dns = await validate(input);
    const { dependencies, requests } = queue("pending", ["done"]);
    assert.deepEqual(await withMailboxCheck(dns, null, dependencies), dns);
    assert.equal(requests.length, 0);
  }
});

Deno.test("no probe worker: not checked for that reason, the DNS verdict unchanged", async () => {
  const dns = await validate("jane@mailbox.test");
  const checked = await withMailboxCheck(dns, null, queue("no_worker").dependencies);
  assert.deepEqual(checked, { ...dns, smtp: { status: "not_checked", reason: "no_worker" } });
});

Deno.test("a fresh stored finding is applied at once, without waiting", async () => {
  const dns = await validate("jane@mailbox.test");
  const probes = queue("done");
  assert.deepEqual(await withMailboxCheck(dns, null, probes.dependencies), applyMailbox(dns, exists));
  assert.equal(probes.looks(), 0);
});

Deno.test("a queued probe that finishes within the wait answers its finding, looked for until it is done", async () => {
  const dns = await validate("nobody@mailbox.test");
  const probes = queue("pending", ["pending", "pending", "done"]);
  const checked = await withMailboxCheck(dns, null, probes.dependencies);
  assert.deepEqual(checked, applyMailbox(dns, notFound));
  assert.equal(checked.verdict, "undeliverable");
  assert.equal(probes.looks(), 3);
});

Deno.test("an expired probe's finding says so, the DNS verdict unchanged", async () => {
  const dns = await validate("jane@mailbox.test");
  const expired: SmtpCheck = { status: "not_checked", reason: "expired" };
  const checked = await withMailboxCheck(dns, null, queue("pending", ["done"], expired).dependencies);
  assert.deepEqual(checked, { ...dns, smtp: expired });
});

Deno.test("a probe still running when the wait is up: pending with the probe's id, the DNS verdict unchanged", async () => {
  const dns = await validate("jane@mailbox.test");
  const probes = queue("pending", ["pending"]);
  const checked = await withMailboxCheck(dns, null, { ...probes.dependencies, waitSeconds: 0.05 });
  assert.deepEqual(checked, { ...dns, smtp: { status: "pending", probeId: PROBE_ID } });
  assert.ok(probes.looks() >= 1);
});

Deno.test("a wait of 0 answers pending at once, without looking at the probe", async () => {
  const dns = await validate("jane@mailbox.test");
  const probes = queue("pending", ["done"]);
  const checked: ValidationResult = await withMailboxCheck(dns, null, { ...probes.dependencies, waitSeconds: 0 });
  assert.deepEqual(checked.smtp, { status: "pending", probeId: PROBE_ID });
  assert.equal(probes.looks(), 0);
});

Deno.test("a finished probe whose stored result can't be read is answered as still pending", async () => {
  const dns = await validate("jane@mailbox.test");
  const probes = queue("pending", ["done"], { status: "checked" } as never);
  const checked = await withMailboxCheck(dns, null, probes.dependencies);
  assert.deepEqual(checked.smtp, { status: "pending", probeId: PROBE_ID });
});
