// `npm run bench`'s marketing figures. Delivery: GET /api/campaign-delivery from 20 visitors at once (anonymous
// sessions and signed-in users) with ITEMS_PER_KIND active items of every kind (marketing campaigns of the four
// displayed types, banner ads, popup campaigns, CRM affiliate ads) and EVENTS campaign events behind them, spread over
// visitors, campaigns and two months, the load visitors among them. Email: a campaign to RECIPIENTS confirmed users
// through the api's send and the campaign worker into devstack's mail catcher, from the send's POST to its sentAt;
// then another with a worker process killed twice mid-send (SIGKILL, as a crash), and the catcher's messages per
// recipient, since a batch retried after a kill must not reach anyone twice.
import postgres from "postgres";
import type { RunningStack } from "../cli/stack.ts";
import { loadFromProcess } from "./bench-load.ts";
import { functionProcesses, percentiles, registerAccount, request, seconds, timed } from "./bench-measure.ts";

const ITEMS_PER_KIND = 100;
const EVENTS = 1_000_000;
/** Visitors behind the events; the load's own visitors are the first of them. */
const VISITORS = 20_000;
const CLIENTS = 20;
/** Of the load's visitors, these are signed in; the rest are anonymous sessions. */
const SIGNED_IN = 5;
const DELIVERY_WARMUP = 200;
/** The delivery function's own calls, timed apart from the api's. */
const DATABASE_SAMPLES = 400;
const DELIVERIES = 2_000;
const PAGES = ["/", "/pricing", "/bulk-validation", "/dashboard"];

const RECIPIENTS = 10_000;
const USERS_PER_STATEMENT = 1_000;
const WORKER = "campaign-worker";
const SEND_DEADLINE_MS = 5 * 60_000;
const POLL_MS = 50;

