-- Marketing's switches: whether campaigns reach visitors at all, do-not-disturb, click and conversion tracking, and
-- whether events keep the visitor's segment.
--
-- They are admin_settings rows, so admins change them at run time and delivery, sends and event recording read them
-- at use time through private.marketing_setting(). A missing or unreadable value counts as on, the shipped default of
-- every switch but segmentation, so a bad edit cannot silently stop what marketing was doing. A/B testing is not
-- stored: it is not available, so it is always off. Admins save the switches together through
-- private.save_marketing_settings(), audited as marketing.settings_saved.
--
-- Refusals (SQLSTATE and reason):
--   P0403 admins_only        the caller is not an admin
--   P0422 settings_invalid   not an object of the five switches as true or false

insert into public.admin_settings (setting_key, setting_value, description) values
  ('marketing_enabled', 'true', 'Whether marketing campaigns reach visitors and scheduled sends go out.'),
  ('marketing_respect_dnd', 'true', 'Do-not-disturb: no popup within 24 hours of a visitor dismissing any campaign.'),
  ('marketing_click_tracking', 'true', 'Whether campaign clicks are recorded (the redirect works either way).'),
  ('marketing_conversion_tracking', 'true', 'Whether sign-ups and payments after a campaign click are recorded.'),
  ('marketing_user_segmentation', 'false', 'Whether campaign events keep the visitor''s segment for the analytics.')
on conflict (setting_key) do nothing;

-- Functions -------------------------------------------------------------------------------------------------------

-- Definer: delivery and event recording apply the switches for callers who may not read admin_settings.
create or replace function private.marketing_setting(key text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select pg_catalog.lower(pg_catalog.btrim(s.setting_value)) <> 'false'
       from public.admin_settings as s
      where s.setting_key = key and pg_catalog.lower(pg_catalog.btrim(s.setting_value)) in ('true', 'false')),
    true
  )
$$;
comment on function private.marketing_setting(text) is
  'A marketing switch (marketing_enabled, marketing_respect_dnd, ...): true unless stored as false.';
revoke execute on function private.marketing_setting(text) from public;
grant execute on function private.marketing_setting(text) to service_role;

-- The five switches as the contract's MarketingSettings (abTesting always false).
create or replace function private.marketing_settings()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'marketingEnabled', private.marketing_setting('marketing_enabled'),
    'respectDoNotDisturb', private.marketing_setting('marketing_respect_dnd'),
    'abTesting', false,
    'clickTracking', private.marketing_setting('marketing_click_tracking'),
    'conversionTracking', private.marketing_setting('marketing_conversion_tracking'),
    'userSegmentation', private.marketing_setting('marketing_user_segmentation')
  )
$$;
comment on function private.marketing_settings() is 'The marketing switches as MarketingSettings (camelCase keys).';
revoke execute on function private.marketing_settings() from public;
grant execute on function private.marketing_settings() to service_role;

create or replace function private.save_marketing_settings(settings jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  keys constant jsonb := '{"marketingEnabled": "marketing_enabled", "respectDoNotDisturb": "marketing_respect_dnd",
    "clickTracking": "marketing_click_tracking", "conversionTracking": "marketing_conversion_tracking",
    "userSegmentation": "marketing_user_segmentation"}'::jsonb;
  previous jsonb;
  saved jsonb;
begin
  perform private.require_admin();
  -- Every switch, each true or false; abTesting may come along only as false.
  perform private.require_valid(
    pg_catalog.jsonb_typeof(settings) = 'object'
      and not exists (
        select from pg_catalog.jsonb_object_keys(keys) as k(name)
         where pg_catalog.jsonb_typeof(settings -> k.name) is distinct from 'boolean')
      and not exists (
        select from pg_catalog.jsonb_each(settings) as s
         where not keys ? s.key and not (s.key = 'abTesting' and s.value = 'false'::jsonb)),
    'settings_invalid');

  previous := private.marketing_settings();
  insert into public.admin_settings as a (setting_key, setting_value, description)
  select k.value #>> '{}', (settings -> k.key)::text, ''
    from pg_catalog.jsonb_each(keys) as k
  on conflict (setting_key) do update set setting_value = excluded.setting_value;
  saved := private.marketing_settings();

  perform private.write_admin_audit('marketing.settings_saved', 'admin_settings', 'marketing', previous, saved);
  return saved;
end;
$$;
comment on function private.save_marketing_settings(jsonb) is
  'Admins: saves the five marketing switches ({marketingEnabled, respectDoNotDisturb, clickTracking, '
  'conversionTracking, userSegmentation}, abTesting only false), audited; answers them as saved.';
revoke execute on function private.save_marketing_settings(jsonb) from public;
grant execute on function private.save_marketing_settings(jsonb) to authenticated;
