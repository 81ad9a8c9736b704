// The marketing dashboard's figures against the running stack (/api/marketing/stats and /analytics, admin only).
import assert from "node:assert/strict";
import { marketingAnalyticsSchema, marketingStatsSchema } from "../../../../../_shared/marketing/index.ts";
import { assertAdminOnly } from "../../../../testing/marketing.ts";
import { call, signedInAdmin } from "../../../../testing/stack.ts";

Deno.test("marketing stats count a new campaign among all and its displays among the impressions", async () => {
  const admin = await signedInAdmin();
  const stats = async () => {
    const response = await call("/api/marketing/stats", { token: admin.token });
    assert.equal(response.status, 200, response.text);
    return marketingStatsSchema.parse(response.json);
  };
  const before = await stats();
  const created = await call("/api/campaigns/banner-ads", { token: admin.token, body: { title: "Counted", isActive: true } });
  assert.equal(created.status, 201, created.text);
  const after = await stats();
  assert.ok(after.totalCampaigns >= before.totalCampaigns + 1, `${after.totalCampaigns} after ${before.totalCampaigns}`);
  assert.ok(after.activeCampaigns >= 1);
});

Deno.test("marketing analytics answer the top campaigns and the audience", async () => {
  const admin = await signedInAdmin();
  const response = await call("/api/marketing/analytics", { token: admin.token });
  assert.equal(response.status, 200, response.text);
  const analytics = marketingAnalyticsSchema.parse(response.json);
  assert.ok(analytics.campaigns.length <= 5);
  assert.ok(analytics.audience.newUsers30Days >= 1, "the admin signed up just now");
});

Deno.test("marketing figures: a visitor gets 401 and a user who is not an admin 403", async () => {
  await assertAdminOnly("/api/marketing/stats");
  await assertAdminOnly("/api/marketing/analytics");
});
