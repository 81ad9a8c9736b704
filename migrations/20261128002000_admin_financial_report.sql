-- The financial report an admin generates: per period, the revenue, the payments it came from, the new users, the
-- validations and the credits granted, with revenue by payment method and the totals.
--
-- A monthly report's periods are days (at most 31), a yearly report's are calendar months (at most 366 days; a month
-- at either end counts only its days inside the range). The api passes the inclusive end date plus one, so the range
-- is [p_from, p_to) in whole UTC days. Revenue and payments count completed and verified payments; new users and
-- validations come from the daily totals, as on the dashboard; credits granted are the grants made in the period and
-- not revoked (public.credit_grants, the credit grants migration, which this file must follow). Admins only; reading
-- a report changes nothing, so nothing is audited.

create or replace function private.admin_financial_report(p_type text, p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  unit constant text := case p_type when 'monthly' then 'day' when 'yearly' then 'month' end;
  from_moment constant timestamptz := p_from::timestamp at time zone 'UTC';
  to_moment constant timestamptz := p_to::timestamp at time zone 'UTC';
  report jsonb;
begin
  perform private.require_admin();
  if unit is null then
    raise exception 'report_type_invalid' using errcode = 'P0422';
  end if;
  if p_from is null or p_to is null or p_from >= p_to
     or p_to - p_from > (case unit when 'day' then 31 else 366 end) then
    raise exception 'report_range_invalid' using errcode = 'P0422';
  end if;

  with periods as (
    select pg_catalog.to_char(s, case unit when 'day' then 'YYYY-MM-DD' else 'YYYY-MM' end) as period,
      greatest(s::date, p_from) as starts,
      least((s + pg_catalog.make_interval(days => (unit = 'day')::integer, months => (unit = 'month')::integer))::date,
            p_to) as ends
    from pg_catalog.generate_series(
      pg_catalog.date_trunc(unit, p_from::timestamp), (p_to - 1)::timestamp,
      pg_catalog.make_interval(days => (unit = 'day')::integer, months => (unit = 'month')::integer)
    ) as s
  ),
  paid as materialized (
    select private.utc_day(p.created_at) as day, p.amount_cents, p.payment_method
    from public.payments as p
    where p.status in ('completed', 'verified') and p.created_at >= from_moment and p.created_at < to_moment
  ),
  granted as materialized (
    select private.utc_day(g.created_at) as day, g.credit_amount
    from public.credit_grants as g
    where g.revoked_at is null and g.created_at >= from_moment and g.created_at < to_moment
  ),
  counted as materialized (
    select t.day, t.metric, pg_catalog.sum(t.amount) as amount
    from private.platform_daily_totals as t
    where t.day >= p_from and t.day < p_to and t.metric in ('new_users', 'validations')
    group by t.day, t.metric
  ),
  per_period as (
    select pr.period, pr.starts,
      (select coalesce(pg_catalog.sum(x.amount_cents), 0) from paid as x where x.day >= pr.starts and x.day < pr.ends)
        as revenue_cents,
      (select pg_catalog.count(*) from paid as x where x.day >= pr.starts and x.day < pr.ends) as payments,
      (select coalesce(pg_catalog.sum(c.amount), 0) from counted as c
        where c.metric = 'new_users' and c.day >= pr.starts and c.day < pr.ends) as new_users,
      (select coalesce(pg_catalog.sum(c.amount), 0) from counted as c
        where c.metric = 'validations' and c.day >= pr.starts and c.day < pr.ends) as validations,
      (select coalesce(pg_catalog.sum(g.credit_amount), 0) from granted as g where g.day >= pr.starts and g.day < pr.ends)
        as credits_granted
    from periods as pr
  )
  select pg_catalog.jsonb_build_object(
    'type', 'financial',
    'reportType', p_type,
    'startDate', pg_catalog.to_char(p_from, 'YYYY-MM-DD'),
    'endDate', pg_catalog.to_char(p_to - 1, 'YYYY-MM-DD'),
    'periods', pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
      'period', r.period, 'revenueCents', r.revenue_cents, 'payments', r.payments, 'newUsers', r.new_users,
      'validations', r.validations, 'creditsGranted', r.credits_granted
    ) order by r.starts),
    'byPaymentMethod', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
        'method', m.payment_method, 'revenueCents', m.revenue_cents, 'payments', m.payments
      ) order by m.revenue_cents desc, m.payment_method), '[]'::jsonb)
      from (
        select x.payment_method, pg_catalog.sum(x.amount_cents) as revenue_cents, pg_catalog.count(*) as payments
        from paid as x group by x.payment_method
      ) as m
    ),
    'totals', pg_catalog.jsonb_build_object(
      'revenueCents', pg_catalog.sum(r.revenue_cents), 'payments', pg_catalog.sum(r.payments),
      'newUsers', pg_catalog.sum(r.new_users), 'validations', pg_catalog.sum(r.validations),
      'creditsGranted', pg_catalog.sum(r.credits_granted)
    )
  )
  into report
  from per_period as r;
  return report;
end;
$$;
comment on function private.admin_financial_report(text, date, date) is
  'Admins: the financial report over the UTC days [p_from, p_to), by day (monthly, at most 31 days) or by month '
  '(yearly, at most 366 days); P0422 report_type_invalid or report_range_invalid.';
revoke execute on function private.admin_financial_report(text, date, date) from public;
grant execute on function private.admin_financial_report(text, date, date) to authenticated;
