-- Master contacts: one row per address anyone has saved, merged from every user's saved contact (platform.md §3
-- master_contacts, master_contact_sources; issue #5).
--
-- The database keeps these tables on every insert, update and delete of a saved contact; nobody writes them directly
-- and only admins read them. Each saved contact contributes one source row (its names, position, company, phone,
-- source); a master contact's best-known fields are the most recent non-empty contribution of each, and its
-- confidence is the number of distinct users who contributed. A source goes when its saved contact goes (or stops
-- being that address), and a master contact with no source left is removed: it holds only what users contributed, so
-- when the last of them deletes the address, MailScout forgets it too. Notes stay private to their owner: they are not
-- contributed, and aggregated_notes is left for an admin to fill. The verification columns are for a later validation
-- pass and are not touched here.

-- Tables ----------------------------------------------------------------------------------------------------------

create table public.master_contacts (
  id bigint generated always as identity primary key,
  email text not null constraint master_contacts_email_lower check (email = lower(email)),
  domain text not null,
  best_known_first_name text,
  best_known_last_name text,
  best_known_position text,
  best_known_company text,
  best_known_phone text,
  aggregated_notes text,
  confidence integer not null default 1 constraint master_contacts_confidence check (confidence >= 1),
  first_discovered_at timestamptz not null default now(),
  last_updated_at timestamptz not null default now(),
  is_verified boolean not null default false,
  verification_source text,
  current_validation_status boolean,
  last_validation_check timestamptz,
  validation_message text,
  constraint master_contacts_email_key unique (email)
);

comment on table public.master_contacts is
  'One per address saved by any user, merged from their saved contacts by triggers; admins read, nobody writes.';
comment on column public.master_contacts.email is 'The address, lower-cased; unique.';
comment on column public.master_contacts.best_known_first_name is
  'From the most recent contribution with a non-empty first name (likewise the other best_known_ columns).';
comment on column public.master_contacts.aggregated_notes is
  'Not filled from saved contacts: a user''s notes are theirs alone.';
comment on column public.master_contacts.confidence is 'How many distinct users have saved this address.';
comment on column public.master_contacts.first_discovered_at is 'When the first user saved the address.';
comment on column public.master_contacts.last_updated_at is 'When a contribution last changed.';
comment on column public.master_contacts.current_validation_status is
  'The latest validation''s verdict (true: deliverable), once a validation pass fills it.';

create table public.master_contact_sources (
  id bigint generated always as identity primary key,
  master_contact_id bigint not null references public.master_contacts (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  user_contact_id bigint not null references public.saved_contacts (id) on delete cascade,
  contributed_data jsonb not null
    constraint master_contact_sources_contributed_data_object check (jsonb_typeof(contributed_data) = 'object'),
  uploaded_at timestamptz not null default now(),
  constraint master_contact_sources_master_user_key unique (master_contact_id, user_id),
  constraint master_contact_sources_user_contact_key unique (user_contact_id)
);

comment on table public.master_contact_sources is
  'One per saved contact: what that user contributed to the master contact of its address; kept by triggers.';
comment on column public.master_contact_sources.user_contact_id is 'The saved contact this contribution comes from.';
comment on column public.master_contact_sources.contributed_data is
  'The saved contact''s first_name, last_name, position, company, phone, source and source_url (nulls left out).';
comment on column public.master_contact_sources.uploaded_at is 'When the contribution was made or last changed.';

-- The foreign key's lookup (a profile's deletion).
create index master_contact_sources_user_id_idx on public.master_contact_sources (user_id);

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may query (the policies let only admins see rows); only the maintenance triggers write.

revoke all on table public.master_contacts from anon, authenticated, service_role;
revoke all on table public.master_contact_sources from anon, authenticated, service_role;
grant select on table public.master_contacts to authenticated, service_role;
grant select on table public.master_contact_sources to authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.master_contacts enable row level security;
alter table public.master_contact_sources enable row level security;

-- Helpers ---------------------------------------------------------------------------------------------------------

