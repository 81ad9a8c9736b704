-- The webhooks' schedule: every minute, pg_cron kicks the webhook worker while a delivery is due (a retry whose time
-- came, or one whose worker died and left its lease to run out), so no delivery waits on a lost kick.
-- cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.

select cron.schedule(
  'webhook-deliveries',
  '* * * * *',
  $$select private.kick_worker('webhook-worker') where private.webhook_deliveries_due()$$
);
