// What the browser reports against the Content-Security-Policy while a journey runs.
import type { Page } from "@playwright/test";

/** Every CSP violation the page reports, from the console and from securitypolicyviolation events. */
export function collectViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
    });
  });
  return violations;
}
