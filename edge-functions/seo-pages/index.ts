// The `seo-pages` function: landing pages as server-rendered HTML, sitemap.xml and robots.txt for crawlers
// (_shared/seo/seo-pages.ts). Public and read-only: verify_jwt is off, crawlers send no token.
import { env } from "../_shared/env.ts";
import { seoPagesHandler } from "../_shared/seo/index.ts";

// A misconfigured deployment (a missing variable) fails at start-up, naming the setting.
env();

Deno.serve(seoPagesHandler());
