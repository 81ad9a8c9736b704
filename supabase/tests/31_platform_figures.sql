-- The dashboard's platform figures: private.admin_platform_stats answers, for any window of days, what counting the
-- rows themselves answers, after the migration's backfill and through every change the triggers follow (payments
-- moving in and out of revenue, a soft-deleted list, activity recorded late, a deleted account); the daily totals
-- stay what a recount finds; the charts fill every day and month. Nobody but an admin reaches any of it.
begin;
select plan(69);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

select private.utc_day(now()) as today \gset

-- What counting the rows answers: each figure's definition over the tables themselves. Windows ending before today
-- still count accounts, contacts and lists deleted today (they existed then); the act that deletes one says so.
create function pg_temp.counted_figures(p_from date, p_to date)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with w as (
    select p_from::timestamp at time zone 'UTC' as f, p_to::timestamp at time zone 'UTC' as t,
      pg_catalog.date_trunc('month', p_to - 1)::timestamp at time zone 'UTC' as m
  )
  select pg_catalog.jsonb_build_object(
    'totalUsers', (select pg_catalog.count(*) from public.profiles as p where p.created_at < w.t),
    'activeUsers', (
      select pg_catalog.count(distinct a.user_id) from (
        select v.user_id from public.validation_logs as v
        where v.user_id is not null and v.created_at >= w.f and v.created_at < w.t
        union
        select u.id from auth.users as u join public.profiles as p on p.id = u.id
        where u.last_sign_in_at >= w.f and u.last_sign_in_at < w.t
      ) as a
    ),
    'totalValidations', (select coalesce(pg_catalog.sum(v.emails_processed), 0) from public.validation_logs as v
                         where v.created_at >= w.f and v.created_at < w.t),
    'monthlyValidations', (select coalesce(pg_catalog.sum(v.emails_processed), 0) from public.validation_logs as v
                           where v.created_at >= w.m and v.created_at < w.t),
    'totalRevenue', (select coalesce(pg_catalog.sum(p.amount_cents), 0) from public.payments as p
                     where p.status in ('completed', 'verified') and p.created_at >= w.f and p.created_at < w.t),
    'monthlyRevenue', (select coalesce(pg_catalog.sum(p.amount_cents), 0) from public.payments as p
                       where p.status in ('completed', 'verified') and p.created_at >= w.m and p.created_at < w.t),
    'totalContacts', (select pg_catalog.count(*) from public.saved_contacts as c where c.created_at < w.t),
    'totalContactLists', (select pg_catalog.count(*) from public.contact_lists as l
                          where l.created_at < w.t and (l.deleted_at is null or l.deleted_at >= w.t)),
    'deletedContactLists', (select pg_catalog.count(*) from public.contact_lists as l where l.deleted_at < w.t)
  )
  from w
$$;

-- A moment on the day `days_ago` days before today, at noon UTC.
create function pg_temp.noon(days_ago integer)
returns timestamptz
language sql
stable
as $$ select ((private.utc_day(now()) - days_ago)::timestamp + interval '12 hours') at time zone 'UTC' $$;

create temporary table windows (from_day date, to_day date, label text);
insert into windows values
  (:'today'::date, :'today'::date + 1, 'today'),
  (:'today'::date - 1, :'today'::date, 'yesterday (ended before today)'),
  (:'today'::date - 6, :'today'::date + 1, 'the last 7 days'),
  (:'today'::date - 29, :'today'::date + 1, 'the last 30 days'),
  (date_trunc('month', :'today'::date)::date, :'today'::date + 1, 'this month to date'),
  ((date_trunc('month', :'today'::date) - interval '1 month')::date, date_trunc('month', :'today'::date)::date,
   'last month (ended before today)'),
  ((date_trunc('month', :'today'::date) - interval '2 months')::date + 9,
   (date_trunc('month', :'today'::date) - interval '1 month')::date + 14, 'parts of two months, in the past'),
  (:'today'::date - 45, :'today'::date - 30, 'days 45 to 31 ago'),
  (:'today'::date - 400, :'today'::date - 399, 'one day long ago'),
  (:'today'::date - 1000, :'today'::date + 1, 'everything');

-- Arrange: a history, written as the superuser with the days it happened on, then counted as the migration does ------

