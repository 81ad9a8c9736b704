-- System popups: the rules an admin's edit must keep, and who made the last one.
--
-- Every visitor sees these texts, so the table refuses what the edit form refuses (the api checks the same rules
-- first and names the field): a title of 1 to 120 characters, content up to 1,000, a button text of 1 to 40, a button
-- link that is a path on this site or an https URL (never javascript:, data: or a protocol-relative //host), 1 to 12
-- features each {text of 1 to 200 characters, highlight true or false}, and pricing holding only monthly, payPerUse
-- and annual texts of up to 100 characters. There are three popups, one per type: upgrade_limit, welcome and
-- discount_offer (seeded in the next migration).
--
-- updated_by is whoever inserted or last updated the row, taken from the request's identity by a trigger, so no
-- caller can name someone else (null for the migrations' own rows and for the service role).

-- Helpers ---------------------------------------------------------------------------------------------------------

create or replace function private.system_popup_features_valid(p_features jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_typeof(p_features) = 'array'
     and pg_catalog.jsonb_array_length(p_features) between 1 and 12
     and not exists (
       select from pg_catalog.jsonb_array_elements(p_features) as f(feature)
        where pg_catalog.jsonb_typeof(f.feature) is distinct from 'object'
           or (f.feature - array['text', 'highlight']) <> '{}'::jsonb
           or pg_catalog.jsonb_typeof(f.feature -> 'highlight') is distinct from 'boolean'
           or pg_catalog.jsonb_typeof(f.feature -> 'text') is distinct from 'string'
           or pg_catalog.btrim(f.feature ->> 'text') = ''
           or pg_catalog.char_length(f.feature ->> 'text') > 200)
$$;
comment on function private.system_popup_features_valid(jsonb) is
  'Check: 1 to 12 features, each exactly {text: 1 to 200 characters, not blank; highlight: boolean}.';
revoke execute on function private.system_popup_features_valid(jsonb) from public;
-- The table's checks run as whoever writes the row.
grant execute on function private.system_popup_features_valid(jsonb) to authenticated, service_role;

create or replace function private.system_popup_pricing_valid(p_pricing jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_typeof(p_pricing) = 'object'
     and (p_pricing - array['monthly', 'payPerUse', 'annual']) = '{}'::jsonb
     and not exists (
       select from pg_catalog.jsonb_each(p_pricing) as p(key, value)
        where pg_catalog.jsonb_typeof(p.value) is distinct from 'string'
           or pg_catalog.char_length(p.value #>> '{}') > 100)
$$;
comment on function private.system_popup_pricing_valid(jsonb) is
  'Check: pricing holds only monthly, payPerUse and annual, each a text of up to 100 characters.';
revoke execute on function private.system_popup_pricing_valid(jsonb) from public;
grant execute on function private.system_popup_pricing_valid(jsonb) to authenticated, service_role;

-- Table -----------------------------------------------------------------------------------------------------------

-- A new popup states its features: the old default, an empty list, is no longer a valid popup.
alter table public.system_popups alter column features drop default;

alter table public.system_popups
  add column updated_by uuid references public.profiles (id) on delete set null,
  add constraint system_popups_popup_type_known
    check (popup_type in ('upgrade_limit', 'welcome', 'discount_offer')),
  add constraint system_popups_title_length
    check (pg_catalog.btrim(title) <> '' and pg_catalog.char_length(title) <= 120),
  add constraint system_popups_content_length check (pg_catalog.char_length(content) <= 1000),
  add constraint system_popups_button_text_length
    check (pg_catalog.btrim(button_text) <> '' and pg_catalog.char_length(button_text) <= 40),
  add constraint system_popups_button_url_safe
    check (pg_catalog.char_length(button_url) <= 500 and button_url ~ '^(/([^/\\]|$)|https://)'),
  add constraint system_popups_features_valid check (private.system_popup_features_valid(features)),
  add constraint system_popups_pricing_valid check (private.system_popup_pricing_valid(pricing));

comment on column public.system_popups.updated_by is
  'The admin who created or last edited the popup (set by a trigger from the request; null for seeded rows).';

create index system_popups_updated_by_idx on public.system_popups (updated_by) where updated_by is not null;

-- Protective trigger ----------------------------------------------------------------------------------------------

create or replace function private.stamp_system_popup_editor()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_by := (select auth.uid());
  return new;
end;
$$;
comment on function private.stamp_system_popup_editor() is
  'Trigger: records the signed-in caller as the popup''s updated_by on every insert and update.';
revoke execute on function private.stamp_system_popup_editor() from public;

create trigger system_popups_stamp_editor
  before insert or update on public.system_popups
  for each row execute function private.stamp_system_popup_editor();
