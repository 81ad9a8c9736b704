// The help articles, read by everyone. The api reaches the feature through this file only.
export { listHelpArticles } from "./articles.ts";
export { type HelpArticle, helpArticleListSchema, helpArticleSchema } from "./contract.ts";
