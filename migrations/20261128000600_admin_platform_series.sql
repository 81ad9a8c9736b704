-- The dashboard's charts for a window of whole UTC days, [p_from, p_to): validations and sign-ups per day, revenue
-- per month, every day and month of the window present (zero when nothing happened), so a chart needs no gap filling.
-- A month at either end of the window counts only its days inside the window. From the daily totals, like the
-- figures, so the two agree. Admins only; at most two years of days, so an answer stays a chart's size.

create or replace function private.admin_platform_series(p_from date, p_to date)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  series jsonb;
begin
  perform private.require_admin();
  if p_from is null or p_to is null or p_from >= p_to or p_to - p_from > 731 then
    raise exception 'window_invalid' using errcode = 'P0422';
  end if;

  with days as (
    select d::date as day from pg_catalog.generate_series(p_from, p_to - 1, interval '1 day') as d
  ),
  daily as (
    select t.day,
      pg_catalog.sum(t.amount) filter (where t.metric = 'validations') as validations,
      pg_catalog.sum(t.amount) filter (where t.metric = 'new_users') as signups,
      pg_catalog.sum(t.amount) filter (where t.metric = 'revenue_cents') as cents
    from private.platform_daily_totals as t
    where t.day >= p_from and t.day < p_to and t.metric in ('validations', 'new_users', 'revenue_cents')
    group by t.day
  ),
  filled as (
    select d.day, coalesce(y.validations, 0) as validations, coalesce(y.signups, 0) as signups,
      coalesce(y.cents, 0) as cents
    from days as d
    left join daily as y on y.day = d.day
  )
  select pg_catalog.jsonb_build_object(
    'validationsPerDay', (
      select pg_catalog.jsonb_agg(
        pg_catalog.jsonb_build_object('day', pg_catalog.to_char(f.day, 'YYYY-MM-DD'), 'count', f.validations)
        order by f.day)
      from filled as f
    ),
    'signupsPerDay', (
      select pg_catalog.jsonb_agg(
        pg_catalog.jsonb_build_object('day', pg_catalog.to_char(f.day, 'YYYY-MM-DD'), 'count', f.signups)
        order by f.day)
      from filled as f
    ),
    'revenuePerMonth', (
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('month', m.month, 'cents', m.cents) order by m.month)
      from (
        select pg_catalog.to_char(f.day, 'YYYY-MM') as month, pg_catalog.sum(f.cents) as cents
        from filled as f
        group by 1
      ) as m
    )
  )
  into series;
  return series;
end;
$$;
comment on function private.admin_platform_series(date, date) is
  'Admins: validations and sign-ups per day and revenue per month over the UTC days [p_from, p_to), zeros filled '
  '(window_invalid P0422 when reversed or over 731 days).';
revoke execute on function private.admin_platform_series(date, date) from public;
grant execute on function private.admin_platform_series(date, date) to authenticated;
