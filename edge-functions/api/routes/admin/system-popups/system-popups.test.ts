// System popups against the running stack: anyone reads an active popup (GET /api/admin/system-popups/{popupType},
// revalidated by ETag), only an admin lists them all (GET /api/admin/system-popups) and edits one (PUT
// /api/admin/system-popups/{id}, audited). A test that changes a seeded popup puts it back as it was.
import assert from "node:assert/strict";
import {
  type AdminSystemPopup,
  adminSystemPopupSchema,
  systemPopupSchema,
  type UpdateSystemPopupRequest,
} from "../../../../_shared/popups/index.ts";
import { ADMIN_ONLY_MESSAGE } from "../../../lib/require-admin.ts";
import { assertError, call, signedInAdmin, signedInUser, withDatabase } from "../../../testing/stack.ts";

const SEEDED_UPGRADE_FEATURES = [
  { text: "Up to 25,000 monthly validations", highlight: true },
  { text: "50% cheaper than competitors", highlight: true },
  { text: "CRM integrations", highlight: false },
];

async function adminPopups(token: string): Promise<AdminSystemPopup[]> {
  const response = await call("/api/admin/system-popups", { token });
  assert.equal(response.status, 200, response.text);
  return adminSystemPopupSchema.array().parse(response.json);
}

async function popupOfType(
  token: string,
  popupType: string,
): Promise<AdminSystemPopup> {
  const popup = (await adminPopups(token)).find((candidate) => candidate.popupType === popupType);
  assert.ok(popup, `the ${popupType} popup is seeded`);
  return popup;
}

/** The edit a PUT sends for the popup as it is now, with `changes`. */
function editOf(
  popup: AdminSystemPopup,
  changes: Partial<UpdateSystemPopupRequest> = {},
): UpdateSystemPopupRequest {
  const { title, content, features, buttonText, buttonUrl, pricing, isActive } = popup;
  return {
    title,
    content,
    features,
    buttonText,
    buttonUrl,
    pricing,
    isActive,
    ...changes,
  };
}

function put(token: string, id: number | string, body: unknown) {
  return call(`/api/admin/system-popups/${id}`, { method: "PUT", token, body });
}

/** Runs `work` with the seeded popup of `popupType`, and restores its texts afterwards. */
async function withPopupRestored<T>(
  popupType: string,
  work: (
    admin: { id: string; token: string },
    popup: AdminSystemPopup,
  ) => Promise<T>,
) {
  const admin = await signedInAdmin();
  const popup = await popupOfType(admin.token, popupType);
  try {
    return await work(admin, popup);
  } finally {
    const restored = await put(admin.token, popup.id, editOf(popup));
    assert.equal(restored.status, 200, restored.text);
  }
}

Deno.test("the upgrade popup is readable without signing in, with the spec's features and pricing", async () => {
  const response = await call("/api/admin/system-popups/upgrade_limit");
  assert.equal(response.status, 200, response.text);
  const popup = systemPopupSchema.parse(response.json);
  assert.equal(popup.popupType, "upgrade_limit");
  assert.ok(popup.title && popup.content);
  assert.deepEqual(popup.features, SEEDED_UPGRADE_FEATURES);
  assert.deepEqual(popup.pricing, {
    monthly: "Starting at $19/month",
    payPerUse: "Pay-per-use from $12",
    annual: "25% off annual plans",
  });
  assert.deepEqual([popup.buttonText, popup.buttonUrl, popup.isActive], [
    "Upgrade Now",
    "/auth",
    true,
  ]);
});

Deno.test("the welcome and discount offer popups are seeded and readable without signing in", async () => {
  const welcome = await call("/api/admin/system-popups/welcome");
  assert.equal(welcome.status, 200, welcome.text);
  assert.equal(systemPopupSchema.parse(welcome.json).popupType, "welcome");
  const discount = await call("/api/admin/system-popups/discount_offer");
  assert.equal(discount.status, 200, discount.text);
  const offer = systemPopupSchema.parse(discount.json);
  assert.deepEqual([offer.title, offer.content, offer.buttonText], [
    "Special One-Time Offer",
    "{percent}% off your first month",
    "Claim {percent}% Discount Now",
  ]);
});

