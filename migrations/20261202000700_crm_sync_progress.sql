-- CRM sync progress, live over Realtime: a run's state is broadcast on its private topic 'crm-sync:<run id>' as event
-- 'progress', with the fields of the contract's syncRunSchema (the same the API answers for the run).
--
-- A trigger sends it, in the transaction that changes a bulk run, so a message never runs ahead of the data. Every
-- change of status, counters or message is sent: a worker records a batch of up to a hundred contacts at a time, so
-- that is a message per batch, not per contact. Single and inline runs are answered whole by their request: nobody
-- follows them live. Only the run's owner and admins may join the topic (Realtime checks
-- the select policy on realtime.messages as the joining user); nobody may send on it.

-- Broadcast -----------------------------------------------------------------------------------------------------------

create or replace function private.crm_sync_run_event(run public.crm_sync_logs)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'jobId', run.id,
    'status', run.status,
    'total', run.total,
    'processed', run.records_processed,
    'created', run.created,
    'updated', run.updated,
    'skipped', run.skipped,
    'failed', run.records_failed,
    'options', pg_catalog.jsonb_build_object(
      'tagInvalidEmails', run.options -> 'tagInvalidEmails', 'overwriteExisting', run.options -> 'overwriteExisting'
    ),
    'message', run.message,
    'startedAt', run.started_at,
    'completedAt', run.completed_at,
    'createdAt', run.created_at
  )
$$;
comment on function private.crm_sync_run_event(public.crm_sync_logs) is
  'A sync run as the contract''s syncRunSchema has it: the payload of its progress event.';
revoke execute on function private.crm_sync_run_event(public.crm_sync_logs) from public;

-- Invoker: only the queue functions (definers) update runs.
create or replace function private.broadcast_crm_sync_progress()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform realtime.send(private.crm_sync_run_event(new), 'progress', 'crm-sync:' || new.id::text, true);
  return null;
end;
$$;
comment on function private.broadcast_crm_sync_progress() is
  'Trigger on crm_sync_logs: broadcasts the run on crm-sync:<id> (event progress) when its state or counters change.';
revoke execute on function private.broadcast_crm_sync_progress() from public;

create trigger crm_sync_logs_broadcast_progress
  after update on public.crm_sync_logs
  for each row
  when (
    new.sync_type = 'bulk' and (
      new.status is distinct from old.status
      or new.records_processed is distinct from old.records_processed
      or new.total is distinct from old.total
      or new.message is distinct from old.message
    )
  )
  execute function private.broadcast_crm_sync_progress();

-- Who may listen --------------------------------------------------------------------------------------------------

-- Invoker: the runs' own policy (owner or admin) decides, as the joining user.
create or replace function private.may_receive_crm_sync_progress(p_topic text)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  -- Any other topic, or one whose id is not a uuid, is not this policy's to allow (and must not fail the query).
  if p_topic is null or p_topic !~* '^crm-sync:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  return exists (
    select from public.crm_sync_logs as l
    where l.id = pg_catalog.substr(p_topic, 10)::uuid
      and (l.user_id = (select auth.uid()) or (select private.is_admin()))
  );
end;
$$;
comment on function private.may_receive_crm_sync_progress(text) is
  'Whether the signed-in user may receive on a Realtime topic as a CRM sync run''s owner or an admin.';
revoke execute on function private.may_receive_crm_sync_progress(text) from public;
grant execute on function private.may_receive_crm_sync_progress(text) to authenticated;

create policy "Owners and admins can receive a CRM sync's progress"
  on realtime.messages for select
  to authenticated
  using ((select private.may_receive_crm_sync_progress((select realtime.topic()))));
