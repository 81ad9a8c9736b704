// The SEO dashboard's keyword targets against the running stack: added with the contract's defaults and bounds,
// refused when the keyword (case and spaces ignored) already targets the page type, even by two admins at once, and
// listed newest first.
import assert from "node:assert/strict";
import { keywordTargetSchema, SEO_DEFAULTS } from "../../../../_shared/seo/index.ts";
import { auditOf } from "../../../testing/marketing.ts";
import { assertError, call, signedInAdmin } from "../../../testing/stack.ts";

const PATH = "/api/admin/seo/keywords";
const EXISTS = "This keyword already exists for this page type";
const uniqueKeyword = () => `mx records kw-${crypto.randomUUID().slice(0, 12)}.test`;

Deno.test("a keyword target is added with the defaults (201, audited) and listed", async () => {
  const admin = await signedInAdmin();
  const keyword = uniqueKeyword();
  const created = await call(PATH, { token: admin.token, body: { keyword: `  ${keyword} `, pageType: "mx_checker" } });
  assert.equal(created.status, 201, created.text);
  const target = keywordTargetSchema.parse(created.json);
  assert.deepEqual({ ...target, id: undefined, createdAt: undefined }, {
    id: undefined,
    keyword,
    pageType: "mx_checker",
    searchVolume: SEO_DEFAULTS.keywordSearchVolume,
    difficulty: SEO_DEFAULTS.keywordDifficulty,
    cpc: SEO_DEFAULTS.keywordCpc,
    intent: SEO_DEFAULTS.keywordIntent,
    priority: SEO_DEFAULTS.keywordPriority,
    isGenerated: false,
    skipReason: null,
    pageId: null,
    createdAt: undefined,
  });
  assert.deepEqual(await auditOf(target.id), [{ action: "seo.keyword_created", actorId: admin.id }]);

  const full = await call(PATH, {
    token: admin.token,
    body: { keyword: uniqueKeyword(), pageType: "domain_verify", searchVolume: 880, difficulty: 0, cpc: 1.5, intent: "commercial", priority: 10 },
  });
  assert.equal(full.status, 201, full.text);
  assert.deepEqual(
    (({ searchVolume, difficulty, cpc, intent, priority }) => ({ searchVolume, difficulty, cpc, intent, priority }))(
      keywordTargetSchema.parse(full.json),
    ),
    { searchVolume: 880, difficulty: 0, cpc: "1.50", intent: "commercial", priority: 10 },
  );
});

Deno.test("the same keyword for the same page type is refused (409), case and spaces ignored; another type is not", async () => {
  const admin = await signedInAdmin();
  const keyword = uniqueKeyword();
  assert.equal((await call(PATH, { token: admin.token, body: { keyword, pageType: "mx_checker" } })).status, 201);
  const respelled = `  ${keyword.toUpperCase().replaceAll(" ", "   ")}  `;
  assertError(await call(PATH, { token: admin.token, body: { keyword: respelled, pageType: "mx_checker" } }), 409, EXISTS);
  assert.equal((await call(PATH, { token: admin.token, body: { keyword, pageType: "domain_verify" } })).status, 201);
});

Deno.test("two admins adding the same keyword at once get one target and one 409", async () => {
  const [first, second] = [await signedInAdmin(), await signedInAdmin()];
  const keyword = uniqueKeyword();
  const answers = await Promise.all(
    [first, second].map((admin) => call(PATH, { token: admin.token, body: { keyword, pageType: "domain_verify" } })),
  );
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 409]);
  const keywords = keywordTargetSchema.array().parse(
    ((await call(`${PATH}?limit=1000`, { token: first.token })).json as { keywords: unknown }).keywords,
  );
  assert.equal(keywords.filter((target) => target.keyword === keyword).length, 1);
});

Deno.test("a keyword target's fields are checked: 400 naming the field", async () => {
  const admin = await signedInAdmin();
  const valid = { keyword: uniqueKeyword(), pageType: "mx_checker" };
  for (
    const [change, message] of [
      [{ keyword: undefined }, "keyword must be text"],
      [{ keyword: "   " }, "keyword is required"],
      [{ keyword: "k".repeat(201) }, "keyword must be at most 200 characters"],
      [{ pageType: "blog" }, "pageType must be email_validate, mx_checker or domain_verify"],
      [{ searchVolume: -1 }, "searchVolume must be 0 or more"],
      [{ searchVolume: 1.5 }, "searchVolume must be a whole number"],
      [{ difficulty: 101 }, "difficulty must be between 0 and 100"],
      [{ difficulty: -1 }, "difficulty must be between 0 and 100"],
      [{ cpc: -0.01 }, "cpc must be an amount of 0.00 or more, with at most 2 decimals"],
      [{ cpc: "1.234" }, "cpc must be an amount of 0.00 or more, with at most 2 decimals"],
      [{ intent: "curious" }, "intent must be informational, navigational, commercial or transactional"],
      [{ priority: 0 }, "priority must be between 1 and 10"],
      [{ priority: 11 }, "priority must be between 1 and 10"],
    ] as const
  ) {
    const field = Object.keys(change)[0];
    assertError(await call(PATH, { token: admin.token, body: { ...valid, ...change } }), 400, `${field}: ${message}`);
  }
});

Deno.test("keywords are listed newest first, whatever their priority; limit checked", async () => {
  const admin = await signedInAdmin();
  const add = async (priority: number, searchVolume: number) => {
    const response = await call(PATH, {
      token: admin.token,
      body: { keyword: uniqueKeyword(), pageType: "domain_verify", priority, searchVolume },
    });
    return keywordTargetSchema.parse(response.json).id;
  };
  const older = await add(10, 1_000_000_000);
  const louder = await add(10, 1_000_000_001);
  const newest = await add(1, 0);
  const response = await call(`${PATH}?limit=3`, { token: admin.token });
  assert.equal(response.status, 200, response.text);
  const keywords = keywordTargetSchema.array().parse((response.json as { keywords: unknown }).keywords);
  assert.deepEqual(keywords.map((target) => target.id), [newest, louder, older]);

  for (const [limit, message] of [["0", "limit must be 1 or more"], ["1001", "limit must be at most 1000"], ["x", "limit must be a number"]]) {
    assertError(await call(`${PATH}?limit=${limit}`, { token: admin.token }), 400, `limit: ${message}`);
  }
});
