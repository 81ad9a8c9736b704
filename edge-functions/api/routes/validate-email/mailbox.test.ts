// Single validations with the mailbox check, against the running stack: the DNS fixture's mailbox zones (each MX at the
// one SMTP fixture, which plays every server behaviour), probe workers this file starts and stops, the real database.
// Without a worker (the test stack starts none) the DNS verdict stands and says no worker checked the mailbox.
import assert from "node:assert/strict";
import { type SmtpCheck, type SmtpChecked } from "../../../_shared/mailbox/index.ts";
import {
  type MailboxProbeAnswer,
  mailboxProbeAnswerSchema,
  type ValidationResult,
  validationResultSchema,
} from "../../../_shared/validation/index.ts";
import { callIntegrations, newApiKey } from "../../testing/integrations.ts";
import { withProbeWorkers } from "../../../probe-worker/testing/probe-workers.ts";
import { withApiSettings } from "../../testing/function-settings.ts";
import {
  type Answer,
  call,
  newSessionId,
  setLoopbackNetworkUsage,
  signedInUser,
  withDatabase,
} from "../../testing/stack.ts";

const user = await signedInUser();

function validate(email: string, token: string | undefined = user.token): Promise<Answer> {
  return call("/api/validate-email", { body: { email }, token });
}

function resultOf(answer: Answer): ValidationResult {
  assert.equal(answer.status, 200, answer.text);
  return validationResultSchema.parse(answer.json);
}

/** A local part no other test uses: the fixture refuses it as unknown, and nothing was stored for it before. */
function unknownAt(domain: string): string {
  return `t${crypto.randomUUID().slice(0, 8)}@${domain}`;
}

/** Polls the probe as a browser does (once a second, within the per-visitor limit) until it is done. */
async function pollUntilDone(probeId: string, headers: Record<string, string> = {}): Promise<ValidationResult> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await call(`/api/mailbox-probes/${probeId}`, { headers });
    assert.equal(answer.status, 200, answer.text);
    const state: MailboxProbeAnswer = mailboxProbeAnswerSchema.parse(answer.json);
    if (state.status === "done") return state.result!;
    assert.ok(Date.now() < deadline, `probe ${probeId} still pending after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** The final result of a validation: answered at once, or polled for when the probe outlasted the wait. */
async function settled(answer: Answer): Promise<ValidationResult> {
  const result = resultOf(answer);
  return result.smtp.status === "pending" ? await pollUntilDone(result.smtp.probeId) : result;
}

function checkedOf(result: ValidationResult): SmtpChecked {
  assert.equal(result.smtp.status, "checked", JSON.stringify(result.smtp));
  return result.smtp as SmtpChecked;
}

const probesOf = (email: string) =>
  withDatabase(async (sql) => {
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from public.mailbox_probes where email_key = lower(${email})
    `;
    return row!.count;
  });

Deno.test("without a probe worker the DNS verdict stands and says no worker checked the mailbox", async () => {
  const noWorker: SmtpCheck = { status: "not_checked", reason: "no_worker" };
  const result = resultOf(await validate("jane@mailbox.test"));
  assert.deepEqual([result.verdict, result.reasons, result.smtp], ["deliverable", [], noWorker]);
  await setLoopbackNetworkUsage(0);
  const anonymous = resultOf(
    await call("/api/validate-email", { body: { email: "info@mailbox.test" }, headers: { "x-session-id": newSessionId() } }),
  );
  assert.deepEqual([anonymous.verdict, anonymous.reasons, anonymous.smtp], ["risky", ["role_account"], noWorker]);
  assert.equal(await probesOf("jane@mailbox.test"), 0, "nothing is queued for a worker that is not there");
});

