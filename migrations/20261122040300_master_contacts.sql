-- Master contacts: one row per address anyone has saved, merged from every user's saved contact.
--
-- The database keeps these tables on every insert, update and delete of a saved contact; nobody writes them directly
-- and only admins read them. Each saved contact contributes one source row (its names, position, company, phone,
-- source); a master contact's best-known fields are the most recent non-empty contribution of each, and its
-- confidence is the number of distinct users who contributed. A source goes when its saved contact goes (or stops
-- being that address), and a master contact with no source left is removed: it holds only what users contributed, so
-- when the last of them deletes the address, MailScout forgets it too. Notes stay private to their owner: they are not
-- contributed, and aggregated_notes is left for an admin to fill. The verification columns are for a later validation
-- pass and are not touched here.
--
-- The upkeep runs once per statement, over its transition tables, not once per row: a 1,000-row CSV import, a list
-- deletion moving many contacts or a profile's deletion costs a handful of statements (a row trigger spent 570 ms of
-- a 600 ms import here). Concurrent writers take turns on the master contacts they touch: every transaction that
-- changes a master contact's sources holds its row FOR UPDATE, in id order, until it commits, a save before adding
-- its sources and a refresh before deciding anything. Without that, a refresh deleting a master it found sourceless
-- waited on a concurrent save's foreign-key lock, then decided with its earlier snapshot and cascaded away the source
-- that save had just committed.

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

create function private.contribution(contact public.saved_contacts)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
    'first_name', contact.first_name, 'last_name', contact.last_name, 'position', contact.position,
    'company', contact.company, 'phone', contact.phone, 'source', contact.source, 'source_url', contact.source_url
  ))
$$;
comment on function private.contribution(public.saved_contacts) is
  'What a saved contact tells its master contact (notes stay private to their owner).';
revoke execute on function private.contribution(public.saved_contacts) from public;

create function private.add_contributions(contacts public.saved_contacts[])
returns bigint[]
language plpgsql
set search_path = ''
as $$
declare
  addresses text[] := array(select distinct pg_catalog.lower(c.email) from pg_catalog.unnest(contacts) as c);
  locked bigint;
  touched bigint[];
begin
  -- Every address's master contact must exist, and be ours FOR UPDATE, before a source points at it. Locked after
  -- the insert, not through the sources' foreign key: that key-share lock alone would let two saves of one address
  -- both hold it, then deadlock in refresh_master_contacts, each waiting to lock the row FOR UPDATE past the other.
  -- Ordered by id, so that saves sharing addresses queue rather than deadlock. A master deleted between the insert
  -- and the lock (its last contributor withdrew and committed) is not locked: the loop creates it again.
  loop
    insert into public.master_contacts (email, domain)
    select distinct on (pg_catalog.lower(c.email)) pg_catalog.lower(c.email), c.domain
      from pg_catalog.unnest(contacts) as c
     order by pg_catalog.lower(c.email)
    on conflict (email) do nothing;

    perform 1 from public.master_contacts as m where m.email = any (addresses) order by m.id for update;
    get diagnostics locked = row_count;
    exit when locked = pg_catalog.cardinality(addresses);
  end loop;

  -- clock_timestamp(): within one statement, later rows count as the more recent contributions.
  insert into public.master_contact_sources (master_contact_id, user_id, user_contact_id, contributed_data, uploaded_at)
  select m.id, c.user_id, c.id, private.contribution(c), pg_catalog.clock_timestamp()
    from pg_catalog.unnest(contacts) as c
    join public.master_contacts as m on m.email = pg_catalog.lower(c.email)
  on conflict (user_contact_id) do update
    set master_contact_id = excluded.master_contact_id,
        contributed_data = excluded.contributed_data,
        uploaded_at = excluded.uploaded_at;

  select pg_catalog.array_agg(distinct m.id) into touched
    from pg_catalog.unnest(contacts) as c
    join public.master_contacts as m on m.email = pg_catalog.lower(c.email);
  return coalesce(touched, '{}');
