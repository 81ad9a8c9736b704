// The company's own profiles on social networks, one per network. Links to a network are also share buttons
// (facebook.com/sharer.php, x.com/intent/tweet), posts and staff profiles (linkedin.com/in/ann-lee), so a link counts
// only in the shape of an account's home, written one way (https, no query, no trailing slash). The organisation's
// schema.org sameAs is believed first, then the home page's links, then links that recur on several pages (the
// site's header and footer), so a staff member's profile on the team page is not taken for the company's.
import type { SOCIAL_PLATFORMS } from "../contract.ts";

export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export interface SocialProfile {
  platform: SocialPlatform;
  url: string;
}

const PLATFORM_ORDER: readonly SocialPlatform[] = ["linkedin", "x", "facebook", "instagram", "youtube", "github", "tiktok"];

/** First path segments that are a network's own pages, not an account. */
const RESERVED: Record<Exclude<SocialPlatform, "linkedin" | "youtube" | "tiktok">, Set<string>> = {
  x: new Set(["intent", "share", "home", "search", "i", "hashtag", "login", "signup", "explore", "settings", "tos",
    "privacy", "messages", "notifications"]),
  facebook: new Set(["sharer", "sharer.php", "share", "share.php", "dialog", "plugins", "tr", "login", "help",
    "policies", "hashtag", "watch", "events", "photo.php", "permalink.php", "story.php", "l.php"]),
  instagram: new Set(["p", "reel", "reels", "explore", "accounts", "stories", "tv", "direct"]),
  github: new Set(["features", "about", "pricing", "login", "join", "site", "topics", "marketplace", "sponsors",
    "explore", "settings", "apps", "enterprise", "security", "collections", "trending", "customer-stories"]),
};

function hostOf(url: URL): string {
  // www.linkedin.com, m.facebook.com, de.linkedin.com: one level of subdomain above the network's name.
  return url.hostname.toLowerCase().replace(/^(?:www|m|mobile|[a-z]{2})\.(?=[^.]+\.[^.]+$)/, "");
}

/** The link as the company's profile on a network, or null when it is a share button, a post or not a network. */
/** A cheap first look before parsing a URL: most links of a page go nowhere near a network. */
const NETWORK = /(?:linkedin|twitter|x|facebook|fb|instagram|youtube|github|tiktok)\.com/i;

export function socialProfile(href: string): SocialProfile | null {
  if (!NETWORK.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = hostOf(url);
  const segments = url.pathname.split("/").filter(Boolean).map((segment) => decodeURIComponentSafe(segment));
  const [first = "", second = ""] = segments;
  const lower = first.toLowerCase();
  switch (host) {
    case "linkedin.com":
      return /^(?:company|school|showcase)$/.test(lower) && /^[\w%.-]+$/.test(second)
        ? { platform: "linkedin", url: `https://www.linkedin.com/${lower}/${second}` }
        : null;
    case "x.com":
    case "twitter.com":
      return /^\w{1,15}$/.test(first) && !RESERVED.x.has(lower) ? { platform: "x", url: `https://x.com/${first}` } : null;
    case "facebook.com":
    case "fb.com":
      if (lower === "profile.php" && /^\d+$/.test(url.searchParams.get("id") ?? "")) {
        return { platform: "facebook", url: `https://www.facebook.com/profile.php?id=${url.searchParams.get("id")}` };
      }
      if (lower === "pages" && segments.length >= 2) {
        return { platform: "facebook", url: `https://www.facebook.com/${segments.slice(0, 3).join("/")}` };
      }
      return /^[\w.-]{2,}$/.test(first) && !RESERVED.facebook.has(lower)
        ? { platform: "facebook", url: `https://www.facebook.com/${first}` }
        : null;
    case "instagram.com":
      return /^[\w.]{1,30}$/.test(first) && !RESERVED.instagram.has(lower)
        ? { platform: "instagram", url: `https://www.instagram.com/${first}` }
        : null;
    case "youtube.com":
      if (/^@[\w.-]{1,100}$/.test(first)) return { platform: "youtube", url: `https://www.youtube.com/${first}` };
      return /^(?:channel|c|user)$/.test(lower) && /^[\w-]{1,100}$/.test(second)
        ? { platform: "youtube", url: `https://www.youtube.com/${lower}/${second}` }
        : null;
    case "github.com": {
      const account = lower === "orgs" ? second : first;
      return /^[a-z\d](?:[a-z\d-]{0,38})$/i.test(account) && !RESERVED.github.has(account.toLowerCase())
        ? { platform: "github", url: `https://github.com/${account}` }
        : null;
    }
    case "tiktok.com":
      return /^@[\w.]{2,24}$/.test(first) ? { platform: "tiktok", url: `https://www.tiktok.com/${first}` } : null;
    default:
      return null;
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * One profile per network from, in this order of trust: the organisation's sameAs, the home page's links, and links
 * found on at least two pages. Listed in the contract's platform order.
 */
export function chooseSocialProfiles(
  sameAs: readonly string[],
  homeLinks: readonly string[],
  linksPerPage: readonly (readonly string[])[],
): SocialProfile[] {
  const chosen = new Map<SocialPlatform, string>();
  const offer = (href: string) => {
    const profile = socialProfile(href);
    if (profile !== null && !chosen.has(profile.platform)) chosen.set(profile.platform, profile.url);
  };
  sameAs.forEach(offer);
  homeLinks.forEach(offer);
  const pagesWith = new Map<string, number>();
  for (const links of linksPerPage) {
    const urls = new Set(links.map(socialProfile).filter((profile) => profile !== null).map((profile) => profile.url));
    for (const url of urls) pagesWith.set(url, (pagesWith.get(url) ?? 0) + 1);
  }
  for (const [url, pages] of pagesWith) if (pages >= 2) offer(url);
  return PLATFORM_ORDER.filter((platform) => chosen.has(platform)).map((platform) => ({
    platform,
    url: chosen.get(platform)!,
  }));
}
