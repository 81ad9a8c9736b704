-- Metering: new accounts start a trial; a unit of work is drawn from the month's allowance, the trial, granted credits
-- (soonest expiry first) and paid credits, all or nothing; what a piece of work did not use is given back; the
-- profile's counters always equal sums of the ledger; the owner and admins read the ledger and subscriptions, nobody
-- writes them. Concurrency is 48's, bulk jobs 49's.
begin;
select plan(108);

-- A meter call's answer in one line: allowed, balance, what paid.
create function pg_temp.meter(actor text, work text, units integer, reference text default null)
returns text
language sql
as $$
  select format('%s %s %s', m.allowed::text, m.balance, m.charged)
  from private.meter_usage(tests.get_user_id(actor), work, units, reference) as m
$$;

-- The metering counters of a profile, in one line.
create function pg_temp.counters(actor text)
returns text
language sql
as $$
  select format('plan %s free %s trial %s/%s/%s granted %s paid %s', p.plan_units_used, p.free_validations_used,
    p.trial_single_validations_used, p.trial_bulk_validations_used, p.trial_domain_scrapes_used,
    p.admin_granted_credits, p.paid_credits)
  from public.profiles as p where p.id = tests.get_user_id(actor)
$$;

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: a new account's trial ------------------------------------------------------------------------------------------

select results_eq(
  $$ select trial_status, trial_plan, trial_started_at, trial_expires_at, subscription_status, allowance_period_start,
            plan_units_used
     from public.profiles where id = tests.get_user_id('owner') $$,
  $$ values ('active', 'starter', now(), now() + interval '14 days', 'free', null::timestamptz, 0) $$,
  'a new account starts a 14-day Starter trial, on the free plan, nothing used'
);
select is(
  private.usage_balances(tests.get_user_id('owner')),
  jsonb_build_object(
    'plan', 'free',
    'subscription', null,
    'trial', jsonb_build_object(
      'status', 'active', 'plan', 'starter', 'endsAt', private.iso_timestamp(now() + interval '14 days'),
      'allowances', '{"validations": 100, "bulkRows": 5000, "explorations": 20}'::jsonb,
      'used', '{"validations": 0, "bulkRows": 0, "explorations": 0}'::jsonb
    ),
    'balances', '{"monthly": 0, "trial": 100, "granted": 0, "paid": 0}'::jsonb,
    'monthlyAllowance', 0,
    'usedThisMonth', 0,
    'periodStart', private.iso_timestamp(date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'),
    'periodEnd', private.iso_timestamp((date_trunc('month', now() at time zone 'UTC') + interval '1 month') at time zone 'UTC'),
    'available', 100
  ),
  'its balances: the trial''s allowances, no monthly allowance while it runs, the calendar month in UTC'
);
select is(private.iso_timestamp('2026-11-29 10:00:01.5+02'), '2026-11-29T08:00:01.500Z',
  'times are ISO text in UTC with milliseconds');
select results_eq(
  $$ select setting_key, setting_value from public.admin_settings
     where setting_key in ('trial_validations', 'trial_bulk_rows', 'trial_explorations', 'free_monthly_validations',
                           'subscription_grace_days') and description <> ''
     order by setting_key $$,
  $$ values ('free_monthly_validations', '25'), ('subscription_grace_days', '7'), ('trial_bulk_rows', '5000'),
            ('trial_explorations', '20'), ('trial_validations', '100') $$,
  'the allowances are settings, described'
);

-- Act 2: nobody but the api calls the meter ---------------------------------------------------------------------------

select is_empty(
  $$ select f, r from unnest(array[
       'private.meter_usage(uuid, text, integer, text)', 'private.release_usage(uuid, text, integer)',
       'private.usage_balances(uuid)', 'private.usage_history(uuid, integer)', 'private.expire_trials()',
       'private.allowance_state(public.profiles, text)', 'private.plan_monthly_allowance(text)'
     ]) as f, unnest(array['anon', 'authenticated', 'service_role']) as r
     where has_function_privilege(r, f, 'execute') $$,
  'no API role may execute the metering functions'
);
select throws_ok($$ select pg_temp.meter('owner', 'scrape', 1) $$, '22023', null, 'an unknown kind of work is refused');
select throws_ok($$ select pg_temp.meter('owner', 'validation', 0) $$, '22023', null, 'so are zero units');
select throws_ok($$ select pg_temp.meter('owner', 'validation', 100001) $$, '22023', null, 'and more than 100,000');
select throws_ok($$ select * from private.meter_usage(gen_random_uuid(), 'validation', 1, null) $$, 'P0404',
  'user_not_found', 'an unknown user is not found');
select throws_ok($$ select private.release_usage(gen_random_uuid(), 'request:x', 1) $$, 'P0404', 'user_not_found',
  'by the release too');

-- Act 3: the order, all or nothing ---------------------------------------------------------------------------------------
-- The owner is 2 validations short of the trial's 100, bought 4 credits (two completed payments; a pending one does
-- not count), and has grants: 3 expiring in 2 days, 5 in 10 days, 5 never; 7 past their expiry that the daily job
-- has not reached (still on the profile, never spent), and 9 revoked.

