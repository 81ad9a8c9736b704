-- What an admin changes on the SEO dashboard: a page's indexable switch, deleting a page, adding a keyword target,
-- deciding a removal request, and noting a regeneration. Each is a definer function that checks the caller is an admin,
-- makes the change and writes the admin audit log in the same transaction, as the other admin actions do.
--
-- A deleted page's keyword target keeps is_generated true (its page_id goes null through the foreign key), so the next
-- bulk generation does not make the page again: a deletion stays deleted.
--
-- Refusals (SQLSTATE and reason):
--   P0404 seo_page_not_found      no page with that id
--   P0409 seo_keyword_exists      the keyword (case and spaces ignored) already targets that page type
--   P0422 outcome_invalid         a regeneration recorded as other than regenerated or removed
-- and, through private.decide_seo_removal, P0404 removal_request_not_found, P0409 removal_request_decided and P0422
-- decision_invalid.

-- Helpers ---------------------------------------------------------------------------------------------------------

-- The page an action is about, locked for the rest of the transaction.
create or replace function private.lock_seo_page_for_admin(p_page_id uuid)
returns public.seo_landing_pages
language plpgsql
set search_path = ''
as $$
declare
  target public.seo_landing_pages;
begin
  select * into target from public.seo_landing_pages as p where p.id = p_page_id for update;
  if not found then
    raise exception 'seo_page_not_found' using errcode = 'P0404';
  end if;
  return target;
end;
$$;
comment on function private.lock_seo_page_for_admin(uuid) is
  'The SEO page an admin action changes, locked; raises P0404 seo_page_not_found.';
revoke execute on function private.lock_seo_page_for_admin(uuid) from public;

-- What the audit log keeps of a page: enough to tell which page it was after it is gone.
create or replace function private.seo_page_audit_fields(p_page public.seo_landing_pages)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'page_type', p_page.page_type,
    'slug', p_page.slug,
    'target_keyword', p_page.target_keyword,
    'is_indexable', p_page.is_indexable,
    'removed_at', p_page.removed_at
  )
$$;
comment on function private.seo_page_audit_fields(public.seo_landing_pages) is
  'The fields of an SEO page the admin audit log records: its type, slug, keyword, indexable switch and removal.';
