// Mailbox probing end to end on the test stack: probes requested as the api requests them, a probe worker started
// through devstack (edge-functions/probe-worker/main.ts) talking to the SMTP fixture, and each fixture domain's
// behaviour ending as the outcome, reply and verdict a person is shown.
import assert from "node:assert/strict";
import { withDatabase } from "../api/testing/stack.ts";
import type { MailboxOutcome } from "../_shared/mailbox/index.ts";
import {
  checkOf,
  probeResults,
  queuedIds,
  requestProbes,
  resetSmtpFixture,
  smtpTranscripts,
  withAdminSettings,
  withProbeWorkers,
} from "./testing/probe-workers.ts";

interface Case {
  email: string;
  outcome: MailboxOutcome;
  /** The reply that decided it, when the server gave one. */
  code?: number;
  enhancedCode?: string;
}

const CASES: Case[] = [
  { email: "jane@mailbox.test", outcome: "exists", code: 250 },
  { email: "multi@mailbox.test", outcome: "exists", code: 250 },
  { email: "nobody@mailbox.test", outcome: "not_found", code: 550, enhancedCode: "5.1.1" },
  { email: "full@mailbox.test", outcome: "full", code: 552, enhancedCode: "5.2.2" },
  { email: "anyone@catch-all.test", outcome: "catch_all", code: 250 },
  { email: "someone@blocked.test", outcome: "blocked", code: 554, enhancedCode: "5.7.1" },
  { email: "someone@busy.test", outcome: "blocked", code: 421 },
  { email: "someone@closing.test", outcome: "unavailable" },
  { email: "someone@stalling.test", outcome: "unavailable" },
  // Refused for 2 s at first: the worker puts it back until then, and the retry finds the mailbox.
  { email: "jane@greylist.test", outcome: "exists", code: 250 },
  // "Try again later" says no delay, so the retry would come after a minute: past these probes' deadline, so the
  // address ends greylisted at once.
  { email: "someone@always-grey.test", outcome: "greylisted", code: 450 },
  // A provider that accepts every address: its "yes" proves nothing.
  { email: "someone@yahoo.com", outcome: "unverifiable" },
  { email: "jane@tls.test", outcome: "exists", code: 250 },
];

// A short conversation budget, so the stalling server's step timeout ends its probe in seconds.
const WORKER_SETTINGS = { SMTP_PROBE_TIMEOUT_SECONDS: "6" };
// Probes queued now end within this many seconds, done or expired: long enough for every conversation here, and
// shorter than a minute, the retry after a greylisting that names no delay.
const DEADLINE_SECONDS = "50";

Deno.test({
  name: "each fixture domain's behaviour ends as its outcome, reply and verdict, and no probe ever sends DATA",
  // The api's probe requests share the functions' connection pool, which lives as long as the module.
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (t) => {
    await resetSmtpFixture();
    await withProbeWorkers(1, async () => {
      const probeIds = queuedIds(
        await withAdminSettings(
          { smtp_probe_deadline_seconds: DEADLINE_SECONDS },
          () => requestProbes(CASES.map((c) => c.email)),
        ),
      );
      const results = await probeResults(probeIds);
      const byEmail = new Map(results.map((result, index) => [CASES[index]!.email, { result, probeId: probeIds[index]! }]));

      for (const expected of CASES) {
        await t.step(`${expected.email}: ${expected.outcome}`, () => {
          const { result } = byEmail.get(expected.email)!;
          const check = checkOf(result);
          assert.equal(check.outcome, expected.outcome, JSON.stringify(check));
          if (expected.code !== undefined) assert.equal(check.reply?.code, expected.code, JSON.stringify(check.reply));
          if (expected.enhancedCode) assert.equal(check.reply?.enhancedCode, expected.enhancedCode);
        });
      }

      await t.step("a mailbox that exists: deliverable, not catch-all, the made-up addresses refused", () => {
        const check = checkOf(byEmail.get("jane@mailbox.test")!.result);
        assert.equal(check.smtpConnectable, true);
        assert.equal(check.smtpDeliverable, true);
        assert.equal(check.isCatchAll, false);
        assert.equal(check.catchAllConfidence, 0);
        assert.equal(check.mxHost, "mx.mailbox.test");
        assert.ok(byEmail.get("jane@mailbox.test")!.result.reasons.includes("mailbox_exists"));
      });

      await t.step("a mailbox not found or full makes the address undeliverable", () => {
        for (const email of ["nobody@mailbox.test", "full@mailbox.test"]) {
          const { result } = byEmail.get(email)!;
          assert.equal(result.verdict, "undeliverable", email);
          assert.equal(checkOf(result).smtpDeliverable, false, email);
        }
      });

      await t.step("a catch-all domain is risky, with the share of made-up addresses it accepted", () => {
        const { result } = byEmail.get("anyone@catch-all.test")!;
        const check = checkOf(result);
        assert.equal(check.isCatchAll, true);
        assert.equal(check.catchAllConfidence, 1);
        assert.equal(check.smtpDeliverable, null);
        assert.equal(result.verdict, "risky");
      });

      await t.step("a server that would not say leaves the DNS verdict and says why", () => {
        for (const [email, reason] of [
          ["someone@blocked.test", "smtp_blocked"],
          ["someone@closing.test", "smtp_unavailable"],
          ["someone@always-grey.test", "greylisted"],
          ["someone@yahoo.com", "mailbox_unverifiable"],
        ] as const) {
          const { result } = byEmail.get(email)!;
          assert.equal(result.verdict === "undeliverable", false, email);
          assert.equal(checkOf(result).smtpDeliverable, null, email);
          assert.ok(result.reasons.includes(reason), `${email}: ${result.reasons.join(", ")}`);
        }
      });

      /** How often the address's probe was claimed, and whether its greylisting retry was spent. */
      const attemptsOf = async (email: string) => {
        const [row] = await withDatabase((sql) =>
          sql<{ attempts: number; greylisted: boolean }[]>`
            select attempts, greylisted from public.mailbox_probes where id = ${byEmail.get(email)!.probeId}
          `
        );
        return { ...row };
      };

      await t.step("the greylisted address was asked twice: once refused, once after the server's delay", async () => {
        assert.deepEqual(await attemptsOf("jane@greylist.test"), { attempts: 2, greylisted: true });
      });

      await t.step("a greylisting whose retry would come past the deadline ends at its first attempt", async () => {
        assert.deepEqual(await attemptsOf("someone@always-grey.test"), { attempts: 1, greylisted: false });
      });

      await t.step("STARTTLS with a certificate valid for the MX host is verified", () => {
        assert.equal(checkOf(byEmail.get("jane@tls.test")!.result).tls, "verified");
      });

      await t.step("the fixture never saw DATA: no probe sends mail", async () => {
        const { connections, dataCommands } = await smtpTranscripts();
        const commands = connections.flatMap((connection) =>
          connection.lines.filter((line) => line.from === "client").map((line) => line.text)
        );
        assert.ok(commands.filter((command) => /^RCPT TO:/i.test(command)).length >= CASES.length, commands.join("\n"));
        assert.deepEqual(commands.filter((command) => /^DATA\b/i.test(command)), []);
        assert.equal(dataCommands, 0);
        // Every conversation ends with QUIT, or was ended by the server (closing.test, busy.test) or the step timeout.
        assert.ok(commands.includes("QUIT"));
      });
    }, WORKER_SETTINGS);
  },
});