update public.profiles set trial_single_validations_used = 98, paid_credits = 4 where id = tests.get_user_id('owner');
insert into public.payments (user_id, amount_cents, credits_granted, payment_method, status) values
  (tests.get_user_id('owner'), 300, 3, 'stripe', 'completed'),
  (tests.get_user_id('owner'), 100, 1, 'paypal', 'completed'),
  (tests.get_user_id('owner'), 700, 5, 'stripe', 'pending');
select tests.authenticate_as('site_admin');
select private.admin_grant_credits(tests.get_user_id('owner'), 5, 'bonus', 'Ten days', now() + interval '10 days')
  as ten_days \gset
select private.admin_grant_credits(tests.get_user_id('owner'), 5, 'bonus', 'Forever', null) as forever \gset
select private.admin_grant_credits(tests.get_user_id('owner'), 3, 'bonus', 'Two days', now() + interval '2 days')
  as two_days \gset
select private.admin_grant_credits(tests.get_user_id('owner'), 7, 'bonus', 'Lapsed', now() + interval '1 day')
  as lapsed \gset
select private.admin_grant_credits(tests.get_user_id('owner'), 9, 'bonus', 'Revoked', null) as revoked \gset
select private.admin_revoke_credit_grant(:revoked);
reset role;
update public.credit_grants set expires_at = now() - interval '1 minute' where id = :lapsed;

select is(pg_temp.meter('owner', 'validation', 1, 'request:one'), 'true 18 {"trial": 1}',
  'the trial pays first while no monthly allowance applies; 1 + 13 granted + 4 paid are left');
select is(pg_temp.meter('owner', 'validation', 3, 'request:two'), 'true 15 {"trial": 1, "granted": 2}',
  'then the grant that expires soonest');
select is(pg_temp.counters('owner'), 'plan 0 free 0 trial 100/0/0 granted 18 paid 4', 'the counters moved in step');

select count(*) as ledger_rows from public.usage_ledger where user_id = tests.get_user_id('owner') \gset
select is(pg_temp.meter('owner', 'validation', 16, 'request:three'), 'false 15 {}',
  'more than all sources hold is refused, with the balance');
select is(pg_temp.counters('owner'), 'plan 0 free 0 trial 100/0/0 granted 18 paid 4', 'nothing was drawn');
select is((select count(*) from public.usage_ledger where user_id = tests.get_user_id('owner')), :ledger_rows::bigint,
  'nor recorded');

select is(pg_temp.meter('owner', 'exploration', 2, 'request:four'), 'true 33 {"trial": 2}',
  'each kind of work has its own trial allowance: 18 explorations are left');
select is(pg_temp.meter('owner', 'validation', 15, 'request:five'), 'true 0 {"paid": 4, "granted": 11}',
  'the grants in order of expiry, the never-expiring last, then paid credits: exactly all of them');
