-- Subscriptions: a user's paid plan with a provider (Stripe), whose monthly allowance the meter draws on first.
--
-- A row is one subscription from its first payment to its end. At most one per user is not ended; it gives the
-- profile its subscription_status (the plan whose allowance applies) while it is active, or past due within the
-- subscription_grace_days setting. Allowance months count from allowance_anchor (the first payment, then each
-- renewal), so a yearly plan gets its monthly allowance every month of the year. Billing's functions write the rows
-- (start, renew, past due, cancel at period end, end) as the owner; the owner reads their subscriptions and admins
-- every one; no API role writes.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references public.profiles (id) on delete set null,
  plan text not null constraint subscriptions_plan check (plan in ('starter', 'professional', 'business')),
  billing_interval text not null
    constraint subscriptions_billing_interval check (billing_interval in ('monthly', 'yearly')),
  provider text not null default 'stripe' constraint subscriptions_provider check (provider in ('stripe')),
  provider_subscription_id text not null constraint subscriptions_provider_subscription_id_key unique
    constraint subscriptions_provider_subscription_id_length check (char_length(provider_subscription_id) <= 255),
  provider_customer_id text
    constraint subscriptions_provider_customer_id_length check (char_length(provider_customer_id) <= 255),
  status text not null default 'active' constraint subscriptions_status check (status in ('active', 'past_due', 'ended')),
  started_at timestamptz not null default now(),
  allowance_anchor timestamptz not null default now(),
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  past_due_since timestamptz,
  ended_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint subscriptions_ended_at check ((status = 'ended') = (ended_at is not null)),
  constraint subscriptions_past_due_since check (status <> 'past_due' or past_due_since is not null)
);

comment on table public.subscriptions is
  'A user''s paid plan with a provider; at most one per user is not ended. Its plan''s monthly allowance applies while '
  'active, or past due within the grace days.';
comment on column public.subscriptions.user_id is 'The subscriber; null once the account is deleted (the record stays).';
comment on column public.subscriptions.provider_subscription_id is 'The provider''s id (a Stripe subscription, sub_...).';
comment on column public.subscriptions.provider_customer_id is 'The provider''s customer (Stripe cus_...).';
comment on column public.subscriptions.status is
  'active; past_due (a renewal failed: the allowance lasts the grace days); ended (the plan no longer applies).';
comment on column public.subscriptions.allowance_anchor is
  'Allowance months count from here: a period is anchor + n months to anchor + n + 1 months. A renewal resets it.';
comment on column public.subscriptions.current_period_end is 'When the paid period ends (the provider says).';
comment on column public.subscriptions.cancel_at_period_end is 'The subscriber cancelled: it ends at current_period_end.';
comment on column public.subscriptions.past_due_since is 'When a renewal first failed; null while paid up.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- The meter's and the account page's lookup of the subscription that applies, and one such per user.
create unique index subscriptions_user_open_key on public.subscriptions (user_id) where status <> 'ended';
-- The owner's history, the policies' user_id and the foreign key.
create index subscriptions_user_created_idx on public.subscriptions (user_id, created_at desc);

create trigger subscriptions_touch_updated_at
  before update on public.subscriptions
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Read only: the owner and admins through the policy, trusted servers; rows change through billing's functions.

revoke all on table public.subscriptions from anon, authenticated, service_role;
grant select on table public.subscriptions to authenticated;
grant select on table public.subscriptions to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.subscriptions enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Users can read their own subscriptions and admins every subscription"
  on public.subscriptions for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
