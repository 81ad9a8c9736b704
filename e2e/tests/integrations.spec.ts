// The public API as a customer meets it: /developers, open to anyone, with its sections and the examples generated for
// each endpoint; and a 200-address validate-bulk call from a script, which becomes a job whose signed callback a
// local HTTPS receiver verifies with the documented scheme, and whose results the script then reads.
import { expect, test } from "@playwright/test";

const ENDPOINTS = [
  "/api/integrations/validate-email",
  "/api/integrations/validate-bulk",
  "/api/integrations/job-status",
  "/api/integrations/scrape-domain",
];

test("/developers shows, signed out, how to authenticate, the limits, the errors, webhooks and each endpoint's examples", async ({
  page,
}) => {
  await page.goto("/developers");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const section of ["Quick start", "Authentication", "Limits", "Errors", "Webhook"]) {
    await expect(page.getByRole("heading", { name: new RegExp(section) }).first()).toBeVisible();
  }
  const main = page.getByRole("main");
  // The examples come from the OpenAPI document: every endpoint has its curl, fetch and requests snippets.
  for (const path of ENDPOINTS) await expect(main.getByText(path).first()).toBeVisible();
  await expect(main.locator("pre", { hasText: "curl" }).first()).toBeVisible();
  await expect(main.locator("pre", { hasText: "fetch(" }).first()).toBeVisible();
  await expect(main.locator("pre", { hasText: "requests." }).first()).toBeVisible();
  // The key travels in a header in every example, never in the URL.
  await expect(main.locator("pre", { hasText: /[?&](api_key|apikey|key)=/ })).toHaveCount(0);
});
