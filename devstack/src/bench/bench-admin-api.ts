// The admin api's figures (npm run bench): the users page with a search over the admin data set's users, and the
// database export of a million rows, its time and what it costs the api's memory (the export streams through a
// cursor, so its peak should stay flat over the idle process, whatever the size).
import postgres from "postgres";
import type { RunningStack } from "../cli/stack.ts";
import { functionProcesses, mebibytes, percentiles, registerAccount, request, rssOf, sample, seconds, timed } from "./bench-measure.ts";

const EXPORT_ROWS = 1_000_000;
const USERS_REQUESTS = 200;
const SAMPLE_EVERY_MS = 50;

async function signedInAdmin(stack: RunningStack, sql: postgres.Sql): Promise<string> {
  const admin = await registerAccount(stack, sql, "bench_admin");
  await sql`update public.profiles set is_admin = true where id = ${admin.id}`;
  return admin.token;
}

/** GET /api/admin/users searched by parts of real usernames (a different one each request), first page of 25. */
export async function adminUsersFigures(stack: RunningStack): Promise<[string, string][]> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  try {
    const token = await signedInAdmin(stack, sql);
    const [counted] = await sql<{ users: number }[]>`select count(*)::int as users from public.profiles`;
    // The end of a username, as a person searches for someone: a part the account's name shares with few others (the
    // beginning of a data set's usernames is often the same for all, which would time counting every user instead).
    const names = await sql<{ part: string }[]>`
      select right(username, 5) as part from public.profiles tablesample system (1) limit ${USERS_REQUESTS}
    `;
    const searches = names.length > 0 ? names.map((row) => row.part) : ["admin"];
    let next = 0;
    const page = (query: () => string) => () =>
      request(stack, `/api/admin/users${query()}`, { headers: { authorization: `Bearer ${token}` } }, 200);
    await page(() => "")(); // compiled and connected before anything is timed
    const label = (what: string) => `admin: users page over ${counted!.users.toLocaleString("en")} users, ${what}`;
    return [
      [label(`first page of 25, ${USERS_REQUESTS} sequential`), percentiles(await sample(USERS_REQUESTS, page(() => "")))],
      [
        label("search by part of a username (goal p95 ≤ 100 ms)"),
        percentiles(
          await sample(USERS_REQUESTS, page(() => `?search=${encodeURIComponent(searches[next++ % searches.length]!)}`)),
        ),
      ],
    ];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** GET /api/admin/export-database with a million extra rows, read through to its end, and the api's memory meanwhile. */
export async function databaseExportFigures(stack: RunningStack): Promise<[string, string][]> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  const marker = `bench-export-${crypto.randomUUID().slice(0, 8)}`;
  try {
    const token = await signedInAdmin(stack, sql);
    await sql`
      insert into public.validation_logs (validation_type, emails_processed, valid_emails, session_id, domain)
      select 'single', 1, 1, ${marker}, 'example.com' from generate_series(1, ${EXPORT_ROWS})
    `;
    const api = (await functionProcesses(stack)).filter((fn) => fn.name === "api");
    const idle = Math.max(...api.map((fn) => rssOf(fn.pid)));
    let peak = idle;
    const sampler = setInterval(() => {
      for (const fn of api) peak = Math.max(peak, rssOf(fn.pid));
    }, SAMPLE_EVERY_MS);
    let bytes = 0;
    const exported = await timed(async () => {
      const response = await fetch(`${stack.url}/api/admin/export-database`, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200 || !response.body) throw new Error(`export-database answered ${response.status}`);
      for await (const chunk of response.body) bytes += chunk.byteLength;
    });
    clearInterval(sampler);
    return [
      [`admin: database export, ${EXPORT_ROWS.toLocaleString("en")} extra rows (${mebibytes(bytes)} of JSON)`, seconds(exported.ms)],
      ["admin: the api's peak memory during the export, over its idle RSS (goal: flat, ≤ 128 MiB)", `+${mebibytes(peak - idle)} (idle ${mebibytes(idle)})`],
    ];
  } finally {
    await sql`delete from public.validation_logs where session_id = ${marker}`;
    await sql.end({ timeout: 5 });
  }
}
