// Which push services the product delivers to (PUSH_SERVICE_HOSTS, parsed with the other settings in env.ts). A subscription's endpoint is a URL the browser hands over, so a client
// could name any host; posting there would let anyone make the server send requests where they like. Only the browser
// vendors' push services (and, locally, devstack's fake) are accepted, and that is checked before any request.

/**
 * The push services of the browsers in use: Chrome and Edge's FCM, Firefox's autopush, Windows' WNS (regional hosts
 * under notify.windows.com) and Apple's (web.push.apple.com, which Apple asks senders to allow as *.push.apple.com).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.notify.windows.com",
  "*.push.apple.com",
];

// A host ("fcm.googleapis.com"), any subdomain of one ("*.notify.windows.com"), or a whole origin
// ("http://127.0.0.1:54333") for a local service that speaks plain HTTP on its own port.
const HOST = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

function isOrigin(entry: string): boolean {
  try {
    const url = new URL(entry);
    return /^https?:$/.test(url.protocol) && url.origin === entry;
  } catch {
    return false;
  }
}

/** PUSH_SERVICE_HOSTS: comma-separated entries, or the first entry that is neither a host nor an origin. */
export function parsePushServiceHosts(value: string): { hosts: string[] } | { invalid: string } {
  const hosts = value.split(",").map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  const invalid = hosts.find((entry) => !HOST.test(entry) && !isOrigin(entry));
  return invalid === undefined ? { hosts } : { invalid };
}

/** Whether a subscription's endpoint is on one of the hosts: a bare host means https on its default port. */
export function isKnownPushService(endpoint: URL, hosts: readonly string[]): boolean {
  return hosts.some((entry) => {
    if (entry.includes("://")) return endpoint.origin === entry;
    if (endpoint.protocol !== "https:" || endpoint.port !== "") return false;
    return entry.startsWith("*.") ? endpoint.hostname.endsWith(entry.slice(1)) : endpoint.hostname === entry;
  });
}
