// A signed-in validation is paid for by the meter, against the running stack: one unit each, never more than the
// balance however many arrive at once, and a 402 with what the upgrade popup needs once nothing is left.
import assert from "node:assert/strict";
import { accountUsageSchema, needsCreditsSchema } from "../../../_shared/contracts/billing.ts";
import { grantCredits, ledgerUnits, NO_VALIDATIONS_LEFT, useUpTrial } from "../../testing/credits.ts";
import { call, signedInUser, withDatabase } from "../../testing/stack.ts";

function validate(token: string, email = `m${crypto.randomUUID().slice(0, 8)}@mailscout-demo.test`) {
  return call("/api/validate-email", { body: { email }, token });
}

async function available(token: string): Promise<number> {
  const answer = await call("/api/account/usage", { token });
  assert.equal(answer.status, 200, answer.text);
  return accountUsageSchema.parse(answer.json).available;
}

Deno.test("a new account's validations come from its trial, one unit each, recorded in the ledger", async () => {
  const user = await signedInUser();
  const before = await available(user.token);
  for (let n = 0; n < 3; n++) assert.equal((await validate(user.token)).status, 200);
  assert.equal(await available(user.token), before - 3);
  assert.equal(await ledgerUnits(user.id, "validation"), 3);
  await withDatabase(async (sql) => {
    const rows = await sql`
      select source, units, reference like 'request:%' as per_request from public.usage_ledger where user_id = ${user.id}
    `;
    assert.deepEqual(rows.map((row) => ({ ...row })), Array(3).fill({ source: "trial", units: 1, per_request: true }));
  });
});

Deno.test("with nothing left a validation answers 402 {message, needsCredits, balance} and is neither made nor logged", async () => {
  const user = await signedInUser();
  await useUpTrial(user.id);
  const email = `m${crypto.randomUUID().slice(0, 8)}@mailscout-demo.test`;
  const refused = await validate(user.token, email);
  assert.equal(refused.status, 402, refused.text);
  assert.deepEqual(needsCreditsSchema.parse(refused.json), NO_VALIDATIONS_LEFT);
  assert.deepEqual(refused.json, NO_VALIDATIONS_LEFT, "exactly these fields");
  assert.equal(await ledgerUnits(user.id), 0);
  await withDatabase(async (sql) => {
    assert.deepEqual([...await sql`select 1 from public.validation_logs where user_id = ${user.id}`], []);
  });
});

Deno.test("50 validations at once against a balance of exactly 10: 10 answered, 40 refused with 402", async () => {
  const user = await signedInUser();
  await useUpTrial(user.id);
  await grantCredits(user.id, 10);
  assert.equal(await available(user.token), 10);

  const answers = await Promise.all(Array.from({ length: 50 }, () => validate(user.token)));
  const statuses = answers.map((answer) => answer.status);
  assert.equal(statuses.filter((status) => status === 200).length, 10, statuses.join());
  assert.equal(statuses.filter((status) => status === 402).length, 40, statuses.join());
  for (const refused of answers.filter((answer) => answer.status === 402)) {
    assert.deepEqual(refused.json, NO_VALIDATIONS_LEFT);
  }
  assert.equal(await ledgerUnits(user.id), 10, "the ledger holds the ten, all from the grant");
  await withDatabase(async (sql) => {
    const [sources] = await sql`
      select array_agg(distinct source) as sources from public.usage_ledger where user_id = ${user.id}
    `;
    assert.deepEqual(sources!.sources, ["granted"]);
  });
  assert.equal(await available(user.token), 0);
});
