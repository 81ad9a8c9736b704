// CRM affiliate ads against the running stack (/api/affiliate/admin, admin only): saved by CRM type, which a setting
// keeps, and Zoho's setting created once with its defaults.
import assert from "node:assert/strict";
import { type AffiliateSetting, affiliateSettingSchema } from "../../../../../_shared/marketing/index.ts";
import { assertAdminOnly, assertUrlsRefused, auditOf } from "../../../../testing/marketing.ts";
import { assertError, call, signedInAdmin, withDatabase } from "../../../../testing/stack.ts";

const PATH = "/api/affiliate/admin/settings";
const crmType = () => `test-${crypto.randomUUID().slice(0, 8)}`;
const body = (crm: string) => ({ crmType: crm, adTitle: "Try our CRM", adDescription: "Free for 30 days" });

async function save(token: string, setting: Record<string, unknown>): Promise<AffiliateSetting> {
  const response = await call(PATH, { token, body: setting });
  assert.equal(response.status, 200, response.text);
  return affiliateSettingSchema.parse(response.json);
}

Deno.test("affiliates: a setting is created with defaults, saved again by its CRM type, listed, and audited", async () => {
  const admin = await signedInAdmin();
  const crm = crmType();
  const created = await save(admin.token, { ...body(crm), crmType: crm.toUpperCase() });
  assert.deepEqual(
    [created.crmType, created.adButtonText, created.isActive, created.affiliateUrl, created.displayConditions],
    [crm, "Sign Up", false, null, {
      showAfterBulkValidation: true,
      showAfterValidationCount: 10,
      maxShowsPerUser: 3,
      daysBetweenShows: 7,
    }],
  );
  const again = await save(admin.token, { ...body(crm), affiliateUrl: "https://crm.example/signup", isActive: true });
  assert.equal(again.id, created.id);
  assert.deepEqual([again.affiliateUrl, again.isActive, again.ctr], ["https://crm.example/signup", true, 0]);

  const listed = await call(PATH, { token: admin.token });
  assert.equal(listed.status, 200, listed.text);
  assert.deepEqual(affiliateSettingSchema.array().parse(listed.json).find((row) => row.id === created.id), again);
  const actions = (await auditOf(created.id)).map((row) => row.action);
  assert.ok(actions.includes("marketing.affiliate_settings_created"), actions.join(", "));
  assert.ok(actions.includes("marketing.affiliate_settings_updated"), actions.join(", "));
});

Deno.test("affiliates: a setting's CRM type cannot change (409); an unknown id is not found (404)", async () => {
  const admin = await signedInAdmin();
  const setting = await save(admin.token, body(crmType()));
  assertError(
    await call(PATH, { token: admin.token, body: { ...body(crmType()), id: setting.id } }),
    409,
    "CRM type cannot be changed",
  );
  assertError(
    await call(PATH, { token: admin.token, body: { ...body(crmType()), id: crypto.randomUUID() } }),
    404,
    "Affiliate setting not found",
  );
});

Deno.test("affiliates: a body that breaks a rule answers 400 naming the field", async () => {
  const admin = await signedInAdmin();
  assertError(await call(PATH, { token: admin.token, body: { ...body("x"), crmType: "no spaces" } }), 400, "crmType: CRM type must be letters, digits, - or _");
  assertError(await call(PATH, { token: admin.token, body: { crmType: crmType(), adTitle: "t" } }), 400, "adDescription: Ad description is required");
  await assertUrlsRefused(admin.token, "POST", PATH, body(crmType()), "affiliateUrl");
  await assertUrlsRefused(admin.token, "POST", PATH, body(crmType()), "adImageUrl");
});

Deno.test("affiliates: Zoho's setting is created once (201), inactive, then refused (409)", async () => {
  const admin = await signedInAdmin();
  await withDatabase((sql) => sql`delete from public.affiliate_settings where crm_type = 'zoho'`);
  const created = await call("/api/affiliate/admin/init-zoho", { method: "POST", token: admin.token });
  assert.equal(created.status, 201, created.text);
  const zoho = affiliateSettingSchema.parse(created.json);
  assert.deepEqual([zoho.crmType, zoho.isActive, zoho.affiliateUrl], ["zoho", false, "https://www.zoho.com/crm/"]);
  assertError(
    await call("/api/affiliate/admin/init-zoho", { method: "POST", token: admin.token }),
    409,
    "Zoho CRM settings already exist",
  );
});

Deno.test("affiliates: a visitor gets 401 and a user who is not an admin 403", async () => {
  await assertAdminOnly(PATH);
  await assertAdminOnly(PATH, "POST");
  await assertAdminOnly("/api/affiliate/admin/init-zoho", "POST");
});
