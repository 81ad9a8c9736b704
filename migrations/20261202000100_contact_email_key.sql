-- The email key: which saved contacts reach the same inbox, whatever the spelling they were saved under.
--
-- An address is trimmed (ASCII white space) and lower-cased. Gmail ignores dots in the local part and everything from a '+', and
-- googlemail.com is the same mailbox as gmail.com (Google's own account help), so for those two domains only the dots
-- and the '+suffix' go and the domain becomes gmail.com. Other providers may treat dots and tags as distinct mailboxes,
-- so their addresses keep them. Saved contacts sharing a key are a duplicate group (the admin's duplicates screen).
-- The function is pure: anyone may call it, and edge-functions/_shared/duplicates/email-key.ts is its TypeScript twin,
-- held to the same cases by one fixture.

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function public.email_key(email text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select case
    when parts.local_part is not null and parts.domain in ('gmail.com', 'googlemail.com')
    then pg_catalog.replace(pg_catalog.split_part(parts.local_part, '+', 1), '.', '') || '@gmail.com'
    else parts.address
  end
  from (
    select trimmed.address,
           pg_catalog.split_part(trimmed.address, '@', -1) as domain,
           -- Greedy: everything before the last '@'; null without one.
           pg_catalog.substring(trimmed.address, '^(.*)@') as local_part
      from (select pg_catalog.lower(pg_catalog.btrim(email, E' \t\n\r\x0b\f')) as address) as trimmed
  ) as parts
$$;
comment on function public.email_key(text) is
  'The inbox an address reaches: trimmed and lower-cased; for gmail.com and googlemail.com also without dots and '
  '+suffix in the local part, on gmail.com.';
revoke execute on function public.email_key(text) from public;
grant execute on function public.email_key(text) to anon, authenticated, service_role;

-- Column ------------------------------------------------------------------------------------------------------------

alter table public.saved_contacts
  add column email_key text not null generated always as (public.email_key(email)) stored;
comment on column public.saved_contacts.email_key is
  'public.email_key(email): the inbox the address reaches; contacts sharing it are a duplicate group.';

-- Groups are read in key order a page at a time (a streaming group-by that stops after a page of keys), each with its
-- owners; the owner column makes the scan index-only and serves "one owner saved this inbox twice" too.
create index saved_contacts_email_key_user_id_idx on public.saved_contacts (email_key, user_id);
