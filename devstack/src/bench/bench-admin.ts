// `npm run bench`'s admin dashboard figures: private.admin_platform_stats for every timeframe's window and the window
// before it, and private.admin_lifetime_stats, on a platform of 100,000 users with 5,000,000 validation logs over a
// year, as the api calls them (as the signed-in admin, one transaction each). "Cold" is a timeframe's first answer
// with the kept active user counts forgotten; "warm" asks again.
//
// loadAdminDataSet() is the data set's loader on its own, for the other admin figures (the users page, the exports).
import postgres from "postgres";
import type { RunningStack } from "../cli/stack.ts";
import { millis, percentiles, seconds, timed } from "./bench-measure.ts";

export const ADMIN_DATA_SET = {
  users: 100_000,
  validationLogs: 5_000_000,
  payments: 20_000,
  /** Spread over this many users, in their General list. */
  contacts: 200_000,
  contactOwners: 20_000,
  /** Besides every user's General list; one in five is deleted. */
  extraLists: 10_000,
  anonymousSessions: 50_000,
  days: 365,
};

const USERS_PER_STATEMENT = 1_000;
const COLD_SAMPLES = 5;
const WARM_SAMPLES = 50;
const ADMIN_EMAIL = "bench-admin@bench.example";

export const TIMEFRAMES = [
  "today", "yesterday", "last7days", "last14days", "last30days", "monthtodate", "lastquarter", "yeartodate", "lastyear",
] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

/** A window of whole UTC days, [from, to), as ISO dates. */
export interface DayWindow {
  from: string;
  to: string;
}

/**
 * Loads the data set into the stack's database in a few large statements, through the real triggers: users go
 * straight into auth.users (the profile trigger provisions them and their General lists), then validation logs a
 * month per statement, payments, contacts, lists and anonymous sessions, all spread over the past year. Registration
 * days are written afterwards (Auth's trigger stamps profiles with the time of loading), so the daily totals are
 * counted again at the end. Returns the id of an admin among the users.
 */
export async function loadAdminDataSet(sql: postgres.Sql, size = ADMIN_DATA_SET): Promise<string> {
  const year = `${size.days} days`;
  await sql`create temporary table bench_users (k integer primary key, id uuid not null, created_at timestamptz not null)`;
  await sql`
    insert into bench_users (k, id, created_at)
    select n, gen_random_uuid(), now() - ${year}::interval * (1 - n::float8 / ${size.users})
    from generate_series(1, ${size.users}::integer) as n
  `;
  // Auth's trigger creates each profile in a statement of its own, and each adds to the same few daily totals rows:
  // in one transaction those rows would pile up 100,000 versions, so users go in by the thousand, as sign-ups
  // arrive in transactions of their own.
  for (let first = 1; first <= size.users; first += USERS_PER_STATEMENT) {
    await sql`
      insert into auth.users (
        instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at
      )
      select '00000000-0000-0000-0000-000000000000', b.id, 'authenticated', 'authenticated',
        case b.k when 1 then ${ADMIN_EMAIL} else 'bench-user-' || b.k || '@bench.example' end, '', b.created_at,
        '{"provider": "email", "providers": ["email"]}', jsonb_build_object('username', 'bench_user_' || b.k),
        b.created_at, b.created_at
      from bench_users as b
      where b.k between ${first} and ${first + USERS_PER_STATEMENT - 1}
    `;
  }
  await sql`update public.profiles as p set created_at = b.created_at from bench_users as b where b.id = p.id`;
  await sql`update public.contact_lists as l set created_at = b.created_at from bench_users as b where b.id = l.user_id`;
  await sql`update public.profiles set is_admin = true where email = ${ADMIN_EMAIL}`;

  // A log at a moment of the month, by a user registered by then (one in ten anonymous); one in ten is a bulk run.
  const perMonth = Math.ceil(size.validationLogs / 12);
  for (let month = 0; month < 12; month++) {
    await sql`
      insert into public.validation_logs (user_id, validation_type, emails_processed, valid_emails, session_id, created_at)
      select case when n % 10 = 0 then null else u.id end,
        case when n % 10 = 1 then 'bulk' else 'single' end,
        case when n % 10 = 1 then 50 + n % 1950 else 1 end,
        case when n % 10 = 1 then 25 else 1 end,
        case when n % 10 = 0 then 'bench-session-' || n % ${size.anonymousSessions} end,
        t.at
      from generate_series(${month * perMonth + 1}::integer, ${Math.min((month + 1) * perMonth, size.validationLogs)}::integer) as n
      cross join lateral (
        select now() - ${year}::interval * (1 - (n::float8 / ${size.validationLogs}) ^ 0.5) as at
      ) as t
      join bench_users as u
        on u.k = 1 + (hashint4(n) & 2147483647) % greatest(1, floor(${size.users} * (n::float8 / ${size.validationLogs}) ^ 0.5))::int
    `;
  }

  await sql`
    insert into public.payments (user_id, amount_cents, credits_granted, payment_method, status, created_at)
    select u.id, (array[1900, 6900, 16900, 1200])[1 + n % 4], (array[2500, 8000, 25000, 1000])[1 + n % 4],
      (array['stripe', 'paypal', 'venmo', 'cashapp', 'crypto'])[1 + n % 5],
      (array['completed', 'completed', 'verified', 'pending', 'failed', 'refunded'])[1 + n % 6],
      u.created_at + (now() - u.created_at) * ((hashint4(n) & 1023) / 1024.0)
    from generate_series(1, ${size.payments}::integer) as n
    join bench_users as u on u.k = 1 + (hashint4(n + 7) & 2147483647) % ${size.users}
  `;
  await sql`
    insert into public.saved_contacts (user_id, list_id, email, domain, source, created_at)
    select l.user_id, l.id, 'contact' || n || '@bench-corp.test', 'bench-corp.test', 'manual',
      u.created_at + (now() - u.created_at) * ((hashint4(n) & 1023) / 1024.0)
    from generate_series(1, ${size.contacts}::integer) as n
    join bench_users as u on u.k = 1 + n % ${size.contactOwners}
    join public.contact_lists as l on l.user_id = u.id and l.is_default
  `;
  await sql`
    insert into public.contact_lists (user_id, name, created_at, deleted_at)
    select u.id, 'Bench list ' || n, u.created_at,
      case when n % 5 = 0 then u.created_at + (now() - u.created_at) * ((hashint4(n) & 1023) / 1024.0) end
    from generate_series(1, ${size.extraLists}::integer) as n
    join bench_users as u on u.k = 1 + (hashint4(n + 3) & 2147483647) % ${size.users}
  `;
  await sql`
    insert into public.anonymous_sessions (session_id, created_at, last_activity_at, last_reset_at)
    select rpad('bench' || n, 21, '_'), t.at, t.at, t.at
    from generate_series(1, ${size.anonymousSessions}::integer) as n
    cross join lateral (select now() - ${year}::interval * (1 - n::float8 / ${size.anonymousSessions}) as at) as t
  `;

  await sql`select private.recount_platform_daily_totals()`;
  await sql`vacuum analyze private.platform_daily_totals, private.user_active_days, public.validation_logs, public.payments, public.profiles, public.saved_contacts, public.contact_lists`;
  const [admin] = await sql<{ id: string }[]>`select id from public.profiles where email = ${ADMIN_EMAIL}`;
  return admin!.id;
}

