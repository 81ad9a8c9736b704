// The import rules refuse each kind of violation, shown on small in-memory trees, and let the allowed shapes through;
// and edge-functions itself follows them. The lint layer runs this file, so a violation fails `npm test`.
import assert from "node:assert/strict";
import { checkImports, importsOf, readSources } from "./check-imports.ts";

const rulesBroken = (files: Record<string, string>) => checkImports(new Map(Object.entries(files))).map((v) => v.rule);

Deno.test("import specifiers are found in static imports, re-exports, bare imports and dynamic imports", () => {
  const source = [
    'import { a } from "./a.ts";',
    'import type {\n  B,\n} from "../b.ts";',
    'export { c } from "./c.ts";',
    'export * from "./d.ts";',
    'import "./e.ts";',
    'const f = await import("./f.ts");',
    '// import { g } from "./g.ts" is only words in a comment line that does not start with import',
  ].join("\n");
  assert.deepEqual(importsOf(source).sort(), ["../b.ts", "./a.ts", "./c.ts", "./d.ts", "./e.ts", "./f.ts"]);
});

Deno.test("only a privileged.ts imports the privileged pool", () => {
  assert.deepEqual(rulesBroken({ "_shared/accounts/login.ts": 'import { database } from "../db/pool.ts";' }), [
    "only a privileged.ts imports the privileged pool",
  ]);
  assert.deepEqual(
    rulesBroken({ "api/lib/email-validator.ts": 'import { database } from "../../_shared/db/pool.ts";' }),
    ["only a privileged.ts imports the privileged pool"],
  );
  assert.deepEqual(rulesBroken({ "_shared/accounts/privileged.ts": 'import { database } from "../db/pool.ts";' }), []);
  assert.deepEqual(rulesBroken({ "_shared/billing/privileged-usage.ts": 'import { database } from "../db/pool.ts";' }), []);
  assert.deepEqual(
    rulesBroken({ "_shared/billing/unprivileged.ts": 'import { database } from "../db/pool.ts";' }),
    ["only a privileged.ts imports the privileged pool"],
  );
  assert.deepEqual(rulesBroken({ "_shared/db/as-user.ts": 'import { database } from "./pool.ts";' }), []);
});

Deno.test("_shared never imports hono or the api", () => {
  for (const specifier of ["hono", "hono/http-exception", "npm:hono@4", "npm:/hono@4/cors"]) {
    assert.deepEqual(rulesBroken({ "_shared/contacts/lists.ts": `import { x } from "${specifier}";` }), [
      "_shared knows nothing of HTTP: it never imports hono",
    ], specifier);
  }
  assert.deepEqual(
    rulesBroken({ "_shared/contacts/lists.ts": 'import { errorBody } from "../../api/lib/errors.ts";' }),
    [
      "_shared knows nothing of HTTP: it never imports the api",
    ],
  );
  assert.deepEqual(rulesBroken({ "api/lib/errors.ts": 'import { Hono } from "hono";' }), []);
  assert.deepEqual(rulesBroken({ "_shared/dns/client.ts": 'import { LRUCache } from "lru-cache";' }), [], "not hono");
});

Deno.test("a route folder never imports another route folder", () => {
  assert.deepEqual(
    rulesBroken({
      "api/routes/contact-lists/contact-lists.handlers.ts":
        'import { pathId } from "../contacts/contacts.handlers.ts";',
    }),
    ["a route folder never imports another route folder"],
  );
  assert.deepEqual(
    rulesBroken({
      "api/routes/admin/settings/popups/popups.routes.ts": 'import { x } from "../../../auth/auth.handlers.ts";',
    }),
    ["a route folder never imports another route folder"],
  );
  assert.deepEqual(
    rulesBroken({
      "api/routes/contacts/contacts.routes.ts": 'import * as handlers from "./contacts.handlers.ts";\n' +
        'import { requireUser } from "../../lib/require-user.ts";',
    }),
    [],
  );
});

Deno.test("features are reached through their index.ts, or their testing/ folder from tests", () => {
  const internal = 'import { listContactLists } from "../../../_shared/contacts/lists.ts";';
  assert.deepEqual(rulesBroken({ "api/routes/contact-lists/contact-lists.handlers.ts": internal }), [
    "a feature is reached through its index.ts: import _shared/contacts/index.ts",
  ]);
  assert.deepEqual(
    rulesBroken({ "_shared/accounts/current-user.ts": 'import type { Claims } from "../auth/claims.ts";' }),
    [
      "a feature is reached through its index.ts: import _shared/auth/index.ts",
    ],
  );
  const fixture = 'import { startFixtureProxy } from "../../../_shared/explorations/testing/fixture-proxy.ts";';
  assert.deepEqual(rulesBroken({ "api/routes/explorations/explorations.handlers.ts": fixture }), [
    "a feature is reached through its index.ts: import _shared/explorations/index.ts",
  ]);
  assert.deepEqual(rulesBroken({ "api/routes/explorations/explorations.test.ts": fixture }), []);
  const contract = 'export * from "../contacts/contract.ts";';
  assert.deepEqual(rulesBroken({ "_shared/contracts/contacts.ts": contract }), [], "the SPA's door to a contract");
  assert.deepEqual(rulesBroken({ "_shared/accounts/profile.ts": contract }), [
    "a feature is reached through its index.ts: import _shared/contacts/index.ts",
  ]);
  assert.deepEqual(
    rulesBroken({
      "api/routes/contact-lists/contact-lists.handlers.ts":
        'import { listContactLists } from "../../../_shared/contacts/index.ts";',
      "_shared/contacts/lists.ts": 'import { rows } from "./rows.ts";\nimport { text } from "../contracts/text.ts";',
      "_shared/contacts/index.ts": 'export { listContactLists } from "./lists.ts";',
    }),
    [],
    "a feature's own files, libraries (contracts, db) and an index",
  );
});

Deno.test("a contract imports only zod and other contracts", () => {
  assert.deepEqual(
    rulesBroken({
      "_shared/contacts/contract.ts": 'import { z } from "zod";\nimport { text } from "../contracts/text.ts";',
      "_shared/contracts/contacts.ts": 'export * from "../contacts/contract.ts";',
      "_shared/contracts/text.ts": 'import { z } from "zod";',
    }),
    [],
  );
  assert.deepEqual(
    rulesBroken({
      "_shared/billing/contract.ts": 'export * from "./catalogue.ts";',
      "_shared/billing/catalogue.ts": "export const PRICE = 15;",
    }),
    [],
    "a module importing nothing is safe to bundle",
  );
  assert.deepEqual(
    rulesBroken({
      "_shared/billing/contract.ts": 'export * from "./catalogue.ts";',
      "_shared/billing/catalogue.ts": 'import { env } from "../env.ts";',
    }),
    ["a contract imports only zod and other contracts: the SPA bundles it"],
  );
  assert.deepEqual(rulesBroken({ "_shared/contacts/contract.ts": 'import { env } from "../env.ts";' }), [
    "a contract imports only zod and other contracts: the SPA bundles it",
  ]);
  assert.deepEqual(rulesBroken({ "_shared/contracts/auth.ts": 'import { z } from "npm:zod@4";' }), [
    "a contract imports only zod and other contracts: the SPA bundles it",
  ]);
});

Deno.test("edge-functions follows the import rules", async () => {
  const violations = checkImports(await readSources(new URL("..", import.meta.url).pathname));
  const listed = violations.map(({ file, specifier, rule }) => `${file}: imports ${specifier}: ${rule}`);
  assert.deepEqual(listed, [], `${listed.length} import rule violation(s):\n${listed.join("\n")}`);
});
