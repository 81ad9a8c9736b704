-- CRM sync counters (the Zoho screens' tiles), read from sync items as the signed-in user: RLS decides whose items
-- count. A user counts their own; an admin's call without a user counts every user's (the platform's totals), and a
-- non-admin's the same call still counts only their own. Single, inline and bulk syncs all leave items, so all count;
-- a contact synced in two runs counts twice, as two syncs.

create or replace function public.crm_sync_stats(p_user_id uuid default null)
returns table (
  total_syncs integer,
  contacts_created integer,
  contacts_updated integer,
  contacts_skipped integer,
  successful_syncs integer,
  failed_syncs integer
)
language sql
stable
set search_path = ''
as $$
  select
    pg_catalog.count(*)::integer,
    pg_catalog.count(*) filter (where i.outcome = 'created')::integer,
    pg_catalog.count(*) filter (where i.outcome = 'updated')::integer,
    pg_catalog.count(*) filter (where i.outcome = 'skipped')::integer,
    pg_catalog.count(*) filter (where i.outcome in ('created', 'updated', 'skipped'))::integer,
    pg_catalog.count(*) filter (where i.outcome = 'failed')::integer
  from public.crm_sync_items as i
  where i.outcome is not null and (p_user_id is null or i.user_id = p_user_id)
$$;
comment on function public.crm_sync_stats(uuid) is
  'The contract''s syncStatsSchema over the sync items the caller may read: p_user_id''s, or all they may read (an '
  'admin: everyone''s). Contacts not yet synced do not count.';
revoke execute on function public.crm_sync_stats(uuid) from public;
grant execute on function public.crm_sync_stats(uuid) to authenticated;
