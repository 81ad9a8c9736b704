// SMS links only work where there is a messaging app, i.e. on phones and tablets.

type NavigatorLike = Pick<Navigator, "userAgent" | "maxTouchPoints"> & { userAgentData?: { mobile: boolean } };

export function isMobileDevice(nav: NavigatorLike = navigator): boolean {
  if (nav.userAgentData) return nav.userAgentData.mobile;
  if (/Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(nav.userAgent)) return true;
  // iPadOS Safari presents itself as a Mac; only the touch screen gives it away.
  return /Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1;
}
