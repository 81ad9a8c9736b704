// GET /api/admin/export-database: every table of the public schema as one JSON document, streamed table by table
// through a cursor, so a million rows pass through the api a batch at a time and never whole:
//
//   {"manifest": {"exportedAt": "...", "tables": [{"name": "...", "rows": n}, ...]}, "tables": {"<name>": [{...}, ...], ...}}
//
// The rows come from one read-only snapshot, so the manifest's counts are the rows that follow. Each row is rendered
// as JSON by PostgreSQL (row_to_json), in the column names and JSON types the database has, and only with the columns
// export-columns.ts lets out. The export is recorded (and limited to one a minute per admin) before anything is read.
import type postgres from "postgres";
import type { AccessTokenClaims } from "../auth/index.ts";
import { asAdmin } from "./as-admin.ts";
import type { ExportManifest } from "./contract.ts";
import { exportedColumns } from "./export-columns.ts";
import { streamSnapshot } from "./privileged.ts";

/** Rows read from the cursor at a time: a batch is a few hundred kilobytes at most. */
const ROWS_PER_BATCH = 1_000;

/** Audits an export and, for the database, refuses one sooner than a minute after the admin's last (429). */
export async function recordExport(claims: AccessTokenClaims, kind: "database" | "users"): Promise<void> {
  await asAdmin(claims, (sql) => sql`select private.admin_record_export(${kind})`);
}

/** The public schema's tables (not views) and their columns in order. */
export async function publicTableColumns(sql: postgres.Sql | postgres.TransactionSql): Promise<Map<string, string[]>> {
  const rows = await sql<{ table_name: string; columns: string[] }[]>`
    select c.relname as table_name, array_agg(a.attname::text order by a.attnum) as columns
    from pg_catalog.pg_class as c
    join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute as a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    group by c.relname
    order by c.relname
  `;
  return new Map(rows.map((row) => [row.table_name, row.columns]));
}

export async function exportDatabase(claims: AccessTokenClaims, now = new Date()): Promise<ReadableStream<Uint8Array>> {
  await recordExport(claims, "database");
  return streamSnapshot(async function* (sql) {
    const tables = [...await publicTableColumns(sql)].map(([name, columns]) => ({
      name,
      columns: exportedColumns(name, columns),
    }));
    const manifest: ExportManifest = { exportedAt: now.toISOString(), tables: [] };
    for (const { name } of tables) {
      const [counted] = await sql<{ rows: number }[]>`select count(*)::int as rows from public.${sql(name)}`;
      manifest.tables.push({ name, rows: counted?.rows ?? 0 });
    }
    yield `{"manifest":${JSON.stringify(manifest)},"tables":{`;
    for (const [index, { name, columns }] of tables.entries()) {
      yield `${index === 0 ? "" : ","}\n${JSON.stringify(name)}:[`;
      const selected = columns.length > 0 ? sql(columns) : sql``;
      const rows = sql<{ row: string }[]>`
        select row_to_json(t)::text as row from (select ${selected} from public.${sql(name)}) as t
      `.cursor(ROWS_PER_BATCH);
      let first = true;
      for await (const batch of rows) {
        yield (first ? "\n" : ",\n") + batch.map((row) => row.row).join(",\n");
        first = false;
      }
      yield "]";
    }
    yield "}}\n";
  });
}
