import type { Context } from "hono";
import { listHelpArticles } from "../../../_shared/help/index.ts";

/** The texts change only with a migration, so browsers and caches may keep them a while. */
const HELP_CACHE_CONTROL = "public, max-age=300";

export async function articles(c: Context) {
  c.header("Cache-Control", HELP_CACHE_CONTROL);
  return c.json(await listHelpArticles(), 200);
}
