-- Lifetime figures, the monthly cost behind the profit margin, and the financial report: each against counting the
-- rows; the averages hold with no accounts, the margin stays null until an admin sets the cost (audited), and the
-- report's periods, payment methods and totals add up. Admins only.
begin;
select plan(36);

select tests.create_user('member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

select private.utc_day(now()) as today \gset
-- The first of the month before last: the yearly report below spans parts of three months.
select (date_trunc('month', now() at time zone 'UTC') - interval '2 months')::date as month_before_last \gset

create function pg_temp.at(d date) returns timestamptz language sql as $$
  select (d::timestamp + interval '12 hours') at time zone 'UTC'
$$;

insert into public.payments (user_id, amount_cents, payment_method, status, created_at) values
  (tests.get_user_id('member'), 1900, 'stripe', 'completed', pg_temp.at(:'month_before_last'::date + 3)),
  (tests.get_user_id('member'), 6900, 'stripe', 'verified', pg_temp.at(:'month_before_last'::date + 3)),
  (tests.get_user_id('member'), 1200, 'venmo', 'completed', pg_temp.at(:'month_before_last'::date + 40)),
  (tests.get_user_id('member'), 99900, 'paypal', 'pending', pg_temp.at(:'month_before_last'::date + 40)),
  (tests.get_user_id('member'), 500, 'crypto', 'refunded', pg_temp.at(:'month_before_last'::date + 3));
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at) values
  (tests.get_user_id('member'), 'bulk', 250, pg_temp.at(:'month_before_last'::date + 3)),
  (null, 'single', 1, pg_temp.at(:'month_before_last'::date + 4));
insert into public.credit_grants (user_id, granted_by, credit_amount, grant_type, reason, created_at) values
  (tests.get_user_id('member'), tests.get_user_id('site_admin'), 500, 'bonus', 'Welcome', pg_temp.at(:'month_before_last'::date + 3)),
  (tests.get_user_id('member'), tests.get_user_id('site_admin'), 70, 'compensation', 'Outage', pg_temp.at(:'month_before_last'::date + 40));
insert into public.credit_grants (user_id, credit_amount, grant_type, reason, is_active, revoked_at, created_at) values
  (tests.get_user_id('member'), 9000, 'promotional', 'By mistake', false, now(), pg_temp.at(:'month_before_last'::date + 3));

select set_config('request.jwt.claims', tests.claims_for('site_admin')::text, true);

-- Act 1: lifetime figures ---------------------------------------------------------------------------------------------

select is(
  private.admin_lifetime_stats() - array['averageValidationsPerUser', 'averageRevenuePerUser', 'profitMargin', 'monthlyCostCents'],
  jsonb_build_object(
    'totalValidations', (select coalesce(sum(emails_processed), 0) from public.validation_logs),
    'totalRegisteredUsers', (select count(*) from public.profiles),
    'totalAllUsers', (select count(*) from public.profiles) + (select count(*) from public.anonymous_sessions),
    'totalContacts', (select count(*) from public.saved_contacts),
    'totalRevenue', (select coalesce(sum(amount_cents), 0) from public.payments where status in ('completed', 'verified')),
    'totalContactLists', (select count(*) from public.contact_lists where deleted_at is null)
  ),
  'the lifetime totals are the rows'' counts'
);
select is(
  private.admin_lifetime_stats() -> 'averageValidationsPerUser',
  to_jsonb(round((select sum(emails_processed) from public.validation_logs)::numeric / (select count(*) from public.profiles), 2)),
  'validations per registered account, to 2 decimals'
);
select is(
  private.admin_lifetime_stats() -> 'averageRevenuePerUser',
  to_jsonb(round((select sum(amount_cents) from public.payments where status in ('completed', 'verified'))::numeric
                 / (select count(*) from public.profiles), 2)),
  'revenue in cents per registered account, to 2 decimals'
);
select is(private.admin_lifetime_stats() -> 'profitMargin', 'null'::jsonb, 'no profit margin until the cost is set');
select is(private.admin_lifetime_stats() -> 'monthlyCostCents', 'null'::jsonb, 'and no cost');