end;
$$;
comment on function private.add_contributions(public.saved_contacts[]) is
  'Creates or updates the sources of these saved contacts (and their master contacts); answers the masters touched.';
revoke execute on function private.add_contributions(public.saved_contacts[]) from public;

create function private.withdraw_contributions(contacts public.saved_contacts[])
returns bigint[]
language plpgsql
set search_path = ''
as $$
declare
  touched bigint[];
begin
  -- A deleted contact's source is usually gone already, by cascade; an address change leaves it to remove here.
  delete from public.master_contact_sources as s
   using pg_catalog.unnest(contacts) as c
   where s.user_contact_id = c.id;

  -- Found by address, as the source may be gone.
  select pg_catalog.array_agg(distinct m.id) into touched
    from pg_catalog.unnest(contacts) as c
    join public.master_contacts as m on m.email = pg_catalog.lower(c.email);
  return coalesce(touched, '{}');
end;
$$;
comment on function private.withdraw_contributions(public.saved_contacts[]) is
  'Removes the sources of these saved contacts (as they were); answers the master contacts of their addresses.';
revoke execute on function private.withdraw_contributions(public.saved_contacts[]) from public;

create function private.refresh_master_contacts(master_ids bigint[])
returns void
language plpgsql
set search_path = ''
as $$
begin
  -- Lock first, in a statement of its own, and FOR UPDATE: that conflicts with any lock another transaction holds on
  -- these rows, the key-share lock a source's foreign key takes included (NO KEY UPDATE would not). So this waits
  -- until whoever else is changing these masters' sources commits or aborts, and the statements below, each with a
  -- snapshot taken after that, see what they did. Without it, the delete would wait on the same lock but decide with
  -- its earlier snapshot: it would remove a master, and by cascade the source, that a concurrent save had just
  -- committed. Ordered by id, as in add_contributions, so that refreshes queue rather than deadlock.
  perform 1 from public.master_contacts where id = any (master_ids) order by id for update;

  delete from public.master_contacts as m
   where m.id = any (master_ids)
     and not exists (select from public.master_contact_sources as s where s.master_contact_id = m.id);

  -- Each best-known field: the newest source (uploaded_at, then id) whose value for it is not blank.
  update public.master_contacts as m
     set confidence = merged.confidence,
         best_known_first_name = merged.first_name,
         best_known_last_name = merged.last_name,
         best_known_position = merged.position,
         best_known_company = merged.company,
         best_known_phone = merged.phone,
         last_updated_at = pg_catalog.now()
    from (
      select s.master_contact_id,
             pg_catalog.count(distinct s.user_id) as confidence,
             (pg_catalog.array_agg(s.contributed_data ->> 'first_name' order by s.uploaded_at desc, s.id desc)
               filter (where pg_catalog.btrim(s.contributed_data ->> 'first_name') <> ''))[1] as first_name,
             (pg_catalog.array_agg(s.contributed_data ->> 'last_name' order by s.uploaded_at desc, s.id desc)
               filter (where pg_catalog.btrim(s.contributed_data ->> 'last_name') <> ''))[1] as last_name,
             (pg_catalog.array_agg(s.contributed_data ->> 'position' order by s.uploaded_at desc, s.id desc)
               filter (where pg_catalog.btrim(s.contributed_data ->> 'position') <> ''))[1] as position,
             (pg_catalog.array_agg(s.contributed_data ->> 'company' order by s.uploaded_at desc, s.id desc)
               filter (where pg_catalog.btrim(s.contributed_data ->> 'company') <> ''))[1] as company,
             (pg_catalog.array_agg(s.contributed_data ->> 'phone' order by s.uploaded_at desc, s.id desc)
               filter (where pg_catalog.btrim(s.contributed_data ->> 'phone') <> ''))[1] as phone
        from public.master_contact_sources as s
       where s.master_contact_id = any (master_ids)
       group by s.master_contact_id
    ) as merged
   where m.id = merged.master_contact_id;