update public.profiles set created_at = pg_temp.noon(400) where id = tests.get_user_id('owner');
update public.profiles set created_at = pg_temp.noon(70) where id = tests.get_user_id('stranger');
update public.profiles set created_at = pg_temp.noon(35) where id = tests.get_user_id('site_admin');
update public.contact_lists set created_at = p.created_at from public.profiles as p where p.id = contact_lists.user_id;

insert into public.validation_logs (user_id, validation_type, emails_processed, valid_emails, created_at) values
  (tests.get_user_id('owner'), 'single', 1, 1, pg_temp.noon(400)),
  (tests.get_user_id('owner'), 'bulk', 120, 100, pg_temp.noon(70)),
  (tests.get_user_id('stranger'), 'single', 1, 0, pg_temp.noon(40)),
  (null, 'single', 1, 1, pg_temp.noon(40)),
  (tests.get_user_id('owner'), 'bulk', 300, 250, pg_temp.noon(35)),
  (tests.get_user_id('stranger'), 'bulk', 50, 50, pg_temp.noon(3)),
  (tests.get_user_id('owner'), 'single', 1, 1, ((:'today'::date)::timestamp - interval '1 second') at time zone 'UTC'),
  (tests.get_user_id('stranger'), 'single', 1, 1, now());
insert into public.payments (user_id, amount_cents, payment_method, status, created_at) values
  (tests.get_user_id('owner'), 1900, 'stripe', 'completed', pg_temp.noon(40)),
  (tests.get_user_id('owner'), 6900, 'venmo', 'verified', pg_temp.noon(3)),
  (tests.get_user_id('stranger'), 16900, 'paypal', 'pending', pg_temp.noon(1)),
  (tests.get_user_id('stranger'), 1200, 'crypto', 'failed', now());
insert into public.contact_lists (user_id, name, created_at) values
  (tests.get_user_id('owner'), 'Old leads', pg_temp.noon(70)),
  (tests.get_user_id('owner'), 'Partners', pg_temp.noon(3));
update public.contact_lists set deleted_at = pg_temp.noon(35) where name = 'Old leads';
insert into public.saved_contacts (user_id, list_id, email, source, created_at)
select l.user_id, l.id, c.email, 'manual', pg_temp.noon(c.days_ago)
from public.contact_lists as l
join (values ('owner', 'ann@acme.test', 40), ('owner', 'bob@acme.test', 3), ('stranger', 'eve@acme.test', 0))
  as c (who, email, days_ago) on l.user_id = tests.get_user_id(c.who) and l.is_default;

select private.recount_platform_daily_totals();
select set_config('request.jwt.claims', tests.claims_for('site_admin')::text, true);

-- Act 1: after the backfill, every window's figures are the rows' ----------------------------------------------------

select is(private.admin_platform_stats(w.from_day, w.to_day), pg_temp.counted_figures(w.from_day, w.to_day),
  'after the backfill: ' || w.label)
from windows as w order by w.from_day, w.to_day;

select is((private.admin_platform_stats(:'today'::date - 45, :'today'::date - 30) ->> 'totalValidations')::integer, 302,
  'days 45 to 31 ago: a user''s and a visitor''s single validations and a bulk run of 300');

-- Act 2: a payment completes, a list is deleted, activity arrives for a past day -------------------------------------

update public.payments set status = 'completed' where amount_cents = 16900;
select is((private.admin_platform_stats(:'today'::date - 1, :'today'::date) ->> 'totalRevenue')::bigint, 16900::bigint,
  'a pending payment that completes counts on the day it was made');

select tests.authenticate_as('owner');
select public.delete_contact_list(id) from public.contact_lists where name = 'Partners';
reset role;
select set_config('request.jwt.claims', tests.claims_for('site_admin')::text, true);

select private.admin_platform_stats(:'today'::date - 29, :'today'::date) ->> 'activeUsers' as active_before \gset
select isnt_empty(
  format($$ select from private.active_user_counts where from_day = %L and to_day = %L $$,
         :'today'::date - 29, :'today'::date),
  'the active users of a range of past days are kept'
);
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('site_admin'), 'single', 1, pg_temp.noon(20));
select is_empty(
  format($$ select from private.active_user_counts where from_day <= %L and to_day > %L $$,
         :'today'::date - 20, :'today'::date - 20),
  'activity recorded for a past day forgets the kept counts of the ranges holding it'
);
select is((private.admin_platform_stats(:'today'::date - 29, :'today'::date) ->> 'activeUsers')::integer,
  :active_before + 1, 'and the range counts the newly active user');

