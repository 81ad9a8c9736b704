/**
 * A configured link target (an admin's popup button, say) is either a path inside the app, which the router should
 * follow, or an absolute http(s) URL; anything else (javascript:, protocol-relative //host) is not followed.
 */
export type LinkTarget = { kind: "internal"; href: string } | { kind: "external"; href: string } | null;

export function classifyLinkTarget(target: string): LinkTarget {
  if (target.startsWith("/") && !target.startsWith("//")) return { kind: "internal", href: target };
  try {
    const url = new URL(target);
    return url.protocol === "https:" || url.protocol === "http:" ? { kind: "external", href: url.href } : null;
  } catch {
    return null;
  }
}
