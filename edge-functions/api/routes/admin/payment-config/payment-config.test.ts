// Payment providers' setup against the running stack: each provider's rules (400 naming the field), saves that answer
// and list only masks, sealed text in the database that holds no secret, and the reseal after a key rotation (npm test
// gives the functions a previous key, SECRETS_ENCRYPTION_PREVIOUS_KEYS, which these tests seal with as before one).
// Visitors and users are refused by the guard (lib/require-admin.test.ts calls every admin route as both).
import assert from "node:assert/strict";
import { maskedPaymentConfigListSchema, maskedPaymentConfigSchema, resealAnswerSchema } from "../../../../_shared/admin/index.ts";
import { keyringOf, open, seal, sealedUnderOlderKey } from "../../../../_shared/secrets/index.ts";
import { type Answer, assertError, call, requiredEnv, signedInAdmin, withDatabase } from "../../../testing/stack.ts";

const STRIPE = { publishableKey: "pk_test_51AbCdEfGh1a2b", secretKey: "sk_test_51ZyXwVuTs9z8y" };
const PAYPAL = { clientId: "AbCdEfGhIjKlMnOp-client", clientSecret: "EFgh_IjKl-secret-0042" };

/** Fails when any answer carries one of the secrets, in any part of its text. */
function assertNoSecret(answers: Answer[], secrets: string[]) {
  for (const answer of answers) {
    for (const secret of secrets) assert.ok(!answer.text.includes(secret), `${secret} in ${answer.text}`);
  }
}

Deno.test("every provider is listed, those never configured with every field null", async () => {
  const admin = await signedInAdmin();
  const response = await call("/api/payment-config", { token: admin.token });
  assert.equal(response.status, 200, response.text);
  const providers = maskedPaymentConfigListSchema.parse(response.json);
  assert.deepEqual(providers.map((provider) => provider.provider), ["stripe", "paypal", "venmo", "cashapp", "crypto"]);
  const cashapp = providers.find((provider) => provider.provider === "cashapp")!;
  assert.deepEqual(cashapp, { provider: "cashapp", credentials: { username: null }, isActive: false, updatedAt: null });
});

Deno.test("a saved provider answers and lists only masks; the database holds sealed text and the audit only masks", async () => {
  const admin = await signedInAdmin();
  const answers: Answer[] = [];
  const saved = await call("/api/payment-config/stripe", { token: admin.token, body: { ...STRIPE, isActive: true } });
  answers.push(saved);
  assert.equal(saved.status, 200, saved.text);
  assert.deepEqual(maskedPaymentConfigSchema.parse(saved.json).credentials, {
    publishableKey: "••••1a2b",
    secretKey: "••••9z8y",
    webhookSecret: null,
  });
  answers.push(await call("/api/payment-config/paypal", { token: admin.token, body: PAYPAL }));
  const listed = await call("/api/payment-config", { token: admin.token });
  answers.push(listed, await call("/api/admin/audit-log", { token: admin.token }));
  const stripe = maskedPaymentConfigListSchema.parse(listed.json).find((provider) => provider.provider === "stripe")!;
  assert.equal(stripe.isActive, true);
  assert.ok(stripe.updatedAt);
  const paypal = maskedPaymentConfigListSchema.parse(listed.json).find((provider) => provider.provider === "paypal")!;
  assert.deepEqual(paypal.credentials, { clientId: "••••ient", clientSecret: "••••0042" });
  assertNoSecret(answers, [...Object.values(STRIPE), ...Object.values(PAYPAL)]);

  const [row] = await withDatabase((sql) =>
    sql<{ credentials_sealed: string }[]>`select credentials_sealed from public.payment_config where provider = 'stripe'`
  );
  assert.ok(!Object.values(STRIPE).some((secret) => row!.credentials_sealed.includes(secret)));
  const keyring = await keyringOf(requiredEnv("SECRETS_ENCRYPTION_KEY"));
  assert.deepEqual(JSON.parse(await open(keyring, row!.credentials_sealed)), STRIPE);
});

