import { describe, expect, it } from "vitest";
import { isMobileDevice } from "./is-mobile";

const desktopChrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const ipadOs = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";

describe("isMobileDevice", () => {
  it("believes the browser's own client hint first", () => {
    expect(isMobileDevice({ userAgent: desktopChrome, maxTouchPoints: 0, userAgentData: { mobile: true } })).toBe(true);
    expect(isMobileDevice({ userAgent: iphone, maxTouchPoints: 5, userAgentData: { mobile: false } })).toBe(false);
  });

  it("otherwise reads the user agent, including an iPad that presents itself as a Mac", () => {
    expect(isMobileDevice({ userAgent: iphone, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileDevice({ userAgent: ipadOs, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileDevice({ userAgent: ipadOs, maxTouchPoints: 0 })).toBe(false);
    expect(isMobileDevice({ userAgent: desktopChrome, maxTouchPoints: 0 })).toBe(false);
  });
});
