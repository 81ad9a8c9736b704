-- CRM integrations: a user's connection to their own CRM (Zoho CRM), one per user and CRM.
--
-- It holds the OAuth tokens Zoho granted, sealed with the functions' secrets keyring (only server code can open them),
-- the data centre's hosts Zoho named at consent, and the options the user last synced with. The tokens are never
-- readable through the API, not even sealed: signed-in users may select every other column, so the owner sees their
-- connection's state and admins every user's, but a select of either token column is a permission error for both.
-- Only the CRM module's privileged code writes rows (connect, refresh, reconnect status); the owner may delete theirs
-- (disconnect), which takes its sync history with it.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.crm_integrations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  crm_type text not null constraint crm_integrations_crm_type check (crm_type in ('zoho')),
  crm_account_id text,
  accounts_host text not null,
  api_host text not null,
  access_token_sealed text,
  refresh_token_sealed text not null,
  token_expires_at timestamptz,
  token_version integer not null default 0 constraint crm_integrations_token_version check (token_version >= 0),
  status text not null default 'connected'
    constraint crm_integrations_status check (status in ('connected', 'needs_reconnect')),
  is_active boolean not null default true,
  sync_settings jsonb not null default '{}'
    constraint crm_integrations_sync_settings_object check (jsonb_typeof(sync_settings) = 'object'),
  last_sync_at timestamptz,
  connected_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint crm_integrations_user_crm_key unique (user_id, crm_type)
);

comment on table public.crm_integrations is
  'A user''s connection to their CRM (one per user and CRM): sealed tokens, hosts, status; tokens unreadable via API.';
comment on column public.crm_integrations.crm_account_id is 'The CRM organisation''s id (Zoho''s org id), once known.';
comment on column public.crm_integrations.accounts_host is
  'The OAuth server of the user''s data centre, as Zoho named it at consent (checked against the known ones).';
comment on column public.crm_integrations.api_host is 'The CRM API''s base of the user''s data centre.';
comment on column public.crm_integrations.access_token_sealed is
  'The current access token, sealed with the secrets keyring; null until the first refresh after a reset.';
comment on column public.crm_integrations.refresh_token_sealed is 'The refresh token, sealed with the secrets keyring.';
comment on column public.crm_integrations.token_version is
  'Bumped at each refresh: a refresh compares it under a row lock, so concurrent callers refresh once.';
comment on column public.crm_integrations.status is
  'connected, or needs_reconnect once the CRM refused the refresh token (revoked or expired): consent is due.';
comment on column public.crm_integrations.sync_settings is 'The sync options the user last used (the contract''s).';
comment on column public.crm_integrations.last_sync_at is 'When a sync of this connection last completed.';

-- Indexes and upkeep ------------------------------------------------------------------------------------------------

create trigger crm_integrations_touch_updated_at
  before update on public.crm_integrations
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Every column but the two tokens, for reading; delete for disconnecting. Writing is the privileged code's.

revoke all on table public.crm_integrations from anon, authenticated, service_role;
grant select (
  id, user_id, crm_type, crm_account_id, accounts_host, api_host, token_expires_at, token_version, status, is_active,
  sync_settings, last_sync_at, connected_at, created_at, updated_at
) on table public.crm_integrations to authenticated;
grant delete on table public.crm_integrations to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.crm_integrations enable row level security;

create policy "Owners and admins can read CRM integrations"
  on public.crm_integrations for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Owners can delete their CRM integrations"
  on public.crm_integrations for delete
  to authenticated
  using (user_id = (select auth.uid()));
