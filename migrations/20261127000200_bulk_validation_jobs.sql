-- Bulk validation jobs: the functions that upload a file into a session and run its validation as a queue of chunks.
--
-- The api and the bulk validation worker call them through their privileged connection (the database owner); trusted
-- servers holding the service key may too; API roles never reach them. Each call is one transaction:
--   bulk_open_session       a new session, unless the user already has p_max_active jobs waiting or running;
--   bulk_append_part        one part of up to 5,000 rows (idempotent by part number); the final part commits the upload:
--                           one item per distinct address, grouped by domain into chunks, and the job is queued;
--   bulk_claim_chunk        a worker leases the next chunk (`for update skip locked`, so two workers never share one);
--   bulk_complete_chunk     stores a chunk's verdicts and moves the session's counters by the rows they stand for;
--   bulk_release_chunk      a worker gives a chunk back after an error; the 3rd failed attempt fails the chunk;
--   bulk_pending_work       whether a worker is needed (the schedule's re-kick);
--   bulk_delete_expired_sessions  retention: sessions 30 days after completion, uploads abandoned for a day.
-- A worker that dies loses nothing: its lease expires and the chunk is claimed again; its verdicts were either
-- committed with the counters or not at all. Refusals are raised as SQLSTATE P0xxx with the reason as the message
-- (too_many_jobs P0429, not_found P0404, part_out_of_order and upload_complete P0409, too_large P0413, no_rows P0400,
-- results_incomplete P0422), which the api maps to its answers.
--
-- Lock order, so a cancelling delete (which locks the session, then its chunks) never deadlocks with a worker: every
-- function takes the session's row before a chunk's, as `for key share`, which workers share with each other but which
-- makes a delete wait until they commit (and a delete in progress makes the claim skip, the completion answer false).

-- Chunks ------------------------------------------------------------------------------------------------------------

-- Items in order of domain: a domain of up to `target` items goes whole into the chunk where it starts (so a chunk
-- holds fewer than 2 × target), a larger one is cut every `target` items; chunk numbers are then made consecutive from
-- p_first_chunk.
create or replace function private.bulk_chunk_plan(p_session uuid, p_phase integer, p_first_chunk integer)
returns table (email_key text, domain text, row_count integer, chunk_no integer)
language sql
stable
set search_path = ''
-- The sorts of 100,000 addresses stay in memory.
set work_mem = '64MB'
as $$
  with source as (
    -- Phase 1: the distinct addresses of the uploaded rows. Phase 2: the items deferred by a DNS timeout.
    select r.email_key, pg_catalog.split_part(r.email_key, '@', -1) as domain, pg_catalog.count(*)::integer as row_count
    from public.bulk_validation_rows as r
    where p_phase = 1 and r.session_id = p_session
    group by r.email_key
    union all
    select i.email_key, i.domain, i.row_count
    from public.bulk_validation_items as i
    where p_phase = 2 and i.session_id = p_session and i.deferred
  ),
  placed as (
    select s.*,
      pg_catalog.row_number() over (order by s.domain, s.email_key) - 1 as pos,
      pg_catalog.row_number() over (partition by s.domain order by s.email_key) - 1 as pos_in_domain,
      pg_catalog.count(*) over (partition by s.domain) as domain_size
    from source as s
  ),
  keyed as (
    select p.email_key, p.domain, p.row_count,
      case when p.domain_size <= 1000 then p.pos - p.pos_in_domain else p.pos end / 1000 as chunk_key
    from placed as p
  )
  select k.email_key, k.domain, k.row_count,
    (p_first_chunk - 1 + pg_catalog.dense_rank() over (order by k.chunk_key))::integer
  from keyed as k
$$;
comment on function private.bulk_chunk_plan(uuid, integer, integer) is
  'The chunk of each address to validate (phase 1: the upload''s distinct addresses; phase 2: the deferred ones), '
  'about 1,000 to a chunk, a domain''s addresses together, numbered from p_first_chunk.';
revoke execute on function private.bulk_chunk_plan(uuid, integer, integer) from public;

create or replace function private.bulk_make_chunks(p_session uuid, p_phase integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  first_chunk constant integer := coalesce(
    (select pg_catalog.max(c.chunk_no) from public.bulk_validation_chunks as c where c.session_id = p_session), 0
  ) + 1;
  chunked integer;
begin
  if p_phase = 1 then
    insert into public.bulk_validation_items (session_id, email_key, domain, row_count, chunk_no)
    select p_session, plan.email_key, plan.domain, plan.row_count, plan.chunk_no
    from private.bulk_chunk_plan(p_session, 1, first_chunk) as plan;
  else
    update public.bulk_validation_items as i set chunk_no = plan.chunk_no
    from private.bulk_chunk_plan(p_session, 2, first_chunk) as plan
    where i.session_id = p_session and i.email_key = plan.email_key;
  end if;
  get diagnostics chunked = row_count;
  -- The plan numbers chunks consecutively from first_chunk.
  insert into public.bulk_validation_chunks (session_id, chunk_no, phase)
  select p_session, n, p_phase
  from pg_catalog.generate_series(
    first_chunk,
    (select pg_catalog.max(i.chunk_no) from public.bulk_validation_items as i where i.session_id = p_session)
  ) as n;
  return chunked;
end;
$$;
comment on function private.bulk_make_chunks(uuid, integer) is
  'Makes a session''s chunks by bulk_chunk_plan: phase 1 creates the items from the uploaded rows, phase 2 moves the '
  'deferred items into retry chunks. Returns the number of items chunked.';
revoke execute on function private.bulk_make_chunks(uuid, integer) from public;

-- Whether a session is done, and if so, what comes next. Locks the session first: of two transactions completing a
-- session's last two chunks at once, the second waits here and then sees the first's chunk done, so exactly one of
-- them finishes the job.
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
  end if;
end;
$$;
comment on function private.bulk_settle_session(uuid) is
  'After a chunk is done or failed: nothing while chunks remain; then the retry of deferred items (once); then the '
  'end: completed (or failed, saying how many addresses were not validated), expiry in 30 days, one validation log.';
revoke execute on function private.bulk_settle_session(uuid) from public;

-- Upload ------------------------------------------------------------------------------------------------------------

create or replace function private.bulk_open_session(
  p_user uuid,
  p_name text,
  p_file_name text,
  p_columns text[],
  p_max_active integer
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  opened uuid;
begin
  if p_max_active is null then
    raise exception 'bulk_open_session needs the number of jobs a user may have' using errcode = 'invalid_parameter_value';
  end if;
  -- One user's opens queue up here, so two at once cannot both take the last free slot.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('bulk_open_session:' || p_user::text, 0));
  if (
    select pg_catalog.count(*) from public.bulk_validation_sessions as s
    where s.user_id = p_user and s.status in ('queued', 'running')
  ) >= p_max_active then
    raise exception 'too_many_jobs' using errcode = 'P0429',
      detail = pg_catalog.format('A user may have %s bulk jobs waiting or running at once.', p_max_active);
  end if;
  insert into public.bulk_validation_sessions (user_id, name, file_name, columns)
  values (p_user, p_name, p_file_name, p_columns)
  returning id into opened;
  return opened;
end;
$$;
comment on function private.bulk_open_session(uuid, text, text, text[], integer) is
  'Opens a session for an upload; too_many_jobs (P0429) when the user has p_max_active sessions queued or running '
  '(uploads not yet complete included).';
revoke execute on function private.bulk_open_session(uuid, text, text, text[], integer) from public;
grant execute on function private.bulk_open_session(uuid, text, text, text[], integer) to service_role;

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

    update public.bulk_validation_sessions as s
    set parts_received = s.parts_received + 1,
      total_emails = s.total_emails + accepted,
      skipped_rows = s.skipped_rows + skipped,
      uploaded_bytes = s.uploaded_bytes + coalesce(p_bytes, 0),
      last_part_rows = accepted,
      last_part_skipped = skipped
    where s.id = p_session
    returning s.* into session;

    if p_final then
      if session.total_emails = 0 then
        raise exception 'no_rows' using errcode = 'P0400';
      end if;
      update public.bulk_validation_sessions as s
      set upload_complete = true, distinct_emails = private.bulk_make_chunks(p_session, 1), status = 'queued'
      where s.id = p_session
      returning s.* into session;
    end if;
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
  'commits it and queues the job. A part already stored is answered again and adds nothing. Answers '
  '{sessionId, part, acceptedRows, skippedRows, totalEmails, uploadComplete, status}.';
revoke execute on function private.bulk_append_part(uuid, uuid, integer, jsonb, integer, integer, boolean) from public;
grant execute on function private.bulk_append_part(uuid, uuid, integer, jsonb, integer, integer, boolean)
  to service_role;

-- Work ----------------------------------------------------------------------------------------------------------------

create or replace function private.bulk_claim_chunk(p_lease_seconds integer)
returns table (session_id uuid, chunk_no integer, lease_token uuid, attempt integer, phase integer, items jsonb)
language plpgsql
security definer
set search_path = ''
as $$
declare
  picked record;
begin
  if p_lease_seconds is null or p_lease_seconds < 1 then
    raise exception 'A lease lasts 1 second or more' using errcode = 'invalid_parameter_value';
  end if;
  loop
    -- The oldest job's first chunk that is waiting or whose worker stopped answering; chunks other workers are
    -- claiming, and sessions being deleted, are skipped rather than waited for.
    select c.session_id, c.chunk_no, c.state, c.attempts, c.last_error into picked
    from public.bulk_validation_chunks as c
    join public.bulk_validation_sessions as s on s.id = c.session_id
    where c.state in ('pending', 'leased')
      and (c.state = 'pending' or c.lease_until <= pg_catalog.now())
      and s.status in ('queued', 'running')
    order by s.created_at, c.session_id, c.chunk_no
    limit 1
    for update of c skip locked
    for key share of s skip locked;
    if not found then
      return;
    end if;
    exit when picked.state = 'pending' or picked.attempts < 3;

    -- The third lease ran out too: the chunk's addresses can't be validated; give up on it, not retry forever.
    update public.bulk_validation_chunks as c
    set state = 'failed', lease_token = null, lease_until = null,
      last_error = pg_catalog.format(
        'Gave up after %s attempts: the last worker stopped before finishing (lease expired).%s',
        picked.attempts, coalesce(' Earlier: ' || picked.last_error, '')
      )
    where c.session_id = picked.session_id and c.chunk_no = picked.chunk_no;
    perform private.bulk_settle_session(picked.session_id);
  end loop;

  -- The job runs from its first claim. Of claims at once, one sets it and the others don't wait for it to commit.
  update public.bulk_validation_sessions as s
  set status = 'running', started_at = pg_catalog.now()
  where s.id in (
    select q.id from public.bulk_validation_sessions as q
    where q.id = picked.session_id and q.status = 'queued'
    for no key update skip locked
  );

  return query
  with claimed as (
    update public.bulk_validation_chunks as c
    set state = 'leased', attempts = c.attempts + 1, lease_token = pg_catalog.gen_random_uuid(),
      lease_until = pg_catalog.now() + pg_catalog.make_interval(secs => p_lease_seconds)
    where c.session_id = picked.session_id and c.chunk_no = picked.chunk_no
    returning c.session_id, c.chunk_no, c.lease_token, c.attempts, c.phase
  )
  select claimed.session_id, claimed.chunk_no, claimed.lease_token, claimed.attempts, claimed.phase,
    (
      select pg_catalog.jsonb_agg(
        pg_catalog.jsonb_build_object('emailKey', i.email_key, 'domain', i.domain) order by i.domain, i.email_key
      )
      from public.bulk_validation_items as i
      where i.session_id = claimed.session_id and i.chunk_no = claimed.chunk_no
    )
  from claimed;
end;
$$;
comment on function private.bulk_claim_chunk(integer) is
  'Leases the next chunk for p_lease_seconds: its session, number, lease token, attempt (from 1), phase and items '
  '[{emailKey, domain}] in domain order; no row when there is no work. A chunk whose 3rd lease expired is failed.';
revoke execute on function private.bulk_claim_chunk(integer) from public;
grant execute on function private.bulk_claim_chunk(integer) to service_role;

create or replace function private.bulk_complete_chunk(
  p_session uuid,
  p_chunk integer,
  p_lease_token uuid,
  p_results jsonb
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  chunk_phase integer;
  chunk_items integer;
  tally record;
begin
  perform from public.bulk_validation_sessions as s where s.id = p_session for key share;
  if not found then
    return false;
  end if;
  -- Only the worker holding the lease commits: one whose lease expired and was claimed again holds an old token.
  update public.bulk_validation_chunks as c
  set state = 'done', lease_token = null, lease_until = null
  where c.session_id = p_session and c.chunk_no = p_chunk and c.state = 'leased' and c.lease_token = p_lease_token
  returning c.phase into chunk_phase;
  if not found then
    return false;
  end if;

  -- In phase 1 a DNS timeout is deferred to the retry and not counted yet; in phase 2 every verdict counts.
  with given as (
    select r."emailKey" as email_key, r.result, r.verdict, chunk_phase = 1 and coalesce(r.deferred, false) as deferred
    from pg_catalog.jsonb_to_recordset(p_results) as r ("emailKey" text, result jsonb, verdict text, deferred boolean)
  ),
  stored as (
    update public.bulk_validation_items as i
    set result = r.result, verdict = r.verdict, deferred = r.deferred
    from given as r
    where i.session_id = p_session and i.chunk_no = p_chunk and i.email_key = r.email_key
    returning i.row_count, i.verdict, i.deferred
  )
  select pg_catalog.count(*)::integer as items,
    coalesce(pg_catalog.sum(t.row_count) filter (where not t.deferred), 0)::integer as processed,
    coalesce(pg_catalog.sum(t.row_count) filter (where not t.deferred and t.verdict = 'deliverable'), 0)::integer
      as valid,
    coalesce(pg_catalog.sum(t.row_count) filter (where not t.deferred and t.verdict = 'undeliverable'), 0)::integer
      as invalid,
    coalesce(pg_catalog.sum(t.row_count) filter (where not t.deferred and t.verdict in ('risky', 'unknown')), 0)::integer
      as warning
  into tally
  from stored as t;

  -- Every address of the chunk needs its verdict, or the counters could never reach the rows.
  select pg_catalog.count(*) into chunk_items
  from public.bulk_validation_items as i
  where i.session_id = p_session and i.chunk_no = p_chunk;
  if tally.items <> chunk_items then
    raise exception 'results_incomplete' using errcode = 'P0422',
      detail = pg_catalog.format('%s of the chunk''s %s addresses have a result.', tally.items, chunk_items);
  end if;

  update public.bulk_validation_sessions as s
  set processed_emails = s.processed_emails + tally.processed,
    valid_count = s.valid_count + tally.valid,
    invalid_count = s.invalid_count + tally.invalid,
    warning_count = s.warning_count + tally.warning
  where s.id = p_session;
  perform private.bulk_settle_session(p_session);
  return true;
end;
$$;
comment on function private.bulk_complete_chunk(uuid, integer, uuid, jsonb) is
  'Stores a leased chunk''s results ([{emailKey, result, verdict, deferred}]), marks it done and moves the session''s '
  'counters, all at once; false (and nothing written) when the lease was lost or the session deleted. '
  'results_incomplete (P0422) when an address of the chunk has no result.';
revoke execute on function private.bulk_complete_chunk(uuid, integer, uuid, jsonb) from public;
grant execute on function private.bulk_complete_chunk(uuid, integer, uuid, jsonb) to service_role;

create or replace function private.bulk_release_chunk(
  p_session uuid,
  p_chunk integer,
  p_lease_token uuid,
  p_error text
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  new_state text;
begin
  perform from public.bulk_validation_sessions as s where s.id = p_session for key share;
  if not found then
    return;
  end if;
  update public.bulk_validation_chunks as c
  set state = case when c.attempts >= 3 then 'failed' else 'pending' end,
    lease_token = null, lease_until = null, last_error = p_error
  where c.session_id = p_session and c.chunk_no = p_chunk and c.state = 'leased' and c.lease_token = p_lease_token
  returning c.state into new_state;
  if new_state = 'failed' then
    perform private.bulk_settle_session(p_session);
  end if;
end;
$$;
comment on function private.bulk_release_chunk(uuid, integer, uuid, text) is
  'A worker gives a leased chunk back after an error: waiting again, or failed after its 3rd attempt. A lost lease '
  'changes nothing.';
revoke execute on function private.bulk_release_chunk(uuid, integer, uuid, text) from public;
grant execute on function private.bulk_release_chunk(uuid, integer, uuid, text) to service_role;

create or replace function private.bulk_pending_work()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.bulk_validation_chunks as c
    join public.bulk_validation_sessions as s on s.id = c.session_id
    where c.state in ('pending', 'leased')
      and (c.state = 'pending' or c.lease_until <= pg_catalog.now())
      and s.status in ('queued', 'running')
  )
$$;
comment on function private.bulk_pending_work() is
  'Whether bulk_claim_chunk would find a chunk: one waiting, or one whose lease expired.';
revoke execute on function private.bulk_pending_work() from public;
grant execute on function private.bulk_pending_work() to service_role;

-- Retention -----------------------------------------------------------------------------------------------------------

create or replace function private.bulk_delete_expired_sessions()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.bulk_validation_sessions as s
  where s.expires_at <= pg_catalog.now()
    or (not s.upload_complete and s.created_at <= pg_catalog.now() - interval '1 day');
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;
comment on function private.bulk_delete_expired_sessions() is
  'Deletes (with their rows) sessions 30 days after completion and uploads not completed within a day; returns how many.';
revoke execute on function private.bulk_delete_expired_sessions() from public;
grant execute on function private.bulk_delete_expired_sessions() to service_role;
