-- CRM OAuth states: the pending consents, so the CRM's redirect back is bound to the user who asked to connect.
--
-- Connecting stores the SHA-256 of a random state (never the state itself: a leaked row cannot be replayed), the user
-- and the same-site path to return to; the callback finds the row by the state's hash, refuses it once used or after
-- ten minutes, and marks it used. Only server code reads or writes them: no API role but service_role has any
-- privilege, and RLS has no policy for the others.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.crm_oauth_states (
  state_hash text primary key constraint crm_oauth_states_state_hash check (state_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references public.profiles (id) on delete cascade,
  crm_type text not null constraint crm_oauth_states_crm_type check (crm_type in ('zoho')),
  return_to text not null
    constraint crm_oauth_states_return_to check (return_to ~ '^/([^/\\]|$)' and char_length(return_to) <= 2048),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '10 minutes',
  used_at timestamptz,
  constraint crm_oauth_states_expiry check (expires_at > created_at)
);

comment on table public.crm_oauth_states is
  'Pending CRM consents by the SHA-256 of their state: whose, where to return, until when; server code only.';
comment on column public.crm_oauth_states.state_hash is 'The SHA-256 of the OAuth state, in lower-case hex.';
comment on column public.crm_oauth_states.return_to is 'The same-site path the callback returns the browser to.';
comment on column public.crm_oauth_states.used_at is 'When the callback consumed it; a used state is refused.';

-- The foreign key's lookup (a profile's deletion), and clearing out old states.
create index crm_oauth_states_user_id_idx on public.crm_oauth_states (user_id);
create index crm_oauth_states_expires_at_idx on public.crm_oauth_states (expires_at);

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table public.crm_oauth_states from anon, authenticated, service_role;
grant select, insert, update, delete on table public.crm_oauth_states to service_role;

-- Row level security ----------------------------------------------------------------------------------------------
-- On, with no policy: anon and authenticated have no privilege anyway, and the service role bypasses RLS.

alter table public.crm_oauth_states enable row level security;
