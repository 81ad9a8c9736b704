-- An admin's edit of a system popup: a definer function that checks the caller is an admin, replaces the popup's
-- texts, features, pricing and active switch, and writes the admin audit log (before and after) in the same
-- transaction, as the other admin actions do. The table's checks hold the rules; the api checks them first and
-- names the field, so a refusal here is a caller the api did not stop.
--
-- Refusals (SQLSTATE and reason):
--   P0404 popup_not_found    no popup with that id

-- Helpers ---------------------------------------------------------------------------------------------------------

-- What the audit log keeps of a popup: every field an admin edits.
create or replace function private.system_popup_audit_fields(p_popup public.system_popups)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'popupType', p_popup.popup_type,
    'title', p_popup.title,
    'content', p_popup.content,
    'features', p_popup.features,
    'buttonText', p_popup.button_text,
    'buttonUrl', p_popup.button_url,
    'pricing', p_popup.pricing,
    'isActive', p_popup.is_active
  )
$$;
comment on function private.system_popup_audit_fields(public.system_popups) is
  'The fields of a system popup the admin audit log records, named as the api names them.';
revoke execute on function private.system_popup_audit_fields(public.system_popups) from public;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.admin_update_system_popup(
  p_id bigint,
  p_title text,
  p_content text,
  p_features jsonb,
  p_button_text text,
  p_button_url text,
  p_pricing jsonb,
  p_is_active boolean
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  before_edit public.system_popups;
  after_edit public.system_popups;
begin
  perform private.require_admin();
  select * into before_edit from public.system_popups as p where p.id = p_id for update;
  if not found then
    raise exception 'popup_not_found' using errcode = 'P0404';
  end if;
  update public.system_popups as p
     set title = p_title, content = p_content, features = p_features, button_text = p_button_text,
         button_url = p_button_url, pricing = p_pricing, is_active = p_is_active
   where p.id = p_id
  returning * into after_edit;
  perform private.write_admin_audit('system_popup.updated', 'system_popup', p_id::text,
    private.system_popup_audit_fields(before_edit), private.system_popup_audit_fields(after_edit));
end;
$$;
comment on function private.admin_update_system_popup(bigint, text, text, jsonb, text, text, jsonb, boolean) is
  'Admins: replaces a system popup''s texts, features, pricing and active switch, audited as system_popup.updated; '
  'raises P0404 popup_not_found.';
revoke execute on function private.admin_update_system_popup(bigint, text, text, jsonb, text, text, jsonb, boolean)
  from public;
grant execute on function private.admin_update_system_popup(bigint, text, text, jsonb, text, text, jsonb, boolean)
  to authenticated;