select results_eq(
  format($$ select id, credits_used, is_active from public.credit_grants where id in (%s, %s, %s, %s, %s) order by id $$,
         :ten_days, :forever, :two_days, :lapsed, :revoked),
  format($$ values (%s::bigint, 5, true), (%s, 5, true), (%s, 3, true), (%s, 0, true), (%s, 0, false) $$,
         :ten_days, :forever, :two_days, :lapsed, :revoked),
  'the lapsed and the revoked grant were never spent'
);
select results_eq(
  $$ select work, source, units, grant_id, reference from public.usage_ledger
     where user_id = tests.get_user_id('owner') and reference = 'request:five' order by grant_id nulls last $$,
  format($$ values ('validation', 'granted', 5, %s::bigint, 'request:five'), ('validation', 'granted', 5, %s, 'request:five'),
                   ('validation', 'granted', 1, %s, 'request:five'), ('validation', 'paid', 4, null, 'request:five') $$,
         :ten_days, :forever, :two_days),
  'one ledger row per source, one per grant'
);
select is(pg_temp.meter('owner', 'validation', 1), 'false 0 {}', 'with nothing left a validation is refused');
select is(pg_temp.counters('owner'), 'plan 0 free 0 trial 100/0/2 granted 7 paid 0',
  'what is left on the profile: only the lapsed grant''s 7, which the daily job will take');

-- Act 4: giving back --------------------------------------------------------------------------------------------------

select is(private.release_usage(tests.get_user_id('owner'), 'request:five', 6), 6,
  'a release gives back what its reference consumed');
select is(pg_temp.counters('owner'), 'plan 0 free 0 trial 100/0/2 granted 9 paid 4',
  'the last-drawn source first: the 4 paid, then 2 of the last grant drawn');
select is((select credits_used from public.credit_grants where id = :forever), 3, 'whose spent credits go down');
select is(private.release_usage(tests.get_user_id('owner'), 'request:five', 100), 9,
  'asked for more, it gives back only what is left of the reference''s units');
select is(private.release_usage(tests.get_user_id('owner'), 'request:five', 100), 0, 'and a second time nothing');
select is(private.release_usage(tests.get_user_id('owner'), 'request:two', 3), 3, 'a release reaches the trial too');
select is(pg_temp.counters('owner'), 'plan 0 free 0 trial 99/0/2 granted 20 paid 4',
  'and its counter, while it is the same trial');
select is(private.release_usage(tests.get_user_id('owner'), 'request:nothing', 3), 0,
  'a reference that consumed nothing gives back nothing');

-- The daily job takes the lapsed grant's unused credits; every grant's given-back credits were kept in step.
select is(private.expire_credit_grants(), 1, 'the lapsed grant expires');
select is(
  (select admin_granted_credits from public.profiles where id = tests.get_user_id('owner')),
  (select sum(credit_amount - credits_used)::integer from public.credit_grants
   where user_id = tests.get_user_id('owner') and is_active),
  'the granted credits on the profile are what the active grants have left'
);

-- Act 5: trial expiry, at the boundary ----------------------------------------------------------------------------------

select tests.create_user('ends_now');
select tests.create_user('ends_later');
select tests.create_user('ended_yesterday');
update public.profiles set trial_expires_at = now() where id = tests.get_user_id('ends_now');
update public.profiles set trial_expires_at = now() + interval '1 millisecond' where id = tests.get_user_id('ends_later');
update public.profiles set trial_expires_at = now() - interval '1 day' where id = tests.get_user_id('ended_yesterday');

select is(private.usage_balances(tests.get_user_id('ends_now')) -> 'trial' ->> 'status', 'expired',
  'a trial ending this very moment shows as expired before anything is written');
select is(pg_temp.meter('ends_now', 'validation', 1), 'true 24 {"free": 1}',
  'and the free plan''s monthly allowance pays');
select is((select trial_status from public.profiles where id = tests.get_user_id('ends_now')), 'expired',
  'the meter wrote the expiry it noticed');
