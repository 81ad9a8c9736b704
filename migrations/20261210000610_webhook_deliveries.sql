-- Webhook deliveries: one row per event of a job to its callbackUrl (the body as sent, its state and its next attempt),
-- and a log of every attempt made (status code or error, and how long it took). Written only by the functions' own
-- connection (the enqueue trigger, the webhook worker, a redelivery); the owner reads their own, admins all.

-- Tables ------------------------------------------------------------------------------------------------------------

create table public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  session_id uuid not null references public.bulk_validation_sessions (id) on delete cascade,
  event text not null constraint webhook_deliveries_event check (event in ('job.completed', 'job.failed')),
  url text not null constraint webhook_deliveries_url check (char_length(url) <= 2000 and url ~ '^https://'),
  payload jsonb not null constraint webhook_deliveries_payload check (jsonb_typeof(payload) = 'object'),
  status text not null default 'pending'
    constraint webhook_deliveries_status check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0 constraint webhook_deliveries_attempts check (attempts >= 0),
  next_attempt_at timestamptz default now(),
  last_status_code integer,
  last_error text constraint webhook_deliveries_last_error check (char_length(last_error) <= 2000),
  delivered_at timestamptz,
  lease_owner uuid,
  lease_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Only a pending delivery has a next attempt.
  constraint webhook_deliveries_next_attempt check ((status = 'pending') = (next_attempt_at is not null))
);

comment on table public.webhook_deliveries is
  'A job''s event to its callbackUrl: the body (payload) signed and POSTed at each attempt, retried on a schedule '
  'until a 2xx (delivered) or the last attempt (failed).';
comment on column public.webhook_deliveries.payload is
  'The event as sent ({event, jobId, status, counts, resultsUrl, occurredAt}); resultsUrl is stored as a path on the '
  'site and sent absolute.';
comment on column public.webhook_deliveries.next_attempt_at is 'When a pending delivery is next due; null otherwise.';
comment on column public.webhook_deliveries.lease_owner is 'The token of the worker attempting it now, if any.';

create table public.webhook_delivery_attempts (
  delivery_id uuid not null references public.webhook_deliveries (id) on delete cascade,
  attempt integer not null constraint webhook_delivery_attempts_attempt check (attempt >= 1),
  status_code integer,
  error text constraint webhook_delivery_attempts_error check (char_length(error) <= 2000),
  duration_ms integer not null constraint webhook_delivery_attempts_duration check (duration_ms >= 0),
  at timestamptz not null default now(),
  primary key (delivery_id, attempt)
);

comment on table public.webhook_delivery_attempts is
  'Every attempt of a delivery: the receiver''s HTTP status, or the error when none came (refused address, timeout, '
  'connection failure), and how long it took.';

-- Indexes -----------------------------------------------------------------------------------------------------------

create index webhook_deliveries_user_created on public.webhook_deliveries (user_id, created_at desc);
create index webhook_deliveries_session on public.webhook_deliveries (session_id);
create index webhook_deliveries_due on public.webhook_deliveries (next_attempt_at) where status = 'pending';

create trigger webhook_deliveries_touch_updated_at
  before update on public.webhook_deliveries
  for each row execute function private.touch_updated_at();

-- Grants ------------------------------------------------------------------------------------------------------------

revoke all on table public.webhook_deliveries from anon, authenticated, service_role;
grant select (
  id, user_id, session_id, event, url, payload, status, attempts, next_attempt_at, last_status_code, last_error,
  delivered_at, created_at, updated_at
) on table public.webhook_deliveries to authenticated;

revoke all on table public.webhook_delivery_attempts from anon, authenticated, service_role;
grant select on table public.webhook_delivery_attempts to authenticated;

-- Row level security ------------------------------------------------------------------------------------------------

alter table public.webhook_deliveries enable row level security;
alter table public.webhook_delivery_attempts enable row level security;

create policy "Owners and admins can read webhook deliveries"
  on public.webhook_deliveries for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Owners and admins can read webhook delivery attempts"
  on public.webhook_delivery_attempts for select
  to authenticated
  using (
    (select private.is_admin())
    or exists (
      select from public.webhook_deliveries as d
      where d.id = webhook_delivery_attempts.delivery_id and d.user_id = (select auth.uid())
    )
  );