-- Act 2: an admin sets the cost ----------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select lives_ok($$ select private.admin_set_monthly_cost(2500) $$, 'an admin sets the monthly cost');
reset role;
select results_eq(
  $$ select actor_id, action, target_type, target_id, before, after from public.admin_audit_log
     where action = 'settings.monthly_cost' $$,
  format($$ values (%L::uuid, 'settings.monthly_cost'::text, 'setting'::text, 'monthly_cost_cents'::text,
                   '{"monthlyCostCents": null}'::jsonb, '{"monthlyCostCents": 2500}'::jsonb) $$, tests.get_user_id('site_admin')),
  'the change is audited with the cost before and after'
);
select is(private.admin_lifetime_stats() -> 'monthlyCostCents', '2500'::jsonb, 'the lifetime figures show the cost');
-- Months operated: from the month of the first registration on record to this one, both included.
select (extract(year from age(date_trunc('month', now() at time zone 'UTC'),
                              date_trunc('month', min(created_at) at time zone 'UTC'))) * 12
        + extract(month from age(date_trunc('month', now() at time zone 'UTC'),
                                 date_trunc('month', min(created_at) at time zone 'UTC'))) + 1)::integer as months
from public.profiles \gset
select is(
  private.admin_lifetime_stats() -> 'profitMargin',
  to_jsonb(round((sum(amount_cents) - 2500 * :months)::numeric * 100 / sum(amount_cents), 2)),
  'the margin is (revenue - cost × months operated) / revenue, in percent to 2 decimals'
) from public.payments where status in ('completed', 'verified');

update public.profiles set created_at = now() - interval '2 years' where id = tests.get_user_id('member');
select private.recount_platform_daily_totals();
select is(
  private.admin_lifetime_stats() -> 'profitMargin',
  to_jsonb(round((sum(amount_cents) - 2500 * 25)::numeric * 100 / sum(amount_cents), 2)),
  'a platform running since two years ago has paid 25 months of costs'
) from public.payments where status in ('completed', 'verified');

delete from private.platform_daily_totals where metric = 'revenue_cents';
select is(private.admin_lifetime_stats() -> 'profitMargin', 'null'::jsonb, 'without revenue there is no margin to give');
delete from private.platform_daily_totals where metric = 'registered_users';
select is(
  jsonb_build_array(private.admin_lifetime_stats() -> 'averageValidationsPerUser',
                    private.admin_lifetime_stats() -> 'averageRevenuePerUser'),
  '[0, 0]'::jsonb,
  'with no accounts the averages are 0, not a division by zero'
);
select private.recount_platform_daily_totals();

select tests.authenticate_as('site_admin');
select lives_ok($$ select private.admin_set_monthly_cost(null) $$, 'an admin removes the cost');
select throws_ok($$ select private.admin_set_monthly_cost(-1) $$, 'P0422', 'monthly_cost_invalid',
  'a cost is not negative');
reset role;
select is(private.admin_lifetime_stats() -> 'profitMargin', 'null'::jsonb, 'and the margin is null again');
select is((select count(*) from public.admin_audit_log where action = 'settings.monthly_cost')::integer, 2,
  'both changes are audited');

-- Act 3: the financial report -----------------------------------------------------------------------------------------

select is(
  private.admin_financial_report('monthly', :'month_before_last'::date + 3, :'month_before_last'::date + 5)
    - 'byPaymentMethod',
  jsonb_build_object(
    'type', 'financial', 'reportType', 'monthly',
    'startDate', to_char(:'month_before_last'::date + 3, 'YYYY-MM-DD'),
    'endDate', to_char(:'month_before_last'::date + 4, 'YYYY-MM-DD'),
    'periods', jsonb_build_array(
      jsonb_build_object('period', to_char(:'month_before_last'::date + 3, 'YYYY-MM-DD'), 'revenueCents', 8800,
        'payments', 2, 'newUsers', 0, 'validations', 250, 'creditsGranted', 500),
      jsonb_build_object('period', to_char(:'month_before_last'::date + 4, 'YYYY-MM-DD'), 'revenueCents', 0,
        'payments', 0, 'newUsers', 0, 'validations', 1, 'creditsGranted', 0)),
    'totals', jsonb_build_object('revenueCents', 8800, 'payments', 2, 'newUsers', 0, 'validations', 251,
      'creditsGranted', 500)
  ),
  'a monthly report has a period per day: completed and verified payments, validations, credits granted and not revoked'
);
select is(
  private.admin_financial_report('monthly', :'month_before_last'::date + 3, :'month_before_last'::date + 5)
    -> 'byPaymentMethod',
  '[{"method": "stripe", "revenueCents": 8800, "payments": 2}]'::jsonb,
  'revenue by payment method counts only what was paid'
);