Deno.test("the public read is revalidated on every use: no-cache, an ETag, 304 when it matches", async () => {
  const first = await call("/api/admin/system-popups/upgrade_limit");
  assert.equal(first.status, 200, first.text);
  assert.equal(first.headers.get("cache-control"), "no-cache");
  const etag = first.headers.get("etag");
  assert.ok(etag, "an ETag");
  const unchanged = await call("/api/admin/system-popups/upgrade_limit", {
    headers: { "if-none-match": etag },
  });
  assert.equal(unchanged.status, 304);
  assert.equal(unchanged.text, "");
  const other = await call("/api/admin/system-popups/upgrade_limit", {
    headers: { "if-none-match": '"stale"' },
  });
  assert.equal(other.status, 200, other.text);
});

Deno.test("an unknown popup type answers 404", async () => {
  assertError(
    await call("/api/admin/system-popups/no_such_popup"),
    404,
    "Popup not found",
  );
});

Deno.test("an inactive popup answers 404; once active again, 200", async () => {
  await withPopupRestored("welcome", async (admin, welcome) => {
    const off = await put(
      admin.token,
      welcome.id,
      editOf(welcome, { isActive: false }),
    );
    assert.equal(off.status, 200, off.text);
    assertError(
      await call("/api/admin/system-popups/welcome"),
      404,
      "Popup not found",
    );
    assert.equal(
      (await put(admin.token, welcome.id, editOf(welcome, { isActive: true })))
        .status,
      200,
    );
    assert.equal((await call("/api/admin/system-popups/welcome")).status, 200);
  });
});

Deno.test("the admin area answers a visitor 401 and a signed-in user who is not an admin 403", async () => {
  assertError(await call("/api/admin/system-popups"), 401, "Not authenticated");
  assertError(
    await call("/api/admin/system-popups/1", {
      method: "PUT",
      body: { title: "x" },
    }),
    401,
    "Not authenticated",
  );
  const user = await signedInUser();
  assertError(
    await call("/api/admin/system-popups", { token: user.token }),
    403,
    ADMIN_ONLY_MESSAGE,
  );
  assertError(
    await put(user.token, 1, { title: "Hacked", features: [{ text: "x" }] }),
    403,
    ADMIN_ONLY_MESSAGE,
  );
});

Deno.test("an admin lists every popup, inactive ones included, with ids, and when and by whom each was changed", async () => {
  await withPopupRestored("discount_offer", async (admin, offer) => {
    assert.equal(
      (await put(admin.token, offer.id, editOf(offer, { isActive: false })))
        .status,
      200,
    );
    const popups = await adminPopups(admin.token);
    assert.deepEqual(popups.map((popup) => popup.popupType), [
      "discount_offer",
      "upgrade_limit",
      "welcome",
    ]);
    const listed = popups.find((popup) => popup.popupType === "discount_offer")!;
    assert.equal(listed.isActive, false);
    assert.equal(listed.updatedBy?.id, admin.id);
    assert.match(listed.updatedBy?.email ?? "", /@example\.com$/);
    assert.equal(new Set(popups.map((popup) => popup.id)).size, popups.length);
  });
});

Deno.test("an admin's edit answers the updated popup, reaches visitors at once and is audited", async () => {
  await withPopupRestored("upgrade_limit", async (admin, upgrade) => {
    const before = await call("/api/admin/system-popups/upgrade_limit");
    const edit = editOf(upgrade, {
      title: "  Keep validating with a plan  ",
      content: "<b>Plain</b> text",
      features: [{ text: "Bulk validation", highlight: true }, {
        text: "CRM sync",
      }],
      pricing: { monthly: "From $19/month" },
    });
    const response = await put(admin.token, upgrade.id, edit);
    assert.equal(response.status, 200, response.text);
    const saved = adminSystemPopupSchema.parse(response.json);
    assert.deepEqual(
      { ...saved, updatedAt: undefined },
      {
        ...upgrade,
        title: "Keep validating with a plan",
        content: "<b>Plain</b> text",
        features: [{ text: "Bulk validation", highlight: true }, {
          text: "CRM sync",
          highlight: false,
        }],
        pricing: { monthly: "From $19/month" },
        updatedAt: undefined,
        updatedBy: saved.updatedBy,
      },
    );
    assert.equal(saved.updatedBy?.id, admin.id);
    assert.ok(Date.parse(saved.updatedAt) >= Date.parse(upgrade.updatedAt));

    const visitor = await call("/api/admin/system-popups/upgrade_limit", {
      headers: { "if-none-match": before.headers.get("etag") ?? "" },
    });
    assert.equal(visitor.status, 200, "the old ETag no longer matches");
    assert.equal(
      systemPopupSchema.parse(visitor.json).title,
      "Keep validating with a plan",
    );

    const [entry] = await withDatabase((sql) =>
      sql<
        {
          actor_id: string;
          before: { title: string };
          after: { title: string };
        }[]
      >`
        select actor_id, before, after from public.admin_audit_log
         where action = 'system_popup.updated' and target_id = ${String(upgrade.id)} and actor_id = ${admin.id}
         order by id desc limit 1`
    );
    assert.deepEqual([entry?.before.title, entry?.after.title], [
      upgrade.title,
      "Keep validating with a plan",
    ]);
  });
});

