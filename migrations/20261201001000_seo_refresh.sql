-- SEO refresh (pg_cron): landing pages are read again when they are older than their change frequency, so an MX
-- change or new validation figures reach the page. Every ten minutes, while a page is due, the schedule kicks the
-- seo-refresh-worker function through private.kick_worker (the way campaign sends and bulk validation reach their
-- workers); the worker renders the due pages again and moves a page's last_updated (the sitemap's lastmod) only when
-- what it shows changed. cron.schedule with a job name replaces a job of that name, so the migration is safe to run
-- again.

-- Indexes ---------------------------------------------------------------------------------------------------------

-- The due pages, the longest unrefreshed first.
create index seo_landing_pages_refresh_idx on public.seo_landing_pages (refreshed_at) where removed_at is null;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.seo_change_freq_interval(p_change_freq text)
returns interval
language sql
immutable
set search_path = ''
as $$
  select case p_change_freq
    when 'always' then interval '0'
    when 'hourly' then interval '1 hour'
    when 'daily' then interval '1 day'
    when 'weekly' then interval '7 days'
    when 'monthly' then interval '1 month'
    when 'yearly' then interval '1 year'
  end
$$;
comment on function private.seo_change_freq_interval(text) is
  'How long a landing page of this change frequency stays fresh; null for never (and anything unknown): never due.';
revoke execute on function private.seo_change_freq_interval(text) from public, anon, authenticated;
grant execute on function private.seo_change_freq_interval(text) to service_role;

create or replace function private.seo_refresh_due()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.seo_landing_pages as p
    where p.removed_at is null and p.refreshed_at < pg_catalog.now() - private.seo_change_freq_interval(p.change_freq)
  )
$$;
comment on function private.seo_refresh_due() is
  'Whether an unremoved landing page is older than its change frequency: the schedule kicks the refresh worker then.';
revoke execute on function private.seo_refresh_due() from public, anon, authenticated;
grant execute on function private.seo_refresh_due() to service_role;

-- Schedule --------------------------------------------------------------------------------------------------------

select cron.schedule(
  'seo-refresh',
  '*/10 * * * *',
  $$select private.kick_worker('seo-refresh-worker') where private.seo_refresh_due()$$
);
