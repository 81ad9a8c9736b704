-- Saving CRM affiliate ads: the Zoho preset and the admin's save by crm_type.
--
-- Both are admin actions (definer, private.require_admin() first) whose rows the affiliate_settings audit trigger
-- records; a row's crm_type is never changed, so an id names one partner for good.
--   init_zoho_affiliate     creates the zoho row with its defaults (inactive, Zoho CRM's sign-up page)
--   save_affiliate_setting  creates or updates the row of p.crmType (AffiliateSettingInput, already checked by the
--                           api); p.id, when given, must be that row
--
-- Refusals (SQLSTATE and reason):
--   P0403 admins_only           the caller is not an admin
--   P0409 zoho_exists           a zoho row exists already
--   P0409 crm_type_locked       p.id names the row of another crm_type
--   P0404 affiliate_not_found   p.id names no row
--   P0422 setting_invalid       not an object with crmType, adTitle and adDescription

create or replace function private.init_zoho_affiliate()
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  created uuid;
begin
  perform private.require_admin();
  insert into public.affiliate_settings (crm_type, affiliate_url, is_active, ad_title, ad_description, ad_button_text)
  values (
    'zoho', 'https://www.zoho.com/crm/', false,
    'Turn your validated list into customers',
    'Your addresses are clean. Zoho CRM keeps your contacts, deals and follow-ups in one place: try it free.',
    'Sign Up'
  )
  on conflict (crm_type) do nothing
  returning id into created;
  if created is null then
    raise exception 'zoho_exists' using errcode = 'P0409', detail = 'Zoho settings already exist';
  end if;
  return created;
end;
$$;
comment on function private.init_zoho_affiliate() is
  'Admins: creates the inactive zoho affiliate ad with its defaults; P0409 zoho_exists when there is one.';
revoke execute on function private.init_zoho_affiliate() from public;
grant execute on function private.init_zoho_affiliate() to authenticated;

create or replace function private.save_affiliate_setting(p jsonb)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  conditions constant jsonb := coalesce(p -> 'displayConditions', '{}');
  crm constant text := p ->> 'crmType';
  stored_crm text;
  saved uuid;
begin
  perform private.require_admin();
  perform private.require_valid(
    pg_catalog.jsonb_typeof(p) = 'object' and crm is not null and p ? 'adTitle' and p ? 'adDescription',
    'setting_invalid');

  if p ->> 'id' is not null then
    select s.crm_type into stored_crm from public.affiliate_settings as s where s.id = (p ->> 'id')::uuid for update;
    if not found then
      raise exception 'affiliate_not_found' using errcode = 'P0404';
    end if;
    if stored_crm <> crm then
      raise exception 'crm_type_locked' using errcode = 'P0409', detail = 'CRM type cannot be changed';
    end if;
  end if;

  insert into public.affiliate_settings as s (
    crm_type, affiliate_url, is_active, ad_title, ad_description, ad_button_text, ad_image_url,
    show_after_bulk_validation, show_after_validation_count, max_shows_per_user, days_between_shows
  )
  values (
    crm, nullif(p ->> 'affiliateUrl', ''), coalesce((p ->> 'isActive')::boolean, false), p ->> 'adTitle',
    p ->> 'adDescription', coalesce(p ->> 'adButtonText', 'Sign Up'), nullif(p ->> 'adImageUrl', ''),
    coalesce((conditions ->> 'showAfterBulkValidation')::boolean, true),
    coalesce((conditions ->> 'showAfterValidationCount')::integer, 10),
    coalesce((conditions ->> 'maxShowsPerUser')::integer, 3),
    coalesce((conditions ->> 'daysBetweenShows')::integer, 7)
  )
  on conflict (crm_type) do update
    set affiliate_url = excluded.affiliate_url,
        is_active = excluded.is_active,
        ad_title = excluded.ad_title,
        ad_description = excluded.ad_description,
        ad_button_text = excluded.ad_button_text,
        ad_image_url = excluded.ad_image_url,
        show_after_bulk_validation = excluded.show_after_bulk_validation,
        show_after_validation_count = excluded.show_after_validation_count,
        max_shows_per_user = excluded.max_shows_per_user,
        days_between_shows = excluded.days_between_shows
  returning s.id into saved;
  return saved;
end;
$$;
comment on function private.save_affiliate_setting(jsonb) is
  'Admins: creates or updates the affiliate ad of p.crmType from an AffiliateSettingInput; answers its id. '
  'P0404 affiliate_not_found / P0409 crm_type_locked when p.id is unknown or another partner''s.';
revoke execute on function private.save_affiliate_setting(jsonb) from public;
grant execute on function private.save_affiliate_setting(jsonb) to authenticated;
