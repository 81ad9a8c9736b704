// Chromium as Playwright launches it, for the e2e journeys (e2e/playwright.config.ts) and `npm run bench` alike.
import type { LaunchOptions } from "playwright-core";

/** Debian's Chromium, not a downloaded build: the machine has no route to Playwright's CDN. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
