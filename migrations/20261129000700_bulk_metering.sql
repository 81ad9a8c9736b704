-- Bulk validation, metered: a job pays for its distinct addresses when its upload is committed, and gets back the
-- units of the addresses it did not validate when it is cancelled or fails.
--
-- One unit of work 'bulk_row' per distinct address (a duplicated address is validated once), drawn by
-- private.meter_usage with the reference bulk:<session id> in the final part's transaction (bulk_append_part,
-- redefined here): refused, it raises credits_needed (P0402) with the user's bulk-row balance as the DETAIL, and the
-- part is not stored, so the client can send it again after buying. Cancelling (deleting a queued or running session,
-- by its owner through the api or PostgREST) gives back the units of the addresses without a verdict yet, by a
-- trigger; a job that ends failed gives back the addresses it could not validate (bulk_settle_session, redefined
-- here). Both give back through private.release_usage, which never returns more than the job consumed. Lock order as
-- before, then the profile: the session's row, then the profile's (inside the meter), then grants.

-- Helpers -------------------------------------------------------------------------------------------------------------

create or replace function private.bulk_usage_reference(p_session uuid)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'bulk:' || p_session::text
$$;
comment on function private.bulk_usage_reference(uuid) is 'The usage ledger''s reference for a bulk job: bulk:<session id>.';
revoke execute on function private.bulk_usage_reference(uuid) from public;

-- Deferred items (a DNS timeout waiting for the retry) have no verdict yet: they count as not validated.
create or replace function private.bulk_unvalidated_addresses(p_session public.bulk_validation_sessions)
returns integer
language sql
stable
set search_path = ''
as $$
  select greatest(p_session.distinct_emails - pg_catalog.count(*)::integer, 0)
  from public.bulk_validation_items as i
  where i.session_id = p_session.id and not i.deferred
$$;
comment on function private.bulk_unvalidated_addresses(public.bulk_validation_sessions) is
  'A committed job''s distinct addresses that have no verdict (yet).';
revoke execute on function private.bulk_unvalidated_addresses(public.bulk_validation_sessions) from public;

-- Settling ------------------------------------------------------------------------------------------------------------

