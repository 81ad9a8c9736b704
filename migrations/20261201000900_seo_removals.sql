-- SEO removals: filing a removal request, confirming it from the mailed link, an admin's decision, and what a removal
-- does.
--
-- A removal marks the page removed (it answers 410 and leaves the sitemap) and suppresses its entity: the full
-- address of an address page (from its keyword target; the page itself shows it masked) or the domain of a domain
-- page. Every other page the suppression covers comes down at once, so rendering and the sitemap need only check
-- removed_at: a domain suppression takes every page of any type on that domain, an address suppression every page
-- made for that address. The api calls these as the trusted server (service_role) only.
--
-- Refusals (SQLSTATE and reason):
--   P0404 removal_request_not_found   decide: no request has that id
--   P0409 removal_request_decided     decide: the request is already removed or rejected
--   P0422 decision_invalid            decide: the decision is neither approve nor reject

-- Helpers ---------------------------------------------------------------------------------------------------------

-- Removes the request's page and what its suppression covers; the caller has locked the request, and checked it may
-- still be decided. Answers the request's page, when it has one.
create or replace function private.apply_seo_removal(p_request_id uuid, p_admin uuid)
returns table (page_id uuid, page_type text, slug text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  page public.seo_landing_pages;
  suppressed_kind text;
  suppressed_value text;
begin
  update public.seo_removal_requests as r
     set status = 'removed', decided_at = pg_catalog.now(), decided_by = p_admin
   where r.id = p_request_id;

  select p.* into page
    from public.seo_landing_pages as p
    join public.seo_removal_requests as r on r.page_id = p.id
   where r.id = p_request_id;
  if page.id is null then
    return;
  end if;

  if page.page_type = 'email_validate' then
    suppressed_kind := 'address';
    -- The full address lives on the page's keyword targets; a role address is also published in full.
    select pg_catalog.lower(t.entity) into suppressed_value
      from public.seo_keyword_targets as t
     where (t.id = page.keyword_target_id or t.page_id = page.id) and t.entity like '%@%'
     order by t.id = page.keyword_target_id desc
     limit 1;
    if suppressed_value is null and page.target_entity not like '%***@%' then
      suppressed_value := pg_catalog.lower(page.target_entity);
    end if;
  else
    suppressed_kind := 'domain';
    suppressed_value := page.entity_domain;
  end if;

  if suppressed_value is not null then
    insert into public.seo_suppressions (kind, value, reason, removal_request_id, created_by)
    values (suppressed_kind, suppressed_value, 'Removal request', p_request_id, p_admin)
    on conflict (kind, value) do nothing;
  end if;

  update public.seo_landing_pages as p
     set removed_at = pg_catalog.now()
   where p.removed_at is null
     and (
       p.id = page.id
       or suppressed_kind = 'domain' and p.entity_domain = suppressed_value
       or suppressed_kind = 'address' and (
         pg_catalog.lower(p.target_entity) = suppressed_value
         or exists (
           select from public.seo_keyword_targets as t
            where (t.id = p.keyword_target_id or t.page_id = p.id) and pg_catalog.lower(t.entity) = suppressed_value
         )
       )
     );

  return query select page.id, page.page_type, page.slug;
end;
$$;
comment on function private.apply_seo_removal(uuid, uuid) is
  'Marks a locked request removed, suppresses its page''s address or domain and removes every page that covers; '
  'answers the request''s page.';
revoke execute on function private.apply_seo_removal(uuid, uuid) from public, anon, authenticated;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.request_seo_removal(
  p_url text,
  p_page_id uuid,
  p_email text,
  p_reason text,
  p_token_hash text,
  p_client_network text
)
returns table (id uuid, status text)
language sql
security definer
set search_path = ''
as $$
  insert into public.seo_removal_requests as r
    (url, page_id, email, reason, status, token_hash, token_expires_at, client_network)
  select p_url,
         -- A page deleted since the form was shown leaves the request without one, not failing.
         (select p.id from public.seo_landing_pages as p where p.id = p_page_id),
         p_email,
         p_reason,
         case when p_token_hash is null then 'pending_review' else 'awaiting_confirmation' end,
         p_token_hash,
         case when p_token_hash is not null then pg_catalog.now() + interval '48 hours' end,
         p_client_network
  returning r.id, r.status
$$;
comment on function private.request_seo_removal(text, uuid, text, text, text, text) is
  'Files a removal request: awaiting_confirmation for 48 hours with the mailed token''s hash, else pending_review '
  'for an admin. Answers its id and status.';
revoke execute on function private.request_seo_removal(text, uuid, text, text, text, text)
  from public, anon, authenticated;
grant execute on function private.request_seo_removal(text, uuid, text, text, text, text) to service_role;

create or replace function private.confirm_seo_removal(p_token_hash text)
returns table (page_id uuid, page_type text, slug text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  request_id uuid;
begin
  select r.id into request_id
    from public.seo_removal_requests as r
   where r.token_hash = p_token_hash and r.status = 'awaiting_confirmation' and r.token_expires_at > pg_catalog.now()
     for update;
  if request_id is null then
    return;
  end if;
  return query select * from private.apply_seo_removal(request_id, null);
end;
$$;
comment on function private.confirm_seo_removal(text) is
  'The mailed link: an unexpired awaiting request with that token hash is carried out (page removed, entity '
  'suppressed); answers the page, or no row for an unknown, used or expired token.';
revoke execute on function private.confirm_seo_removal(text) from public, anon, authenticated;
grant execute on function private.confirm_seo_removal(text) to service_role;

create or replace function private.decide_seo_removal(p_request_id uuid, p_decision text, p_admin uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_status text;
begin
  if p_decision is null or p_decision not in ('approve', 'reject') then
    raise exception 'decision_invalid' using errcode = 'P0422', detail = 'Decision must be approve or reject';
  end if;
  select r.status into current_status from public.seo_removal_requests as r where r.id = p_request_id for update;
  if not found then
    raise exception 'removal_request_not_found' using errcode = 'P0404';
  end if;
  if current_status not in ('awaiting_confirmation', 'pending_review') then
    raise exception 'removal_request_decided' using errcode = 'P0409',
      detail = 'This removal request has already been decided';
  end if;

  if p_decision = 'approve' then
    perform private.apply_seo_removal(p_request_id, p_admin);
    return 'removed';
  end if;
  update public.seo_removal_requests as r
     set status = 'rejected', decided_at = pg_catalog.now(), decided_by = p_admin
   where r.id = p_request_id;
  return 'rejected';
end;
$$;
comment on function private.decide_seo_removal(uuid, text, uuid) is
  'An admin''s decision on a request still awaiting confirmation or review: approve carries it out as a confirmed '
  'link would, reject closes it. Answers the new status; P0409 removal_request_decided once decided.';
revoke execute on function private.decide_seo_removal(uuid, text, uuid) from public, anon, authenticated;
grant execute on function private.decide_seo_removal(uuid, text, uuid) to service_role;
