-- Bulk validation progress, live over Realtime: a session's counters and status are broadcast on its private topic
-- 'bulk-validation:<session id>' as event 'progress', with the field names the SPA's contract reads:
-- {totalEmails, processedEmails, validCount, invalidCount, warningCount, status}.
--
-- The broadcast is sent by a trigger, in the transaction that moves the counters, so a message never runs ahead of the
-- data (it is delivered when that transaction commits). A change of status or of the upload's completion is always
-- sent; counter changes at most every 250 ms per session, which is plenty for a progress bar and spares Realtime a
-- message per chunk. Deleting a session (cancelling it) sends status cancelled, so another open tab stops showing it
-- as running. Only the session's owner and admins may join the topic (Realtime checks the select policy on
-- realtime.messages as the joining user); nobody may send on it.

-- Broadcast -----------------------------------------------------------------------------------------------------------

create or replace function private.bulk_progress_payload(session public.bulk_validation_sessions, status text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'totalEmails', session.total_emails,
    'processedEmails', session.processed_emails,
    'validCount', session.valid_count,
    'invalidCount', session.invalid_count,
    'warningCount', session.warning_count,
    'status', status
  )
$$;
comment on function private.bulk_progress_payload(public.bulk_validation_sessions, text) is
  'A session''s progress event as the contract''s bulkProgressSchema has it.';
revoke execute on function private.bulk_progress_payload(public.bulk_validation_sessions, text) from public;

-- Definer: on a delete the trigger runs as the owner cancelling, who may receive on the topic but not send.
create or replace function private.broadcast_bulk_progress()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform realtime.send(
      private.bulk_progress_payload(old, 'cancelled'), 'progress', 'bulk-validation:' || old.id::text, true
    );
    return old;
  end if;
  if new.status is distinct from old.status
     or new.upload_complete is distinct from old.upload_complete
     or old.last_broadcast_at is null
     or pg_catalog.clock_timestamp() - old.last_broadcast_at >= interval '250 milliseconds' then
    perform realtime.send(
      private.bulk_progress_payload(new, new.status), 'progress', 'bulk-validation:' || new.id::text, true
    );
    new.last_broadcast_at := pg_catalog.clock_timestamp();
  end if;
  return new;
end;
$$;
comment on function private.broadcast_bulk_progress() is
  'Trigger on bulk_validation_sessions: broadcasts progress on status changes, and on counter changes at most every '
  '250 ms; status cancelled when the session is deleted.';
revoke execute on function private.broadcast_bulk_progress() from public;

create trigger bulk_validation_sessions_broadcast_progress
  before update of status, upload_complete, total_emails, processed_emails, valid_count, invalid_count, warning_count
  on public.bulk_validation_sessions
  for each row
  when (
    new.status is distinct from old.status
    or new.upload_complete is distinct from old.upload_complete
    or new.total_emails is distinct from old.total_emails
    or new.processed_emails is distinct from old.processed_emails
    or new.valid_count is distinct from old.valid_count
    or new.invalid_count is distinct from old.invalid_count
    or new.warning_count is distinct from old.warning_count
  )
  execute function private.broadcast_bulk_progress();

create trigger bulk_validation_sessions_broadcast_cancel
  after delete on public.bulk_validation_sessions
  for each row execute function private.broadcast_bulk_progress();

-- Who may listen --------------------------------------------------------------------------------------------------

-- Invoker: the sessions' own policy (owner or admin) decides, as the joining user.
create or replace function private.may_receive_bulk_progress(p_topic text)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  -- Any other topic, or one whose id is not a uuid, is not this policy's to allow (and must not fail the query).
  if p_topic is null or p_topic !~* '^bulk-validation:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  return exists (
    select from public.bulk_validation_sessions as s
    where s.id = pg_catalog.substr(p_topic, 17)::uuid
      and (s.user_id = (select auth.uid()) or (select private.is_admin()))
  );
end;
$$;
comment on function private.may_receive_bulk_progress(text) is
  'Whether the signed-in user may receive on a Realtime topic as a bulk session''s owner or an admin.';
revoke execute on function private.may_receive_bulk_progress(text) from public;
grant execute on function private.may_receive_bulk_progress(text) to authenticated;

create policy "Owners and admins can receive a bulk validation's progress"
  on realtime.messages for select
  to authenticated
  using ((select private.may_receive_bulk_progress((select realtime.topic()))));
