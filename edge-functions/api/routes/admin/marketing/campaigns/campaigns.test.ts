// Marketing campaigns against the running stack (/api/marketing/campaigns, admin only): the campaign of every type,
// the push or email row a push or email campaign goes out through, and the preview of an item in its slot.
import assert from "node:assert/strict";
import {
  deliveredAffiliateAdSchema,
  deliveredBannerSchema,
  deliveredMessageSchema,
  deliveredPopupSchema,
  type MarketingCampaign,
  marketingCampaignSchema,
} from "../../../../../_shared/marketing/index.ts";
import { assertAdminOnly, auditOf, testManager } from "../../../../testing/marketing.ts";
import { assertError, call, signedInAdmin, withDatabase } from "../../../../testing/stack.ts";

const PATH = "/api/marketing/campaigns";
const minimal = { name: "Welcome", title: "Welcome aboard", content: "Validate your first list", actionText: "Start" };

testManager<MarketingCampaign>("marketing campaigns", {
  path: PATH,
  table: "marketing_campaigns",
  schema: marketingCampaignSchema,
  minimal,
  created: {
    ...minimal,
    type: "banner",
    status: "draft",
    actionUrl: null,
    imageUrl: null,
    targetAudience: { userTypes: ["all"], validationThreshold: 0, subscriptionTypes: ["free"] },
    displayRules: { maxShowsPerUser: 3, daysBetweenShows: 7, showOnPages: ["/"], showAfterAction: null, priority: 5 },
    scheduling: { startDate: null, endDate: null, timezone: "UTC", activeHours: { start: "00:00", end: "23:59" } },
    pushNotificationId: null,
    emailCampaignId: null,
    impressions: 0,
    clicks: 0,
    conversions: 0,
  },
  replacement: {
    ...minimal,
    type: "in_app_message",
    status: "active",
    actionUrl: "https://mailscout.example/bulk",
    targetAudience: { userTypes: ["free", "new"], validationThreshold: 5, subscriptionTypes: ["free", "starter"] },
    displayRules: { maxShowsPerUser: 2, daysBetweenShows: 1, showOnPages: ["/dashboard*"], showAfterAction: "validation", priority: 9 },
    scheduling: { startDate: "2026-01-01", endDate: "2026-12-31", timezone: "Europe/Paris", activeHours: { start: "22:00", end: "06:00" } },
  },
  replaced: {
    type: "in_app_message",
    status: "active",
    actionUrl: "https://mailscout.example/bulk",
    targetAudience: { userTypes: ["free", "new"], validationThreshold: 5, subscriptionTypes: ["free", "starter"] },
    displayRules: { maxShowsPerUser: 2, daysBetweenShows: 1, showOnPages: ["/dashboard*"], showAfterAction: "validation", priority: 9 },
    scheduling: { startDate: "2026-01-01", endDate: "2026-12-31", timezone: "Europe/Paris", activeHours: { start: "22:00", end: "06:00" } },
  },
  required: { field: "title", message: "title: Title is required" },
  urlField: "actionUrl",
  notFound: "Campaign not found",
});

async function create(token: string, body: Record<string, unknown>): Promise<MarketingCampaign> {
  const response = await call(PATH, { token, body });
  assert.equal(response.status, 201, response.text);
  return marketingCampaignSchema.parse(response.json);
}

Deno.test("marketing campaigns: a push campaign creates its push row, keeps it in step, and takes it along when deleted", async () => {
  const admin = await signedInAdmin();
  const campaign = await create(admin.token, { ...minimal, type: "push_notification", imageUrl: "/icon.png" });
  assert.ok(campaign.pushNotificationId);
  assert.equal(campaign.emailCampaignId, null);
  const pushes = await call("/api/campaigns/push-notifications", { token: admin.token });
  const push = (pushes.json as { id: string; title: string; message: string; icon: string; isActive: boolean }[])
    .find((row) => row.id === campaign.pushNotificationId);
  assert.deepEqual(
    [push?.title, push?.message, push?.icon, push?.isActive],
    ["Welcome aboard", "Validate your first list", "/icon.png", false],
  );

  const updated = await call(`${PATH}/${campaign.id}`, {
    method: "PUT",
    token: admin.token,
    body: { ...minimal, type: "push_notification", status: "active", title: "Now live" },
  });
  assert.equal(updated.status, 200, updated.text);
  assert.equal(marketingCampaignSchema.parse(updated.json).pushNotificationId, campaign.pushNotificationId);
  const [row] = await withDatabase((sql) =>
    sql<{ title: string; is_active: boolean }[]>`
      select title, is_active from public.push_notifications where id = ${campaign.pushNotificationId}
    `
  );
  assert.deepEqual(row, { title: "Now live", is_active: true });

  const deleted = await call(`${PATH}/${campaign.id}`, { method: "DELETE", token: admin.token });
  assert.equal(deleted.status, 204, deleted.text);
  const left = await withDatabase((sql) =>
    sql`select 1 from public.push_notifications where id = ${campaign.pushNotificationId}`
  );
  assert.equal(left.length, 0);
  assert.deepEqual((await auditOf(campaign.pushNotificationId!)).map((entry) => entry.action), [
    "marketing.push_notifications_created",
    "marketing.push_notifications_updated",
    "marketing.push_notifications_deleted",
  ]);
});