Deno.test("the discount offer may use {percent} and {expiresIn}", async () => {
  await withPopupRestored("discount_offer", async (admin, offer) => {
    const response = await put(
      admin.token,
      offer.id,
      editOf(offer, { title: "{percent}% off for {expiresIn}" }),
    );
    assert.equal(response.status, 200, response.text);
  });
});

Deno.test("an edit that breaks a rule answers 400 naming the field", async () => {
  const admin = await signedInAdmin();
  const upgrade = await popupOfType(admin.token, "upgrade_limit");
  const welcome = await popupOfType(admin.token, "welcome");
  const thirteen = Array.from(
    { length: 13 },
    (_, index) => ({ text: `Feature ${index}`, highlight: false }),
  );
  const cases: [
    AdminSystemPopup,
    Partial<UpdateSystemPopupRequest> | Record<string, unknown>,
    string,
  ][] = [
    [upgrade, { title: "   " }, "title: Title is required"],
    [
      upgrade,
      { title: "t".repeat(121) },
      "title: Title must be at most 120 characters",
    ],
    [
      upgrade,
      { buttonUrl: "javascript:alert(1)" },
      "buttonUrl: Button URL must be a path on this site (/pricing) or an https URL",
    ],
    [
      upgrade,
      { buttonUrl: "//evil.example" },
      "buttonUrl: Button URL must be a path on this site (/pricing) or an https URL",
    ],
    [upgrade, { features: [] }, "features: At least one feature is required"],
    [upgrade, { features: thirteen }, "features: At most 12 features"],
    [
      upgrade,
      { features: [{ text: " ", highlight: true }] },
      "features.0.text: Feature text is required",
    ],
    [
      upgrade,
      { pricing: { weekly: "$5" } },
      "pricing: pricing may only hold monthly, payPerUse and annual",
    ],
    [
      upgrade,
      { content: "c".repeat(1001) },
      "content: Content must be at most 1000 characters",
    ],
    [
      upgrade,
      { title: "{percent}% off" },
      "title: Unknown placeholder {percent}: this popup has none",
    ],
    [
      welcome,
      { pricing: { monthly: "$19" } },
      "pricing: Pricing is only shown on the upgrade popup",
    ],
    [
      welcome,
      { features: [{ text: "Hi {name}", highlight: false }] },
      "features.0.text: Unknown placeholder {name}: this popup has none",
    ],
  ];
  for (const [popup, changes, message] of cases) {
    assertError(
      await put(admin.token, popup.id, { ...editOf(popup), ...changes }),
      400,
      message,
    );
  }
  const notJson = await call(`/api/admin/system-popups/${upgrade.id}`, {
    method: "PUT",
    token: admin.token,
    rawBody: "title=x",
    contentType: "application/x-www-form-urlencoded",
  });
  assertError(notJson, 400, "Request body must be JSON");
  assert.deepEqual(
    await popupOfType(admin.token, "upgrade_limit"),
    upgrade,
    "nothing was saved",
  );
});

Deno.test("an edit of an unknown popup answers 404", async () => {
  const admin = await signedInAdmin();
  const upgrade = await popupOfType(admin.token, "upgrade_limit");
  for (const id of ["999999999", "abc", "0", "-1", "1.5"]) {
    assertError(
      await put(admin.token, id, editOf(upgrade)),
      404,
      "Popup not found",
    );
  }
});
