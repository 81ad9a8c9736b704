// The duplicates bench's data set: 1,000,000 saved contacts of which 50,000 groups reach one inbox twice, spread evenly
// through the email keys (the keys are hashes, so a page of groups is read from among the single addresses, as on a
// real platform, not from a run of duplicates at the start). Four groups in five are one owner's two spellings of a
// Gmail inbox (these merge); one in five is the same address saved by two owners (these get Edit and Delete only).
// Accounts go through the real triggers (profiles, General lists). The contacts skip theirs (replica mode): the
// master-contacts triggers made seeding a million rows take over ten minutes, and nothing these figures read comes
// from master contacts; the one thing the contact trigger derives, the domain, is written here instead.
import type postgres from "postgres";

export const DUPLICATES_DATA_SET = { contacts: 1_000_000, groups: 50_000, owners: 10_000 };

const BATCH = 50_000;
const ADMIN_EMAIL = "bench-duplicates-admin@bench.example";

/** Loads the data set; answers the id of an admin (the first owner) and an email key of a group. */
export async function seedDuplicates(
  sql: postgres.Sql,
  size = DUPLICATES_DATA_SET,
): Promise<{ adminId: string; groupEmail: string }> {
  await sql`
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at
    )
    select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
      case n when 1 then ${ADMIN_EMAIL} else 'bench-dupes-' || n || '@bench.example' end, '', now(),
      '{"provider": "email", "providers": ["email"]}', jsonb_build_object('username', 'bench_dupes_' || n), now(), now()
    from generate_series(1, ${size.owners}::integer) as n
  `;
  await sql`update public.profiles set is_admin = true where email = ${ADMIN_EMAIL}`;
  await sql`
    create temporary table bench_owners as
    select row_number() over (order by p.id) as k, p.id, l.id as list_id
      from public.profiles as p
      join public.contact_lists as l on l.user_id = p.id and l.is_default
     where p.email like 'bench-dupes-%' or p.email = ${ADMIN_EMAIL}
  `;

  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await insertContacts(tx, size);
  });
  await sql`drop table bench_owners`;
  await sql`vacuum analyze public.saved_contacts, public.profiles, public.contact_lists`;
  const [admin] = await sql<{ id: string }[]>`select id from public.profiles where email = ${ADMIN_EMAIL}`;
  const [group] = await sql<{ key: string }[]>`select md5('g' || ${Math.ceil(size.groups / 2)}) || '@gmail.com' as key`;
  return { adminId: admin!.id, groupEmail: group!.key };
}

async function insertContacts(sql: postgres.TransactionSql, size: typeof DUPLICATES_DATA_SET): Promise<void> {
  // Group g: its key is md5('g' || g) at gmail.com; one owner's dotted and tagged spellings, or two owners' same one.
  for (let first = 1; first <= size.groups; first += BATCH / 2) {
    const last = Math.min(first + BATCH / 2 - 1, size.groups);
    await sql`
      insert into public.saved_contacts (user_id, list_id, email, domain, source, first_name, company)
      select user_id, list_id, email, split_part(email, '@', 2), 'manual', first_name, company
      from (
        select o.id as user_id, o.list_id,
          case when s = 1 then left(h, 6) || '.' || substr(h, 7) || '@gmail.com'
               when g % 5 = 0 then h || '@gmail.com'
               else h || '+news@googlemail.com' end as email,
          'Person ' || g as first_name, case when s = 1 then 'Acme' else 'Beta' end as company
        from generate_series(${first}::integer, ${last}::integer) as g
        cross join lateral (select md5('g' || g) as h) as key
        cross join generate_series(1, 2) as s
        join bench_owners as o
          on o.k = 1 + (case when g % 5 = 0 and s = 2 then g + 1 else g end) % ${size.owners}
      ) as contact
    `;
  }
  const singles = size.contacts - 2 * size.groups;
  for (let first = 1; first <= singles; first += BATCH) {
    const last = Math.min(first + BATCH - 1, singles);
    await sql`
      insert into public.saved_contacts (user_id, list_id, email, domain, source)
      select o.id, o.list_id, md5('s' || n) || '@' || domain, domain, 'manual'
      from generate_series(${first}::integer, ${last}::integer) as n
      cross join lateral (select (array['gmail.com', 'bench-corp.test', 'example.org'])[1 + n % 3] as domain) as d
      join bench_owners as o on o.k = 1 + n % ${size.owners}
    `;
  }
}
