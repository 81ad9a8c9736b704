-- The CRM sync's schedule: every minute, pg_cron kicks the crm-sync-worker function while a run waits (pending, a
-- running one whose worker died and left its lease to expire, or a paused one whose daily Zoho credits came back), so
-- no run is stranded when a worker's kick of its successor was lost. The same job forgets OAuth states a day after
-- they lapsed: a state is useful for ten minutes, and keeping it longer only grows the table.
-- cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.

select cron.schedule(
  'crm-sync',
  '* * * * *',
  $$select private.kick_worker('crm-sync-worker') where private.crm_sync_work_waiting();
    delete from public.crm_oauth_states where expires_at < now() - interval '1 day'$$
);
