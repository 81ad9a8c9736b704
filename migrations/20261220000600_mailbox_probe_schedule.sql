-- The mailbox probes' schedule: every minute, pg_cron ends the probes no worker finished by their deadline (or whose
-- worker died on their third attempt), so their waiters, bulk jobs among them, hear that the mailbox was not checked
-- instead of waiting forever; and clears finished probes past a month. Probe workers are long-running processes that
-- listen for new probes themselves, so there is nothing to kick. cron.schedule with a job name replaces a job of that
-- name, so the migration is safe to run again.

select cron.schedule('mailbox-probes-expiry', '* * * * *', $$select private.expire_mailbox_probes()$$);
