-- Saved contacts: the addresses a signed-in user keeps, each in one of their lists.
--
-- One contact per user and address regardless of case (saving again is a conflict the API answers 409). The field
-- limits are check constraints the API turns into 400s. A contact always sits in one of its owner's undeleted lists:
-- without a list it goes to General, and deleting a list moves its contacts to General in the same transaction
-- (this file owns that behaviour: the delete trigger on contact_lists and public.delete_contact_list). A user sees and
-- changes only their own contacts; admins read every contact.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.saved_contacts (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  list_id bigint not null,
  email text not null
    constraint saved_contacts_email_length check (char_length(email) <= 254)
    constraint saved_contacts_email_form check (email ~ '^[^[:space:]@]{1,64}@[^[:space:]@]+\.[^[:space:]@.]+$'),
  domain text not null,
  position text constraint saved_contacts_position_length check (char_length(position) <= 150),
  first_name text constraint saved_contacts_first_name_length check (char_length(first_name) <= 100),
  last_name text constraint saved_contacts_last_name_length check (char_length(last_name) <= 100),
  company text constraint saved_contacts_company_length check (char_length(company) <= 100),
  phone text constraint saved_contacts_phone_length check (char_length(phone) <= 50),
  notes text constraint saved_contacts_notes_length check (char_length(notes) <= 2000),
  source text not null
    constraint saved_contacts_source check (source in ('validation', 'discovery', 'bulk', 'manual')),
  source_url text constraint saved_contacts_source_url_length check (char_length(source_url) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One lower-cased text for the contacts search to match instead of five case-insensitive matches per row. Email
  -- comes first and the names sit side by side, so "ann lee" finds Ann Lee.
  search_text text not null generated always as (
    lower(
      email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(company, '') || ' '
      || coalesce(position, '')
    )
  ) stored,
  -- The list must be the contact's owner's.
  constraint saved_contacts_list_fkey foreign key (list_id, user_id)
    references public.contact_lists (id, user_id) on delete cascade
);

comment on table public.saved_contacts is
  'Addresses a user keeps, one per user and address regardless of case, each in one of their lists.';
comment on column public.saved_contacts.user_id is 'The owner; defaults to the signed-in user.';
comment on column public.saved_contacts.list_id is
  'The owner''s undeleted list holding the contact; General when none is given, and when its list is deleted.';
comment on column public.saved_contacts.email is
  'At most 254 characters, one @ with a dotted domain; unique per user regardless of case (saved_contacts_user_email_key).';
comment on column public.saved_contacts.domain is 'The address''s domain, lower-cased; set from email by a trigger.';
comment on column public.saved_contacts.source is
  'Where the contact came from: validation, discovery (domain exploration), bulk (CSV import) or manual.';
comment on column public.saved_contacts.source_url is 'The page a discovered address was found on, if any.';
comment on column public.saved_contacts.search_text is
  'Email, first and last name, company and position, lower-cased: what the contacts search matches.';

-- Saving an address twice is refused whatever its case (the API's 409); the policies' user_id leads it.
create unique index saved_contacts_user_email_key on public.saved_contacts (user_id, lower(email));
-- The list foreign key's lookup (moving contacts out of a deleted list, filtering by list).
create index saved_contacts_list_id_user_id_idx on public.saved_contacts (list_id, user_id);
-- The contacts page reads one page, newest first, and counts the matches: a page is an index range, not a sort of
-- every contact the user has (which cost 9 ms a page at 10,000 contacts).
create index saved_contacts_user_id_recent_idx on public.saved_contacts (user_id, created_at desc, id desc);

create trigger saved_contacts_touch_updated_at
  before update on public.saved_contacts
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users create, read, edit and delete contacts (which rows: the policies); the owner, the derived domain
-- and the timestamps are not theirs to write.

revoke all on table public.saved_contacts from anon, authenticated, service_role;
grant select, delete on table public.saved_contacts to authenticated;
grant insert (
  user_id, list_id, email, domain, position, first_name, last_name, company, phone, notes, source, source_url
) on table public.saved_contacts to authenticated;
grant update (
  list_id, email, position, first_name, last_name, company, phone, notes, source, source_url
) on table public.saved_contacts to authenticated;
grant select, insert, update, delete on table public.saved_contacts to service_role;

-- Protective trigger ------------------------------------------------------------------------------------------------
-- For everyone: a contact never changes owner; its domain follows its email; without a list it goes to the owner's
-- General list; and it can only go into a list the caller can see undeleted (for a user: their own), else the list is
-- "not found", which says nothing about other people's lists. Runs as the caller, so RLS decides what is visible.

create or replace function private.prepare_saved_contact()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
    raise exception 'A contact cannot change owner'
      using errcode = 'insufficient_privilege';
  end if;

  new.domain := pg_catalog.lower(pg_catalog.split_part(new.email, '@', 2));

  if new.list_id is null then
    select l.id into new.list_id
      from public.contact_lists as l
     where l.user_id = new.user_id and l.is_default;
  end if;

  if new.list_id is not null
     and (tg_op = 'INSERT' or new.list_id is distinct from old.list_id)
     and not exists (
       select from public.contact_lists as l where l.id = new.list_id and l.deleted_at is null
     ) then
    raise exception 'Contact list not found'
      using errcode = 'no_data_found';
  end if;
  return new;
end;
$$;
comment on function private.prepare_saved_contact() is
  'Trigger: keeps owner fixed, derives domain, defaults the list to General and refuses lists not visible undeleted.';
revoke execute on function private.prepare_saved_contact() from public;

create trigger saved_contacts_prepare
  before insert or update on public.saved_contacts
  for each row execute function private.prepare_saved_contact();

-- Deleting a list ---------------------------------------------------------------------------------------------------
-- A delete on contact_lists becomes a soft delete: the list's contacts move to the owner's General list and deleted_at
-- is set, in the deleting transaction. General itself cannot be deleted. When the owner's profile is going away (the
-- cascade from auth.users), the row is really deleted along with everything else.

create or replace function private.soft_delete_contact_list()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  general_id bigint;
begin
  if not exists (select from public.profiles as p where p.id = old.user_id) then
    return old;
  end if;
  if old.is_default then
    raise exception 'The default list, General, cannot be deleted'
      using errcode = 'insufficient_privilege';
  end if;
  if old.deleted_at is not null then
    return null;
  end if;

  select l.id into general_id
    from public.contact_lists as l
   where l.user_id = old.user_id and l.is_default;

  update public.saved_contacts set list_id = general_id where list_id = old.id;
  update public.contact_lists set deleted_at = pg_catalog.now() where id = old.id;
  return null;
end;
$$;
comment on function private.soft_delete_contact_list() is
  'Trigger: turns a list delete into moving its contacts to General and setting deleted_at. Definer: the owner''s read '
  'policy hides deleted lists, so the owner could not write the deleted row.';
revoke execute on function private.soft_delete_contact_list() from public;

create trigger contact_lists_soft_delete
  before delete on public.contact_lists
  for each row execute function private.soft_delete_contact_list();

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.saved_contacts enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Owners can read their own contacts and admins every contact"
  on public.saved_contacts for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Users can save contacts for themselves"
  on public.saved_contacts for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Owners can update their own contacts"
  on public.saved_contacts for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Owners can delete their own contacts"
  on public.saved_contacts for delete
  to authenticated
  using (user_id = (select auth.uid()));

-- Public functions --------------------------------------------------------------------------------------------------

-- Security invoker: RLS decides which list the caller may delete; the delete trigger does the moving.
create or replace function public.delete_contact_list(list_id bigint)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  target_id bigint;
  moved integer;
begin
  select l.id into target_id
    from public.contact_lists as l
   where l.id = delete_contact_list.list_id and l.user_id = (select auth.uid()) and l.deleted_at is null;
  if target_id is null then
    raise exception 'Contact list not found'
      using errcode = 'no_data_found';
  end if;

  select pg_catalog.count(*) into moved from public.saved_contacts as c where c.list_id = target_id;
  delete from public.contact_lists as l where l.id = target_id;
  return moved;
end;
$$;
comment on function public.delete_contact_list(bigint) is
  'Deletes one of the caller''s lists, moving its contacts to General in the same transaction; answers how many moved.';
revoke execute on function public.delete_contact_list(bigint) from public, anon, authenticated, service_role;
grant execute on function public.delete_contact_list(bigint) to authenticated;