Deno.test("credentials that break a provider's rules answer 400 naming the field, and nothing is stored", async () => {
  const admin = await signedInAdmin();
  const cases: [string, object, string][] = [
    ["stripe", { ...STRIPE, publishableKey: "sk_test_wrongKind1" }, "publishableKey: Publishable key must be a Stripe publishable key (pk_...)"],
    ["stripe", { publishableKey: STRIPE.publishableKey }, "secretKey: Secret key is required"],
    [
      "stripe",
      { ...STRIPE, webhookSecret: "sk_test_notAWebhookSecret" },
      "webhookSecret: Webhook signing secret must be a Stripe webhook signing secret (whsec_...)",
    ],
    ["paypal", { clientId: PAYPAL.clientId, clientSecret: "short" }, "clientSecret: Client secret must be a PayPal client secret"],
    ["venmo", { username: "@ab" }, "username: Venmo username must be 5 to 30 letters, digits, - or _"],
    ["cashapp", { username: "$12345" }, "username: Cash App $Cashtag must be a $Cashtag of 1 to 20 letters and digits"],
    ["crypto", {}, "At least one address is required"],
    ["crypto", { bitcoinAddress: "bc1notanaddress!" }, "bitcoinAddress: Bitcoin address must be a bitcoin address (1..., 3... or bc1...)"],
    ["crypto", { ethereumAddress: "0x123" }, "ethereumAddress: Ethereum address must be an ethereum address (0x and 40 hex digits)"],
    ["stripe", { ...STRIPE, isActive: "yes" }, "isActive: isActive must be true or false"],
    ["square", STRIPE, "provider must be one of stripe, paypal, venmo, cashapp, crypto"],
  ];
  for (const [provider, body, message] of cases) {
    assertError(await call(`/api/payment-config/${provider}`, { token: admin.token, body }), 400, message);
  }
  const [row] = await withDatabase((sql) =>
    sql<{ n: number }[]>`select count(*)::int as n from public.payment_config where provider in ('venmo', 'cashapp')`
  );
  assert.equal(row!.n, 0);
});

Deno.test("crypto takes either address or both; the form's fields are listed in order", async () => {
  const admin = await signedInAdmin();
  const ethereumAddress = "0x52908400098527886E0F7030069857D2E4169EE7";
  const saved = await call("/api/payment-config/crypto", { token: admin.token, body: { ethereumAddress } });
  assert.equal(saved.status, 200, saved.text);
  assert.deepEqual(maskedPaymentConfigSchema.parse(saved.json).credentials, {
    bitcoinAddress: null,
    ethereumAddress: "••••9EE7",
  });
});

Deno.test("a value too short to show its last four is masked whole, and saved", async () => {
  const admin = await signedInAdmin();
  const saved = await call("/api/payment-config/cashapp", { token: admin.token, body: { username: "$ab1" } });
  assert.equal(saved.status, 200, saved.text);
  assert.deepEqual(maskedPaymentConfigSchema.parse(saved.json).credentials, { username: "••••" });
  assertNoSecret([saved], ["$ab1"]);
});

Deno.test("after a key rotation, the reseal seals old credentials under the current key, once", async () => {
  const admin = await signedInAdmin();
  const username = "@mailscout-rotation";
  assert.equal(
    (await call("/api/payment-config/venmo", { token: admin.token, body: { username, isActive: false } })).status,
    200,
  );
  // As before the rotation: sealed under the key that is now the previous one.
  const before = await keyringOf(requiredEnv("SECRETS_ENCRYPTION_PREVIOUS_KEYS").split(",")[0]!);
  const oldSealed = await seal(before, JSON.stringify({ username }));
  await withDatabase((sql) => sql`update public.payment_config set credentials_sealed = ${oldSealed} where provider = 'venmo'`);

  const resealed = await call("/api/admin/payment-config/reseal", { method: "POST", token: admin.token });
  assert.equal(resealed.status, 200, resealed.text);
  assert.deepEqual(resealAnswerSchema.parse(resealed.json), { resealed: 1 });
  const [row] = await withDatabase((sql) =>
    sql<{ credentials_sealed: string }[]>`select credentials_sealed from public.payment_config where provider = 'venmo'`
  );
  const current = await keyringOf(requiredEnv("SECRETS_ENCRYPTION_KEY"));
  assert.ok(!sealedUnderOlderKey(current, row!.credentials_sealed));
  assert.deepEqual(JSON.parse(await open(current, row!.credentials_sealed)), { username });

  const again = await call("/api/admin/payment-config/reseal", { method: "POST", token: admin.token });
  assert.deepEqual(resealAnswerSchema.parse(again.json), { resealed: 0 });
  const audit = await call("/api/admin/audit-log", { token: admin.token });
  assert.ok(audit.text.includes("payment_config.resealed"));
  assertNoSecret([resealed, again, audit], [username]);
});

Deno.test("credentials sealed under a key the functions don't hold are reported, not resealed", async () => {
  const admin = await signedInAdmin();
  await call("/api/payment-config/cashapp", { token: admin.token, body: { username: "$MailScoutShop" } });
  const unknown = await keyringOf(btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))));
  const [row] = await withDatabase((sql) =>
    sql<{ credentials_sealed: string }[]>`select credentials_sealed from public.payment_config where provider = 'cashapp'`
  );
  await withDatabase(async (sql) =>
    sql`update public.payment_config set credentials_sealed = ${await seal(unknown, "{}")} where provider = 'cashapp'`
  );
  try {
    assertError(
      await call("/api/admin/payment-config/reseal", { method: "POST", token: admin.token }),
      500,
      "The stored cashapp credentials can't be opened with the current keys: set the key they were sealed with as a " +
        "previous key, or save them again",
    );
  } finally {
    await withDatabase((sql) =>
      sql`update public.payment_config set credentials_sealed = ${row!.credentials_sealed} where provider = 'cashapp'`
    );
  }
});
