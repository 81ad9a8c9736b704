-- Master contacts stay consistent with saved contacts under concurrent saves and after a lost source (issue #5).
--
-- Gaps in 20261122040400's statement triggers, closed here without changing the rules of 20261122040300:
--
-- * A race. A master contact left without a source was removed by one statement that both found it sourceless and
--   deleted it. If another user saved the same address meanwhile, their new source held a key-share lock on the
--   master row (through the foreign key); the delete waited for it, then, under READ COMMITTED, re-checked only the
--   row it was deleting, with its old snapshot, in which the new source did not exist: it deleted the master, and
--   the cascade took that user's committed source with it, leaving their saved contact contributing nowhere. Now
--   every transaction that changes a master contact's sources holds its row FOR UPDATE until it commits: a save
--   before it adds its sources, a refresh before it decides anything. Whoever comes second waits, then looks again.
-- * Self-repair. The row trigger of 20261122040300 re-created a missing source on any update of its saved contact;
--   the statement trigger only re-contributes changed contributions, so a contact whose source was lost stayed
--   without one however often it was edited.

create or replace function private.add_contributions(contacts public.saved_contacts[])
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

create or replace function private.refresh_master_contacts(master_ids bigint[])
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

create or replace function private.sync_master_contacts_after_update()
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
  -- address or contribution, or a contact whose source is missing (any update puts it back, as the row trigger did).
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