select is(pg_temp.meter('ends_later', 'validation', 1), 'true 99 {"trial": 1}', 'a moment before, the trial pays');
select is(private.expire_trials() >= 1, true, 'the daily job marks the trials past their end');
select results_eq(
  $$ select trial_status from public.profiles
     where id in (tests.get_user_id('ended_yesterday'), tests.get_user_id('ends_later'))
     order by trial_expires_at $$,
  $$ values ('expired'), ('active') $$,
  'and leaves the running ones'
);
select results_eq(
  $$ select schedule, command from cron.job where jobname = 'trials-expiry' $$,
  $$ values ('11 0 * * *'::text, 'select private.expire_trials()'::text) $$,
  'pg_cron runs it daily'
);

-- Act 6: the free plan's month ------------------------------------------------------------------------------------------

select tests.create_user('freebie');
update public.profiles set trial_status = 'expired', paid_credits = 10 where id = tests.get_user_id('freebie');
select is(pg_temp.meter('freebie', 'validation', 30), 'true 5 {"free": 25, "paid": 5}',
  'after the trial, the free allowance first, then paid credits');
select results_eq(
  $$ select allowance_period_start, free_validations_used from public.profiles where id = tests.get_user_id('freebie') $$,
  $$ values (date_trunc('month', now() at time zone 'UTC') at time zone 'UTC', 25) $$,
  'the free allowance counts in the calendar month (UTC)'
);
-- As if those 30 units had been drawn last month.
update public.profiles
set allowance_period_start = (date_trunc('month', now() at time zone 'UTC') - interval '1 month') at time zone 'UTC'
where id = tests.get_user_id('freebie');
update public.usage_ledger
set period_start = (date_trunc('month', now() at time zone 'UTC') - interval '1 month') at time zone 'UTC'
where user_id = tests.get_user_id('freebie') and source = 'free';
select is(pg_temp.meter('freebie', 'bulk_row', 2), 'true 28 {"free": 2}',
  'a new month brings the allowance back, for any kind of work');
select results_eq(
  $$ select allowance_period_start, free_validations_used from public.profiles where id = tests.get_user_id('freebie') $$,
  $$ values (date_trunc('month', now() at time zone 'UTC') at time zone 'UTC', 2) $$,
  'the counter rolled over to the new month'
);

-- Act 7: a plan's months --------------------------------------------------------------------------------------------------

select is(private.allowance_period('2026-01-31 10:00+00', '2026-02-15 00:00+00'),
  tstzrange('2026-01-31 10:00+00', '2026-02-28 10:00+00'), 'an anchor on the 31st: the first month ends on the 28th');
select is(private.allowance_period('2026-01-31 10:00+00', '2026-02-28 10:00+00'),
  tstzrange('2026-02-28 10:00+00', '2026-03-31 10:00+00'), 'the second starts there and ends on the 31st again');
select is(private.allowance_period('2026-01-31 10:00+00', '2026-03-31 09:59:59+00'),
  tstzrange('2026-02-28 10:00+00', '2026-03-31 10:00+00'), 'up to the anchor''s time of day');
select is(private.allowance_period('2026-01-31 10:00+00', '2026-04-30 10:00+00'),
  tstzrange('2026-04-30 10:00+00', '2026-05-31 10:00+00'), 'a month of 30 days ends the period on its last day');
select is(private.allowance_period('2025-12-15 00:00+00', '2026-07-20 00:00+00'),
  tstzrange('2026-07-15 00:00+00', '2026-08-15 00:00+00'), 'seven months into a yearly plan, a month like any other');
select is(private.allowance_period('2026-03-10 00:00+00', '2026-03-01 00:00+00'),
  tstzrange('2026-03-10 00:00+00', '2026-04-10 00:00+00'), 'before its anchor, the first month');
set local timezone = 'Pacific/Kiritimati';
select is(private.allowance_period('2026-01-30 12:00+00', '2026-02-27 18:00+00'),
  tstzrange('2026-01-30 12:00+00', '2026-02-28 12:00+00'), 'months are counted in UTC whatever the session''s zone');
reset timezone;

select tests.create_user('subscriber');
update public.profiles
set trial_status = 'converted', subscription_status = 'starter', allowance_period_start = '2020-01-01 00:00+00',
  plan_units_used = 999, paid_credits = 1
