-- Fresh crawls of one domain are limited per caller.
--
-- A kept exploration younger than a day is answered again; asking for a fresh crawl (fullDataCollection) crawls the
-- site again. Without a limit, one anonymous validation would unlock unlimited crawls of its domain, and anyone could
-- turn our crawler on a site. Each user, anonymous session (or, without one, client network) may refresh one domain
-- rate_limit_domain_refreshes_per_day times in 24 hours.

insert into public.admin_settings (setting_key, setting_value, description) values
  ('rate_limit_domain_refreshes_per_day', '3',
   'Fresh crawls (fullDataCollection) of one domain per user, anonymous session or client network, in 24 hours.')
on conflict (setting_key) do nothing;

create or replace function private.take_domain_refresh(p_refresher text, p_domain text)
returns private.rate_limit_decision
language sql
security definer
set search_path = ''
as $$
  select private.take_rate_limit(
    p_refresher, 'domain_refresh:' || pg_catalog.lower(p_domain),
    private.setting_integer('rate_limit_domain_refreshes_per_day', 3), 86400
  )
$$;
comment on function private.take_domain_refresh(text, text) is
  'Counts a fresh crawl of a domain for a refresher (user:<id>, session:<id> or network:<address>) if it fits.';
revoke execute on function private.take_domain_refresh(text, text) from public;
grant execute on function private.take_domain_refresh(text, text) to service_role;