select is(private.admin_platform_stats(w.from_day, w.to_day), pg_temp.counted_figures(w.from_day, w.to_day),
  'after a payment completed, a list was deleted and late activity: ' || w.label)
from windows as w order by w.from_day, w.to_day;

-- Act 3: the payment goes back to pending; the triggers' totals are what a recount finds ------------------------------

update public.payments set status = 'pending' where amount_cents = 16900;
select is((private.admin_platform_stats(:'today'::date - 1, :'today'::date) ->> 'totalRevenue')::bigint, 0::bigint,
  'a completed payment that goes back to pending leaves the revenue of its day');
update public.payments set amount_cents = 7000 where amount_cents = 6900;
select is((private.admin_platform_stats(:'today'::date - 3, :'today'::date - 2) ->> 'totalRevenue')::bigint, 7000::bigint,
  'a changed amount moves with it');

select is(private.admin_platform_stats(w.from_day, w.to_day), pg_temp.counted_figures(w.from_day, w.to_day),
  'after the payment went back to pending: ' || w.label)
from windows as w order by w.from_day, w.to_day;

create temporary table kept_totals as
select day, metric, sum(amount) as amount from private.platform_daily_totals group by day, metric having sum(amount) <> 0;
select private.recount_platform_daily_totals();
select set_eq(
  $$ select day, metric, amount from kept_totals $$,
  $$ select day, metric, sum(amount) from private.platform_daily_totals group by day, metric $$,
  'what the triggers kept is what counting the rows again finds'
);

-- Act 4: a deleted account --------------------------------------------------------------------------------------------

select private.admin_platform_stats(:'today'::date - 1, :'today'::date) as yesterday_before \gset
delete from auth.users where id = tests.get_user_id('stranger');

select is(private.admin_platform_stats(w.from_day, w.to_day), pg_temp.counted_figures(w.from_day, w.to_day),
  'after an account was deleted: ' || w.label)
from windows as w where w.to_day > :'today'::date order by w.from_day, w.to_day;
select is(
  private.admin_platform_stats(:'today'::date - 1, :'today'::date) - array['activeUsers', 'totalValidations', 'monthlyValidations', 'totalRevenue', 'monthlyRevenue'],
  :'yesterday_before'::jsonb - array['activeUsers', 'totalValidations', 'monthlyValidations', 'totalRevenue', 'monthlyRevenue'],
  'yesterday still had the account, its contacts and its list: they stop counting today'
);
select is(
  private.admin_platform_stats(:'today'::date - 3, :'today'::date - 2) -> 'totalValidations',
  pg_temp.counted_figures(:'today'::date - 3, :'today'::date - 2) -> 'totalValidations',
  'its validations leave their days with it, as its logs do'
);

-- Act 5: the shards of past days fold into one, the figures unchanged ------------------------------------------------

insert into private.platform_daily_totals (day, metric, shard, amount) values
  (:'today'::date - 5, 'validations', 3, 10), (:'today'::date - 5, 'validations', 9, -10),
  (:'today'::date, 'validations', 7, 0);
create temporary table totals_before_compaction as
select day, metric, sum(amount) as amount from private.platform_daily_totals group by day, metric;
select private.compact_platform_daily_totals();
select set_eq(
  $$ select day, metric, sum(amount) from private.platform_daily_totals group by day, metric $$,
  $$ select day, metric, amount from totals_before_compaction $$,
  'folding the shards changes no total'
);
select is_empty(
  format($$ select from private.platform_daily_totals where shard <> 0 and day < %L $$, :'today'::date - 1),
  'days before yesterday keep one shard'
);
select isnt_empty(
  format($$ select from private.platform_daily_totals where shard = 7 and day = %L $$, :'today'::date),
  'today keeps its shards'
);

-- Act 6: the charts ---------------------------------------------------------------------------------------------------

