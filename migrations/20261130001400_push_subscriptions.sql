-- Push subscriptions: the browsers (endpoints) a signed-in user allowed to receive web pushes.
--
-- The owner adds, reads and removes their own; nobody else reads them, admins included (an endpoint and its keys let
-- anyone push to that browser). The push worker reads them through private.push_batch_targets, marks successes and
-- failures, and drops the ones the push service says are gone (private.drop_push_subscription).

-- Table -----------------------------------------------------------------------------------------------------------

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  endpoint text not null constraint push_subscriptions_endpoint_key unique
    constraint push_subscriptions_endpoint check (char_length(endpoint) <= 1000 and endpoint like 'https://%'),
  p256dh text not null constraint push_subscriptions_p256dh check (p256dh ~ '^[A-Za-z0-9_-]{80,100}$'),
  auth text not null constraint push_subscriptions_auth check (auth ~ '^[A-Za-z0-9_-]{16,32}$'),
  user_agent text constraint push_subscriptions_user_agent_length check (char_length(user_agent) <= 500),
  created_at timestamptz not null default now(),
  last_success_at timestamptz,
  failed_at timestamptz
);

comment on table public.push_subscriptions is
  'A browser''s web push subscription (PushSubscription.toJSON()) for its signed-in user.';
comment on column public.push_subscriptions.p256dh is 'The browser''s P-256 public key, base64url.';
comment on column public.push_subscriptions.auth is 'The browser''s authentication secret, base64url.';
comment on column public.push_subscriptions.last_success_at is 'When the push service last took a message for it.';
comment on column public.push_subscriptions.failed_at is 'When a push to it last failed (other than gone, which drops it).';

-- Indexes -----------------------------------------------------------------------------------------------------------

create index push_subscriptions_user_id_idx on public.push_subscriptions (user_id);

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table public.push_subscriptions from anon, authenticated, service_role;
grant select, delete on table public.push_subscriptions to authenticated;
grant insert (user_id, endpoint, p256dh, auth, user_agent) on table public.push_subscriptions to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.push_subscriptions enable row level security;

create policy "Owners can read their own push subscriptions"
  on public.push_subscriptions for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Owners can add their own push subscriptions"
  on public.push_subscriptions for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Owners can remove their own push subscriptions"
  on public.push_subscriptions for delete
  to authenticated
  using (user_id = (select auth.uid()));
