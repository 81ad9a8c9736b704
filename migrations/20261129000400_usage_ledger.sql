-- The usage ledger: every unit of work a signed-in user's balances paid for, and every unit given back.
--
-- The meter writes one row per source a call drew on (per grant for granted credits), and a release writes negative
-- rows naming the same reference, so a balance is a sum the tests can check against the profile's counters, and the
-- account page's history is a sum per day. Rows are never changed or removed while the user exists. The owner and
-- admins read; nobody writes directly (no API role has insert, update or delete): only the metering functions, as
-- the owner.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.usage_ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  work text not null constraint usage_ledger_work check (work in ('validation', 'bulk_row', 'exploration')),
  source text not null constraint usage_ledger_source check (source in ('plan', 'free', 'trial', 'granted', 'paid')),
  units integer not null constraint usage_ledger_units check (units <> 0),
  grant_id bigint references public.credit_grants (id) on delete set null,
  period_start timestamptz,
  reference text constraint usage_ledger_reference_length check (char_length(reference) <= 200),
  created_at timestamptz not null default now(),
  constraint usage_ledger_grant_source check (grant_id is null or source = 'granted')
);

comment on table public.usage_ledger is
  'Units of work paid for (units > 0) or given back (units < 0), one row per source; written only by the meter.';
comment on column public.usage_ledger.work is 'validation (single), bulk_row (a distinct address of a file) or exploration.';
comment on column public.usage_ledger.source is
  'What paid: plan or free (the month''s allowance), trial, granted (an admin''s grant) or paid (bought credits).';
comment on column public.usage_ledger.grant_id is 'The credit grant drawn on, for source granted.';
comment on column public.usage_ledger.period_start is
  'For plan and free: the allowance period''s start; for trial: the trial''s trial_started_at. A give-back restores a '
  'counter only while it is the same period or trial.';
comment on column public.usage_ledger.reference is
  'What the work was for (bulk:<session id>, request:<uuid>); a release gives back what its reference consumed.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- The owner's history (newest first), the policies' user_id and the foreign key.
create index usage_ledger_user_created_idx on public.usage_ledger (user_id, created_at desc);
-- A release finds what its reference consumed.
create index usage_ledger_reference_idx on public.usage_ledger (reference) where reference is not null;
-- The foreign key's lookup when a grant goes (rare; most rows have none).
create index usage_ledger_grant_id_idx on public.usage_ledger (grant_id) where grant_id is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Read only: the owner and admins through the policy, trusted servers; rows come from the metering functions.

revoke all on table public.usage_ledger from anon, authenticated, service_role;
grant select on table public.usage_ledger to authenticated;
grant select on table public.usage_ledger to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.usage_ledger enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Users can read their own usage and admins everyone's"
  on public.usage_ledger for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