-- Whether a session is done, and if so, what comes next. Locks the session first: of two transactions completing a
-- session's last two chunks at once, the second waits here and then sees the first's chunk done, so exactly one of
-- them finishes the job (and gives back a failed job's units once).
create or replace function private.bulk_settle_session(p_session uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  session public.bulk_validation_sessions;
begin
  perform from public.bulk_validation_sessions as s where s.id = p_session for no key update;
  if exists (
    select from public.bulk_validation_chunks as c
    where c.session_id = p_session and c.state in ('pending', 'leased')
  ) then
    return;
  end if;

  -- DNS timeouts get one more try, together at the end, when the resolvers have had time to recover.
  if exists (select from public.bulk_validation_items as i where i.session_id = p_session and i.deferred)
     and not exists (select from public.bulk_validation_chunks as c where c.session_id = p_session and c.phase = 2) then
    perform private.bulk_make_chunks(p_session, 2);
    return;
  end if;

  update public.bulk_validation_sessions as s
  set status = case when failed.some then 'failed' else 'completed' end,
    error = case when failed.some then pg_catalog.format(
      '%s of %s addresses could not be validated; the others have their verdicts.',
      s.total_emails - s.processed_emails, s.total_emails
    ) end,
    completed_at = pg_catalog.now(),
    expires_at = pg_catalog.now() + interval '30 days'
  from (
    select exists (
      select from public.bulk_validation_chunks as c where c.session_id = p_session and c.state = 'failed'
    ) as some
  ) as failed
  where s.id = p_session and s.status in ('queued', 'running')
  returning s.* into session;
  if found then
    insert into public.validation_logs (
      user_id, validation_type, emails_processed, valid_emails, invalid_emails, warning_emails, session_id
    )
    values (
      session.user_id, 'bulk', session.processed_emails, session.valid_count, session.invalid_count,
      session.warning_count, session.id::text
    );
    -- The addresses that could not be validated were paid for at the upload: their units go back.
    if session.status = 'failed' then
      perform private.release_usage(
        session.user_id, private.bulk_usage_reference(session.id), private.bulk_unvalidated_addresses(session)
      );
    end if;
  end if;
end;
$$;
comment on function private.bulk_settle_session(uuid) is
  'After a chunk is done or failed: nothing while chunks remain; then the retry of deferred items (once); then the '
  'end: completed (or failed, saying how many addresses were not validated, whose units are given back), expiry in 30 '
  'days, one validation log.';
revoke execute on function private.bulk_settle_session(uuid) from public;

-- Upload ------------------------------------------------------------------------------------------------------------

create or replace function private.bulk_append_part(
  p_user uuid,
  p_session uuid,
  p_part integer,
  p_rows jsonb,
  p_skipped integer,
  p_bytes integer,
  p_final boolean
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  max_rows constant integer := 100000;
  max_bytes constant bigint := 52428800;
  session public.bulk_validation_sessions;
  accepted integer;
  skipped integer;
  item_count integer;
  metered record;
begin
  if p_part is null or p_part < 0 or p_skipped < 0 or p_bytes < 0 or p_final is null
     or pg_catalog.jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'bulk_append_part needs a part from 0, an array of rows and counts from 0'
      using errcode = 'invalid_parameter_value';
  end if;
  -- Parts of one session queue up behind each other (and behind a cancelling delete).
  select * into session from public.bulk_validation_sessions as s
  where s.id = p_session and s.user_id = p_user
  for no key update;
  if not found then
    raise exception 'not_found' using errcode = 'P0404';
  end if;

  if p_part < session.parts_received then
    -- A retry after a lost answer adds nothing. The latest part is answered as the first time (its client cannot
    -- have sent the next one without that answer); an older one, with nothing accepted.
    accepted := case when p_part = session.parts_received - 1 then session.last_part_rows else 0 end;
    skipped := case when p_part = session.parts_received - 1 then session.last_part_skipped else 0 end;
  else
    if session.upload_complete then
      raise exception 'upload_complete' using errcode = 'P0409';
    end if;
    if p_part > session.parts_received then
      raise exception 'part_out_of_order' using errcode = 'P0409',
        detail = pg_catalog.format('Part %s is expected next, not part %s.', session.parts_received, p_part);
    end if;
    accepted := pg_catalog.jsonb_array_length(p_rows);
    skipped := coalesce(p_skipped, 0);
    if session.total_emails + accepted > max_rows or session.uploaded_bytes + coalesce(p_bytes, 0) > max_bytes then
      raise exception 'too_large' using errcode = 'P0413',
        detail = pg_catalog.format('A file may hold %s addresses and %s bytes.', max_rows, max_bytes);
    end if;
    if p_final and session.total_emails + accepted = 0 then
      raise exception 'no_rows' using errcode = 'P0400';
    end if;

    insert into public.bulk_validation_rows (
      session_id, row_no, email, email_key, first_name, last_name, phone_number, mobile_number, job_title, company, cells
    )
    select p_session, session.total_emails + r.row_no::integer, r.email, r."emailKey", r."firstName", r."lastName",
      r."phoneNumber", r."mobileNumber", r."jobTitle", r.company, r.cells
    from rows from (
      pg_catalog.jsonb_to_recordset(p_rows) as (
        email text, "emailKey" text, "firstName" text, "lastName" text, "phoneNumber" text, "mobileNumber" text,
        "jobTitle" text, company text, cells text[]
      )
    ) with ordinality as r (
      email, "emailKey", "firstName", "lastName", "phoneNumber", "mobileNumber", "jobTitle", company, cells, row_no
    );

    if p_final then
      -- The upload is committed: its items and chunks, and the job is queued for the workers. Its distinct addresses
      -- are paid for now, one unit each; refused, nothing of this part is stored, so the client may send it again
      -- once the user has bought units.
      item_count := private.bulk_make_chunks(p_session, 1);
      select * into metered
      from private.meter_usage(p_user, 'bulk_row', item_count, private.bulk_usage_reference(p_session));
      if not metered.allowed then
        raise exception 'credits_needed' using errcode = 'P0402', detail = metered.balance::text;
      end if;
    end if;
    -- One update, so the final part's counters and the upload's completion are one progress event.
    update public.bulk_validation_sessions as s
    set parts_received = s.parts_received + 1,
      total_emails = s.total_emails + accepted,
      skipped_rows = s.skipped_rows + skipped,
      uploaded_bytes = s.uploaded_bytes + coalesce(p_bytes, 0),
      last_part_rows = accepted,
      last_part_skipped = skipped,
      upload_complete = p_final,
      distinct_emails = coalesce(item_count, 0)
    where s.id = p_session
    returning s.* into session;
  end if;

  return pg_catalog.jsonb_build_object(
    'sessionId', session.id,
    'part', p_part,
    'acceptedRows', accepted,
    'skippedRows', skipped,
    'totalEmails', session.total_emails,
    'uploadComplete', session.upload_complete,
    'status', session.status
  );
end;
$$;
comment on function private.bulk_append_part(uuid, uuid, integer, jsonb, integer, integer, boolean) is
  'Stores part p_part of the user''s upload (rows as [{email, emailKey, firstName?, ..., cells?}]); the final part '
  'commits it, meters its distinct addresses (bulk_row units; credits_needed P0402 with the balance as detail when '
  'refused, nothing stored) and queues the job. A part already stored is answered again and adds nothing. Answers '
  '{sessionId, part, acceptedRows, skippedRows, totalEmails, uploadComplete, status}.';
revoke execute on function private.bulk_append_part(uuid, uuid, integer, jsonb, integer, integer, boolean) from public;
grant execute on function private.bulk_append_part(uuid, uuid, integer, jsonb, integer, integer, boolean)
  to service_role;

-- Cancelling ----------------------------------------------------------------------------------------------------------

-- Definer: the owner's delete runs as an API role, which may not write the ledger or the profile's counters.
create or replace function private.bulk_give_back_cancelled()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Deleting the account takes its sessions along after its profile: there is nobody to give back to.
  if exists (select from public.profiles as p where p.id = old.user_id) then
    perform private.release_usage(
      old.user_id, private.bulk_usage_reference(old.id), private.bulk_unvalidated_addresses(old)
    );
  end if;
  return old;
end;
$$;
comment on function private.bulk_give_back_cancelled() is
  'Trigger before a committed, queued or running session is deleted (cancelled): gives back the units of its '
  'addresses without a verdict.';
revoke execute on function private.bulk_give_back_cancelled() from public;

-- Fires after the row is locked, so a worker's commit in progress is waited for and its verdicts are not given back.
create trigger bulk_validation_sessions_give_back_cancelled
  before delete on public.bulk_validation_sessions
  for each row
  when (old.upload_complete and old.status in ('queued', 'running'))
  execute function private.bulk_give_back_cancelled();
