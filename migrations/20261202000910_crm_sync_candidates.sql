-- Zoho candidates: the caller's own saved contacts with their address's latest validation and their last sync. The
-- validation cache (email_validations) is nobody's own data and closed to users, so this definer function reads it for
-- the caller's contacts only (auth.uid(): an admin is treated like any user, since the admin's candidates are their
-- own too), and answers each contact's validity and score, never the cache itself. It lives in private, outside the
-- REST API's schema, and the api calls it as the signed-in user.
--
-- filter: all, valid (the latest verdict is valid), invalid (validated and not valid). search, a LIKE pattern,
-- matches the contact's search text. contact_ids narrows to those ids (the inline syncs read their contacts through
-- it). page_limit null answers every match; page_offset is a bigint, as a far page's offset passes an integer's range.
-- total is the number of matches before paging.

create or replace function private.crm_sync_candidates(
  filter text default 'all',
  search text default null,
  contact_ids bigint[] default null,
  page_limit integer default null,
  page_offset bigint default 0
)
returns table (
  id bigint,
  email text,
  first_name text,
  last_name text,
  company text,
  phone text,
  mobile text,
  job_title text,
  is_valid boolean,
  deliverability_score integer,
  last_outcome text,
  last_zoho_id text,
  last_tagged boolean,
  last_message text,
  last_synced_at timestamptz,
  total bigint
)
language sql
stable
security definer
set search_path = ''
as $$
  with matching as (
    select c.id, c.email, c.first_name, c.last_name, c.company, c.phone, v.mobile_number as mobile,
           c.position as job_title, v.is_valid, v.deliverability_score
      from public.saved_contacts as c
      left join public.email_validations as v on lower(v.email) = lower(c.email)
     where c.user_id = auth.uid()
       and (contact_ids is null or c.id = any (contact_ids))
       and (search is null or c.search_text like lower(search))
       and case filter when 'valid' then v.is_valid is true when 'invalid' then v.is_valid is false else true end
  ),
  page as (
    select m.*, count(*) over () as total
      from matching as m
     order by m.id
     limit page_limit offset greatest(page_offset, 0)
  )
  select p.id, p.email, p.first_name, p.last_name, p.company, p.phone, p.mobile, p.job_title, p.is_valid,
         p.deliverability_score, s.outcome, s.zoho_id, s.tagged, s.message, s.processed_at, p.total
    from page as p
    left join lateral (
      select i.outcome, i.zoho_id, i.tagged, i.message, i.processed_at
        from public.crm_sync_items as i
       where i.contact_id = p.id and i.outcome is not null
       order by i.processed_at desc, i.id desc
       limit 1
    ) as s on true
   order by p.id
$$;

comment on function private.crm_sync_candidates(text, text, bigint[], integer, bigint) is
  'The caller''s saved contacts as Zoho candidates: validity from the validation cache, the last sync''s outcome.';

revoke all on function private.crm_sync_candidates(text, text, bigint[], integer, bigint) from public, anon;
grant execute on function private.crm_sync_candidates(text, text, bigint[], integer, bigint) to authenticated;
