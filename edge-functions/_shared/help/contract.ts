// The help articles as the api answers them (GET /api/help/articles): the product's help texts, kept as rows of
// public.help_articles so the SPA's Help dialog and FAQ show the same words the support center's automatic answer
// searches.
import { z } from "zod";

export const helpArticleSchema = z.object({
  /** A stable name, and the anchor (`id`) the SPA gives the article, so `path` lands on it. */
  slug: z.string(),
  title: z.string(),
  /** Plain text; paragraphs separated by a blank line. */
  body: z.string(),
  /** Where the SPA shows it, ending in `#slug`: `/bulk-validation?tab=faq#bulk-limits`. */
  path: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;
export const helpArticleListSchema = z.array(helpArticleSchema);
