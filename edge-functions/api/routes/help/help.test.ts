// GET /api/help/articles against the running stack: anyone reads the articles the migrations ship, cacheable, each
// with a path that ends in its own anchor (the SPA gives every article id={slug}).
import assert from "node:assert/strict";
import { helpArticleListSchema } from "../../../_shared/contracts/help.ts";
import { call, signedInUser } from "../../testing/stack.ts";

Deno.test("a visitor and a signed-in user read the same help articles, cacheable for five minutes", async () => {
  const visitor = await call("/api/help/articles");
  assert.equal(visitor.status, 200, visitor.text);
  assert.equal(visitor.headers.get("cache-control"), "public, max-age=300");
  const articles = helpArticleListSchema.parse(visitor.json);
  assert.ok(articles.some((article) => article.slug === "bulk-limits"), "bulk-limits is among the articles");
  for (const article of articles) assert.ok(article.path.endsWith(`#${article.slug}`), article.path);

  const user = await signedInUser();
  const signedIn = await call("/api/help/articles", { token: user.token });
  assert.equal(signedIn.status, 200, signedIn.text);
  assert.deepEqual(signedIn.json, visitor.json);
});
