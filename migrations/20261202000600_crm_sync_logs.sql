-- CRM sync runs: every push of a user's saved contacts to their CRM, with its counters and, for a bulk run, the lease
-- of the worker working it.
--
-- A single contact's sync and a small selection's (inline) are runs too, recorded complete in one call, so the
-- counters read from items include them. A bulk run is a background job shaped like bulk validation's and campaign
-- sends': pending until a worker claims it under a short lease it renews, paused when the CRM's daily credits are spent
-- (until resume_after), then completed or failed. At most one run per integration is unfinished (pending, running or
-- paused): a second start is a unique violation the API answers 409. The owner and admins read runs; only the queue
-- functions (crm_sync_jobs) write them.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.crm_sync_logs (
  id uuid primary key default gen_random_uuid(),
  integration_id uuid not null references public.crm_integrations (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  sync_type text not null constraint crm_sync_logs_sync_type check (sync_type in ('single', 'inline', 'bulk')),
  status text not null default 'pending'
    constraint crm_sync_logs_status check (status in ('pending', 'running', 'completed', 'failed', 'paused')),
  options jsonb not null default '{"tagInvalidEmails": false, "overwriteExisting": false}'
    constraint crm_sync_logs_options check (
      jsonb_typeof(options -> 'tagInvalidEmails') = 'boolean'
      and jsonb_typeof(options -> 'overwriteExisting') = 'boolean'
    ),
  total integer not null default 0 constraint crm_sync_logs_total check (total >= 0),
  records_processed integer not null default 0,
  records_successful integer not null default 0,
  records_failed integer not null default 0,
  created integer not null default 0,
  updated integer not null default 0,
  skipped integer not null default 0,
  error_details jsonb,
  message text constraint crm_sync_logs_message_length check (char_length(message) <= 2000),
  resume_after timestamptz,
  lease_owner uuid,
  lease_expires_at timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint crm_sync_logs_counts check (
    created >= 0 and updated >= 0 and skipped >= 0 and records_failed >= 0
    and records_successful = created + updated + skipped
    and records_processed = records_successful + records_failed
    and records_processed <= total
  ),
  constraint crm_sync_logs_lease check ((lease_owner is null) = (lease_expires_at is null)),
  constraint crm_sync_logs_lease_running check (lease_owner is null or status = 'running'),
  constraint crm_sync_logs_paused check ((status = 'paused') = (resume_after is not null)),
  constraint crm_sync_logs_finished check ((status in ('completed', 'failed')) = (completed_at is not null))
);

comment on table public.crm_sync_logs is
  'A sync of saved contacts to the user''s CRM (single, inline or a bulk background run) with its counters.';
comment on column public.crm_sync_logs.user_id is 'The integration''s owner, kept here for the policies and counters.';
comment on column public.crm_sync_logs.options is '{tagInvalidEmails, overwriteExisting}, as the contract has them.';
comment on column public.crm_sync_logs.total is 'The run''s contacts (its items).';
comment on column public.crm_sync_logs.records_processed is
  'Items with an outcome: records_successful + records_failed.';
comment on column public.crm_sync_logs.records_successful is 'Items created, updated or skipped.';
comment on column public.crm_sync_logs.error_details is
  'What the worker knew of a failure (the CRM''s answer), for diagnosis.';
comment on column public.crm_sync_logs.message is 'Why the run paused (daily credits spent) or failed, for the user.';
comment on column public.crm_sync_logs.resume_after is 'A paused run is claimable again from then (the credits reset).';
comment on column public.crm_sync_logs.lease_owner is
  'The worker working the run until lease_expires_at; its token proves the lease when it records results.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- One unfinished run per integration: a second start fails here (the API's 409).
create unique index crm_sync_logs_active_key on public.crm_sync_logs (integration_id)
  where status in ('pending', 'running', 'paused');
-- The user's latest runs, and the foreign key's lookup.
create index crm_sync_logs_user_created_idx on public.crm_sync_logs (user_id, created_at desc);
-- The integration's runs, which a disconnect deletes (the unique index above holds only the unfinished one).
create index crm_sync_logs_integration_created_idx on public.crm_sync_logs (integration_id, created_at desc);
-- The claim: only unfinished runs, oldest first.
create index crm_sync_logs_claim_idx on public.crm_sync_logs (created_at)
  where status in ('pending', 'running', 'paused');

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table public.crm_sync_logs from anon, authenticated, service_role;
grant select on table public.crm_sync_logs to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.crm_sync_logs enable row level security;

create policy "Owners and admins can read CRM sync runs"
  on public.crm_sync_logs for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
