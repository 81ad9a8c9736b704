// The exports against the running stack: the database document (its manifest first, every public table, no secret
// whatever was seeded, once a minute), the deny-list checked against the database's own columns, and the users CSV.
// Visitors and users are refused by the guard (lib/require-admin.test.ts calls every admin route as both).
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import {
  EXPORT_COLUMN_RULES,
  exportManifestSchema,
  unclassifiedSecretColumns,
  USER_EXPORT_COLUMNS,
} from "../../../../_shared/admin/index.ts";
import { inWords } from "../../../../_shared/rate-limits/index.ts";
import { accountWithPassword, signIn } from "../../../testing/admin.ts";
import { downloadFrom } from "../../../testing/bulk.ts";
import { assertError, call, newSessionId, signedInAdmin, withDatabase } from "../../../testing/stack.ts";

/** The public schema's columns as the running database has them. */
async function publicColumns(): Promise<Map<string, string[]>> {
  const rows = await withDatabase((sql) =>
    sql<{ table_name: string; column_name: string }[]>`
      select c.table_name, c.column_name
      from information_schema.columns as c
      join information_schema.tables as t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position
    `
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return tables;
}

Deno.test("every public column named like a secret is denied or marked safe, and every rule names a real column", async () => {
  const tables = await publicColumns();
  assert.deepEqual(unclassifiedSecretColumns(tables), [], "classify these in _shared/admin/export-columns.ts");
  for (const [table, rules] of Object.entries(EXPORT_COLUMN_RULES)) {
    for (const column of [...(rules.denied ?? []), ...(rules.safe ?? [])]) {
      assert.ok(tables.get(table)?.includes(column), `${table}.${column} is not a column of the database`);
    }
  }
});

Deno.test("the database export starts with its manifest, holds every public table and none of the seeded secrets", async () => {
  const admin = await signedInAdmin();
  const account = await accountWithPassword();
  // Secrets of every kind the platform keeps: a payment credential, a discount code, Auth's password hash and refresh
  // token (another schema, never read), and the sealed text itself.
  const stripe = { publishableKey: "pk_test_ExportCheck0001", secretKey: "sk_test_ExportSecret9999" };
  assert.equal((await call("/api/payment-config/stripe", { token: admin.token, body: stripe })).status, 200);
  const discountCode = `EXPORT-${crypto.randomUUID()}`;
  await withDatabase((sql) =>
    sql`
      insert into public.anonymous_sessions (session_id, discount_offered, discount_code, discount_expiry)
      values (${newSessionId()}, true, ${discountCode}, now() + interval '1 day')
    `
  );
  assert.equal((await signIn(account)).status, 200);
  const [seeded] = await withDatabase((sql) =>
    sql<{ sealed: string; hash: string; refresh: string }[]>`
      select
        (select credentials_sealed from public.payment_config where provider = 'stripe') as sealed,
        (select encrypted_password from auth.users where id = ${account.id}) as hash,
        (select token from auth.refresh_tokens where user_id = ${account.id}::text order by id desc limit 1) as refresh
    `
  );
  const secrets = [stripe.secretKey, stripe.publishableKey, discountCode, seeded!.sealed, seeded!.hash, seeded!.refresh];
  assert.ok(secrets.every(Boolean), JSON.stringify(seeded));

  const response = await call("/api/admin/export-database", { token: admin.token });
  assert.equal(response.status, 200, response.text.slice(0, 500));
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
  assert.match(response.headers.get("content-disposition") ?? "", /^attachment; filename="?mailscout-database-\d{4}-\d{2}-\d{2}\.json"?$/);
  assert.ok(response.text.startsWith('{"manifest":'), response.text.slice(0, 100));
  for (const secret of secrets) assert.ok(!response.text.includes(secret), `the export holds ${secret}`);

  const document = response.json as { manifest: unknown; tables: Record<string, Record<string, unknown>[]> };
  const manifest = exportManifestSchema.parse(document.manifest);
  assert.deepEqual(manifest.tables.map((table) => table.name), [...(await publicColumns()).keys()].sort());
  for (const { name, rows } of manifest.tables) assert.equal(document.tables[name]?.length, rows, name);
  const sessions = document.tables.anonymous_sessions!;
  assert.ok(sessions.length > 0 && sessions.every((row) => !("discount_code" in row) && "discount_expiry" in row));
  assert.ok(document.tables.payment_config!.every((row) => !("credentials_sealed" in row) && "credential_hints" in row));
  assert.ok(document.tables.profiles!.some((row) => row.id === account.id));
});

Deno.test("a second database export within the minute answers 429 with Retry-After; the first is in the audit log", async () => {
  const admin = await signedInAdmin();
  assert.equal((await call("/api/admin/export-database", { token: admin.token })).status, 200);
  const again = await call("/api/admin/export-database", { token: admin.token });
  const retryAfter = Number(again.headers.get("retry-after"));
  assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
  assertError(again, 429, `The database can be exported once every 60 seconds. Please try again ${inWords(retryAfter)}.`);
  const audit = await call("/api/admin/audit-log", { token: admin.token });
  const entries = (audit.json as { entries: { action: string; actorId: string }[] }).entries;
  assert.equal(entries.filter((entry) => entry.action === "export.database" && entry.actorId === admin.id).length, 1);
});

Deno.test("the users CSV is an attachment of every user, with cells a spreadsheet won't run as formulas", async () => {
  const admin = await signedInAdmin();
  const user = await accountWithPassword();
  await withDatabase((sql) =>
    sql`update public.profiles set first_name = '=HYPERLINK("http://evil.test")', last_name = '+1-2' where id = ${user.id}`
  );
  const response = await downloadFrom("/api/admin/export-users", admin.token);
  assert.equal(response.status, 200, response.text.slice(0, 500));
  assert.equal(response.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.match(response.headers.get("content-disposition") ?? "", /^attachment; filename="?mailscout-users-\d{4}-\d{2}-\d{2}\.csv"?$/);
  assert.deepEqual([...response.bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "a byte order mark");
  const records: string[][] = parse(response.text);
  assert.deepEqual(records[0], [...USER_EXPORT_COLUMNS]);
  const [count] = await withDatabase((sql) => sql<{ n: number }[]>`select count(*)::int as n from public.profiles`);
  assert.equal(records.length - 1, count!.n);
  const row = records.find((record) => record[0] === user.id)!;
  const column = (name: (typeof USER_EXPORT_COLUMNS)[number]) => row[USER_EXPORT_COLUMNS.indexOf(name)];
  assert.equal(column("username"), user.username);
  assert.equal(column("firstName"), `'=HYPERLINK("http://evil.test")`);
  assert.equal(column("lastName"), "'+1-2");
  const audit = await call("/api/admin/audit-log", { token: admin.token });
  assert.ok((audit.json as { entries: { action: string; actorId: string }[] }).entries.some((entry) =>
    entry.action === "export.users" && entry.actorId === admin.id
  ));
});
