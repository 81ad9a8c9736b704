-- Platform daily totals: the figures of the admin dashboard, kept per day as the rows they count come and go.
--
-- Counting validation logs, payments and contacts for every dashboard request would read millions of rows; the
-- dashboard instead adds up at most a few rows per day. Statement-level triggers with transition tables keep the
-- totals (one upsert per day and metric a statement touched, however many rows), and the migration backfills them
-- from the rows already there. Each (day, metric) has up to 16 shards, and a writer adds to one that no other
-- transaction in progress holds, so concurrent writers do not wait on one row; a daily job folds the shards of past
-- days into one.
--
-- Two kinds of metric:
--   flows, counted on the event's own day (created_at in UTC): validations (validation_logs.emails_processed: single,
--     bulk and API rows alike), revenue_cents (payments in status completed or verified; a change of status, amount or
--     day moves the amount out of one day and into another), new_users (profiles). A deleted row is taken off its own
--     day, so a flow always equals the rows there are.
--     A flow over [from, to) is sum(amount) for from <= day < to.
--   stocks, what exists at a moment: registered_users (profiles), contacts (saved_contacts), contact_lists (lists not
--     deleted), deleted_contact_lists (soft-deleted lists), anonymous_sessions. A row counts +1 from its created_at's
--     day; a hard delete counts -1 on the day it happens (the row existed until then); a list moves from contact_lists
--     to deleted_contact_lists on its deleted_at's day. The stock at the end of [from, to) is sum(amount) for day < to.
-- Credits granted are not kept here: the financial report reads credit_grants directly.
-- Profiles, saved contacts and anonymous sessions keep their created_at (nothing updates it), so they have no update
-- trigger: one would run on every profile and session update for nothing.
--
-- Nobody reaches the table through the API; the admin figure functions read it with definer rights.

-- Types -----------------------------------------------------------------------------------------------------------

create type private.platform_total_change as (
  day date,
  metric text,
  amount bigint
);
comment on type private.platform_total_change is 'An amount to add to a metric''s total of a day (negative takes away).';

-- Table -----------------------------------------------------------------------------------------------------------

create table private.platform_daily_totals (
  day date not null,
  metric text not null constraint platform_daily_totals_metric check (metric in (
    'validations', 'revenue_cents', 'new_users',
    'registered_users', 'contacts', 'contact_lists', 'deleted_contact_lists', 'anonymous_sessions'
  )),
  shard smallint not null constraint platform_daily_totals_shard check (shard between 0 and 15),
  amount bigint not null,
  primary key (day, metric, shard)
);

comment on table private.platform_daily_totals is
  'Per UTC day and metric, the change of the platform''s figures, in shards; the day''s change is the shards'' sum.';
comment on column private.platform_daily_totals.day is 'The UTC day the change belongs to.';
comment on column private.platform_daily_totals.shard is
  'Which of 16 rows of the (day, metric) a writer added to: one no other transaction in progress held.';
comment on column private.platform_daily_totals.amount is
  'The shard''s part of the change: a count, or cents for revenue_cents, or addresses for validations.';

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table private.platform_daily_totals from public, anon, authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table private.platform_daily_totals enable row level security;

-- Helpers ---------------------------------------------------------------------------------------------------------

