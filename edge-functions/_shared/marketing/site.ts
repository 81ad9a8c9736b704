// Where the product's own links point: the SPA's origin (SITE_URL), which also serves /api through the hosting rewrite.
import { env } from "../env.ts";

export function siteUrl(): string {
  const settings = env();
  return (settings.SITE_URL ?? settings.SUPABASE_URL).replace(/\/+$/, "");
}

/** A stored link made absolute: a path on this site resolves against the site's origin. */
export function absoluteLink(stored: string): string {
  return new URL(stored, `${siteUrl()}/`).toString();
}
