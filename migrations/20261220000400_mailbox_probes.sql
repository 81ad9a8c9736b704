-- Mailbox probes: the queue of addresses whose mail server is to be asked, over SMTP, whether the mailbox exists.
--
-- One probe per address at a time (an unfinished probe is joined, not doubled); the DNS-only result the engine gave at
-- request time is kept with it, so the worker moves that verdict by what the server said, and the final result stays
-- here for a week as the address's cached answer (MAILBOX_RESULT_TTL_DAYS in the mailbox contract). Whoever waits for
-- a probe (a signed-in user, a bulk job) is a waiter, told when it is done; an anonymous visitor has no waiter row and
-- polls the probe by its id instead. A probe no worker finishes by its deadline expires, so nobody waits forever.
-- Written only through the definer functions the api and the probe workers call; admins read it.

-- Settings --------------------------------------------------------------------------------------------------------

insert into public.admin_settings (setting_key, setting_value, description) values
  ('smtp_probe_deadline_seconds', '900',
   'Mailbox probes: seconds a queued probe may wait for a worker to finish it before it expires, unchecked.')
on conflict (setting_key) do nothing;

-- Tables ----------------------------------------------------------------------------------------------------------

create table public.mailbox_probes (
  id uuid primary key default gen_random_uuid(),
  email text not null constraint mailbox_probes_email check (char_length(email) between 3 and 320),
  email_key text not null,
  domain text not null constraint mailbox_probes_domain check (domain ~ '^[!-~]{1,253}$'),
  mx_host text constraint mailbox_probes_mx_host check (char_length(mx_host) <= 253),
  status text not null default 'pending'
    constraint mailbox_probes_status check (status in ('pending', 'running', 'done', 'expired')),
  dns_result jsonb not null constraint mailbox_probes_dns_result check (jsonb_typeof(dns_result) = 'object'),
  result jsonb constraint mailbox_probes_result check (jsonb_typeof(result) = 'object'),
  outcome text constraint mailbox_probes_outcome check (outcome in (
    'exists', 'not_found', 'full', 'catch_all', 'blocked', 'unavailable', 'greylisted', 'unverifiable'
  )),
  attempts integer not null default 0 constraint mailbox_probes_attempts check (attempts >= 0),
  not_before timestamptz not null default now(),
  greylisted boolean not null default false,
  lease_owner uuid,
  lease_expires_at timestamptz,
  deadline timestamptz not null,
  created_at timestamptz not null default now(),
  done_at timestamptz,
  constraint mailbox_probes_email_key check (email_key = lower(email)),
  -- A finished probe has its final result and when it finished; an unfinished one neither.
  constraint mailbox_probes_finished
    check ((status in ('done', 'expired')) = (result is not null and done_at is not null)),
  -- Only a running probe is leased, and only a done one has an outcome.
  constraint mailbox_probes_lease
    check ((status = 'running') = (lease_owner is not null and lease_expires_at is not null)),
  constraint mailbox_probes_done_outcome check ((status = 'done') = (outcome is not null))
);

comment on table public.mailbox_probes is
  'An address whose mailbox a probe worker asks its mail server about: queued (pending), being asked (running), '
  'answered (done, its result cached for a week) or given up at its deadline (expired).';
comment on column public.mailbox_probes.email is 'The normalised address, as the engine answers it.';
comment on column public.mailbox_probes.email_key is 'lower(email): at most one unfinished probe per key.';
comment on column public.mailbox_probes.domain is
  'The address''s domain in ASCII (punycode), as DNS and MX hosts know it.';
comment on column public.mailbox_probes.mx_host is 'The MX host the decisive conversation was with, once done.';
comment on column public.mailbox_probes.dns_result is
  'The engine''s DNS-only ValidationResult at request time, which the probe''s answer moves.';
comment on column public.mailbox_probes.result is
  'The final ValidationResult: moved by the probe (done) or the DNS result saying the mailbox was not checked because '
  'the probe expired.';
comment on column public.mailbox_probes.outcome is 'What the mail server said (the smtp check''s outcome), once done.';
comment on column public.mailbox_probes.attempts is 'How many times a worker claimed it; the third failed one ends it.';
comment on column public.mailbox_probes.not_before is 'Not claimed before this time (a greylisting server''s delay).';
comment on column public.mailbox_probes.greylisted is
  'The server greylisted it once and the one retry is spent: a second greylisting is the answer.';
comment on column public.mailbox_probes.lease_owner is 'The probe worker (public.probe_workers.id) asking now.';
comment on column public.mailbox_probes.deadline is 'Unfinished by then, it expires.';

create table public.mailbox_probe_waiters (
  id bigint generated always as identity primary key,
  probe_id uuid not null references public.mailbox_probes (id) on delete cascade,
  user_id uuid references public.profiles (id) on delete cascade,
  bulk_session_id uuid references public.bulk_validation_sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint mailbox_probe_waiters_someone check (user_id is not null or bulk_session_id is not null)
);

comment on table public.mailbox_probe_waiters is
  'Who to tell when an unfinished probe ends: a signed-in user (a validation_updated event on user:{id}) and/or a '
  'bulk job (its items waiting for the address). Removed once told.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- One unfinished probe per address: a second request joins it.
create unique index mailbox_probes_open_email_key on public.mailbox_probes (email_key)
  where status in ('pending', 'running');
-- The cached answer of an address.
create index mailbox_probes_done_email_key on public.mailbox_probes (email_key, done_at desc) where status = 'done';
-- The claim's order, and the deadline's sweep.
create index mailbox_probes_due on public.mailbox_probes (not_before, created_at) where status = 'pending';
create index mailbox_probes_pending_domain on public.mailbox_probes (domain, not_before) where status = 'pending';
create index mailbox_probes_open_deadline on public.mailbox_probes (deadline) where status in ('pending', 'running');
create index mailbox_probes_lease on public.mailbox_probes (lease_expires_at) where status = 'running';
create index mailbox_probes_finished on public.mailbox_probes (done_at) where status in ('done', 'expired');

create unique index mailbox_probe_waiters_once on public.mailbox_probe_waiters (probe_id, user_id, bulk_session_id)
  nulls not distinct;
create index mailbox_probe_waiters_user on public.mailbox_probe_waiters (user_id);
create index mailbox_probe_waiters_bulk_session on public.mailbox_probe_waiters (bulk_session_id);

-- Grants ----------------------------------------------------------------------------------------------------------
-- Admins read them (the policies); only the definer functions write them.

revoke all on table public.mailbox_probes from anon, authenticated, service_role;
grant select on table public.mailbox_probes to authenticated;
revoke all on table public.mailbox_probe_waiters from anon, authenticated, service_role;
grant select on table public.mailbox_probe_waiters to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.mailbox_probes enable row level security;
alter table public.mailbox_probe_waiters enable row level security;

create policy "Admins can read mailbox probes"
  on public.mailbox_probes for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can read mailbox probe waiters"
  on public.mailbox_probe_waiters for select
  to authenticated
  using ((select private.is_admin()));
