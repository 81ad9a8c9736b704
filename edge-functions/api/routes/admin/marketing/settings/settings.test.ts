// Marketing's switches against the running stack (/api/marketing/settings, admin only). A test flips only user
// segmentation, the switch no delivery depends on, and puts it back.
import assert from "node:assert/strict";
import { AB_TESTING_MESSAGE, marketingSettingsSchema } from "../../../../../_shared/marketing/index.ts";
import { assertAdminOnly, auditOf } from "../../../../testing/marketing.ts";
import { assertError, call, signedInAdmin } from "../../../../testing/stack.ts";

const PATH = "/api/marketing/settings";

Deno.test("marketing settings: read (200), saved (200) and audited, read back as saved", async () => {
  const admin = await signedInAdmin();
  const read = await call(PATH, { token: admin.token });
  assert.equal(read.status, 200, read.text);
  const before = marketingSettingsSchema.parse(read.json);
  assert.equal(before.abTesting, false);

  const flipped = { ...before, userSegmentation: !before.userSegmentation };
  try {
    const saved = await call(PATH, { method: "PUT", token: admin.token, body: flipped });
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(marketingSettingsSchema.parse(saved.json), flipped);
    assert.deepEqual(marketingSettingsSchema.parse((await call(PATH, { token: admin.token })).json), flipped);
    assert.ok((await auditOf("marketing")).some((row) => row.action === "marketing.settings_saved" && row.actorId === admin.id));
  } finally {
    const restored = await call(PATH, { method: "PUT", token: admin.token, body: before });
    assert.equal(restored.status, 200, restored.text);
  }
});

Deno.test("marketing settings: A/B testing turned on, or a switch left out, answers 400 naming the field", async () => {
  const admin = await signedInAdmin();
  const settings = marketingSettingsSchema.parse((await call(PATH, { token: admin.token })).json);
  assertError(
    await call(PATH, { method: "PUT", token: admin.token, body: { ...settings, abTesting: true } }),
    400,
    `abTesting: ${AB_TESTING_MESSAGE}`,
  );
  const { clickTracking: _, ...without } = settings;
  const missing = await call(PATH, { method: "PUT", token: admin.token, body: without });
  assert.equal(missing.status, 400, missing.text);
  assert.match((missing.json as { message: string }).message, /^clickTracking: /);
});

Deno.test("marketing settings: a visitor gets 401 and a user who is not an admin 403", async () => {
  await assertAdminOnly(PATH);
  await assertAdminOnly(PATH, "PUT");
});