where id = tests.get_user_id('subscriber');
insert into public.subscriptions (user_id, plan, billing_interval, provider_subscription_id, allowance_anchor)
values (tests.get_user_id('subscriber'), 'starter', 'yearly', 'sub_yearly', now() - interval '1 year 3 days');

select is(pg_temp.meter('subscriber', 'bulk_row', 2500, 'bulk:yearly'), 'true 1 {"plan": 2500}',
  'a yearly Starter plan gives 2,500 units this month; the old period''s counter does not count');
select results_eq(
  $$ select allowance_period_start, plan_units_used from public.profiles where id = tests.get_user_id('subscriber') $$,
  $$ values (lower(private.allowance_period(now() - interval '1 year 3 days', now())), 2500) $$,
  'the counter rolled to the month holding now, counted from the anchor'
);
select ok(
  (select allowance_period_start > now() - interval '1 month' and allowance_period_start <= now()
   from public.profiles where id = tests.get_user_id('subscriber')),
  'which began within the last month'
);
select is(pg_temp.meter('subscriber', 'validation', 2), 'false 1 {}', 'the plan''s month is used up');

update public.subscriptions set status = 'past_due', past_due_since = now() - interval '6 days 23 hours'
where provider_subscription_id = 'sub_yearly';
update public.profiles set allowance_period_start = '2020-01-01 00:00+00' where id = tests.get_user_id('subscriber');
select is(pg_temp.meter('subscriber', 'validation', 1), 'true 2500 {"plan": 1}',
  'past due within the grace days, the plan''s allowance still applies');
select is((private.usage_balances(tests.get_user_id('subscriber')) -> 'subscription'),
  jsonb_build_object('plan', 'starter', 'interval', 'yearly', 'status', 'past_due', 'provider', 'stripe',
    'startedAt', private.iso_timestamp(now()), 'currentPeriodEnd', null, 'cancelAtPeriodEnd', false,
    'graceEndsAt', private.iso_timestamp(now() - interval '6 days 23 hours' + interval '7 days')),
  'the account page sees the subscription and when its grace ends');

update public.subscriptions set past_due_since = now() - interval '7 days' where provider_subscription_id = 'sub_yearly';
select is(pg_temp.meter('subscriber', 'validation', 1), 'true 25 {"free": 1}',
  'after the grace days, the free plan''s allowance');
select is(private.usage_balances(tests.get_user_id('subscriber')) ->> 'plan', 'free', 'and the account page says free');
select is(private.release_usage(tests.get_user_id('subscriber'), 'bulk:yearly', 10), 10,
  'units of a past period are given back');
select is(pg_temp.counters('subscriber'), 'plan 0 free 1 trial 0/0/0 granted 0 paid 1',
  'but that period''s allowance is not restored');

-- Act 8: balances are sums ------------------------------------------------------------------------------------------------

select results_eq(
  $$ select p.paid_credits, p.plan_units_used, p.free_validations_used, p.trial_single_validations_used,
            p.trial_bulk_validations_used, p.trial_domain_scrapes_used
     from public.profiles as p where p.id = tests.get_user_id('owner') $$,
  $$ select
       ((select sum(credits_granted) from public.payments
         where user_id = tests.get_user_id('owner') and status in ('completed', 'verified'))
        - coalesce(sum(l.units) filter (where l.source = 'paid'), 0))::integer,
       coalesce(sum(l.units) filter (where l.source = 'plan' and l.period_start = p.allowance_period_start), 0)::integer,
       coalesce(sum(l.units) filter (where l.source = 'free' and l.period_start = p.allowance_period_start), 0)::integer,
       98 + sum(l.units) filter (where l.source = 'trial' and l.work = 'validation')::integer,
       coalesce(sum(l.units) filter (where l.source = 'trial' and l.work = 'bulk_row'), 0)::integer,
       coalesce(sum(l.units) filter (where l.source = 'trial' and l.work = 'exploration'), 0)::integer
     from public.usage_ledger as l, public.profiles as p
     where l.user_id = tests.get_user_id('owner') and p.id = l.user_id
     group by p.allowance_period_start $$,
  'the owner''s counters are sums of the ledger: paid = purchased - spent, each allowance its period''s or trial''s units'
);
select is_empty(
  $$ select g.id from public.credit_grants as g
     where g.user_id = tests.get_user_id('owner')
       and g.credits_used <> coalesce((select sum(l.units) from public.usage_ledger as l where l.grant_id = g.id), 0) $$,
  'each grant''s spent credits are the sum of its ledger rows'
);
select results_eq(
  $$ select p.plan_units_used, p.free_validations_used, p.paid_credits from public.profiles as p
     where p.id = tests.get_user_id('freebie') $$,
  $$ select coalesce(sum(l.units) filter (where l.source = 'plan' and l.period_start = p.allowance_period_start), 0)::integer,
            coalesce(sum(l.units) filter (where l.source = 'free' and l.period_start = p.allowance_period_start), 0)::integer,
            10 - coalesce(sum(l.units) filter (where l.source = 'paid'), 0)::integer
     from public.usage_ledger as l join public.profiles as p on p.id = l.user_id
     where l.user_id = tests.get_user_id('freebie') group by p.allowance_period_start $$,
  'and the free plan''s user''s, across a month''s change'
);