select is(
  jsonb_path_query_array(
    private.admin_financial_report('yearly', :'month_before_last'::date + 2, :'today'::date + 1), '$.periods[*].period'),
  (select jsonb_agg(to_char(m, 'YYYY-MM') order by m)
   from generate_series(:'month_before_last'::date, date_trunc('month', :'today'::date), interval '1 month') as m),
  'a yearly report has a period per calendar month, the first and last in part'
);
select is(
  private.admin_financial_report('yearly', :'month_before_last'::date + 2, :'today'::date + 1) -> 'totals',
  jsonb_build_object(
    'revenueCents', (select sum(amount_cents) from public.payments where status in ('completed', 'verified')
                     and created_at >= pg_temp.at(:'month_before_last'::date + 2) - interval '12 hours'),
    'payments', (select count(*) from public.payments where status in ('completed', 'verified')
                 and created_at >= pg_temp.at(:'month_before_last'::date + 2) - interval '12 hours'),
    'newUsers', (select count(*) from public.profiles where created_at >= pg_temp.at(:'month_before_last'::date + 2) - interval '12 hours'),
    'validations', (select sum(emails_processed) from public.validation_logs
                    where created_at >= pg_temp.at(:'month_before_last'::date + 2) - interval '12 hours'),
    'creditsGranted', 570),
  'its totals are the rows'' counts over the range'
);
select is(
  private.admin_financial_report('yearly', :'month_before_last'::date + 2, :'today'::date + 1) -> 'byPaymentMethod',
  '[{"method": "stripe", "revenueCents": 8800, "payments": 2}, {"method": "venmo", "revenueCents": 1200, "payments": 1}]'::jsonb,
  'payment methods by revenue, largest first'
);
select is(
  private.admin_financial_report('monthly', :'today'::date - 400, :'today'::date - 399) -> 'byPaymentMethod',
  '[]'::jsonb,
  'a period without payments has no payment methods'
);

select throws_ok(format($$ select private.admin_financial_report('weekly', %L, %L) $$, :'today', :'today'::date + 1),
  'P0422', 'report_type_invalid', 'a report is monthly or yearly');
select throws_ok(format($$ select private.admin_financial_report('monthly', %L, %L) $$, :'today', :'today'),
  'P0422', 'report_range_invalid', 'a report covers at least a day');
select throws_ok(format($$ select private.admin_financial_report('monthly', %L, %L) $$, :'today', :'today'::date - 3),
  'P0422', 'report_range_invalid', 'a reversed range is refused');
select throws_ok(format($$ select private.admin_financial_report('monthly', %L, %L) $$, :'today'::date - 31, :'today'::date + 1),
  'P0422', 'report_range_invalid', 'a monthly report spans at most 31 days');
select lives_ok(format($$ select private.admin_financial_report('monthly', %L, %L) $$, :'today'::date - 30, :'today'::date + 1),
  '31 days are a monthly report');
select throws_ok(format($$ select private.admin_financial_report('yearly', %L, %L) $$, :'today'::date - 366, :'today'::date + 1),
  'P0422', 'report_range_invalid', 'a yearly report spans at most 366 days');

-- Act 4: admins only ------------------------------------------------------------------------------------------------

select * from tests.assert_admin_only($$ select private.admin_lifetime_stats() $$, users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only($$ select private.admin_set_monthly_cost(100) $$, users => array['member']);
select * from tests.assert_admin_only(
  $$ select private.admin_financial_report('monthly', current_date, current_date + 1) $$, users => array['member'],
  admin => 'site_admin');

select * from finish();
rollback;