Deno.test("marketing campaigns: an email campaign creates its email row; turned into a banner, the row goes", async () => {
  const admin = await signedInAdmin();
  const campaign = await create(admin.token, { ...minimal, type: "email", targetAudience: { userTypes: ["new"] } });
  assert.ok(campaign.emailCampaignId);
  const [row] = await withDatabase((sql) =>
    sql<{ subject: string; target_audience: string }[]>`
      select subject, target_audience from public.email_campaigns where id = ${campaign.emailCampaignId}
    `
  );
  assert.deepEqual(row, { subject: "Welcome aboard", target_audience: "new" });

  const banner = await call(`${PATH}/${campaign.id}`, { method: "PUT", token: admin.token, body: { ...minimal, type: "banner" } });
  assert.equal(banner.status, 200, banner.text);
  assert.equal(marketingCampaignSchema.parse(banner.json).emailCampaignId, null);
  const left = await withDatabase((sql) => sql`select 1 from public.email_campaigns where id = ${campaign.emailCampaignId}`);
  assert.equal(left.length, 0);
});

Deno.test("marketing campaigns: a push campaign's title past a push's 100 characters answers 400 naming the field", async () => {
  const admin = await signedInAdmin();
  assertError(
    await call(PATH, { token: admin.token, body: { ...minimal, type: "push_notification", title: "x".repeat(101) } }),
    400,
    "title: must be at most 100 characters for a push notification",
  );
});

Deno.test("marketing campaigns: an unknown time zone, reversed dates and an unknown type answer 400 naming the field", async () => {
  const admin = await signedInAdmin();
  assertError(
    await call(PATH, { token: admin.token, body: { ...minimal, scheduling: { timezone: "Mars/Olympus" } } }),
    400,
    "scheduling.timezone: timezone must be an IANA time zone such as Europe/Paris",
  );
  assertError(
    await call(PATH, {
      token: admin.token,
      body: { ...minimal, scheduling: { startDate: "2026-05-02", endDate: "2026-05-01" } },
    }),
    400,
    "scheduling.endDate: endDate must be on or after startDate",
  );
  assertError(
    await call(PATH, { token: admin.token, body: { ...minimal, type: "billboard" } }),
    400,
    "type: type must be one of banner, popup, push_notification, email, in_app_message, affiliate_ad, promotional_banner",
  );
});

Deno.test("preview: a campaign or a manager's row as delivered in its slot", async () => {
  const admin = await signedInAdmin();
  const message = await create(admin.token, { ...minimal, type: "in_app_message", actionUrl: "/bulk" });
  const preview = (type: string, id: string) => call(`/api/marketing/preview/${type}/${id}`, { token: admin.token });

  const asMessage = await preview("in_app_message", message.id);
  assert.equal(asMessage.status, 200, asMessage.text);
  assert.deepEqual(deliveredMessageSchema.parse(asMessage.json), {
    campaignType: "in_app_message",
    campaignId: message.id,
    title: "Welcome aboard",
    content: "Validate your first list",
    imageUrl: null,
    actionText: "Start",
    clickUrl: `/api/campaign-delivery/click/in_app_message/${message.id}`,
    priority: 5,
  });

  const promo = await create(admin.token, { ...minimal, type: "promotional_banner" });
  const asBanner = deliveredBannerSchema.parse((await preview("banner", promo.id)).json);
  assert.deepEqual([asBanner.placement, asBanner.clickUrl], ["inline", null]);

  const ad = await call("/api/campaigns/banner-ads", {
    token: admin.token,
    body: { title: "Footer ad", placement: "footer", targetUrl: "https://example.com" },
  });
  const adId = (ad.json as { id: string }).id;
  const asAd = deliveredBannerSchema.parse((await preview("banner", adId)).json);
  assert.deepEqual([asAd.placement, asAd.title, asAd.clickUrl], ["footer", "Footer ad", `/api/campaign-delivery/click/banner/${adId}`]);

  const popup = await call("/api/campaigns/popup-campaigns", {
    token: admin.token,
    body: { title: "Wait", content: "Before you go", triggerType: "exit_intent", backgroundColor: "#000000" },
  });
  const asPopup = deliveredPopupSchema.parse((await preview("popup", (popup.json as { id: string }).id)).json);
  assert.deepEqual([asPopup.trigger.type, asPopup.backgroundColor, asPopup.actionText], ["exit_intent", "#000000", "Learn More"]);

  const affiliate = await create(admin.token, { ...minimal, type: "affiliate_ad" });
  assert.equal(deliveredAffiliateAdSchema.parse((await preview("affiliate_ad", affiliate.id)).json).crmType, null);

  // An item is previewed in its own slot only; a type without a slot is no preview type.
  assertError(await preview("popup", message.id), 404, "Campaign not found");
  assertError(await preview("banner", crypto.randomUUID()), 404, "Campaign not found");
  assertError(
    await preview("email", message.id),
    400,
    "campaignType must be one of banner, popup, in_app_message, affiliate_ad",
  );
  await assertAdminOnly(`/api/marketing/preview/banner/${promo.id}`);
});
