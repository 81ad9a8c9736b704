-- Bulk items that wait for their mailbox check: a chunk stores each address with its DNS verdict at once, and an
-- address whose mailbox a probe worker is still asking about keeps that probe's id until the probe ends. The verdict
-- counters count a waiting address with its DNS verdict (so the progress bar reaches every row), and the session
-- counts the rows still waiting, which its progress event and the session list carry so the screen can say the
-- mailboxes are being checked. The job completes only when nothing waits (bulk_settle_session, redefined later).

alter table public.bulk_validation_items
  add column probe_id uuid;

comment on column public.bulk_validation_items.probe_id is
  'The mailbox probe (public.mailbox_probes) the address waits for; null once its result is in, or when none was asked.';

-- Settling asks whether anything of the session still waits; the index holds only the waiting few.
create index bulk_validation_items_waiting_idx on public.bulk_validation_items (session_id) where probe_id is not null;

alter table public.bulk_validation_sessions
  add column mailbox_pending integer not null default 0
    constraint bulk_validation_sessions_mailbox_pending check (mailbox_pending >= 0);

comment on column public.bulk_validation_sessions.mailbox_pending is
  'Processed rows whose address still waits for its mailbox check (counted meanwhile with its DNS verdict).';

-- Progress -------------------------------------------------------------------------------------------------------------

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
    'mailboxPendingEmails', session.mailbox_pending,
    'status', status
  )
$$;
comment on function private.bulk_progress_payload(public.bulk_validation_sessions, text) is
  'A session''s progress event as the contract''s bulkProgressSchema has it.';
revoke execute on function private.bulk_progress_payload(public.bulk_validation_sessions, text) from public;

-- The waiting rows going down is progress too: the trigger now watches that counter with the others.
drop trigger bulk_validation_sessions_broadcast_progress on public.bulk_validation_sessions;
create trigger bulk_validation_sessions_broadcast_progress
  before update of status, upload_complete, total_emails, processed_emails, valid_count, invalid_count, warning_count,
    mailbox_pending
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
    or new.mailbox_pending is distinct from old.mailbox_pending
  )
  execute function private.broadcast_bulk_progress();
