-- The duplicates screen's search: an admin types part of an address and the groups whose email key contains it are
-- listed. Platform-wide that is a substring match over every saved contact (1.3 s at 1,000,000 contacts as a scan); a
-- trigram index finds the matching keys first, and only their groups are counted.
--
-- The match runs in a definer function: under the contacts' row level security the planner may not use the index for
-- LIKE (its operator is not leakproof, so it must not see rows before the policy has), and scans every row instead.
-- The function checks the caller is an admin first (P0403 admins_only), as RLS would have let only an admin see every
-- key, and answers keys only.

-- Indexes ---------------------------------------------------------------------------------------------------------

create index saved_contacts_email_key_trgm_idx on public.saved_contacts using gin (email_key extensions.gin_trgm_ops);

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.duplicate_keys_matching(p_patterns text[])
returns setof text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  -- A LIKE per pattern, so that the index serves each (it does not serve LIKE ANY of an array).
  return query
    select distinct matched.email_key
      from pg_catalog.unnest(p_patterns) as p (pattern)
      cross join lateral (
        select c.email_key from public.saved_contacts as c where c.email_key like p.pattern
      ) as matched;
end;
$$;
comment on function private.duplicate_keys_matching(text[]) is
  'Admins: the email keys of saved contacts matching any of these LIKE patterns, through the trigram index.';
revoke execute on function private.duplicate_keys_matching(text[]) from public;
grant execute on function private.duplicate_keys_matching(text[]) to authenticated;