create or replace function private.utc_day(p_at timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select (p_at at time zone 'UTC')::date
$$;
comment on function private.utc_day(timestamptz) is 'The UTC day of a moment: what every platform figure counts by.';
revoke execute on function private.utc_day(timestamptz) from public;

-- A shard of (day, metric) no other transaction in progress is adding to, so the caller's upsert does not wait:
-- each writer takes a transaction advisory lock on the shard it adds to, and this tries them from a random one on.
-- Only when all 16 are taken does it answer one anyway (and the upsert waits its turn).
create or replace function private.free_platform_totals_shard(p_day date, p_metric text)
returns smallint
language plpgsql
set search_path = ''
as $$
declare
  first constant integer := pg_catalog.floor(pg_catalog.random() * 16)::integer;
  shard integer;
begin
  for step in 0 .. 15 loop
    shard := (first + step) % 16;
    if pg_catalog.pg_try_advisory_xact_lock(
      20261128, pg_catalog.hashtext(p_day::text || ' ' || p_metric || ' ' || shard::text)
    ) then
      return shard;
    end if;
  end loop;
  return first;
end;
$$;
comment on function private.free_platform_totals_shard(date, text) is
  'A shard of the day''s metric that no other transaction in progress adds to (locked for this one), if any is free.';
revoke execute on function private.free_platform_totals_shard(date, text) from public;

-- In (day, metric) order, so two statements that do wait lock the rows they share in the same order: no deadlock.
create or replace function private.add_platform_totals(p_changes private.platform_total_change[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  change record;
begin
  for change in
    select c.day, c.metric, pg_catalog.sum(c.amount)::bigint as amount
    from pg_catalog.unnest(p_changes) as c
    group by c.day, c.metric
    having pg_catalog.sum(c.amount) <> 0
    order by c.day, c.metric
  loop
    insert into private.platform_daily_totals as t (day, metric, shard, amount)
    values (change.day, change.metric, private.free_platform_totals_shard(change.day, change.metric), change.amount)
    on conflict (day, metric, shard) do update set amount = t.amount + excluded.amount;
  end loop;
end;
$$;
comment on function private.add_platform_totals(private.platform_total_change[]) is
  'Adds changes to the daily totals, each (day, metric) to a shard no other writer holds; changes that cancel out '
  'write nothing.';
revoke execute on function private.add_platform_totals(private.platform_total_change[]) from public;

-- A list counts in contact_lists from its creation and moves to deleted_contact_lists on the day it was deleted.
create or replace function private.contact_list_changes(p_created_at timestamptz, p_deleted_at timestamptz, p_sign integer)
returns setof private.platform_total_change
language sql
immutable
set search_path = ''
as $$
  select e.day, e.metric, e.amount
  from (values
    (private.utc_day(p_created_at), 'contact_lists', p_sign::bigint),
    (private.utc_day(p_deleted_at), 'contact_lists', -p_sign::bigint),
    (private.utc_day(p_deleted_at), 'deleted_contact_lists', p_sign::bigint)
  ) as e (day, metric, amount)
  where e.day is not null
$$;
comment on function private.contact_list_changes(timestamptz, timestamptz, integer) is
  'A contact list''s part in the stocks contact_lists and deleted_contact_lists (p_sign -1 takes it back out).';
revoke execute on function private.contact_list_changes(timestamptz, timestamptz, integer) from public;

-- Trigger functions -----------------------------------------------------------------------------------------------
-- Security definer: the statements that fire them run as API roles (a user saving a contact), which may not write
-- the totals.

-- A flow: tg_argv[0] names the metric, tg_argv[1] is one row's amount as an expression over its columns. Inserted rows
-- add on their created_at's day, deleted rows take away from theirs, and an update does both.
create or replace function private.count_daily_flow()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changes private.platform_total_change[] := '{}';
  more private.platform_total_change[];
  rows_name text;
begin
  foreach rows_name in array case tg_op
    when 'INSERT' then array['new_rows'] when 'DELETE' then array['old_rows'] else array['new_rows', 'old_rows'] end
  loop
    execute pg_catalog.format(
      'select pg_catalog.array_agg(row(f.day, %L, f.amount)::private.platform_total_change)
         from (select private.utc_day(r.created_at) as day, %s * pg_catalog.sum(%s)::bigint as amount
                 from %I as r group by 1) as f',
      tg_argv[0], case rows_name when 'old_rows' then -1 else 1 end, tg_argv[1], rows_name
    ) into more;
    changes := changes || coalesce(more, '{}');
  end loop;
  perform private.add_platform_totals(changes);
  return null;
end;
$$;
comment on function private.count_daily_flow() is
  'Statement trigger: adds inserted rows'' amounts (tg_argv[1]) to the metric tg_argv[0] on their day, takes deleted '
  'rows'' off theirs.';
revoke execute on function private.count_daily_flow() from public;

-- A stock: tg_argv[0] names the metric. An inserted row counts from its created_at's day, a deleted one stops counting
-- today.
create or replace function private.count_daily_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.add_platform_totals(array(
      select row(private.utc_day(n.created_at), tg_argv[0], pg_catalog.count(*))::private.platform_total_change
      from new_rows as n
      group by private.utc_day(n.created_at)
    ));
  else
    perform private.add_platform_totals(array(
      select row(private.utc_day(pg_catalog.now()), tg_argv[0], -pg_catalog.count(*))::private.platform_total_change
      from old_rows as o
    ));
  end if;
  return null;
end;
$$;
comment on function private.count_daily_stock() is
  'Statement trigger: inserted rows count in the stock tg_argv[0] from their created_at''s day, deleted ones stop today.';
revoke execute on function private.count_daily_stock() from public;

-- Lists: created, soft-deleted (an update of deleted_at) or deleted for good (with their owner).
create or replace function private.count_daily_contact_lists()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changes private.platform_total_change[] := '{}';
begin
  if tg_op in ('INSERT', 'UPDATE') then
    changes := array(
      select c from new_rows as n, private.contact_list_changes(n.created_at, n.deleted_at, 1) as c
    );
  end if;
  if tg_op = 'UPDATE' then
    changes := changes || array(
      select c from old_rows as o, private.contact_list_changes(o.created_at, o.deleted_at, -1) as c
    );
  elsif tg_op = 'DELETE' then
    changes := array(
      select row(
        private.utc_day(pg_catalog.now()),
        case when o.deleted_at is null then 'contact_lists' else 'deleted_contact_lists' end,
        -pg_catalog.count(*)
      )::private.platform_total_change
      from old_rows as o
      group by o.deleted_at is null
    );
  end if;
  perform private.add_platform_totals(changes);
  return null;
end;
$$;
comment on function private.count_daily_contact_lists() is
  'Statement trigger: keeps the stocks contact_lists and deleted_contact_lists as lists are created, soft-deleted '
  'and deleted.';
revoke execute on function private.count_daily_contact_lists() from public;

-- Triggers --------------------------------------------------------------------------------------------------------
-- A trigger with transition tables answers one event, hence one per event.

create trigger validation_logs_count_daily_insert
  after insert on public.validation_logs referencing new table as new_rows
  for each statement execute function private.count_daily_flow('validations', 'r.emails_processed');
create trigger validation_logs_count_daily_update
  after update on public.validation_logs referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_daily_flow('validations', 'r.emails_processed');
create trigger validation_logs_count_daily_delete
  after delete on public.validation_logs referencing old table as old_rows
  for each statement execute function private.count_daily_flow('validations', 'r.emails_processed');

create trigger payments_count_daily_insert
  after insert on public.payments referencing new table as new_rows
  for each statement execute function private.count_daily_flow(
    'revenue_cents', 'case when r.status in (''completed'', ''verified'') then r.amount_cents else 0 end');
create trigger payments_count_daily_update
  after update on public.payments referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_daily_flow(
    'revenue_cents', 'case when r.status in (''completed'', ''verified'') then r.amount_cents else 0 end');
create trigger payments_count_daily_delete
  after delete on public.payments referencing old table as old_rows
  for each statement execute function private.count_daily_flow(
    'revenue_cents', 'case when r.status in (''completed'', ''verified'') then r.amount_cents else 0 end');

create trigger profiles_count_daily_new_users_insert
  after insert on public.profiles referencing new table as new_rows
  for each statement execute function private.count_daily_flow('new_users', '1');
create trigger profiles_count_daily_new_users_delete
  after delete on public.profiles referencing old table as old_rows
  for each statement execute function private.count_daily_flow('new_users', '1');
create trigger profiles_count_daily_registered_insert
  after insert on public.profiles referencing new table as new_rows
  for each statement execute function private.count_daily_stock('registered_users');
create trigger profiles_count_daily_registered_delete
  after delete on public.profiles referencing old table as old_rows
  for each statement execute function private.count_daily_stock('registered_users');

create trigger saved_contacts_count_daily_insert
  after insert on public.saved_contacts referencing new table as new_rows
  for each statement execute function private.count_daily_stock('contacts');
create trigger saved_contacts_count_daily_delete
  after delete on public.saved_contacts referencing old table as old_rows
  for each statement execute function private.count_daily_stock('contacts');

create trigger anonymous_sessions_count_daily_insert
  after insert on public.anonymous_sessions referencing new table as new_rows
  for each statement execute function private.count_daily_stock('anonymous_sessions');
create trigger anonymous_sessions_count_daily_delete
  after delete on public.anonymous_sessions referencing old table as old_rows
  for each statement execute function private.count_daily_stock('anonymous_sessions');

create trigger contact_lists_count_daily_insert
  after insert on public.contact_lists referencing new table as new_rows
  for each statement execute function private.count_daily_contact_lists();
create trigger contact_lists_count_daily_update
  after update on public.contact_lists referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_daily_contact_lists();
create trigger contact_lists_count_daily_delete
  after delete on public.contact_lists referencing old table as old_rows
  for each statement execute function private.count_daily_contact_lists();

-- Recount ---------------------------------------------------------------------------------------------------------
-- The totals as the triggers would have counted the rows there are now (in shard 0): the migration's backfill, and a
-- bench that loads history with its own timestamps. Stocks start at each row's creation; rows deleted before now are
-- gone and counted nowhere. The table is locked meanwhile, so run it while nothing else writes.

create or replace function private.recount_platform_daily_totals()
returns void
language sql
set search_path = ''
as $$
  lock table private.platform_daily_totals in exclusive mode;
  delete from private.platform_daily_totals;
  insert into private.platform_daily_totals (day, metric, shard, amount)
  select b.day, b.metric, 0, pg_catalog.sum(b.amount)::bigint
  from (
    select private.utc_day(v.created_at) as day, 'validations' as metric, v.emails_processed::bigint as amount
    from public.validation_logs as v
    union all
    select private.utc_day(p.created_at), 'revenue_cents', p.amount_cents
    from public.payments as p where p.status in ('completed', 'verified')
    union all
    select private.utc_day(p.created_at), m.metric, 1
    from public.profiles as p, (values ('new_users'), ('registered_users')) as m (metric)
    union all
    select private.utc_day(c.created_at), 'contacts', 1 from public.saved_contacts as c
    union all
    select private.utc_day(s.created_at), 'anonymous_sessions', 1 from public.anonymous_sessions as s
    union all
    select c.day, c.metric, c.amount
    from public.contact_lists as l, private.contact_list_changes(l.created_at, l.deleted_at, 1) as c
  ) as b
  group by b.day, b.metric
  having pg_catalog.sum(b.amount) <> 0;
$$;
comment on function private.recount_platform_daily_totals() is
  'Counts the daily totals again from the rows there are now; locks them meanwhile.';
revoke execute on function private.recount_platform_daily_totals() from public;

select private.recount_platform_daily_totals();

-- Upkeep ----------------------------------------------------------------------------------------------------------
-- Past days are seldom written (only when a row of theirs is deleted or its payment changes status), so their 16
-- shards can be one row: reads over a year then add up about one row per day and metric.

create or replace function private.compact_platform_daily_totals()
returns void
language sql
set search_path = ''
as $$
  with folded as (
    delete from private.platform_daily_totals as t
    where t.shard <> 0 and t.day < private.utc_day(pg_catalog.now()) - 1
    returning t.day, t.metric, t.amount
  )
  insert into private.platform_daily_totals as t (day, metric, shard, amount)
  select f.day, f.metric, 0, pg_catalog.sum(f.amount)::bigint
  from folded as f
  group by f.day, f.metric
  order by f.day, f.metric
  on conflict (day, metric, shard) do update set amount = t.amount + excluded.amount
$$;
comment on function private.compact_platform_daily_totals() is
  'Folds the shards of days before yesterday into shard 0; the totals stay the same. pg_cron, daily.';
revoke execute on function private.compact_platform_daily_totals() from public;

-- cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.
select cron.schedule(
  'platform-daily-totals-compaction',
  '7 0 * * *',
  $$select private.compact_platform_daily_totals()$$
);
