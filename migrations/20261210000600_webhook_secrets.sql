-- Webhook signing secrets: one per user, with which every delivery of their jobs' events is signed (MailScout-Signature).
-- The secret is sealed under the functions' keyring (secrets at rest) and only the functions' own connection reads or
-- writes it: it is revealed to its owner through the api, made on first ask and replaced on regenerate. API roles
-- may read when it was made (the owner their own, admins any) and nothing else.

-- Table -------------------------------------------------------------------------------------------------------------

create table public.webhook_secrets (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  secret_sealed text not null,
  created_at timestamptz not null default now()
);

comment on table public.webhook_secrets is
  'A user''s webhook signing secret, sealed (never readable by API roles); replaced whole on regenerate.';
comment on column public.webhook_secrets.secret_sealed is 'The secret sealed under the functions'' keyring.';
comment on column public.webhook_secrets.created_at is 'When this secret was made (a regenerate makes a new one).';

-- Grants ------------------------------------------------------------------------------------------------------------

revoke all on table public.webhook_secrets from anon, authenticated, service_role;
grant select (user_id, created_at) on table public.webhook_secrets to authenticated;

-- Row level security ------------------------------------------------------------------------------------------------

alter table public.webhook_secrets enable row level security;

create policy "Owners and admins can see when a webhook secret was made"
  on public.webhook_secrets for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
