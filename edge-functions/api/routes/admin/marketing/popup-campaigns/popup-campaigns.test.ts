// Popup campaigns against the running stack (/api/campaigns/popup-campaigns, admin only).
import { type PopupCampaign, popupCampaignSchema } from "../../../../../_shared/marketing/index.ts";
import { testManager } from "../../../../testing/marketing.ts";
import { assertError, call, signedInAdmin } from "../../../../testing/stack.ts";

testManager<PopupCampaign>("popup campaigns", {
  path: "/api/campaigns/popup-campaigns",
  table: "popup_campaigns",
  schema: popupCampaignSchema,
  minimal: { title: "Try bulk", content: "Validate a whole list at once" },
  created: {
    title: "Try bulk",
    content: "Validate a whole list at once",
    buttonText: "Learn More",
    buttonUrl: null,
    triggerType: "time_delay",
    triggerValue: 5,
    isActive: false,
    displayFrequency: "once_per_session",
    targetAudience: "all",
    backgroundColor: "#ffffff",
    textColor: "#000000",
    showCount: 0,
    clickCount: 0,
    conversionCount: 0,
  },
  replacement: {
    title: "Leaving?",
    content: "Take 20% off",
    buttonText: "Claim",
    buttonUrl: "https://mailscout.example/pricing",
    triggerType: "scroll_percentage",
    triggerValue: 60,
    isActive: true,
    displayFrequency: "once_per_day",
    targetAudience: "returning_users",
    backgroundColor: "#102030",
    textColor: "#FAFAFA",
  },
  replaced: {
    title: "Leaving?",
    buttonUrl: "https://mailscout.example/pricing",
    triggerType: "scroll_percentage",
    triggerValue: 60,
    isActive: true,
    displayFrequency: "once_per_day",
    targetAudience: "returning_users",
    backgroundColor: "#102030",
    textColor: "#FAFAFA",
  },
  required: { field: "content", message: "content: Content is required" },
  urlField: "buttonUrl",
  notFound: "Popup campaign not found",
});

Deno.test("popup campaigns: a scroll trigger past 100% and a colour that is no hex answer 400 naming the field", async () => {
  const admin = await signedInAdmin();
  const path = "/api/campaigns/popup-campaigns";
  const body = { title: "x", content: "y" };
  assertError(
    await call(path, { token: admin.token, body: { ...body, triggerType: "scroll_percentage", triggerValue: 150 } }),
    400,
    "triggerValue: triggerValue must be a percentage from 1 to 100",
  );
  assertError(
    await call(path, { token: admin.token, body: { ...body, backgroundColor: "red" } }),
    400,
    "backgroundColor: must be a hex colour such as #ffffff",
  );
});
