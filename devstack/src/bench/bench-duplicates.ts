// `npm run bench`'s duplicate contacts figures: the admin's first page of duplicate groups and one group's records,
// through the api, on 1,000,000 saved contacts of which 50,000 groups share an inbox (seed-duplicates.ts). The data
// set's users and contacts are deleted afterwards, so the figures taken later see a database of the usual size.
import { createHash } from "node:crypto";
import postgres from "postgres";
import { duplicateGroupsPageSchema } from "../../../edge-functions/_shared/duplicates/contract.ts";
import type { RunningStack } from "../cli/stack.ts";
import { percentiles, registerAccount, requestText, sample, seconds, timed } from "./bench-measure.ts";
import { DUPLICATES_DATA_SET, seedDuplicates } from "./seed-duplicates.ts";

const PAGE_SAMPLES = 200;
const RECORDS_SAMPLES = 500;
/** Sent first and not measured: the figure is the server warm, not its code compiling. */
const WARMUP = 20;
/** The data set's users: its owners and its own admin. */
const DATA_SET_USERS = "bench-dup%@bench.example";

export async function duplicatesFigures(stack: RunningStack): Promise<[string, string][]> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  try {
    const admin = await registerAccount(stack, sql, "bench_dupes");
    await sql`update public.profiles set is_admin = true where id = ${admin.id}`;
    const seeded = await timed(() => seedDuplicates(sql));
    const headers = { authorization: `Bearer ${admin.token}` };
    const get = (path: string) => requestText(stack, path, { headers }, 200);

    const firstPage = () => get("/api/admin/duplicates/duplicates");
    const page = duplicateGroupsPageSchema.parse(JSON.parse(await firstPage()));
    // A different group each time, from all over the key space.
    let next = 0;
    const oneGroup = () => {
      const group = 1 + ((next++ * 7919) % DUPLICATES_DATA_SET.groups);
      return get(`/api/admin/duplicates/duplicates/${encodeURIComponent(groupKey(group))}`);
    };
    for (let i = 0; i < WARMUP; i++) await Promise.all([firstPage(), oneGroup()]);

    const label = (what: string) =>
      `duplicates: ${what}, ${DUPLICATES_DATA_SET.contacts.toLocaleString("en")} contacts, ` +
      `${DUPLICATES_DATA_SET.groups.toLocaleString("en")} groups`;
    return [
      [label("seeding by SQL"), seconds(seeded.ms)],
      [
        label(`GET …/duplicates, first page of ${page.groups.length} groups, ${PAGE_SAMPLES} sequential (goal p95 ≤ 100 ms)`),
        percentiles(await sample(PAGE_SAMPLES, firstPage)),
      ],
      [
        label(`GET …/duplicates/{email}, one group's records, ${RECORDS_SAMPLES} groups in turn (goal p95 ≤ 10 ms)`),
        percentiles(await sample(RECORDS_SAMPLES, oneGroup)),
      ],
    ];
  } finally {
    await sql`delete from auth.users where email like ${DATA_SET_USERS}`;
    await sql.end({ timeout: 5 });
  }
}

/** Group g's email key, as seed-duplicates.ts makes it. */
const groupKey = (group: number) => `${createHash("md5").update(`g${group}`).digest("hex")}@gmail.com`;
