// The seo-pages function run in Netlify's own Deno edge, in front of the SPA, instead of on Supabase: the same module
// answers the SEO landing pages, sitemap.xml and robots.txt (README, "SEO pages in production"). Netlify resolves the
// module's bare imports through edge-functions/deno.json (netlify.toml: [functions] deno_import_map) and gives it the
// functions' settings (SUPABASE_URL, SUPABASE_DB_URL, SITE_URL …) as environment variables.
import { seoPagesHandler } from "../../../edge-functions/_shared/seo/index.ts";

const handler = seoPagesHandler();

export default (request: Request): Promise<Response> => handler(request);

export const config = {
  path: ["/validate/*", "/tools/mx-checker/*", "/verify/*", "/sitemap.xml", "/sitemap-*", "/robots.txt"],
};