select is(
  private.admin_platform_series(:'today'::date - 3, :'today'::date + 1) -> 'validationsPerDay',
  (select jsonb_agg(jsonb_build_object('day', to_char(d, 'YYYY-MM-DD'), 'count',
            (select coalesce(sum(v.emails_processed), 0) from public.validation_logs as v
             where private.utc_day(v.created_at) = d)) order by d)
   from generate_series(:'today'::date - 3, :'today'::date, interval '1 day') as d),
  'validations per day: every day of the window, zero when none'
);
select is(
  jsonb_array_length(private.admin_platform_series(:'today'::date - 3, :'today'::date + 1) -> 'validationsPerDay'), 4,
  'four days, four points'
);
select is(
  private.admin_platform_series(:'today'::date - 10, :'today'::date - 8) -> 'signupsPerDay',
  jsonb_build_array(
    jsonb_build_object('day', to_char(:'today'::date - 10, 'YYYY-MM-DD'), 'count', 0),
    jsonb_build_object('day', to_char(:'today'::date - 9, 'YYYY-MM-DD'), 'count', 0)),
  'sign-ups per day: zeros for days without any'
);
select is(
  private.admin_platform_series(:'today'::date - 36, :'today'::date - 34) -> 'signupsPerDay' -> 1 -> 'count',
  to_jsonb((select count(*) from public.profiles where private.utc_day(created_at) = :'today'::date - 35)),
  'sign-ups per day count the accounts made that day'
);
select is(
  private.admin_platform_series(:'today'::date - 75, :'today'::date + 1) -> 'revenuePerMonth',
  (select jsonb_agg(jsonb_build_object('month', to_char(m, 'YYYY-MM'), 'cents',
            (select coalesce(sum(p.amount_cents), 0) from public.payments as p
             where p.status in ('completed', 'verified') and to_char(p.created_at at time zone 'UTC', 'YYYY-MM') = to_char(m, 'YYYY-MM')
               and p.created_at >= (:'today'::date - 75)::timestamp at time zone 'UTC')) order by m)
   from generate_series(date_trunc('month', :'today'::date - 75), date_trunc('month', :'today'::date), interval '1 month') as m),
  'revenue per month: every month the window touches, counting its days inside the window'
);
select throws_ok(
  format($$ select private.admin_platform_series(%L, %L) $$, :'today'::date, :'today'::date),
  'P0422', 'window_invalid', 'a chart needs at least one day');
select throws_ok(
  format($$ select private.admin_platform_series(%L, %L) $$, :'today'::date - 800, :'today'::date),
  'P0422', 'window_invalid', 'a chart spans at most two years');
select throws_ok(
  format($$ select private.admin_platform_stats(%L, %L) $$, :'today'::date, :'today'::date - 1),
  'P0422', 'window_invalid', 'a reversed window is refused');

-- Act 7: nobody but an admin ------------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok($$ select private.admin_platform_stats(current_date, current_date + 1) $$, '42501', null,
  'anon cannot read the figures');
select throws_ok($$ select private.admin_platform_series(current_date, current_date + 1) $$, '42501', null,
  'anon cannot read the charts');
select throws_ok('select * from private.platform_daily_totals', '42501', null, 'anon cannot read the daily totals');
select tests.authenticate_as('owner');
select throws_ok($$ select private.admin_platform_stats(current_date, current_date + 1) $$, 'P0403', 'admins_only',
  'a user cannot read the figures');
select throws_ok($$ select private.admin_platform_series(current_date, current_date + 1) $$, 'P0403', 'admins_only',
  'a user cannot read the charts');
select throws_ok('select * from private.platform_daily_totals', '42501', null, 'a user cannot read the daily totals');
select throws_ok($$ select private.recount_platform_daily_totals() $$, '42501', null, 'a user cannot recount them');
select tests.authenticate_as('site_admin');
select lives_ok($$ select private.admin_platform_stats(current_date, current_date + 1) $$, 'an admin reads the figures');
select lives_ok($$ select private.admin_platform_series(current_date, current_date + 1) $$, 'an admin reads the charts');
select throws_ok('select * from private.platform_daily_totals', '42501', null,
  'an admin reads the daily totals only through the functions');
select throws_ok($$ update private.platform_daily_totals set amount = 0 $$, '42501', null,
  'an admin cannot change the daily totals');
select tests.authenticate_as_service_role();
select throws_ok('select * from private.platform_daily_totals', '42501', null,
  'the service role cannot read the daily totals');
select throws_ok($$ select private.admin_platform_stats(current_date, current_date + 1) $$, '42501', null,
  'the service role cannot call the admin functions');

select * from finish();
rollback;
