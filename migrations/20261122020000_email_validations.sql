-- Email validations: the shared cache of validation results, one row per address.
--
-- Every validation (POST /api/validate-email, later bulk) upserts the address's latest result here and counts it, so
-- the admin area and exploration see what MailScout knows about an address. It holds addresses that anonymous
-- visitors and other users typed, so it is nobody's own data: only trusted server code writes it (the api function's
-- owner connection, or the service role), only admins read it, and users reach their results through the API's answer.
-- Besides the spec's columns it keeps the engine's verdict, reason codes, MX hosts and typo suggestion; the reasons check
-- lists every code the engine may write.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.email_validations (
  id bigint generated always as identity primary key,
  email text not null constraint email_validations_email_length check (char_length(email) between 1 and 320),
  domain text,
  is_valid boolean not null,
  format_valid boolean not null,
  mx_records_found boolean not null default false,

  -- The engine's judgement (contracts/validation.ts)
  verdict text not null
    constraint email_validations_verdict check (verdict in ('deliverable', 'risky', 'undeliverable', 'unknown')),
  reasons text[] not null default '{}'
    constraint email_validations_reasons check (reasons <@ array[
      'invalid_syntax', 'domain_not_found', 'null_mx', 'no_mail_server', 'mx_host_unresolved', 'mx_private_address',
      'dns_error', 'no_mx_implicit_a', 'disposable', 'role_account', 'free_provider', 'possible_typo'
    ]),
  mx_records jsonb not null default '[]'
    constraint email_validations_mx_records_array check (jsonb_typeof(mx_records) = 'array'),
  suggestion text,
  role_account boolean not null default false,
  free_provider boolean not null default false,
  disposable_provider boolean not null default false,
  risk_score integer not null default 0 constraint email_validations_risk_score check (risk_score between 0 and 100),
  deliverability_score integer not null default 0
    constraint email_validations_deliverability_score check (deliverability_score between 0 and 100),

  -- Mailbox probing (SMTP) and catch-all detection: not done yet (port 25 is closed on Supabase Edge Functions)
  is_catch_all boolean not null default false,
  catch_all_confidence numeric(3, 2)
    constraint email_validations_catch_all_confidence check (catch_all_confidence between 0 and 1),
  smtp_connectable boolean,
  smtp_deliverable boolean,
  message text,

  -- Counting
  validated_at timestamptz not null default now(),
  validation_count integer not null default 1 constraint email_validations_count check (validation_count >= 1),
  first_validated_at timestamptz not null default now(),
  last_validated_at timestamptz not null default now(),
  cache_expires_at timestamptz,

  -- What enrichment (bulk uploads, exploration) learns about the person and the domain
  first_name text,
  last_name text,
  phone_number text,
  mobile_number text,
  job_title text,
  company text,
  domain_age integer constraint email_validations_domain_age check (domain_age >= 0),
  has_website boolean
);

comment on table public.email_validations is
  'Latest validation result per address, with how often and when it was validated; written only by server code.';
comment on column public.email_validations.email is
  'The normalised address (trimmed, domain lower-cased); unique regardless of case (email_validations_email_key).';
comment on column public.email_validations.domain is 'The domain in Unicode form; null when the address has none.';
comment on column public.email_validations.verdict is 'deliverable, risky, undeliverable or unknown (DNS could not answer).';
comment on column public.email_validations.reasons is 'Stable reason codes behind the verdict, as the API answers them.';
comment on column public.email_validations.mx_records is 'MX hosts as [{exchange, priority}], lowest priority first.';
comment on column public.email_validations.suggestion is 'The corrected address for a likely typo, else null.';
comment on column public.email_validations.catch_all_confidence is 'How sure the catch-all flag is, 0 to 1 (needs SMTP).';
comment on column public.email_validations.message is 'A note about the result for people (e.g. from a bulk import).';
comment on column public.email_validations.validated_at is 'When the stored result was computed.';
comment on column public.email_validations.validation_count is 'How many validations of this address were recorded.';
comment on column public.email_validations.cache_expires_at is
  'When the stored result stops being reusable; null: results are recomputed (DNS answers are cached instead).';
comment on column public.email_validations.domain_age is 'Age of the domain in days, when known.';

-- Addresses are looked up and kept unique without regard to case; the upsert's conflict target.
create unique index email_validations_email_key on public.email_validations (lower(email));

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may query the table (the policy lets only admins see rows); nobody but the server writes it.

revoke all on table public.email_validations from anon, authenticated, service_role;
grant select on table public.email_validations to authenticated;
grant select, insert, update, delete on table public.email_validations to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.email_validations enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read every validation result"
  on public.email_validations for select
  to authenticated
  using ((select private.is_admin()));