-- Recomputes a master contact from its sources, or removes it when none is left.
create or replace function private.refresh_master_contact(master_id bigint)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if master_id is null then
    return;
  end if;
  if not exists (select from public.master_contact_sources as s where s.master_contact_id = master_id) then
    delete from public.master_contacts where id = master_id;
    return;
  end if;

  update public.master_contacts as m
     set confidence = (
           select pg_catalog.count(distinct s.user_id) from public.master_contact_sources as s
            where s.master_contact_id = m.id),
         best_known_first_name = private.latest_contribution(m.id, 'first_name'),
         best_known_last_name = private.latest_contribution(m.id, 'last_name'),
         best_known_position = private.latest_contribution(m.id, 'position'),
         best_known_company = private.latest_contribution(m.id, 'company'),
         best_known_phone = private.latest_contribution(m.id, 'phone'),
         last_updated_at = pg_catalog.now()
   where m.id = master_id;
end;
$$;
comment on function private.refresh_master_contact(bigint) is
  'Recomputes confidence and best-known fields of a master contact from its sources; removes it when it has none.';
revoke execute on function private.refresh_master_contact(bigint) from public;

create or replace function private.latest_contribution(master_id bigint, field text)
returns text
language sql
stable
set search_path = ''
as $$
  select s.contributed_data ->> field
    from public.master_contact_sources as s
   where s.master_contact_id = master_id
     and pg_catalog.btrim(coalesce(s.contributed_data ->> field, '')) <> ''
   order by s.uploaded_at desc, s.id desc
   limit 1
$$;
comment on function private.latest_contribution(bigint, text) is
  'The most recent non-empty value of one contributed field for a master contact.';
revoke execute on function private.latest_contribution(bigint, text) from public;

-- Maintenance trigger -----------------------------------------------------------------------------------------------

create or replace function private.sync_master_contact()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  contributed jsonb;
  master_id bigint;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    contributed := pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'first_name', new.first_name, 'last_name', new.last_name, 'position', new.position,
      'company', new.company, 'phone', new.phone, 'source', new.source, 'source_url', new.source_url
    ));
  end if;

  -- A move between lists or an edit of the notes changes nothing the master contact knows.
  if tg_op = 'UPDATE'
     and pg_catalog.lower(new.email) = pg_catalog.lower(old.email)
     and new.user_id = old.user_id
     and exists (
       select from public.master_contact_sources as s
        where s.user_contact_id = new.id and s.contributed_data = contributed
     ) then
    return null;
  end if;

  -- The old address loses this contribution (found by address: the source may already be gone by cascade).
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and pg_catalog.lower(new.email) <> pg_catalog.lower(old.email)) then
    delete from public.master_contact_sources where user_contact_id = old.id;
    select m.id into master_id from public.master_contacts as m where m.email = pg_catalog.lower(old.email);
    perform private.refresh_master_contact(master_id);
  end if;

  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.master_contacts (email, domain)
    values (pg_catalog.lower(new.email), new.domain)
    on conflict (email) do nothing;
    select m.id into master_id from public.master_contacts as m where m.email = pg_catalog.lower(new.email);

    insert into public.master_contact_sources (master_contact_id, user_id, user_contact_id, contributed_data, uploaded_at)
    values (master_id, new.user_id, new.id, contributed, pg_catalog.clock_timestamp())
    on conflict (user_contact_id) do update
      set master_contact_id = excluded.master_contact_id,
          contributed_data = excluded.contributed_data,
          uploaded_at = excluded.uploaded_at;
    perform private.refresh_master_contact(master_id);
  end if;
  return null;
end;
$$;
comment on function private.sync_master_contact() is
  'Trigger on saved_contacts: keeps master contacts and their sources. Definer: users must not write those tables.';
revoke execute on function private.sync_master_contact() from public;

create trigger saved_contacts_sync_master_contact
  after insert or update or delete on public.saved_contacts
  for each row execute function private.sync_master_contact();

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read every master contact"
  on public.master_contacts for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can read every master contact source"
  on public.master_contact_sources for select
  to authenticated
  using ((select private.is_admin()));
