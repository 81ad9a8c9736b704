// What visitors see of marketing: an admin's new banner and 1-second popup reach an anonymous visitor; the popup is a
// titled dialog that Escape dismisses, giving focus back, and it stays away after a reload; the affiliate partner's
// ad waits for the visitor's second validation. The admin arranges the campaigns through the api, as the admin
// screens do, and switches them off again so other journeys don't meet them.
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { adminApiHeaders } from "./accounts";
import { resetAnonymousAllowance } from "./database";
import { validateAndWait } from "./validation";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Posts `data` as the admin and answers the created row's id. */
async function create(request: APIRequestContext, headers: Record<string, string>, path: string, data: object): Promise<string> {
  const response = await request.post(path, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A visitor in a browser of their own: no session, no earlier visit, motion reduced as they asked. */
async function anonymousVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  return context.newPage();
}

/** The next delivery answer (the one asked with `after` as given, when given). */
function deliveryAnswer(page: Page, after?: string) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/api/campaign-delivery" && (after === undefined || url.searchParams.get("after") === after);
  });
}

test("an anonymous visitor sees a new banner and a 1-second popup; Escape dismisses the popup for good", async ({
  browser,
  request,
}) => {
  const headers = await adminApiHeaders(request);
  const name = unique();
  const bannerTitle = `Spring sale ${name}`;
  const popupTitle = `Join the newsletter ${name}`;
  const bannerId = await create(request, headers, "/api/campaigns/banner-ads", {
    title: bannerTitle,
    content: "Half price on every credit block this week",
    targetUrl: "/pricing",
    placement: "header",
    isActive: true,
    priority: 10,
  });
  const popupId = await create(request, headers, "/api/campaigns/popup-campaigns", {
    title: popupTitle,
    content: "One email a month about deliverability",
    buttonText: "Subscribe",
    buttonUrl: "/register",
    triggerType: "time_delay",
    triggerValue: 1,
    isActive: true,
    displayFrequency: "always",
  });

  try {
    const page = await anonymousVisitor(browser);
    await page.goto("/");
    // Other journeys' banners may hold other placements: this one is the strip that carries its title.
    const banner = page.getByRole("region", { name: "Announcement" }).filter({ hasText: bannerTitle });
    await expect(banner.getByText(bannerTitle)).toBeVisible();
    await expect(banner.getByRole("link")).toHaveAttribute(
      "href",
      new RegExp(`/api/campaign-delivery/click/banner/${bannerId}`),
    );

    // Where the visitor is when the popup opens is where they are again when it closes.
    const field = page.getByLabel("Enter an email address to validate");
    await field.focus();
    const dialog = page.getByRole("dialog", { name: popupTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("One email a month about deliverability");
    await expect(dialog.getByRole("link", { name: "Subscribe" })).toBeVisible();
    await expect(dialog).toHaveCSS("animation-name", "none");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(field).toBeFocused();

    // After a reload the server no longer delivers the dismissed popup; the banner is still there.
    const answer = deliveryAnswer(page);
    await page.reload();
    const delivered = (await (await answer).json()) as { popup: { campaignId: string } | null };
    expect(delivered.popup?.campaignId).not.toBe(popupId);
    await expect(page.getByRole("region", { name: "Announcement" }).getByText(bannerTitle)).toBeVisible();
    await expect(page.getByRole("dialog", { name: popupTitle })).toHaveCount(0);

    // Dismissing the banner hides it at once, and for good.
    await page.getByRole("button", { name: `Dismiss ${bannerTitle}` }).click();
    await expect(page.getByText(bannerTitle)).toHaveCount(0);
    const afterDismissal = deliveryAnswer(page);
    await page.reload();
    await afterDismissal;
    await expect(page.getByText(bannerTitle)).toHaveCount(0);
    await page.context().close();
  } finally {
    await request.delete(`/api/campaigns/banner-ads/${bannerId}`, { headers });
    await request.delete(`/api/campaigns/popup-campaigns/${popupId}`, { headers });
  }
});

test("the affiliate partner's ad shows after the visitor's second validation", async ({ browser, request }) => {
  await resetAnonymousAllowance();
  const headers = await adminApiHeaders(request);
  const name = unique();
  const setting = {
    crmType: `e2e-${name}`,
    affiliateUrl: "https://partner.example/signup?ref=mailscout",
    isActive: true,
    adTitle: `Keep your contacts in a CRM ${name}`,
    adDescription: "Your validated contacts, straight into your pipeline",
    adButtonText: "Sign Up",
    displayConditions: { showAfterBulkValidation: false, showAfterValidationCount: 2, maxShowsPerUser: 3, daysBetweenShows: 1 },
  };
  const saved = await request.post("/api/affiliate/admin/settings", { headers, data: setting });
  expect([200, 201], await saved.text()).toContain(saved.status());

  try {
    const page = await anonymousVisitor(browser);
    await page.goto("/");
    const offer = page.getByRole("region", { name: "Partner offer" });

    // The first validation brings a new answer, still without the ad.
    const afterFirst = deliveryAnswer(page, "validation");
    await validateAndWait(page, "first@null-mx.test", "INVALID EMAIL");
    const first = (await (await afterFirst).json()) as { affiliateAd: { title: string } | null };
    expect(first.affiliateAd?.title).not.toBe(setting.adTitle);
    await expect(offer.getByText(setting.adTitle)).toHaveCount(0);

    await validateAndWait(page, "second@null-mx.test", "INVALID EMAIL");
    await expect(offer.getByText(setting.adTitle)).toBeVisible();
    await expect(offer.getByText(setting.adDescription)).toBeVisible();
    await expect(offer.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", /\/api\/campaign-delivery\/click\/affiliate_ad\//);
    await page.context().close();
  } finally {
    await request.post("/api/affiliate/admin/settings", { headers, data: { ...setting, isActive: false } });
  }
});
