-- The dashboard's platform figures for a window of whole UTC days, [p_from, p_to).
--
-- The api turns a timeframe (today, last7days, lastquarter, ...) and the window before it into dates and asks once
-- per window. Every figure comes from the daily totals (platform daily totals migration) and the active days (user
-- activity migration), so the answer reads a few thousand small rows whatever the platform's size. Admins only.

create or replace function private.admin_platform_stats(p_from date, p_to date)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- The calendar month of the window's last day, from its 1st up to the window's end.
  month_start constant date := pg_catalog.date_trunc('month', p_to - 1)::date;
  figures jsonb;
begin
  perform private.require_admin();
  if p_from is null or p_to is null or p_from >= p_to then
    raise exception 'window_invalid' using errcode = 'P0422';
  end if;

  select pg_catalog.jsonb_build_object(
    -- Registered accounts at the window's end (accounts deleted since still count in windows before the deletion).
    'totalUsers', coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'registered_users'), 0),
    -- Distinct signed-in users who validated, explored or signed in on a day of the window.
    'activeUsers', private.active_users_between(p_from, p_to),
    -- Addresses validated in the window: single, bulk and API (validation_logs.emails_processed).
    'totalValidations', coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'validations' and t.day >= p_from), 0),
    -- Addresses validated in the month of the window's last day, up to the window's end.
    'monthlyValidations',
      coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'validations' and t.day >= month_start), 0),
    -- Cents of payments made in the window that are completed or verified.
    'totalRevenue', coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'revenue_cents' and t.day >= p_from), 0),
    -- Cents of completed or verified payments in the month of the window's last day, up to the window's end.
    'monthlyRevenue',
      coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'revenue_cents' and t.day >= month_start), 0),
    -- Saved contacts at the window's end.
    'totalContacts', coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'contacts'), 0),
    -- Contact lists not deleted at the window's end (every user's General list included).
    'totalContactLists', coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'contact_lists'), 0),
    -- Contact lists soft-deleted before the window's end and still kept.
    'deletedContactLists', coalesce(pg_catalog.sum(t.amount) filter (where t.metric = 'deleted_contact_lists'), 0)
  )
  into figures
  from private.platform_daily_totals as t
  where t.day < p_to;
  return figures;
end;
$$;
comment on function private.admin_platform_stats(date, date) is
  'Admins: the platform figures for the UTC days [p_from, p_to) (window_invalid P0422 unless p_from < p_to).';
revoke execute on function private.admin_platform_stats(date, date) from public;
grant execute on function private.admin_platform_stats(date, date) to authenticated;
