// `npm run bench`'s duplicate contacts figures: the admin's first page of duplicate groups and one group's records,
// through the api, on 1,000,000 saved contacts of which 50,000 groups share an inbox (seeded by SQL, see
// seedDuplicates). The contacts are deleted afterwards, so the figures taken later see a database of the usual size.
import postgres from "postgres";
import { duplicateGroupsPageSchema } from "../../../edge-functions/_shared/duplicates/contract.ts";
import type { RunningStack } from "../cli/stack.ts";
import { percentiles, registerAccount, requestText, sample, seconds, timed } from "./bench-measure.ts";

export const DUPLICATES_DATA_SET = { contacts: 1_000_000, groups: 50_000, owners: 2_000 };
const PAGE_SAMPLES = 200;
const RECORDS_SAMPLES = 500;
/** Sent first and not measured: the figure is the server warm, not its code compiling. */
const WARMUP = 20;
const EMAIL_DOMAIN = "dupes.bench.example";

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
    await sql`delete from auth.users where email like ${`%@${EMAIL_DOMAIN}`}`;
    await sql.end({ timeout: 5 });
  }
}

/**
 * The addresses are numbered: every GROUP_EVERY-th number is a group, the others one address each, so groups are spread
 * over the whole key space as they would be in real data (all of them at its end would make the first page read every
 * other contact first). Four in five groups are one owner's two spellings of a Gmail inbox, the fifth one address saved
 * by two owners.
 */
const GROUP_EVERY = 19;
const isAcrossUsers = (group: number) => group % 5 === 0;

/** Group `group`'s (1…groups) email key: what the admin's screen names it by. */
function groupKey(group: number): string {
  const local = addressNumber(group * GROUP_EVERY);
  return isAcrossUsers(group) ? `${local}@${EMAIL_DOMAIN}` : `${local}@gmail.com`;
}

const addressNumber = (n: number) => `p${String(n).padStart(7, "0")}`;

/**
 * OWNERS users (through auth.users, whose trigger gives each a profile and a General list), then their contacts in
 * one statement.
 */
async function seedDuplicates(sql: postgres.Sql, size = DUPLICATES_DATA_SET): Promise<void> {
  await sql`
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
      created_at, updated_at
    )
    select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
      'owner-' || n || ${`@${EMAIL_DOMAIN}`}, '', now(), '{"provider": "email", "providers": ["email"]}',
      jsonb_build_object('username', 'dupes_owner_' || n), now(), now()
    from generate_series(1, ${size.owners}::integer) as n
  `;
  const addresses = size.groups * GROUP_EVERY;
  await sql`
    with owners as (
      select row_number() over (order by p.id) - 1 as k, p.id, l.id as list_id
      from public.profiles as p
      join public.contact_lists as l on l.user_id = p.id and l.is_default
      where p.email like ${`%@${EMAIL_DOMAIN}`}
    ),
    numbered as (
      select n, 'p' || lpad(n::text, 7, '0') as local, n % ${GROUP_EVERY} = 0 as grouped,
        (n / ${GROUP_EVERY}) % 5 = 0 as across
      from generate_series(1, ${addresses}::integer) as n
    ),
    saved (n, owner, email) as (
      select n, n % ${size.owners}, local || ${`@${EMAIL_DOMAIN}`} from numbered where not grouped
      union all
      -- A Gmail inbox saved twice by one owner: dotted, then tagged on googlemail.com.
      select n, n % ${size.owners},
        case s when 1 then 'p.' || substr(local, 2) || '@gmail.com' else local || '+news@googlemail.com' end
      from numbered, generate_series(1, 2) as s where grouped and not across
      union all
      -- One address saved by two owners.
      select n, (n + s) % ${size.owners}, local || ${`@${EMAIL_DOMAIN}`}
      from numbered, generate_series(1, 2) as s where grouped and across
    )
    insert into public.saved_contacts (user_id, list_id, email, domain, first_name, company, source)
    select o.id, o.list_id, a.email, split_part(a.email, '@', 2), 'Person ' || a.n, 'Company ' || a.n % 997, 'bulk'
    from saved as a join owners as o on o.k = a.owner
  `;
  await sql`vacuum analyze public.saved_contacts`;
}
