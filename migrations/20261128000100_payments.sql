-- Payments: money people paid (or are paying) for credits, as the finances tab and the revenue figures count it.
--
-- The spec keeps the amount as a string; it is kept here in cents, a whole number the figures can add up. A payment
-- stays after its user is deleted (the money was received), without the user. Revenue counts payments in status
-- completed or verified. A user reads their own payments and admins every payment; only trusted server code (the
-- service role: checkouts and provider webhooks) writes them.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references public.profiles (id) on delete set null,
  amount_cents bigint not null constraint payments_amount_cents_not_negative check (amount_cents >= 0),
  credits_granted integer not null default 0
    constraint payments_credits_granted_not_negative check (credits_granted >= 0),
  payment_method text not null default 'venmo'
    constraint payments_payment_method check (payment_method in ('stripe', 'paypal', 'venmo', 'cashapp', 'crypto', 'admin')),
  venmo_transaction_id text constraint payments_venmo_transaction_id_length check (char_length(venmo_transaction_id) <= 255),
  provider_reference text constraint payments_provider_reference_length check (char_length(provider_reference) <= 255),
  status text not null default 'pending'
    constraint payments_status check (status in ('pending', 'completed', 'verified', 'failed', 'refunded')),
  verified_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table public.payments is
  'Payments for credits: amount in cents, credits granted, method and status; revenue counts completed and verified.';
comment on column public.payments.user_id is 'Who paid; null once the account is deleted (the payment stays).';
comment on column public.payments.amount_cents is 'The amount paid, in US cents.';
comment on column public.payments.credits_granted is 'Validation credits the payment bought.';
comment on column public.payments.payment_method is 'stripe, paypal, venmo (the default), cashapp, crypto, or admin (recorded by hand).';
comment on column public.payments.venmo_transaction_id is 'The Venmo transaction a manual payment names, to verify it.';
comment on column public.payments.provider_reference is 'The provider''s id for the payment (a Stripe payment intent, a PayPal order).';
comment on column public.payments.status is
  'pending until paid; completed (paid), verified (an admin checked a manual payment), failed or refunded.';
comment on column public.payments.verified_at is 'When an admin verified a manual payment.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- The payments list reads newest first.
create index payments_created_at_idx on public.payments (created_at desc);
-- The owner's policy and the foreign key's lookup.
create index payments_user_id_idx on public.payments (user_id);

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may read (which rows: the policy); only the service role writes.

revoke all on table public.payments from anon, authenticated, service_role;
grant select on table public.payments to authenticated;
grant select, insert, update, delete on table public.payments to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.payments enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Users can read their own payments and admins every payment"
  on public.payments for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