Deno.test("with a probe worker, the mail server's answer moves the verdict", async (t) => {
  await withProbeWorkers(1, async () => {
    await t.step("an address the server accepts exists: deliverable, mailbox_exists", async () => {
      const result = await settled(await validate("jane@mailbox.test"));
      assert.deepEqual([result.verdict, result.reasons], ["deliverable", ["mailbox_exists"]]);
      const smtp = checkedOf(result);
      assert.deepEqual(
        [smtp.outcome, smtp.smtpConnectable, smtp.smtpDeliverable, smtp.isCatchAll, smtp.mxHost],
        ["exists", true, true, false, "mx.mailbox.test"],
      );
      assert.equal(smtp.reply?.code, 250);
    });

    await t.step("an address the server refuses as unknown is undeliverable: mailbox_not_found", async () => {
      const result = await settled(await validate("nobody@mailbox.test"));
      assert.deepEqual(
        [result.verdict, result.reasons, result.riskScore, result.deliverabilityScore],
        // nobody@ is a role address too: that reason stays beside the mailbox's.
        ["undeliverable", ["role_account", "mailbox_not_found"], 100, 0],
      );
      assert.deepEqual([checkedOf(result).outcome, checkedOf(result).smtpDeliverable], ["not_found", false]);
    });

    await t.step("a full mailbox is undeliverable: mailbox_full", async () => {
      const result = await settled(await validate("full@mailbox.test"));
      assert.deepEqual([result.verdict, result.reasons], ["undeliverable", ["mailbox_full"]]);
      assert.equal(checkedOf(result).reply?.code, 552);
    });

    await t.step("a domain that accepts any address is risky: catch_all", async () => {
      const result = await settled(await validate("x@catch-all.test"));
      assert.deepEqual([result.verdict, result.reasons], ["risky", ["catch_all"]]);
      const smtp = checkedOf(result);
      assert.deepEqual([smtp.outcome, smtp.isCatchAll, smtp.smtpDeliverable], ["catch_all", true, null]);
      assert.ok(smtp.catchAllConfidence !== null && smtp.catchAllConfidence > 0);
    });

    await t.step("a server that blocks the probe leaves the DNS verdict and says so: smtp_blocked", async () => {
      const result = await settled(await validate("x@blocked.test"));
      assert.deepEqual([result.verdict, result.reasons], ["deliverable", ["smtp_blocked"]]);
      assert.deepEqual([result.riskScore, result.deliverabilityScore], [0, 100]);
      assert.equal(checkedOf(result).outcome, "blocked");
    });

    await t.step("the stored result is the answered one, mailbox columns too", async () => {
      const [row] = await withDatabase((sql) =>
        sql`
          select verdict, reasons, smtp_connectable, smtp_deliverable, is_catch_all
            from public.email_validations where lower(email) = 'nobody@mailbox.test'
        `
      );
      assert.deepEqual({ ...row }, {
        verdict: "undeliverable",
        reasons: ["role_account", "mailbox_not_found"],
        smtp_connectable: true,
        smtp_deliverable: false,
        is_catch_all: false,
      });
    });

    await t.step("a repeated validation within the week reuses the stored result: no second probe", async () => {
      const email = unknownAt("mailbox.test");
      const first = await settled(await validate(email));
      const again = resultOf(await validate(email));
      assert.equal(again.verdict, "undeliverable");
      assert.deepEqual(again.smtp, first.smtp, "the same check, answered at once");
      assert.equal(await probesOf(email), 1);
    });

    await t.step("an API key's validation gets the same answer", async () => {
      const key = await newApiKey(user.id);
      const answer = await callIntegrations("/validate-email", key.secret, { body: { email: "john@mailbox.test" } });
      const result = await settled(answer);
      assert.deepEqual([result.verdict, result.reasons], ["deliverable", ["mailbox_exists"]]);
      const probeAnswer = resultOf(await callIntegrations("/validate-email", key.secret, { body: { email: "john@mailbox.test" } }));
      assert.deepEqual(probeAnswer.smtp, result.smtp);
    });

    await t.step("without waiting, the answer is pending; polling the probe reaches the final result", async () => {
      await withApiSettings({ SMTP_PROBE_WAIT_SECONDS: "0" }, async () => {
        const email = unknownAt("mailbox.test");
        const sessionId = newSessionId();
        await setLoopbackNetworkUsage(0);
        const answered = resultOf(
          await call("/api/validate-email", { body: { email }, headers: { "x-session-id": sessionId } }),
        );
        assert.equal(answered.smtp.status, "pending", JSON.stringify(answered.smtp));
        assert.deepEqual([answered.verdict, answered.reasons], ["deliverable", []], "the DNS verdict meanwhile");
        const probeId = (answered.smtp as { probeId: string }).probeId;
        const done = await pollUntilDone(probeId, { "x-session-id": sessionId });
        assert.deepEqual([done.email, done.verdict, done.reasons], [email, "undeliverable", ["mailbox_not_found"]]);

        const key = await newApiKey(user.id);
        const viaKey = await callIntegrations(`/mailbox-probes/${probeId}`, key.secret);
        assert.equal(viaKey.status, 200, viaKey.text);
        assert.deepEqual(mailboxProbeAnswerSchema.parse(viaKey.json), { status: "done", result: done });
      });
    });
  });
});
