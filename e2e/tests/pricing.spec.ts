import { expect, test } from "@playwright/test";

test("the header leads to the plans, and yearly billing shows the yearly prices", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();

  await expect(page).toHaveURL("/pricing");
  const professional = page.getByRole("article", { name: "Professional" });
  await expect(professional.getByText("$69", { exact: true })).toBeVisible();
  await expect(professional.getByText("Most Popular")).toBeVisible();

  await page.getByRole("switch", { name: "Yearly billing" }).press("Space");

  await expect(professional.getByText("$51.75", { exact: true })).toBeVisible();
  await expect(professional.getByText("Save $207/year")).toBeVisible();
  const business = page.getByRole("article", { name: "Business" });
  await expect(business.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/contact");
});