-- Act 9: the account page's figures -------------------------------------------------------------------------------------

select tests.create_user('historian');
select pg_temp.meter('historian', 'validation', 2, 'request:a');
select pg_temp.meter('historian', 'exploration', 1, 'request:b');
select pg_temp.meter('historian', 'validation', 3, 'request:c');
select private.release_usage(tests.get_user_id('historian'), 'request:c', 1);
insert into public.usage_ledger (user_id, work, source, units, reference, created_at)
values (tests.get_user_id('historian'), 'validation', 'paid', 4, 'request:old', now() - interval '3 days');

select results_eq(
  $$ select * from private.usage_history(tests.get_user_id('historian'), 1) $$,
  $$ values ((now() at time zone 'UTC')::date, 'exploration', 'trial', 1::bigint),
            ((now() at time zone 'UTC')::date, 'validation', 'trial', 4) $$,
  'the history nets each day''s units per work and source, give-backs included'
);
select results_eq(
  $$ select day, units from private.usage_history(tests.get_user_id('historian'), 4) where source = 'paid' $$,
  $$ values ((now() at time zone 'UTC')::date - 3, 4::bigint) $$,
  'and reaches back the days asked for, by UTC day'
);
select is_empty($$ select * from private.usage_history(tests.get_user_id('historian'), 3) where source = 'paid' $$,
  'no further');
select results_eq(
  $$ select (b -> 'balances')::text, b ->> 'available', (b -> 'trial' -> 'used')::text
     from private.usage_balances(tests.get_user_id('historian')) as b $$,
  $$ values ('{"paid": 0, "trial": 96, "granted": 0, "monthly": 0}', '96',
             '{"bulkRows": 0, "validations": 4, "explorations": 1}') $$,
  'the balances follow the counters'
);

-- Act 10: who reads the ledger and subscriptions --------------------------------------------------------------------

insert into public.subscriptions (user_id, plan, billing_interval, provider_subscription_id, status, ended_at)
values (tests.get_user_id('owner'), 'business', 'monthly', 'sub_owner', 'ended', now());

select * from tests.assert_access('public.usage_ledger', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'all',    'denied', 'denied', 'denied'],
  ['stranger',     'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.usage_ledger (user_id, work, source, units)
                   values (tests.get_user_id('owner'), 'validation', 'paid', -100) $$,
  update_set => $$ units = -units $$);

select * from tests.assert_access('public.subscriptions', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'all',    'denied', 'denied', 'denied'],
  ['stranger',     'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.subscriptions (user_id, plan, billing_interval, provider_subscription_id)
                   values (tests.get_user_id('owner'), 'business', 'yearly', 'sub_forged') $$,
  update_set => $$ status = 'active', ended_at = null $$);

select throws_ok(
  $$ insert into public.subscriptions (user_id, plan, billing_interval, provider_subscription_id)
     values (tests.get_user_id('subscriber'), 'business', 'monthly', 'sub_second') $$,
  '23505', null, 'a user has one subscription that is not ended'
);

select * from finish();
rollback;
