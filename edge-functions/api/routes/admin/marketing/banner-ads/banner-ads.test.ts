// Banner ads against the running stack (/api/campaigns/banner-ads, admin only).
import assert from "node:assert/strict";
import { type BannerAd, bannerAdSchema } from "../../../../../_shared/marketing/index.ts";
import { testManager } from "../../../../testing/marketing.ts";
import { assertError, call, signedInAdmin } from "../../../../testing/stack.ts";

testManager<BannerAd>("banner ads", {
  path: "/api/campaigns/banner-ads",
  table: "banner_ads",
  schema: bannerAdSchema,
  minimal: { title: "Spring sale" },
  created: {
    title: "Spring sale",
    content: "",
    imageUrl: null,
    targetUrl: null,
    placement: "header",
    isActive: false,
    priority: 1,
    startDate: null,
    endDate: null,
    impressionCount: 0,
    clickCount: 0,
  },
  replacement: {
    title: "Summer sale",
    content: "Half off",
    imageUrl: "https://cdn.example.com/summer.png",
    targetUrl: "/pricing",
    placement: "sidebar",
    isActive: true,
    priority: 7,
    startDate: "2026-06-01",
    endDate: "2026-06-30",
  },
  replaced: {
    title: "Summer sale",
    content: "Half off",
    imageUrl: "https://cdn.example.com/summer.png",
    targetUrl: "/pricing",
    placement: "sidebar",
    isActive: true,
    priority: 7,
    startDate: "2026-06-01",
    endDate: "2026-06-30",
  },
  required: { field: "title", message: "title: Title is required" },
  urlField: "targetUrl",
  notFound: "Banner ad not found",
});

Deno.test("banner ads: dates in reverse and a placement outside the four answer 400 naming the field", async () => {
  const admin = await signedInAdmin();
  const path = "/api/campaigns/banner-ads";
  assertError(
    await call(path, { token: admin.token, body: { title: "x", startDate: "2026-02-02", endDate: "2026-02-01" } }),
    400,
    "endDate: endDate must be on or after startDate",
  );
  assertError(
    await call(path, { token: admin.token, body: { title: "x", placement: "popover" } }),
    400,
    "placement: placement must be one of header, sidebar, footer, inline",
  );
});

Deno.test("banner ads: counters in a body are not the admin's to set, and stay 0", async () => {
  const admin = await signedInAdmin();
  const response = await call("/api/campaigns/banner-ads", {
    token: admin.token,
    body: { title: "Counted", impressionCount: 500, clickCount: 20 },
  });
  assert.equal(response.status, 201, response.text);
  const banner = bannerAdSchema.parse(response.json);
  assert.deepEqual([banner.impressionCount, banner.clickCount, banner.ctr], [0, 0, 0]);
});
