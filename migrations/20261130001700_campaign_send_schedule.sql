-- Scheduled campaign sends (pg_cron): once a minute, start the sends that are due and keep the worker going.
--
-- A push notification or email campaign that is active, unsent and scheduled for now or earlier is started as the
-- system (its audit record has no actor), while marketing is switched on. Then, if a batch waits (just started, or
-- orphaned by a worker that died between claiming and kicking its successor), one campaign-worker is started through
-- private.kick_worker. cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.

create or replace function private.start_due_campaign_sends()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  due record;
  started integer := 0;
begin
  if not private.marketing_setting('marketing_enabled') then
    return 0;
  end if;
  for due in
    select 'push_notification' as campaign_type, n.id
    from public.push_notifications as n
    where n.is_active and n.sent_at is null and n.scheduled_for <= pg_catalog.now()
    union all
    select 'email', c.id
    from public.email_campaigns as c
    where c.is_active and c.sent_at is null and c.scheduled_for <= pg_catalog.now()
  loop
    continue when exists (
      select from public.campaign_sends as s
      where s.campaign_type = due.campaign_type and s.campaign_id = due.id and s.status in ('queued', 'running')
    );
    perform private.begin_campaign_send(due.campaign_type, due.id);
    started := started + 1;
  end loop;
  return started;
end;
$$;
comment on function private.start_due_campaign_sends() is
  'Starts the sends of active, unsent push notifications and email campaigns whose scheduled time has come, while '
  'marketing is switched on; answers how many it started.';
revoke execute on function private.start_due_campaign_sends() from public;

select cron.schedule(
  'campaign-sends',
  '* * * * *',
  $$select private.start_due_campaign_sends();
    select private.kick_worker('campaign-worker') where private.campaign_work_waiting()$$
);
