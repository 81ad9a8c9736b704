-- Platform settings that admins change at run time without a deploy: one text value per key.
--
-- The rate limits (rate_limit_* keys, added by the migration that uses them) are the first; the admin dashboard edits
-- them later. SQL reads a setting through private.setting_integer(), which falls back to the caller's default when a
-- row is missing or does not hold a whole number, so a bad edit can never switch a limit off. Only admins read or
-- write rows; nobody else needs them, since the functions that apply a setting read it with definer rights.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.admin_settings (
  id bigint generated always as identity primary key,
  setting_key text not null constraint admin_settings_setting_key_format check (setting_key ~ '^[a-z][a-z0-9_]{0,62}$'),
  setting_value text not null constraint admin_settings_setting_value_length check (char_length(setting_value) <= 2000),
  description text not null default '' constraint admin_settings_description_length check (char_length(description) <= 500),
  updated_at timestamptz not null default now(),
  constraint admin_settings_setting_key_key unique (setting_key)
);

comment on table public.admin_settings is 'Run-time platform settings, one text value per key; admins edit them.';
comment on column public.admin_settings.setting_key is 'What the setting is, e.g. rate_limit_validations_per_minute.';
comment on column public.admin_settings.setting_value is 'Its value as text; each reader parses the type it expects.';

create trigger admin_settings_touch_updated_at
  before update on public.admin_settings
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may attempt every command, which the policies allow to admins only; visitors get nothing.

revoke all on table public.admin_settings from anon, authenticated, service_role;
grant select, insert, update, delete on table public.admin_settings to authenticated;
grant select, insert, update, delete on table public.admin_settings to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.admin_settings enable row level security;

-- Helpers ---------------------------------------------------------------------------------------------------------

create or replace function private.setting_integer(p_key text, p_default integer)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select s.setting_value::integer from public.admin_settings as s
      where s.setting_key = p_key and s.setting_value ~ '^\s*\d{1,9}\s*$'),
    p_default
  )
$$;
comment on function private.setting_integer(text, integer) is
  'A whole-number setting, else the default. Definer: limits apply to callers who may not read admin_settings.';
revoke execute on function private.setting_integer(text, integer) from public;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read settings"
  on public.admin_settings for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can add settings"
  on public.admin_settings for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change settings"
  on public.admin_settings for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove settings"
  on public.admin_settings for delete
  to authenticated
  using ((select private.is_admin()));
