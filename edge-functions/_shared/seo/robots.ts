// robots.txt: crawlers may read the public site and the landing pages, not the api, the admin screens, the screens
// behind sign-in or the one-use token links (the SPA's route tree, web/src/app/router.tsx), and are told where the
// sitemap is.
export const DISALLOWED_PATHS = [
  "/api",
  "/admin",
  "/temp-admin",
  "/account",
  "/contacts",
  "/bulk-validation",
  "/support",
  "/auth",
  "/unsubscribe",
  "/seo-removal",
] as const;

export function robotsTxt(site: string): string {
  const rules = DISALLOWED_PATHS.map((path) => `Disallow: ${path}`);
  return ["User-agent: *", "Allow: /", ...rules, "", `Sitemap: ${site}/sitemap.xml`, ""].join("\n");
}
