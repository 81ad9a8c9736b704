-- What an admin does on the duplicates screen: merge saved contacts that reach the same inbox, undo a merge, edit or
-- delete one record. Each is a definer function that checks the caller is an admin first, does the change and writes
-- the contact audit log in the same transaction. The master contacts follow through their triggers on saved_contacts:
-- the merged rows' deletes withdraw their contributions, the kept row's update and an undo's inserts add them back.
--
-- A merge keeps one record and removes the others: the kept record's empty fields are filled from the removed ones,
-- newest first; its non-empty ones change only through `fields` (what the admin picked in the Edit dialog); notes are
-- joined, a note repeated in several records once. A contact sits in one list: the kept one stays in its own unless it
-- is in General and a removed one is not (then it moves to the newest such one's list). Records of different owners
-- never merge: that would delete one person's contact to keep another's. An undo puts the removed rows back with their
-- ids and the kept record as it was, within 30 days, once, and only while the kept record is as the merge left it.
--
-- Refusals (SQLSTATE and reason; the api's _shared/duplicates/refusals.ts maps them):
--   P0403 admins_only                 the caller is not an admin (private.require_admin)
--   P0404 duplicate_record_not_found  a record id that names no saved contact
--   P0404 merge_not_found             an undo of an audit entry that is not a merge
--   P0409 no_shared_email_key         a merged record reaches another inbox than the kept one
--   P0409 different_owners            a merged record belongs to another user than the kept one
--   P0409 merged_notes_too_long       the joined notes are over 2,000 characters
--   P0409 merge_already_undone        the merge was undone already
--   P0409 merge_undo_expired          the merge is over 30 days old (its snapshots may be blanked)
--   P0409 kept_record_changed         the kept record was changed or deleted since the merge
--   P0409 merged_contact_saved_again  the owner has since saved a removed record's address again
--   P0422 merge_ids_invalid           no ids to merge, over 50, repeated, or the kept one among them
--   P0422 fields_invalid              fields is not an object of the editable fields, each text or null

-- Helpers ---------------------------------------------------------------------------------------------------------

create or replace function private.filled_or(p_value text, p_candidates text[])
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when pg_catalog.btrim(p_value) <> '' then p_value
    else (select u.c from pg_catalog.unnest(p_candidates) with ordinality as u (c, n)
           where pg_catalog.btrim(u.c) <> '' order by u.n limit 1)
  end
$$;
comment on function private.filled_or(text, text[]) is
  'The value unless it is blank, else the first candidate that is not (a merge fills the kept record''s blanks).';
revoke execute on function private.filled_or(text, text[]) from public;

create or replace function private.with_duplicate_fields(p_contact public.saved_contacts, p_fields jsonb)
returns public.saved_contacts
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_fields is null then
    return p_contact;
  end if;
  perform private.require_valid(
    pg_catalog.jsonb_typeof(p_fields) = 'object'
      and not exists (
        select from pg_catalog.jsonb_each(p_fields) as f
         where f.key not in ('firstName', 'lastName', 'phoneNumber', 'jobTitle', 'company', 'notes')
            or pg_catalog.jsonb_typeof(f.value) not in ('string', 'null')
      ),
    'fields_invalid');
  -- An empty text empties the field, as the API's contract does.
  if p_fields ? 'firstName' then p_contact.first_name := nullif(p_fields ->> 'firstName', ''); end if;
  if p_fields ? 'lastName' then p_contact.last_name := nullif(p_fields ->> 'lastName', ''); end if;
  if p_fields ? 'phoneNumber' then p_contact.phone := nullif(p_fields ->> 'phoneNumber', ''); end if;
  if p_fields ? 'jobTitle' then p_contact.position := nullif(p_fields ->> 'jobTitle', ''); end if;
  if p_fields ? 'company' then p_contact.company := nullif(p_fields ->> 'company', ''); end if;
  if p_fields ? 'notes' then p_contact.notes := nullif(p_fields ->> 'notes', ''); end if;
  return p_contact;
end;
$$;
comment on function private.with_duplicate_fields(public.saved_contacts, jsonb) is
  'The contact with the given fields (the API''s names) set; raises P0422 fields_invalid for anything else.';
revoke execute on function private.with_duplicate_fields(public.saved_contacts, jsonb) from public;

-- Writes the record's editable fields and list as p_values has them; answers the row as written.
create or replace function private.write_duplicate_record(p_values public.saved_contacts)
returns public.saved_contacts
language plpgsql
set search_path = ''
as $$
declare
  written public.saved_contacts;
begin
  update public.saved_contacts as c
     set first_name = p_values.first_name,
         last_name = p_values.last_name,
         position = p_values.position,
         company = p_values.company,
         phone = p_values.phone,
         notes = p_values.notes,
         -- A list deleted since is no place to go back to: the contact goes to General (the saved-contacts trigger).
         list_id = (select l.id from public.contact_lists as l where l.id = p_values.list_id and l.deleted_at is null)
   where c.id = p_values.id
  returning c.* into written;
  return written;
end;
$$;
comment on function private.write_duplicate_record(public.saved_contacts) is
  'Sets a saved contact''s editable fields and list (General if that list is deleted) from a row value.';
revoke execute on function private.write_duplicate_record(public.saved_contacts) from public;

-- The records named, locked in id order (so merges touching the same records queue instead of deadlocking).
create or replace function private.lock_duplicate_records(p_ids bigint[])
returns setof public.saved_contacts
language sql
set search_path = ''
as $$
  select c.* from public.saved_contacts as c where c.id = any (p_ids) order by c.id for update
$$;
comment on function private.lock_duplicate_records(bigint[]) is 'The saved contacts with these ids, locked in id order.';
revoke execute on function private.lock_duplicate_records(bigint[]) from public;

create or replace function private.raise_duplicate_record_not_found()
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'duplicate_record_not_found' using errcode = 'P0404';
end;
$$;
comment on function private.raise_duplicate_record_not_found() is 'Raises P0404 duplicate_record_not_found.';
revoke execute on function private.raise_duplicate_record_not_found() from public;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.merge_saved_contacts(keep_id bigint, delete_ids bigint[], fields jsonb default null)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  locked public.saved_contacts[];
  kept public.saved_contacts;
  removed public.saved_contacts[];
  merged public.saved_contacts;
  audit_id bigint;
begin
  perform private.require_admin();
  perform private.require_valid(
    keep_id is not null and pg_catalog.cardinality(delete_ids) between 1 and 50
      and pg_catalog.array_position(delete_ids, null) is null
      and pg_catalog.array_position(delete_ids, keep_id) is null
      and (select pg_catalog.count(distinct d) from pg_catalog.unnest(delete_ids) as d) = pg_catalog.cardinality(delete_ids),
    'merge_ids_invalid');

  locked := array(select private.lock_duplicate_records(delete_ids || keep_id));
  select * into kept from pg_catalog.unnest(locked) as c where c.id = keep_id;
  -- Newest first: the order in which the removed records fill the kept one's blanks and add their notes.
  removed := array(
    select c from pg_catalog.unnest(locked) as c where c.id <> keep_id order by c.updated_at desc, c.id desc
  );
  if kept.id is null or pg_catalog.cardinality(removed) <> pg_catalog.cardinality(delete_ids) then
    perform private.raise_duplicate_record_not_found();
  end if;
  if exists (select from pg_catalog.unnest(removed) as r where r.email_key <> kept.email_key) then
    raise exception 'no_shared_email_key' using errcode = 'P0409';
  end if;
  if exists (select from pg_catalog.unnest(removed) as r where r.user_id <> kept.user_id) then
    raise exception 'different_owners' using errcode = 'P0409';
  end if;

  merged := kept;
  merged.first_name := private.filled_or(kept.first_name, array(select r.first_name from pg_catalog.unnest(removed) as r));
  merged.last_name := private.filled_or(kept.last_name, array(select r.last_name from pg_catalog.unnest(removed) as r));
  merged.position := private.filled_or(kept.position, array(select r.position from pg_catalog.unnest(removed) as r));
  merged.company := private.filled_or(kept.company, array(select r.company from pg_catalog.unnest(removed) as r));
  merged.phone := private.filled_or(kept.phone, array(select r.phone from pg_catalog.unnest(removed) as r));

  -- The kept record's notes first, then the removed ones' newest first; a note already there (spaces aside) once.
  select pg_catalog.string_agg(note.body, E'\n' order by note.n)
    into merged.notes
    from (
      select distinct on (pg_catalog.btrim(every_note.body)) every_note.body, every_note.n
        from (
          select kept.notes as body, 0::bigint as n
          union all
          select r.notes, r.ordinality from pg_catalog.unnest(removed) with ordinality as r
        ) as every_note
       where pg_catalog.btrim(every_note.body) <> ''
       order by pg_catalog.btrim(every_note.body), every_note.n
    ) as note;

  if exists (select from public.contact_lists as l where l.id = kept.list_id and l.is_default) then
    merged.list_id := coalesce(
      (select r.list_id
         from pg_catalog.unnest(removed) with ordinality as r
         join public.contact_lists as l on l.id = r.list_id
        where not l.is_default
        order by r.ordinality
        limit 1),
      kept.list_id);
  end if;

  merged := private.with_duplicate_fields(merged, fields);
  if pg_catalog.char_length(merged.notes) > 2000 then
    raise exception 'merged_notes_too_long' using errcode = 'P0409';
  end if;

  delete from public.saved_contacts as c where c.id = any (delete_ids);
  merged := private.write_duplicate_record(merged);

  insert into public.contact_audit_log (
    action, email_key, actor_id, kept_id, kept_before, kept_after, removed_rows, removed_ids
  )
  values (
    'merge', kept.email_key, (select auth.uid()), kept.id, pg_catalog.to_jsonb(kept), pg_catalog.to_jsonb(merged),
    (select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(r) order by r.id) from pg_catalog.unnest(removed) as r),
    array(select r.id from pg_catalog.unnest(removed) as r order by r.id)
  )
  returning id into audit_id;
  return audit_id;
end;
$$;
comment on function private.merge_saved_contacts(bigint, bigint[], jsonb) is
  'Admins: merges one owner''s saved contacts of one inbox into keep_id (blanks filled newest first, notes joined, '
  'fields as given), removing delete_ids; audited. Answers the audit entry''s id, which an undo names.';
revoke execute on function private.merge_saved_contacts(bigint, bigint[], jsonb) from public;
grant execute on function private.merge_saved_contacts(bigint, bigint[], jsonb) to authenticated;

create or replace function private.undo_contact_merge(audit_id bigint)
returns bigint[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.contact_audit_log;
  kept public.saved_contacts;
begin
  perform private.require_admin();
  select * into entry from public.contact_audit_log as a where a.id = audit_id and a.action = 'merge' for update;
  if not found then
    raise exception 'merge_not_found' using errcode = 'P0404';
  end if;
  if entry.undone_at is not null then
    raise exception 'merge_already_undone' using errcode = 'P0409';
  end if;
  if entry.removed_rows is null or entry.created_at < pg_catalog.now() - interval '30 days' then
    raise exception 'merge_undo_expired' using errcode = 'P0409';
  end if;

  select * into kept from private.lock_duplicate_records(array[entry.kept_id]) as c;
  -- Changed: its time stamp moved (any later write) or its values differ (a write in the merge's own transaction).
  if kept.id is null
     or kept.updated_at is distinct from (entry.kept_after ->> 'updated_at')::timestamptz
     or pg_catalog.to_jsonb(kept) - 'created_at' - 'updated_at' <> entry.kept_after - 'created_at' - 'updated_at' then
    raise exception 'kept_record_changed' using errcode = 'P0409';
  end if;
  if exists (
    select from pg_catalog.jsonb_populate_recordset(null::public.saved_contacts, entry.removed_rows) as r
      join public.saved_contacts as c on c.user_id = r.user_id and pg_catalog.lower(c.email) = pg_catalog.lower(r.email)
  ) then
    raise exception 'merged_contact_saved_again' using errcode = 'P0409';
  end if;

  perform private.write_duplicate_record(pg_catalog.jsonb_populate_record(null::public.saved_contacts, entry.kept_before));
  -- With their ids, so whatever named them (links, exports, the audit entry) names them again; a list deleted since
  -- leaves list_id null, which puts the contact in General.
  insert into public.saved_contacts (
    id, user_id, list_id, email, domain, position, first_name, last_name, company, phone, notes, source, source_url,
    created_at, updated_at
  )
  overriding system value
  select r.id, r.user_id,
         (select l.id from public.contact_lists as l where l.id = r.list_id and l.deleted_at is null),
         r.email, r.domain, r.position, r.first_name, r.last_name, r.company, r.phone, r.notes, r.source, r.source_url,
         r.created_at, r.updated_at
    from pg_catalog.jsonb_populate_recordset(null::public.saved_contacts, entry.removed_rows) as r
   order by r.id;

  update public.contact_audit_log as a
     set undone_at = pg_catalog.now(), undone_by = (select auth.uid())
   where a.id = entry.id;
  return entry.removed_ids;
end;
$$;
comment on function private.undo_contact_merge(bigint) is
  'Admins: undoes a merge within 30 days, once, while its kept record is unchanged: the removed rows come back with '
  'their ids and the kept record as it was. Answers the restored ids.';
revoke execute on function private.undo_contact_merge(bigint) from public;
grant execute on function private.undo_contact_merge(bigint) to authenticated;

create or replace function private.update_duplicate_record(record_id bigint, fields jsonb)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  before public.saved_contacts;
  after public.saved_contacts;
  audit_id bigint;
begin
  perform private.require_admin();
  select * into before from private.lock_duplicate_records(array[record_id]) as c;
  if before.id is null then
    perform private.raise_duplicate_record_not_found();
  end if;
  after := private.write_duplicate_record(private.with_duplicate_fields(before, fields));

  insert into public.contact_audit_log (action, email_key, actor_id, kept_id, kept_before, kept_after)
  values ('edit', before.email_key, (select auth.uid()), before.id, pg_catalog.to_jsonb(before), pg_catalog.to_jsonb(after))
  returning id into audit_id;
  return audit_id;
end;
$$;
comment on function private.update_duplicate_record(bigint, jsonb) is
  'Admins: sets the given fields (the API''s names) of any saved contact; audited. Answers the audit entry''s id.';
revoke execute on function private.update_duplicate_record(bigint, jsonb) from public;
grant execute on function private.update_duplicate_record(bigint, jsonb) to authenticated;

create or replace function private.delete_duplicate_record(record_id bigint)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.saved_contacts;
  audit_id bigint;
begin
  perform private.require_admin();
  select * into target from private.lock_duplicate_records(array[record_id]) as c;
  if target.id is null then
    perform private.raise_duplicate_record_not_found();
  end if;
  delete from public.saved_contacts as c where c.id = target.id;

  insert into public.contact_audit_log (action, email_key, actor_id, removed_rows, removed_ids)
  values ('delete', target.email_key, (select auth.uid()), pg_catalog.jsonb_build_array(pg_catalog.to_jsonb(target)),
          array[target.id])
  returning id into audit_id;
  return audit_id;
end;
$$;
comment on function private.delete_duplicate_record(bigint) is
  'Admins: deletes any saved contact, keeping the row in the contact audit log; answers the audit entry''s id.';
revoke execute on function private.delete_duplicate_record(bigint) from public;
grant execute on function private.delete_duplicate_record(bigint) to authenticated;
