-- Bulk validation schedules (pg_cron): re-kick orphaned work, and delete what has been kept long enough.
--
-- The api kicks the worker after a start and each worker kicks its successor while work remains, so this schedule
-- matters only when that chain broke (a worker killed between claiming and kicking, a lost kick): once a minute, if a
-- chunk waits or its lease expired, one worker is started through private.kick_worker (job workers migration).
-- Once a day, sessions past their expiry (30 days after completion) and uploads never completed within a day are
-- deleted with their rows (private.bulk_delete_expired_sessions). cron.schedule with a job name replaces a job of that
-- name, so the migration is safe to run again.

select cron.schedule(
  'bulk-validation-rekick',
  '* * * * *',
  $$select private.kick_worker('bulk-validation-worker') where private.bulk_pending_work()$$
);

select cron.schedule(
  'bulk-validation-retention',
  '17 3 * * *',
  $$select private.bulk_delete_expired_sessions()$$
);
