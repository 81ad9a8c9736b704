-- Validation logs: one row per validation request, who made it and how it came out.
--
-- Usage history for the account pages and the admin statistics. A single validation logs one address; a bulk run will
-- log its totals. Anonymous visitors' rows have no user, only their anonymous session id when they sent one. Rows are
-- written only by server code; users read their own, admins all.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.validation_logs (
  id bigint generated always as identity primary key,
  user_id uuid references public.profiles (id) on delete cascade,
  validation_type text not null constraint validation_logs_type check (validation_type in ('single', 'bulk')),
  emails_processed integer not null default 0 constraint validation_logs_processed check (emails_processed >= 0),
  valid_emails integer not null default 0 constraint validation_logs_valid check (valid_emails >= 0),
  invalid_emails integer not null default 0 constraint validation_logs_invalid check (invalid_emails >= 0),
  warning_emails integer not null default 0 constraint validation_logs_warning check (warning_emails >= 0),
  session_id text constraint validation_logs_session_id_length check (char_length(session_id) <= 64),
  domain text,
  created_at timestamptz not null default now(),
  constraint validation_logs_outcomes_add_up
    check (valid_emails + invalid_emails + warning_emails <= emails_processed)
);

comment on table public.validation_logs is
  'One row per validation request: who (user, or anonymous session), what kind, and how many addresses came out how.';
comment on column public.validation_logs.user_id is 'The signed-in user; null for an anonymous visitor.';
comment on column public.validation_logs.validation_type is 'single (one address from the tool) or bulk (a file).';
comment on column public.validation_logs.valid_emails is 'Addresses with the verdict deliverable.';
comment on column public.validation_logs.invalid_emails is 'Addresses with the verdict undeliverable.';
comment on column public.validation_logs.warning_emails is 'Addresses with the verdict risky or unknown.';
comment on column public.validation_logs.session_id is
  'The anonymous session (anonymous_sessions.session_id) the visitor sent, if any; kept when the session is gone.';
comment on column public.validation_logs.domain is 'For a single validation, the address''s domain in Unicode form.';

-- The read policy filters on user_id; it is also the foreign key's lookup.
create index validation_logs_user_id_idx on public.validation_logs (user_id);
-- An anonymous visitor's exploration that follows their own validation of an address at the domain is part of that
-- validation, not counted again (edge-functions/_shared/explorations/): found by session, domain and time.
create index validation_logs_session_domain_idx
  on public.validation_logs (session_id, domain, created_at)
  where session_id is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may read (which rows: the policy); only the server writes.

revoke all on table public.validation_logs from anon, authenticated, service_role;
grant select on table public.validation_logs to authenticated;
grant select, insert, update, delete on table public.validation_logs to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.validation_logs enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Users can read their own validation logs and admins every log"
  on public.validation_logs for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
