-- CRM sync jobs: starting a bulk run, the functions its worker works it through, and recording single and inline
-- syncs. Shaped like bulk validation's and campaign sends' jobs:
--
--   start_crm_sync_run        a run of the owner's contacts among the ids (one item each, in id order); a second
--                             unfinished run of the integration is a unique violation (crm_sync_logs_active_key)
--   claim_crm_sync_run        a worker leases the next run (`for update skip locked`): pending, running with an
--                             expired lease, or paused past resume_after; the lease's token comes back
--   crm_sync_run_batch        the run's next contacts still without an outcome, with their latest validation
--   record_crm_sync_items     the batch's outcomes and the run's counters in one transaction, false when the lease
--                             was lost; completes the run when no contact waits
--   renew_crm_sync_lease, pause_crm_sync_run (daily credits spent), fail_crm_sync_run
--   crm_sync_work_waiting, crm_sync_claimable_in_ms
--                             as bulk validation's: whether a worker is wanted, and when a run may next be claimed
--   record_crm_sync_run       a single or inline sync, recorded complete in one call
-- An item with an outcome is never handed out or written again, so a run taken over after a lost lease, or resumed
-- after a pause, syncs each contact once. The worker and the api call them on their privileged connection
-- (service_role's grants); API roles may not.

-- Helpers -----------------------------------------------------------------------------------------------------------

create or replace function private.crm_sync_options(p_options jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'tagInvalidEmails', coalesce(pg_catalog.jsonb_typeof(p_options -> 'tagInvalidEmails') = 'boolean'
      and (p_options ->> 'tagInvalidEmails')::boolean, false),
    'overwriteExisting', coalesce(pg_catalog.jsonb_typeof(p_options -> 'overwriteExisting') = 'boolean'
      and (p_options ->> 'overwriteExisting')::boolean, false)
  )
$$;
comment on function private.crm_sync_options(jsonb) is
  'A run''s options as stored: {tagInvalidEmails, overwriteExisting}, each false unless given true.';
revoke execute on function private.crm_sync_options(jsonb) from public;

create or replace function private.check_crm_sync_results(p_results jsonb)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if pg_catalog.jsonb_typeof(p_results) is distinct from 'array' or exists (
    select from pg_catalog.jsonb_array_elements(p_results) as r (result)
    where pg_catalog.jsonb_typeof(r.result) <> 'object'
      or pg_catalog.jsonb_typeof(r.result -> 'contactId') is distinct from 'number'
      or (r.result ->> 'contactId') !~ '^[1-9][0-9]{0,17}$'
      or (r.result ->> 'outcome') is null
      or (r.result ->> 'outcome') not in ('created', 'updated', 'skipped', 'failed')
  ) then
    raise exception 'Results are a list of {contactId, outcome, zohoId, tagged, message}, each outcome one of '
      'created, updated, skipped or failed' using errcode = 'invalid_parameter_value';
  end if;
end;
$$;
comment on function private.check_crm_sync_results(jsonb) is
  'Refuses (invalid_parameter_value) results that are not [{contactId, outcome, zohoId, tagged, message}].';
revoke execute on function private.check_crm_sync_results(jsonb) from public;

-- Writes results into the run's items that have no outcome yet, adds them to its counters, and completes it (setting
-- the integration's last_sync_at) once no contact waits. Items whose contact was deleted before its turn are skipped
-- here, since no batch can hand them out. The caller holds the run's row.
create or replace function private.apply_crm_sync_results(p_run uuid, p_results jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  counted record;
  finished boolean;
  run public.crm_sync_logs;
begin
  perform private.check_crm_sync_results(p_results);
  with done as (
    update public.crm_sync_items as i
    set outcome = r.outcome, zoho_id = r."zohoId", tagged = coalesce(r.tagged, false),
      message = pg_catalog.left(r.message, 2000),
      processed_at = pg_catalog.now()
    from (
      select distinct on (r."contactId") r.*
      from pg_catalog.jsonb_to_recordset(p_results)
        as r ("contactId" bigint, outcome text, "zohoId" text, tagged boolean, message text)
    ) as r
    where i.sync_log_id = p_run and i.contact_id = r."contactId" and i.outcome is null
    returning i.outcome
  ), gone as (
    update public.crm_sync_items as i
    set outcome = 'skipped', message = 'The contact was deleted before it was synced', processed_at = pg_catalog.now()
    where i.sync_log_id = p_run and i.contact_id is null and i.outcome is null
    returning i.outcome
  )
  select
    pg_catalog.count(*) filter (where o.outcome = 'created')::integer as created,
    pg_catalog.count(*) filter (where o.outcome = 'updated')::integer as updated,
    pg_catalog.count(*) filter (where o.outcome = 'skipped')::integer as skipped,
    pg_catalog.count(*) filter (where o.outcome = 'failed')::integer as failed
  into counted
  from (select d.outcome from done as d union all select g.outcome from gone as g) as o;

  finished := not exists (select from public.crm_sync_items as i where i.sync_log_id = p_run and i.outcome is null);

  -- One update, so the last batch's counters and the completion reach Realtime as one message.
  update public.crm_sync_logs as l
  set created = l.created + counted.created, updated = l.updated + counted.updated,
    skipped = l.skipped + counted.skipped, records_failed = l.records_failed + counted.failed,
    records_successful = l.records_successful + counted.created + counted.updated + counted.skipped,
    records_processed = l.records_processed + counted.created + counted.updated + counted.skipped + counted.failed,
    status = case when finished then 'completed' else l.status end,
    completed_at = case when finished then coalesce(l.completed_at, pg_catalog.now()) else l.completed_at end,
    lease_owner = case when finished then null else l.lease_owner end,
    lease_expires_at = case when finished then null else l.lease_expires_at end
  where l.id = p_run
  returning * into run;
  if finished then
    update public.crm_integrations as c set last_sync_at = pg_catalog.now() where c.id = run.integration_id;
  end if;
end;
$$;
comment on function private.apply_crm_sync_results(uuid, jsonb) is
  'Writes a run''s results [{contactId, outcome, zohoId, tagged, message}] into its items still without an outcome, '
  'moves its counters and completes it when no contact waits. invalid_parameter_value for malformed results.';
revoke execute on function private.apply_crm_sync_results(uuid, jsonb) from public;

-- Starting ----------------------------------------------------------------------------------------------------------

create or replace function private.start_crm_sync_run(
  p_integration_id uuid,
  p_sync_type text,
  p_options jsonb,
  p_contact_ids bigint[]
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  integration public.crm_integrations;
  contacts integer;
  run_id uuid;
begin
  select c.* into integration from public.crm_integrations as c where c.id = p_integration_id;
  if not found then
    raise exception 'integration_not_found' using errcode = 'P0404';
  end if;
  select pg_catalog.count(*) into contacts
  from public.saved_contacts as c
  where c.user_id = integration.user_id and c.id = any (p_contact_ids);
  if contacts = 0 then
    raise exception 'no_contacts' using errcode = 'no_data_found';
  end if;

  insert into public.crm_sync_logs (integration_id, user_id, sync_type, options, total)
  values (integration.id, integration.user_id, p_sync_type, private.crm_sync_options(p_options), contacts)
  returning id into run_id;
  insert into public.crm_sync_items (sync_log_id, user_id, contact_id, email)
  select run_id, c.user_id, c.id, c.email
  from public.saved_contacts as c
  where c.user_id = integration.user_id and c.id = any (p_contact_ids)
  order by c.id;
  return run_id;
end;
$$;
comment on function private.start_crm_sync_run(uuid, text, jsonb, bigint[]) is
  'Starts a run (pending) of the integration''s owner''s contacts among p_contact_ids, one item each in id order, and '
  'answers its id. integration_not_found (P0404); no_contacts (no_data_found) when none is the owner''s; a second '
  'unfinished run of the integration: unique_violation on crm_sync_logs_active_key.';
revoke execute on function private.start_crm_sync_run(uuid, text, jsonb, bigint[]) from public;
grant execute on function private.start_crm_sync_run(uuid, text, jsonb, bigint[]) to service_role;

-- Work ----------------------------------------------------------------------------------------------------------------

create or replace function private.claim_crm_sync_run(p_lease_seconds integer)
returns table (run_id uuid, integration_id uuid, user_id uuid, options jsonb, lease_owner uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  picked uuid;
begin
  if p_lease_seconds is null or p_lease_seconds < 1 then
    raise exception 'A lease lasts 1 second or more' using errcode = 'invalid_parameter_value';
  end if;
  select l.id into picked
  from public.crm_sync_logs as l
  where l.status = 'pending'
    or l.status = 'running' and (l.lease_expires_at is null or l.lease_expires_at <= pg_catalog.now())
    or l.status = 'paused' and l.resume_after <= pg_catalog.now()
  order by l.created_at, l.id
  limit 1
  for update skip locked;
  if not found then
    return;
  end if;

  return query
  update public.crm_sync_logs as l
  set status = 'running', started_at = coalesce(l.started_at, pg_catalog.now()),
    lease_owner = pg_catalog.gen_random_uuid(),
    lease_expires_at = pg_catalog.now() + pg_catalog.make_interval(secs => p_lease_seconds),
    -- Resumed after a pause: the reason it paused is over.
    message = case when l.status = 'paused' then null else l.message end,
    resume_after = null
  where l.id = picked
  returning l.id, l.integration_id, l.user_id, l.options, l.lease_owner;
end;
$$;
comment on function private.claim_crm_sync_run(integer) is
  'Leases the next run for p_lease_seconds: pending, running with an expired lease, or paused past resume_after, '
  'oldest first. Answers it with the lease''s token (lease_owner), or no row. invalid_parameter_value for a lease '
  'under 1 s.';
revoke execute on function private.claim_crm_sync_run(integer) from public;
grant execute on function private.claim_crm_sync_run(integer) to service_role;

create or replace function private.crm_sync_run_batch(p_run_id uuid, p_max_items integer)
returns table (
  item_id bigint,
  contact_id bigint,
  email text,
  first_name text,
  last_name text,
  company text,
  phone text,
  mobile text,
  job_title text,
  is_valid boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, c.id, c.email, c.first_name, c.last_name, c.company, c.phone, v.mobile_number, c.position, v.is_valid
  from public.crm_sync_items as i
  join public.saved_contacts as c on c.id = i.contact_id
  left join public.email_validations as v on pg_catalog.lower(v.email) = pg_catalog.lower(c.email)
  where i.sync_log_id = p_run_id and i.outcome is null
  order by i.id
  limit p_max_items
$$;
comment on function private.crm_sync_run_batch(uuid, integer) is
  'A run''s next p_max_items contacts without an outcome, in order: the saved contact''s fields (job_title is its '
  'position) with the address''s latest validation (is_valid, and the mobile number enrichment found; null when none).';
revoke execute on function private.crm_sync_run_batch(uuid, integer) from public;
grant execute on function private.crm_sync_run_batch(uuid, integer) to service_role;

create or replace function private.record_crm_sync_items(p_run_id uuid, p_lease_owner uuid, p_results jsonb)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Only the worker holding the lease writes: one whose lease was claimed again by another worker does not.
  perform from public.crm_sync_logs as l
  where l.id = p_run_id and l.status = 'running' and l.lease_owner = p_lease_owner
  for update;
  if not found then
    return false;
  end if;
  perform private.apply_crm_sync_results(p_run_id, p_results);
  return true;
end;
$$;
comment on function private.record_crm_sync_items(uuid, uuid, jsonb) is
  'The lease holder records a batch''s results [{contactId, outcome, zohoId, tagged, message}] (an empty list settles '
  'what no batch can hand out): items already with an outcome are left as they are; the run''s counters move, and '
  'with no contact left waiting it completes and the integration''s last_sync_at is set. Broadcast on crm-sync:<id>. '
  'False (nothing written) when the lease was lost; invalid_parameter_value for malformed results.';
revoke execute on function private.record_crm_sync_items(uuid, uuid, jsonb) from public;
grant execute on function private.record_crm_sync_items(uuid, uuid, jsonb) to service_role;

create or replace function private.renew_crm_sync_lease(p_run_id uuid, p_lease_owner uuid, p_lease_seconds integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_lease_seconds is null or p_lease_seconds < 1 then
    raise exception 'A lease lasts 1 second or more' using errcode = 'invalid_parameter_value';
  end if;
  -- The token decides, not the clock: a lease that ran out but was not claimed again is still its worker's.
  update public.crm_sync_logs as l
  set lease_expires_at = pg_catalog.now() + pg_catalog.make_interval(secs => p_lease_seconds)
  where l.id = p_run_id and l.status = 'running' and l.lease_owner = p_lease_owner;
  return found;
end;
$$;
comment on function private.renew_crm_sync_lease(uuid, uuid, integer) is
  'Extends the worker''s lease on a run to p_lease_seconds from now; false when the lease was lost (claimed again, '
  'paused, finished or the run deleted). invalid_parameter_value for a lease < 1 s.';
revoke execute on function private.renew_crm_sync_lease(uuid, uuid, integer) from public;
grant execute on function private.renew_crm_sync_lease(uuid, uuid, integer) to service_role;

create or replace function private.pause_crm_sync_run(
  p_run_id uuid,
  p_lease_owner uuid,
  p_resume_after timestamptz,
  p_message text
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_resume_after is null then
    raise exception 'A paused run resumes at a time' using errcode = 'invalid_parameter_value';
  end if;
  update public.crm_sync_logs as l
  set status = 'paused', resume_after = p_resume_after, message = pg_catalog.left(p_message, 2000), lease_owner = null,
    lease_expires_at = null
  where l.id = p_run_id and l.status = 'running' and l.lease_owner = p_lease_owner;
  return found;
end;
$$;
comment on function private.pause_crm_sync_run(uuid, uuid, timestamptz, text) is
  'The lease holder pauses its run until p_resume_after (the CRM''s daily credits are spent), saying why; it is '
  'claimable again from then. False when the lease was lost. invalid_parameter_value without a resume time.';
revoke execute on function private.pause_crm_sync_run(uuid, uuid, timestamptz, text) from public;
grant execute on function private.pause_crm_sync_run(uuid, uuid, timestamptz, text) to service_role;

create or replace function private.fail_crm_sync_run(
  p_run_id uuid,
  p_lease_owner uuid,
  p_message text,
  p_details jsonb default null
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.crm_sync_logs as l
  set status = 'failed', completed_at = pg_catalog.now(), message = pg_catalog.left(p_message, 2000),
    error_details = p_details,
    lease_owner = null, lease_expires_at = null
  where l.id = p_run_id and l.status = 'running' and l.lease_owner = p_lease_owner;
  return found;
end;
$$;
comment on function private.fail_crm_sync_run(uuid, uuid, text, jsonb) is
  'The lease holder ends its run as failed (the connection needs reconnecting, the CRM stays unavailable), with the '
  'user''s message and optional details; contacts without an outcome stay so. False when the lease was lost.';
revoke execute on function private.fail_crm_sync_run(uuid, uuid, text, jsonb) from public;
grant execute on function private.fail_crm_sync_run(uuid, uuid, text, jsonb) to service_role;

create or replace function private.crm_sync_work_waiting()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.crm_sync_logs as l
    where l.status = 'pending'
      or l.status = 'running' and (l.lease_expires_at is null or l.lease_expires_at <= pg_catalog.now())
      or l.status = 'paused' and l.resume_after <= pg_catalog.now()
  )
$$;
comment on function private.crm_sync_work_waiting() is
  'Whether claim_crm_sync_run would find a run: pending, its lease run out, or paused past resume_after.';
revoke execute on function private.crm_sync_work_waiting() from public;
grant execute on function private.crm_sync_work_waiting() to service_role;

create or replace function private.crm_sync_claimable_in_ms()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  -- One row of the earliest time or none at all (null): greatest() alone would take a null for 0.
  select greatest(0, ceil(extract(epoch from earliest.at - pg_catalog.now()) * 1000))::integer
  from (
    select pg_catalog.min(case l.status
      when 'pending' then pg_catalog.now()
      when 'running' then coalesce(l.lease_expires_at, pg_catalog.now())
      else l.resume_after
    end) as at
    from public.crm_sync_logs as l
    where l.status in ('pending', 'running', 'paused')
  ) as earliest
  where earliest.at is not null
$$;
comment on function private.crm_sync_claimable_in_ms() is
  'Milliseconds until claim_crm_sync_run may find a run: 0 when one waits or a lease has run out, else until the '
  'earliest lease runs out or paused run resumes; null when no run is unfinished.';
revoke execute on function private.crm_sync_claimable_in_ms() from public;
grant execute on function private.crm_sync_claimable_in_ms() to service_role;

-- Single and inline syncs -------------------------------------------------------------------------------------------

create or replace function private.record_crm_sync_run(
  p_integration_id uuid,
  p_sync_type text,
  p_options jsonb,
  p_results jsonb
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  integration public.crm_integrations;
  contact_ids bigint[];
  run_id uuid;
begin
  select c.* into integration from public.crm_integrations as c where c.id = p_integration_id;
  if not found then
    raise exception 'integration_not_found' using errcode = 'P0404';
  end if;
  perform private.check_crm_sync_results(p_results);
  contact_ids := array(
    select c.id from public.saved_contacts as c
    where c.user_id = integration.user_id and c.id in (
      select (r.result ->> 'contactId')::bigint from pg_catalog.jsonb_array_elements(p_results) as r (result)
    )
    order by c.id
  );
  if pg_catalog.cardinality(contact_ids) = 0 then
    raise exception 'no_contacts' using errcode = 'no_data_found';
  end if;

  -- Done as it is recorded: it never holds the integration's one unfinished run.
  insert into public.crm_sync_logs (
    integration_id, user_id, sync_type, status, options, total, started_at, completed_at
  )
  values (integration.id, integration.user_id, p_sync_type, 'completed', private.crm_sync_options(p_options),
    pg_catalog.cardinality(contact_ids), pg_catalog.now(), pg_catalog.now())
  returning id into run_id;
  insert into public.crm_sync_items (sync_log_id, user_id, contact_id, email)
  select run_id, c.user_id, c.id, c.email
  from public.saved_contacts as c
  where c.id = any (contact_ids)
  order by c.id;
  perform private.apply_crm_sync_results(run_id, p_results);
  return run_id;
end;
$$;
comment on function private.record_crm_sync_run(uuid, text, jsonb, jsonb) is
  'Records a single or inline sync, complete, with its results [{contactId, outcome, zohoId, tagged, message}] for '
  'the owner''s contacts (others are left out), and sets the integration''s last_sync_at; answers the run''s id. '
  'integration_not_found (P0404); no_contacts (no_data_found) when no result is for the owner''s contact; '
  'invalid_parameter_value for malformed results.';
revoke execute on function private.record_crm_sync_run(uuid, text, jsonb, jsonb) from public;
grant execute on function private.record_crm_sync_run(uuid, text, jsonb, jsonb) to service_role;
