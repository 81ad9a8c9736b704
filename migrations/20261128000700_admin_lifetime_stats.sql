-- The dashboard's lifetime figures: everything since the platform began, and the profit margin once an admin has
-- said what the platform costs a month (admin_settings monthly_cost_cents, set through
-- private.admin_set_monthly_cost). Until then the margin is null, never a guess. Admins only.

-- The monthly cost an admin set, in cents; null until set (or if the row does not hold a whole number).
create or replace function private.monthly_cost_cents()
returns bigint
language sql
stable
set search_path = ''
as $$
  select s.setting_value::bigint
  from public.admin_settings as s
  where s.setting_key = 'monthly_cost_cents' and s.setting_value ~ '^\d{1,15}$'
$$;
comment on function private.monthly_cost_cents() is 'The platform''s monthly cost in cents as an admin set it, or null.';
revoke execute on function private.monthly_cost_cents() from public;

create or replace function private.admin_lifetime_stats()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  totals record;
  cost_per_month constant bigint := private.monthly_cost_cents();
  months_operated integer;
begin
  perform private.require_admin();

  select
    coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'validations'), 0) as validations,
    coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'registered_users'), 0) as registered,
    coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'anonymous_sessions'), 0) as anonymous,
    coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'contacts'), 0) as contacts,
    coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'revenue_cents'), 0) as revenue,
    coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'contact_lists'), 0) as lists
  into totals
  from private.platform_daily_totals as t;

  -- Calendar months from the month of the first registration still on record to this month, both included.
  select (pg_catalog.date_part('year', now_month) - pg_catalog.date_part('year', first_month)) * 12
         + pg_catalog.date_part('month', now_month) - pg_catalog.date_part('month', first_month) + 1
  into months_operated
  from (
    select pg_catalog.date_trunc('month', pg_catalog.min(f.day)) as first_month,
      pg_catalog.date_trunc('month', private.utc_day(pg_catalog.now())) as now_month
    from (
      select t.day from private.platform_daily_totals as t
      where t.metric = 'new_users'
      group by t.day
      having pg_catalog.sum(t.amount) > 0
    ) as f
  ) as m;

  return pg_catalog.jsonb_build_object(
    -- Addresses ever validated (single, bulk and API), by accounts still on record and by visitors.
    'totalValidations', totals.validations,
    -- Registered accounts plus anonymous sessions (browsers that validated without an account).
    'totalAllUsers', totals.registered + totals.anonymous,
    'totalRegisteredUsers', totals.registered,
    'totalContacts', totals.contacts,
    -- Cents of completed or verified payments.
    'totalRevenue', totals.revenue,
    -- Per registered account, 2 decimals; 0 without accounts.
    'averageValidationsPerUser',
      case when totals.registered = 0 then 0 else pg_catalog.round(totals.validations::numeric / totals.registered, 2) end,
    'averageRevenuePerUser',
      case when totals.registered = 0 then 0 else pg_catalog.round(totals.revenue::numeric / totals.registered, 2) end,
    -- (revenue - cost) / revenue in percent, 2 decimals, where cost is the monthly cost times the months operated;
    -- null until the cost is set, and while there is no revenue to divide by.
    'profitMargin',
      case when cost_per_month is null or totals.revenue = 0 then null
      else pg_catalog.round(
        (totals.revenue - cost_per_month * coalesce(months_operated, 1))::numeric * 100 / totals.revenue, 2)
      end,
    -- Contact lists not deleted.
    'totalContactLists', totals.lists,
    'monthlyCostCents', cost_per_month
  );
end;
$$;
comment on function private.admin_lifetime_stats() is
  'Admins: the lifetime figures, averages per registered account and the profit margin (null until the monthly cost '
  'is set).';
revoke execute on function private.admin_lifetime_stats() from public;
grant execute on function private.admin_lifetime_stats() to authenticated;
