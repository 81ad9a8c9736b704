// Reading the help articles as a visitor: they are public (RLS and grants let anon read them), so nobody's rights
// are needed and none are used.
import { asVisitor } from "../db/as-visitor.ts";
import { type HelpArticle, helpArticleListSchema } from "./contract.ts";

/** GET /api/help/articles: every article, in the order the migrations wrote them. */
export async function listHelpArticles(): Promise<HelpArticle[]> {
  const rows = await asVisitor((sql) => sql`select slug, title, body, path from public.help_articles order by id`);
  return helpArticleListSchema.parse(rows);
}