export async function marketingFigures(stack: RunningStack): Promise<[string, string][]> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  try {
    const admin = await registerAccount(stack, sql, "bench_marketer");
    await sql`update public.profiles set is_admin = true where id = ${admin.id}`;

    const visitors = await Promise.all(Array.from({ length: SIGNED_IN }, () => registerAccount(stack, sql, "visitor")));
    const seeded = await timed(() => seedDelivery(sql, visitors.map((visitor) => visitor.id)));
    const delivery = await deliveryLoad(stack, visitors.map((visitor) => visitor.token));
    const inDatabase = await deliveryInDatabase(sql, visitors[0]!.id);

    const loaded = await timed(() => seedRecipients(sql));
    const plain = await emailSend(stack, sql, admin.token, { killWorkerTwice: false });
    const killed = await emailSend(stack, sql, admin.token, { killWorkerTwice: true });

    const items = `${ITEMS_PER_KIND} active items per kind, ${EVENTS.toLocaleString("en")} events`;
    const perSecond = (run: SendRun) => `${Math.round(run.recipients / (run.ms / 1000)).toLocaleString("en")} messages/s`;
    const label = (what: string) => `marketing: ${what}`;
    return [
      [label(`loading ${items}`), seconds(seeded.ms)],
      [
        label(`GET /api/campaign-delivery, ${CLIENTS} visitors (${SIGNED_IN} signed in), ${items}, ` +
          `${DELIVERIES} requests after ${DELIVERY_WARMUP} (goal p95 ≤ 25 ms)`),
        `${percentiles(delivery.durations)}, ${Math.round(delivery.perSecond)} requests/s`,
      ],
      [
        label(`private.campaign_delivery alone, ${DATABASE_SAMPLES} sequential (half signed in), the same data`),
        percentiles(inDatabase),
      ],
      [label(`loading ${RECIPIENTS.toLocaleString("en")} confirmed users`), seconds(loaded.ms)],
      [
        label(`email to ${plain.recipients.toLocaleString("en")} recipients, send → sentAt (goal ≥ 200 messages/s)`),
        `${seconds(plain.ms)}, ${perSecond(plain)}; ${catcherFigure(plain)}`,
      ],
      [
        label(`the same, a worker process killed ${killed.kills} times mid-send (goal 0 duplicates)`),
        `${seconds(killed.ms)}, ${perSecond(killed)}, ${killed.retried} batches claimed more than once; ${catcherFigure(killed)}`,
      ],
    ];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * The items and the events, in a few statements, with triggers off for the session (the superuser's
 * session_replication_role): they stand in for history, and the triggers would measure the loader, not delivery (a
 * million counter updates on 700 rows; a campaign's time zone check reads pg_timezone_names, a tenth of a second a
 * row). So the loader sets each event's visitor as the trigger would (the user, else the session), and the counters
 * are rebuilt from the events by the product's own function.
 */
async function seedDelivery(sql: postgres.Sql, userIds: string[]): Promise<void> {
  const n = ITEMS_PER_KIND;
  await sql.begin(async (transaction) => {
    await transaction`set local session_replication_role = replica`;
    await transaction`
      insert into public.marketing_campaigns (name, type, status, title, content, action_text, action_url, show_on_pages,
        show_after_action, priority, max_shows_per_user, days_between_shows)
      select 'Bench ' || t.type || ' ' || i, t.type, 'active', 'Bench ' || t.type || ' ' || i, 'Seeded for the bench.',
        'Learn more', '/pricing', case when i % 4 = 0 then array['/', '/dashboard*'] else array['/'] end,
        case when i % 10 = 0 then 'validation' end, 1 + i % 10, 1 + i % 5, 1 + i % 7
      from unnest(array['banner', 'popup', 'in_app_message', 'affiliate_ad']) as t(type)
      cross join generate_series(1, ${n}::integer) as i
    `;
    await transaction`
      insert into public.banner_ads (title, content, target_url, placement, is_active, priority)
      select 'Bench banner ' || i, 'Seeded for the bench.', '/pricing',
        (array['header', 'sidebar', 'footer', 'inline'])[1 + i % 4], true, 1 + i % 10
      from generate_series(1, ${n}::integer) as i
    `;
    await transaction`
      insert into public.popup_campaigns (title, content, button_url, is_active, display_frequency, target_audience)
      select 'Bench popup ' || i, 'Seeded for the bench.', '/pricing', true,
        (array['once_per_session', 'once_per_day', 'always'])[1 + i % 3],
        (array['all', 'new_users', 'returning_users'])[1 + i % 3]
      from generate_series(1, ${n}::integer) as i
    `;
    await transaction`
      insert into public.affiliate_settings (crm_type, affiliate_url, is_active, ad_title, ad_description,
        show_after_validation_count)
      select 'bench-' || i, 'https://crm.example/partner/' || i, true, 'Bench partner ' || i, 'Seeded for the bench.',
        1 + i % 20
      from generate_series(1, ${n}::integer) as i
    `;
    await transaction`
      insert into public.anonymous_sessions (session_id, created_at, last_activity_at, last_reset_at)
      select ${sessionPrefix} || lpad(v::text, 5, '0'), t.at, t.at, t.at
      from generate_series(${SIGNED_IN}::integer, ${VISITORS - 1}::integer) as v
      cross join lateral (select now() - interval '60 days' * ((hashint4(v) & 1023) / 1024.0)) as t(at)
    `;
    // The table's indexes are built once after the load instead of row by row during it, as bulk loads do: the same
    // definitions, dropped and made again in this transaction.
    const indexes = await transaction<{ name: string; definition: string }[]>`
      select i.relname as name, pg_get_indexdef(i.oid) as definition
      from pg_index as x join pg_class as i on i.oid = x.indexrelid
      where x.indrelid = 'public.campaign_analytics'::regclass and not x.indisprimary
    `;
    for (const index of indexes) await transaction`drop index ${transaction(`public.${index.name}`)}`;
    // Event e is visitor e % VISITORS's, on the campaign e / VISITORS places after that visitor's first: each visitor
    // meets EVENTS / VISITORS campaigns once, and every campaign is met by as many visitors: no two events share a
    // visitor and a campaign, as impressions (one per day) and dismissals (one ever) must not.
    await transaction`
      with campaigns as (
        select row_number() over (order by kind, id) - 1 as k, kind, id from (
          select type as kind, id from public.marketing_campaigns where name like 'Bench %'
          union all select 'banner', id from public.banner_ads where title like 'Bench %'
          union all select 'popup', id from public.popup_campaigns where title like 'Bench %'
          union all select 'affiliate_ad', id from public.affiliate_settings where crm_type like 'bench-%'
        ) as items
      ),
      counted as (select count(*)::integer as total from campaigns),
      events as (
        select e % ${VISITORS} as v, ((e / ${VISITORS}) + e % ${VISITORS}) % counted.total as k,
          (hashint4(e) & 2147483647) % 100 as roll, (hashint4(e + 1) & 2147483647) % 60 as days_ago
        from generate_series(0, ${EVENTS - 1}::integer) as e, counted
      ),
      visitors as (
        select v, (${userIds}::uuid[])[1 + v] as user_id,
          case when v >= ${SIGNED_IN} then ${sessionPrefix} || lpad(v::text, 5, '0') end as session_id
        from generate_series(0, ${VISITORS - 1}::integer) as v
      )
      insert into public.campaign_analytics (campaign_type, campaign_id, event_type, user_id, session_id, visitor,
        visit_id, page, visit_day, last_seen_at, created_at)
      select c.kind, c.id,
        case when ev.roll < 85 then 'impression' when ev.roll < 97 then 'click' when ev.roll < 99 then 'dismiss'
          else 'conversion' end,
        who.user_id, who.session_id, coalesce(who.user_id::text, who.session_id),
        'benchvisit' || ev.v, '/', current_date - ev.days_ago,
        now() - make_interval(days => ev.days_ago), now() - make_interval(days => ev.days_ago)
      from events as ev join campaigns as c on c.k = ev.k join visitors as who on who.v = ev.v
    `;
    await transaction`set local maintenance_work_mem = '256MB'`;
    for (const index of indexes) await transaction.unsafe(index.definition);
  });
  await sql`select private.rebuild_campaign_counters()`;
  await sql`vacuum analyze public.campaign_analytics, public.marketing_campaigns, public.banner_ads,
    public.popup_campaigns, public.affiliate_settings, public.anonymous_sessions`;
}

/** Anonymous visitors' X-Session-ID: 21 characters, the visitor's number last. */
const sessionPrefix = "benchvisitor0000";
const sessionOf = (visitor: number) => `${sessionPrefix}${String(visitor).padStart(5, "0")}`;

async function deliveryLoad(stack: RunningStack, tokens: string[]) {
  // Every client as the SPA sends it: its session id always, its access token when signed in.
  const headers = Array.from({ length: CLIENTS }, (_, visitor) => ({
    "x-session-id": sessionOf(visitor),
    ...(visitor < tokens.length ? { authorization: `Bearer ${tokens[visitor]}` } : {}),
  }));
  const queries = Array.from({ length: DELIVERY_WARMUP + DELIVERIES }, (_, i) =>
    new URLSearchParams({
      page: PAGES[i % PAGES.length]!,
      visit: `benchvisit${i % CLIENTS}`,
      ...(i % 5 === 0 ? { after: "validation" } : {}),
    }).toString()
  );
  // The api compiled and connected before the load.
  await request(stack, `/api/campaign-delivery?${queries[0]}`, { headers: headers[CLIENTS - 1] }, 200);
  return await loadFromProcess({
    url: `${stack.url}/api/campaign-delivery`,
    method: "GET",
    headers,
    bodies: queries,
    warmup: DELIVERY_WARMUP,
    clients: CLIENTS,
  });
}

/** The database's part of a delivery, called as the api calls it, for a signed-in and an anonymous visitor in turn. */
async function deliveryInDatabase(sql: postgres.Sql, userId: string): Promise<number[]> {
  const call = (n: number) =>
    sql`select private.campaign_delivery(${n % 2 === 0 ? userId : null}::uuid, ${sessionOf(n % CLIENTS)},
      ${PAGES[n % PAGES.length]!}, ${n % 5 === 0 ? ["validation"] : []}::text[], ${`benchvisit${n % CLIENTS}`})`;
  await call(1); // planned and cached before anything is timed
  const durations: number[] = [];
  for (let n = 0; n < DATABASE_SAMPLES; n++) durations.push((await timed(() => call(n))).ms);
  return durations.sort((a, b) => a - b);
}

/** Confirmed users straight into auth.users (Auth's trigger makes their profiles), by the thousand as sign-ups come. */
async function seedRecipients(sql: postgres.Sql): Promise<void> {
  for (let first = 1; first <= RECIPIENTS; first += USERS_PER_STATEMENT) {
    await sql`
      insert into auth.users (
        instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at
      )
      select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
        'bench-reader-' || k || '@bench.example', '', now(), '{"provider": "email", "providers": ["email"]}',
        jsonb_build_object('username', 'bench_reader_' || k), now(), now()
      from generate_series(${first}::integer, ${first + USERS_PER_STATEMENT - 1}::integer) as k
    `;
  }
}

type SendRun = {
  recipients: number;
  ms: number;
  kills: number;
  /** Batches claimed more than once: a killed worker's, taken over when its lease ran out. */
  retried: number;
  /** From the catcher: the campaign's messages, and recipients with none or with more than one. */
  messages: number;
  missing: number;
  duplicates: number;
};

async function emailSend(
  stack: RunningStack,
  sql: postgres.Sql,
  token: string,
  options: { killWorkerTwice: boolean },
): Promise<SendRun> {
  const subject = `Bench newsletter ${crypto.randomUUID()}`;
  const campaign = await asAdmin<{ id: string }>(stack, token, "/api/campaigns/email-campaigns", 201, {
    name: subject,
    subject,
    content: '<h1>This month at MailScout</h1><p>Cleaner lists, fewer bounces. <a href="https://mailscout.example/' +
      'pricing">See the plans</a> or <a href="https://mailscout.example/blog">read the blog</a>.</p>',
    targetAudience: "all",
    isActive: true,
  });
  const startedAt = performance.now();
  const { jobId, recipients } = await asAdmin<{ jobId: string; recipients: number }>(
    stack,
    token,
    `/api/campaigns/email-campaigns/${campaign.id}/send`,
    202,
  );

  // Killed at a third and at two thirds of the batches done.
  const killAt = options.killWorkerTwice ? [1 / 3, 2 / 3] : [];
  let kills = 0;
  for (;;) {
    if (performance.now() - startedAt > SEND_DEADLINE_MS) throw new Error("the email send did not finish within 5 minutes");
    const [state] = await sql<{ sent: boolean; processed: number; total: number }[]>`
      select c.sent_at is not null as sent, s.processed, s.total
      from public.email_campaigns as c join public.campaign_sends as s on s.id = ${jobId}
      where c.id = ${campaign.id}
    `;
    if (state?.sent) break;
    if (state && kills < killAt.length && state.processed >= state.total * killAt[kills]!) {
      await killWorker(stack, kills++);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const ms = performance.now() - startedAt;
  const [{ retried } = { retried: 0 }] = await sql<{ retried: number }[]>`
    select count(*)::integer as retried from public.campaign_send_batches where send_id = ${jobId} and attempts > 1
  `;
  return { recipients, ms, kills, retried, ...(await messagesPerRecipient(stack, sql, jobId, subject)) };
}

/** A POST as the admin, its JSON answer once it has the status expected. */
async function asAdmin<T>(stack: RunningStack, token: string, path: string, expected: number, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== expected) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Kills one of the campaign worker's processes, as a crash would, the `nth` in turn so both die once: the other
 * takes over the killed one's batch when its lease runs out (devstack starts the killed one again, idle until
 * kicked).
 */
async function killWorker(stack: RunningStack, nth: number): Promise<void> {
  const workers = (await functionProcesses(stack)).filter((fn) => fn.name === WORKER);
  const victim = workers[nth % workers.length];
  if (victim) process.kill(victim.pid, "SIGKILL");
}

/** The catcher's count of the campaign's messages to each of the send's recipients. */
async function messagesPerRecipient(stack: RunningStack, sql: postgres.Sql, jobId: string, subject: string) {
  const query = new URLSearchParams({ query: `subject:"${subject}"`, limit: String(4 * RECIPIENTS) });
  const response = await fetch(`${stack.mail.url}/api/v1/search?${query}`);
  if (!response.ok) throw new Error(`the mail catcher's search answered ${response.status}`);
  const { messages } = (await response.json()) as { messages: { To: { Address: string }[] }[] };
  const received = new Map<string, number>();
  for (const message of messages) {
    for (const to of message.To) received.set(to.Address.toLowerCase(), (received.get(to.Address.toLowerCase()) ?? 0) + 1);
  }
  const expected = await sql<{ email: string }[]>`
    select lower(r.email) as email from public.email_recipients as r
    join public.campaign_sends as s on s.campaign_id = r.email_campaign_id where s.id = ${jobId}
  `;
  return {
    messages: messages.length,
    missing: expected.filter((row) => !received.has(row.email)).length,
    duplicates: [...received.values()].filter((count) => count > 1).length,
  };
}

const catcherFigure = (run: SendRun) =>
  `in the catcher ${run.messages.toLocaleString("en")} messages, ${run.duplicates} recipients twice or more, ` +
  `${run.missing} missing`;