/** The timeframe's window and the one before it (calendar quarter and year before for lastquarter and lastyear). */
export function timeframeWindows(timeframe: Timeframe, now: Date): { current: DayWindow; previous: DayWindow } {
  const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = day(y, m, now.getUTCDate());
  const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
  const span = (from: Date, to: Date) => ({ from, to });
  const quarter = Math.floor(m / 3) * 3;
  const current = {
    today: span(today, plusDays(today, 1)),
    yesterday: span(plusDays(today, -1), today),
    last7days: span(plusDays(today, -6), plusDays(today, 1)),
    last14days: span(plusDays(today, -13), plusDays(today, 1)),
    last30days: span(plusDays(today, -29), plusDays(today, 1)),
    monthtodate: span(day(y, m, 1), plusDays(today, 1)),
    lastquarter: span(day(y, quarter - 3, 1), day(y, quarter, 1)),
    yeartodate: span(day(y, 0, 1), plusDays(today, 1)),
    lastyear: span(day(y - 1, 0, 1), day(y, 0, 1)),
  }[timeframe];
  const previous = timeframe === "lastquarter"
    ? span(day(y, quarter - 6, 1), current.from)
    : timeframe === "lastyear"
      ? span(day(y - 2, 0, 1), current.from)
      : span(new Date(2 * current.from.getTime() - current.to.getTime()), current.from);
  const iso = (window: { from: Date; to: Date }) => ({
    from: window.from.toISOString().slice(0, 10),
    to: window.to.toISOString().slice(0, 10),
  });
  return { current: iso(current), previous: iso(previous) };
}

export async function adminFigures(stack: RunningStack): Promise<[string, string][]> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  try {
    const loaded = await timed(() => loadAdminDataSet(sql));
    return [[label("loading the data set"), seconds(loaded.ms)], ...(await statsFigures(sql, loaded.value))];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const label = (what: string) =>
  `admin: ${what}, ${ADMIN_DATA_SET.users.toLocaleString("en")} users, ` +
  `${ADMIN_DATA_SET.validationLogs.toLocaleString("en")} validation logs over a year`;

/** The stats functions' times on the loaded data set, called as the admin `adminId`. */
export async function statsFigures(sql: postgres.Sql, adminId: string): Promise<[string, string][]> {
  const asAdmin = <T>(query: (transaction: postgres.TransactionSql) => Promise<T>) =>
    sql.begin(async (transaction) => {
      await transaction`select set_config('role', 'authenticated', true),
        set_config('request.jwt.claims', ${JSON.stringify({ sub: adminId, role: "authenticated" })}, true)`;
      return await query(transaction);
    });
  const stats = (window: DayWindow) =>
    asAdmin((transaction) => transaction`select private.admin_platform_stats(${window.from}, ${window.to})`);
  const figures: [string, string][] = [];
  const now = new Date();
  for (const timeframe of TIMEFRAMES) {
    const { current, previous } = timeframeWindows(timeframe, now);
    // As the api asks: the window, then the one before it for the trend.
    const both = async () => {
      await stats(current);
      await stats(previous);
    };
    const cold: number[] = [];
    for (let i = 0; i < COLD_SAMPLES; i++) {
      await sql`truncate private.active_user_counts`;
      cold.push((await timed(both)).ms);
    }
    const warm: number[] = [];
    for (let i = 0; i < WARM_SAMPLES; i++) warm.push((await timed(both)).ms);
    figures.push([
      label(`platform stats ${timeframe} and the window before (${previous.from} to ${current.to})`),
      `cold ${percentiles(cold.sort((a, b) => a - b))}; warm ${percentiles(warm.sort((a, b) => a - b))}`,
    ]);
  }
  const lifetime = () => asAdmin((transaction) => transaction`select private.admin_lifetime_stats()`);
  const first = (await timed(lifetime)).ms;
  const again: number[] = [];
  for (let i = 0; i < WARM_SAMPLES; i++) again.push((await timed(lifetime)).ms);
  figures.push([label("lifetime stats"), `first ${millis(first)}; then ${percentiles(again.sort((a, b) => a - b))}`]);
  return figures;
}