end;
$$;
comment on function private.refresh_master_contacts(bigint[]) is
  'Recomputes confidence and best-known fields of these master contacts; removes those left without a source.';
revoke execute on function private.refresh_master_contacts(bigint[]) from public;

-- Maintenance triggers --------------------------------------------------------------------------------------------
-- One per event: a trigger with transition tables may not fire on more than one. Their rows are plain records, hence
-- the casts. Definers: users must not write the master tables themselves.

create function private.sync_master_contacts_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_master_contacts(private.add_contributions(array(select n::public.saved_contacts from inserted as n)));
  return null;
end;
$$;
comment on function private.sync_master_contacts_after_insert() is
  'Statement trigger on saved_contacts: the inserted contacts contribute to the master contacts of their addresses.';
revoke execute on function private.sync_master_contacts_after_insert() from public;

create function private.sync_master_contacts_after_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  moved public.saved_contacts[];
  contributing public.saved_contacts[];
  withdrawn bigint[];
  added bigint[];
begin
  -- An address change takes the contribution from the old address.
  moved := array(
    select o::public.saved_contacts from before_update as o join after_update as n on n.id = o.id
     where pg_catalog.lower(n.email) <> pg_catalog.lower(o.email)
  );
  -- A move between lists or an edit of the notes contributes nothing new, so only these rows count: a changed
  -- address or contribution, or a contact whose source is missing (any update puts it back).
  contributing := array(
    select n::public.saved_contacts from after_update as n join before_update as o on o.id = n.id
     where pg_catalog.lower(n.email) <> pg_catalog.lower(o.email)
        or private.contribution(n::public.saved_contacts) <> private.contribution(o::public.saved_contacts)
        or not exists (select from public.master_contact_sources as s where s.user_contact_id = n.id)
  );
  -- The master contacts of the old and the new addresses, locked together in id order, as in add_contributions and
  -- refresh_master_contacts: locked apart (the new ones as contributions are added, the old ones at the refresh), a
  -- move from a to b and one from b to a would each hold one and wait for the other.
  perform 1 from public.master_contacts as m
   where m.email = any (array(select pg_catalog.lower(c.email) from pg_catalog.unnest(moved || contributing) as c))
   order by m.id
     for update;
  withdrawn := private.withdraw_contributions(moved);
  added := private.add_contributions(contributing);
  perform private.refresh_master_contacts(withdrawn || added);
  return null;
end;
$$;
comment on function private.sync_master_contacts_after_update() is
  'Statement trigger on saved_contacts: changed contributions move or update, missing sources return; nothing else.';
revoke execute on function private.sync_master_contacts_after_update() from public;

create function private.sync_master_contacts_after_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_master_contacts(private.withdraw_contributions(array(select o::public.saved_contacts from deleted as o)));
  return null;
end;
$$;
comment on function private.sync_master_contacts_after_delete() is
  'Statement trigger on saved_contacts: deleted contacts stop contributing; masters left without a source go.';
revoke execute on function private.sync_master_contacts_after_delete() from public;

create trigger saved_contacts_sync_master_contacts_after_insert
  after insert on public.saved_contacts
  referencing new table as inserted
  for each statement execute function private.sync_master_contacts_after_insert();

create trigger saved_contacts_sync_master_contacts_after_update
  after update on public.saved_contacts
  referencing old table as before_update new table as after_update
  for each statement execute function private.sync_master_contacts_after_update();

create trigger saved_contacts_sync_master_contacts_after_delete
  after delete on public.saved_contacts
  referencing old table as deleted
  for each statement execute function private.sync_master_contacts_after_delete();

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read every master contact"
  on public.master_contacts for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can read every master contact source"
  on public.master_contact_sources for select
  to authenticated
  using ((select private.is_admin()));
