import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "../devstack/src/testing/chromium.ts";

// The app under test is whatever BASE_URL serves: `npm test` points it at its own stack, a developer at `npm start`'s.
const baseURL = process.env.BASE_URL;
if (!baseURL) throw new Error("BASE_URL is required, e.g. BASE_URL=http://localhost:54321");

const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  testDir: "./tests",
  // The journeys share one database (accounts, seeded users): one browser at a time keeps them independent.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: jsonReport ? [["list"], ["json", { outputFile: jsonReport }]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
});
