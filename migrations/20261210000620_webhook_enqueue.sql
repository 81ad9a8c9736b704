-- A job given a callbackUrl gets its webhook when it ends: the moment a bulk validation session with a callback_url
-- becomes completed or failed (a cancelled one is reported failed, as job-status reports it), one delivery is queued
-- with the event's body and the webhook worker is kicked. The counts are the session's rows per verdict; resultsUrl is
-- stored as a path (the site's origin is the functions' setting) and only a completed job has one.

create or replace function private.webhook_event_payload(p_session public.bulk_validation_sessions)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'event', case when p_session.status = 'completed' then 'job.completed' else 'job.failed' end,
    'jobId', p_session.id,
    'status', case when p_session.status = 'completed' then 'completed' else 'failed' end,
    'counts', (
      select pg_catalog.jsonb_build_object(
        'deliverable', coalesce(pg_catalog.sum(i.row_count) filter (where i.verdict = 'deliverable'), 0),
        'risky', coalesce(pg_catalog.sum(i.row_count) filter (where i.verdict = 'risky'), 0),
        'undeliverable', coalesce(pg_catalog.sum(i.row_count) filter (where i.verdict = 'undeliverable'), 0),
        'unknown', coalesce(pg_catalog.sum(i.row_count) filter (where i.verdict = 'unknown'), 0)
      )
      from public.bulk_validation_items as i
      where i.session_id = p_session.id
    ),
    'resultsUrl', case when p_session.status = 'completed'
      then '/api/integrations/jobs/' || p_session.id || '/results' end,
    'occurredAt', pg_catalog.to_char(pg_catalog.now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
$$;
comment on function private.webhook_event_payload(public.bulk_validation_sessions) is
  'The webhook body of a session that ended: {event, jobId, status, counts per verdict (rows), resultsUrl (a path, '
  'null unless completed), occurredAt}.';
revoke execute on function private.webhook_event_payload(public.bulk_validation_sessions) from public;

create or replace function private.enqueue_job_webhook()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.webhook_deliveries (user_id, session_id, event, url, payload)
  select new.user_id, new.id, p.payload ->> 'event', new.callback_url, p.payload
  from (select private.webhook_event_payload(new) as payload) as p;
  perform private.kick_worker('webhook-worker');
  return null;
end;
$$;
comment on function private.enqueue_job_webhook() is
  'Trigger on bulk_validation_sessions: queues the job''s webhook delivery when it ends with a callback_url, and '
  'kicks the webhook worker (the schedule kicks again if that is lost).';
revoke execute on function private.enqueue_job_webhook() from public;

create trigger bulk_validation_sessions_enqueue_webhook
  after update of status on public.bulk_validation_sessions
  for each row
  when (
    new.callback_url is not null
    and new.status in ('completed', 'failed', 'cancelled')
    and old.status not in ('completed', 'failed', 'cancelled')
  )
  execute function private.enqueue_job_webhook();