revoke execute on function private.seo_page_audit_fields(public.seo_landing_pages) from public;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.admin_set_seo_page_indexable(p_page_id uuid, p_is_indexable boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.seo_landing_pages;
begin
  perform private.require_admin();
  perform private.require_valid(p_is_indexable is not null, 'is_indexable_invalid');
  target := private.lock_seo_page_for_admin(p_page_id);
  if target.is_indexable = p_is_indexable then
    return;
  end if;
  update public.seo_landing_pages as p set is_indexable = p_is_indexable where p.id = p_page_id;
  perform private.write_admin_audit('seo.page_updated', 'seo_page', p_page_id::text,
    pg_catalog.jsonb_build_object('is_indexable', target.is_indexable),
    pg_catalog.jsonb_build_object('is_indexable', p_is_indexable));
end;
$$;
comment on function private.admin_set_seo_page_indexable(uuid, boolean) is
  'Admins: switches an SEO page''s indexing on or off, audited as seo.page_updated when it changes.';
revoke execute on function private.admin_set_seo_page_indexable(uuid, boolean) from public;
grant execute on function private.admin_set_seo_page_indexable(uuid, boolean) to authenticated;

create or replace function private.admin_delete_seo_page(p_page_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.seo_landing_pages;
begin
  perform private.require_admin();
  target := private.lock_seo_page_for_admin(p_page_id);
  delete from public.seo_landing_pages as p where p.id = p_page_id;
  perform private.write_admin_audit('seo.page_deleted', 'seo_page', p_page_id::text,
    private.seo_page_audit_fields(target), null);
end;
$$;
comment on function private.admin_delete_seo_page(uuid) is
  'Admins: deletes an SEO page (its keyword target stays generated, so bulk runs do not make it again), audited as '
  'seo.page_deleted.';
revoke execute on function private.admin_delete_seo_page(uuid) from public;
grant execute on function private.admin_delete_seo_page(uuid) to authenticated;

-- The page's regeneration itself runs in the api (it reads DNS); this records who asked and what came of it.
create or replace function private.admin_audit_seo_regeneration(p_page_id uuid, p_outcome text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  perform private.require_valid(p_outcome in ('regenerated', 'removed'), 'outcome_invalid');
  perform private.lock_seo_page_for_admin(p_page_id);
  perform private.write_admin_audit('seo.page_regenerated', 'seo_page', p_page_id::text, null,
    pg_catalog.jsonb_build_object('outcome', p_outcome));
end;
$$;
comment on function private.admin_audit_seo_regeneration(uuid, text) is
  'Admins: records an SEO page''s regeneration (regenerated, or removed by the privacy rule) as seo.page_regenerated.';
revoke execute on function private.admin_audit_seo_regeneration(uuid, text) from public;
grant execute on function private.admin_audit_seo_regeneration(uuid, text) to authenticated;

-- The unique key decides a repeat, so two admins adding the same keyword at once get one target and one 409.
create or replace function private.admin_create_seo_keyword(
  p_keyword text,
  p_page_type text,
  p_search_volume integer,
  p_difficulty integer,
  p_cpc numeric,
  p_intent text,
  p_priority integer
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  created public.seo_keyword_targets;
begin
  perform private.require_admin();
  begin
    insert into public.seo_keyword_targets (keyword, page_type, search_volume, difficulty, cpc, intent, priority)
    values (p_keyword, p_page_type, p_search_volume, p_difficulty, p_cpc, p_intent, p_priority)
    returning * into created;
  exception
    when unique_violation then
      raise exception 'seo_keyword_exists' using errcode = 'P0409';
  end;
  perform private.write_admin_audit('seo.keyword_created', 'seo_keyword_target', created.id::text, null,
    pg_catalog.jsonb_build_object('keyword', created.keyword, 'page_type', created.page_type,
      'search_volume', created.search_volume, 'difficulty', created.difficulty, 'cpc', created.cpc,
      'intent', created.intent, 'priority', created.priority));
  return created.id;
end;
$$;
comment on function private.admin_create_seo_keyword(text, text, integer, integer, numeric, text, integer) is
  'Admins: adds a keyword target, audited as seo.keyword_created; raises P0409 seo_keyword_exists on a repeat.';
revoke execute on function private.admin_create_seo_keyword(text, text, integer, integer, numeric, text, integer)
  from public;
grant execute on function private.admin_create_seo_keyword(text, text, integer, integer, numeric, text, integer)
  to authenticated;

-- private.decide_seo_removal checks the decision and the request (locked, so two admins deciding at once queue up and
-- the second is told it is decided); this adds the admin check and the audit row in the same transaction.
create or replace function private.admin_decide_seo_removal(p_request_id uuid, p_decision text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  decided text;
begin
  perform private.require_admin();
  decided := private.decide_seo_removal(p_request_id, p_decision, (select auth.uid()));
  perform private.write_admin_audit('seo.removal_decided', 'seo_removal_request', p_request_id::text,
    null, pg_catalog.jsonb_build_object('status', decided));
  return decided;
end;
$$;
comment on function private.admin_decide_seo_removal(uuid, text) is
  'Admins: approves (removes the page, suppresses its entity) or rejects a removal request, audited as '
  'seo.removal_decided; raises P0404 removal_request_not_found, P0409 removal_request_decided, P0422 '
  'decision_invalid (private.decide_seo_removal).';
revoke execute on function private.admin_decide_seo_removal(uuid, text) from public;
grant execute on function private.admin_decide_seo_removal(uuid, text) to authenticated;
