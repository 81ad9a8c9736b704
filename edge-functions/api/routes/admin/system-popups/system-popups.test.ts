// System popups against the running stack: anyone reads an active popup (GET /api/admin/system-popups/{popupType}; the
// seed provides upgrade_limit), only an admin lists them all (GET /api/admin/system-popups, behind requireAdmin). Popups
// a test adds get names of their own and are removed again.
import assert from "node:assert/strict";
import { adminSystemPopupSchema, systemPopupSchema } from "../../../../_shared/popups/index.ts";
import { ADMIN_ONLY_MESSAGE } from "../../../lib/require-admin.ts";
import { assertError, call, signedInAdmin, signedInUser, withDatabase } from "../../../testing/stack.ts";

Deno.test("the upgrade popup is readable without signing in, with the spec's features and pricing", async () => {
  const response = await call("/api/admin/system-popups/upgrade_limit");
  assert.equal(response.status, 200, response.text);
  const popup = systemPopupSchema.parse(response.json);
  assert.equal(popup.popupType, "upgrade_limit");
  assert.ok(popup.title && popup.content);
  assert.deepEqual(popup.features, [
    { text: "Up to 25,000 monthly validations", highlight: true },
    { text: "50% cheaper than competitors", highlight: true },
    { text: "CRM integrations", highlight: false },
  ]);
  assert.deepEqual(popup.pricing, {
    monthly: "Starting at $19/month",
    payPerUse: "Pay-per-use from $12",
    annual: "25% off annual plans",
  });
  assert.deepEqual([popup.buttonText, popup.buttonUrl, popup.isActive], ["Upgrade Now", "/auth", true]);
});

Deno.test("an unknown popup type answers 404", async () => {
  assertError(await call("/api/admin/system-popups/no_such_popup"), 404, "Popup not found");
});

Deno.test("an inactive popup answers 404; an active one 200", async () => {
  const popupType = `test_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await withDatabase((sql) =>
    sql`insert into public.system_popups (popup_type, title, is_active) values (${popupType}, 'Draft', false)`
  );
  try {
    assertError(await call(`/api/admin/system-popups/${popupType}`), 404, "Popup not found");
    await withDatabase((sql) => sql`update public.system_popups set is_active = true where popup_type = ${popupType}`);
    const response = await call(`/api/admin/system-popups/${popupType}`);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(systemPopupSchema.parse(response.json), {
      popupType,
      title: "Draft",
      content: "",
      features: [],
      buttonText: "Upgrade Now",
      buttonUrl: "/auth",
      pricing: {},
      isActive: true,
    });
  } finally {
    await withDatabase((sql) => sql`delete from public.system_popups where popup_type = ${popupType}`);
  }
});

Deno.test("the admin area answers a visitor 401 and a signed-in user who is not an admin 403", async () => {
  assertError(await call("/api/admin/system-popups"), 401, "Not authenticated");
  const user = await signedInUser();
  assertError(await call("/api/admin/system-popups", { token: user.token }), 403, ADMIN_ONLY_MESSAGE);
});

Deno.test("an admin lists every popup, inactive ones included, with the ids they are edited by", async () => {
  const popupType = `test_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await withDatabase((sql) =>
    sql`insert into public.system_popups (popup_type, title, is_active) values (${popupType}, 'Draft', false)`
  );
  try {
    const admin = await signedInAdmin();
    const response = await call("/api/admin/system-popups", { token: admin.token });
    assert.equal(response.status, 200, response.text);
    const popups = adminSystemPopupSchema.array().parse(response.json);
    const types = popups.map((popup) => popup.popupType);
    assert.ok(types.includes("upgrade_limit"), types.join(", "));
    const draft = popups.find((popup) => popup.popupType === popupType);
    assert.equal(draft?.isActive, false);
    assert.deepEqual(types, [...types].sort(), "by type");
    assert.equal(new Set(popups.map((popup) => popup.id)).size, popups.length);
  } finally {
    await withDatabase((sql) => sql`delete from public.system_popups where popup_type = ${popupType}`);
  }
});
