-- A subscription's life as the provider (Stripe) reports it: started by its first payment, renewed by each paid
-- invoice, past due when a renewal fails, cancelled at its period's end by the subscriber, ended by the provider; and
-- the daily end of a past-due plan's allowance after the grace days.
--
-- The subscriptions table is metering's (20261129000300_subscriptions.sql): the meter draws on the plan's monthly
-- allowance, counted in months from allowance_anchor, while the subscription is active or past due within
-- subscription_grace_days, and the profile's subscription_status names the plan that applies. Starting, renewing and
-- ending give a fresh allowance period: the profile's period counters start again from zero (the meter rolls
-- allowance_period_start to the period it finds). Each function locks the subscriber's profile first, as every writer
-- of balances does, so replays and concurrent events queue and find what the first did: a second start of the same
-- provider subscription or a second renewal for the same invoice does nothing.
--
-- Stripe's first invoice of a subscription is paid by its checkout, which start_subscription records; the api does
-- not send that invoice (billing_reason subscription_create) to renew_subscription, which would record the charge
-- twice. The api's own connection (the owner) calls all of these; no API role may.
--
-- Refusals: P0404 payment_not_found, user_not_found (the payer's account is gone), subscription_not_found (no such
-- provider subscription, or no subscription that has not ended); P0409 payment_not_pending (the payment failed),
-- payment_not_subscription (it paid for credits), subscription_exists (the user has another one that has not ended);
-- P0422 reference_invalid, amount_invalid.

-- Columns ---------------------------------------------------------------------------------------------------------------

alter table public.payments
  add column subscription_id uuid references public.subscriptions (id) on delete set null;
comment on column public.payments.subscription_id is 'The subscription a plan''s charge (first or renewal) paid for.';
create index payments_subscription_id_idx on public.payments (subscription_id) where subscription_id is not null;

-- Helpers ---------------------------------------------------------------------------------------------------------------

-- Called with the profile locked. Null makes the meter start the period it finds now with nothing used.
create or replace function private.restart_allowance(p_user uuid, p_plan text)
returns void
language sql
set search_path = ''
as $$
  update public.profiles as p
  set subscription_status = p_plan, allowance_period_start = null, plan_units_used = 0, free_validations_used = 0
  where p.id = p_user
$$;
comment on function private.restart_allowance(uuid, text) is
  'The profile''s plan becomes p_plan with a fresh monthly allowance (call with the profile locked).';
revoke execute on function private.restart_allowance(uuid, text) from public;

-- The subscriber's profile first, then the subscription, read again under its lock.
create or replace function private.lock_subscription(p_provider_subscription_id text)
returns public.subscriptions
language plpgsql
set search_path = ''
as $$
declare
  subscriber uuid;
  locked public.subscriptions;
begin
  select s.user_id into subscriber from public.subscriptions as s
  where s.provider_subscription_id = p_provider_subscription_id;
  if not found then
    raise exception 'subscription_not_found' using errcode = 'P0404';
  end if;
  perform from public.profiles as p where p.id = subscriber for update;
  select * into strict locked from public.subscriptions as s
  where s.provider_subscription_id = p_provider_subscription_id
  for update;
  return locked;
end;
$$;
comment on function private.lock_subscription(text) is
  'Locks a provider subscription''s subscriber profile, then the subscription, and answers it (P0404 '
  'subscription_not_found).';
revoke execute on function private.lock_subscription(text) from public;

-- Functions -------------------------------------------------------------------------------------------------------------

create or replace function private.start_subscription(
  p_payment uuid,
  p_provider_subscription_id text,
  p_customer_id text,
  p_period_end timestamptz
)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  payment public.payments;
  started_id uuid;
begin
  perform private.require_valid(pg_catalog.char_length(p_provider_subscription_id) between 1 and 255, 'reference_invalid');
  payment := private.lock_payment(p_payment);
  select s.id into started_id from public.subscriptions as s
  where s.provider_subscription_id = p_provider_subscription_id;
  if found then
    return started_id;
  end if;
  if payment.kind <> 'subscription' or payment.item_id is null then
    raise exception 'payment_not_subscription' using errcode = 'P0409';
  end if;
  if payment.status = 'failed' then
    raise exception 'payment_not_pending' using errcode = 'P0409';
  end if;
  if payment.user_id is null then
    raise exception 'user_not_found' using errcode = 'P0404';
  end if;
  if exists (select from public.subscriptions as s where s.user_id = payment.user_id and s.status <> 'ended') then
    raise exception 'subscription_exists' using errcode = 'P0409';
  end if;

  insert into public.subscriptions (
    user_id, plan, billing_interval, provider_subscription_id, provider_customer_id, current_period_end
  )
  values (
    payment.user_id, pg_catalog.split_part(payment.item_id, '-', 1), pg_catalog.split_part(payment.item_id, '-', 2),
    p_provider_subscription_id, p_customer_id, p_period_end
  )
  returning id into started_id;
  if payment.status = 'pending' then
    payment := private.mark_payment_paid(payment, 'completed');
  end if;
  update public.payments as pay set subscription_id = started_id where pay.id = p_payment;

  perform private.restart_allowance(payment.user_id, pg_catalog.split_part(payment.item_id, '-', 1));
  -- A trial still running when the plan starts has done its job.
  update public.profiles as p set trial_status = 'converted'
  where p.id = payment.user_id and p.trial_status = 'active' and pg_catalog.now() < p.trial_expires_at;
  return started_id;
end;
$$;
comment on function private.start_subscription(uuid, text, text, timestamptz) is
  'A plan''s first payment went through: completes it, creates the subscription, gives the profile the plan''s '
  'allowance from now and converts a running trial; once per provider subscription (a repeat answers the same id).';
revoke execute on function private.start_subscription(uuid, text, text, timestamptz) from public;

create or replace function private.renew_subscription(
  p_provider_subscription_id text,
  p_invoice_id text,
  p_amount_cents bigint,
  p_period_start timestamptz,
  p_period_end timestamptz
)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  subscription public.subscriptions;
begin
  perform private.require_valid(pg_catalog.char_length(p_invoice_id) between 1 and 255, 'reference_invalid');
  perform private.require_valid(p_amount_cents >= 0, 'amount_invalid');
  subscription := private.lock_subscription(p_provider_subscription_id);
  if exists (
    select from public.payments as pay where pay.payment_method = 'stripe' and pay.provider_reference = p_invoice_id
  ) then
    return false;
  end if;

  insert into public.payments (
    user_id, item_id, kind, payment_method, amount_cents, status, paid_at, provider_reference, subscription_id
  )
  values (
    subscription.user_id, subscription.plan || '-' || subscription.billing_interval, 'subscription', 'stripe',
    p_amount_cents, 'completed', pg_catalog.now(), p_invoice_id, subscription.id
  );
  -- An ended subscription stays ended: the charge is recorded, the plan is not back.
  if subscription.status = 'ended' then
    return true;
  end if;
  update public.subscriptions as s
  set allowance_anchor = p_period_start, current_period_end = p_period_end, status = 'active', past_due_since = null
  where s.id = subscription.id;
  perform private.restart_allowance(subscription.user_id, subscription.plan);
  update public.profiles as p set last_payment_date = pg_catalog.now() where p.id = subscription.user_id;
  return true;
end;
$$;
comment on function private.renew_subscription(text, text, bigint, timestamptz, timestamptz) is
  'A renewal invoice was paid: records the completed payment and starts a fresh allowance from the period''s start; '
  'once per invoice (a repeat answers false).';
revoke execute on function private.renew_subscription(text, text, bigint, timestamptz, timestamptz) from public;

create or replace function private.subscription_payment_failed(p_provider_subscription_id text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  subscription public.subscriptions := private.lock_subscription(p_provider_subscription_id);
begin
  update public.subscriptions as s
  set status = 'past_due', past_due_since = coalesce(s.past_due_since, pg_catalog.now())
  where s.id = subscription.id and s.status <> 'ended';
end;
$$;
comment on function private.subscription_payment_failed(text) is
  'A renewal failed: the subscription is past due since the first failure (its allowance lasts the grace days).';
revoke execute on function private.subscription_payment_failed(text) from public;

create or replace function private.end_subscription(p_provider_subscription_id text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  subscription public.subscriptions := private.lock_subscription(p_provider_subscription_id);
begin
  if subscription.status = 'ended' then
    return;
  end if;
  update public.subscriptions as s set status = 'ended', ended_at = pg_catalog.now() where s.id = subscription.id;
  perform private.restart_allowance(subscription.user_id, 'free');
end;
$$;
comment on function private.end_subscription(text) is
  'The provider ended the subscription: ended, and the subscriber is on the free plan from now; once.';
revoke execute on function private.end_subscription(text) from public;

create or replace function private.set_subscription_cancel_at_period_end(p_user uuid, p_cancel boolean)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  subscription_id uuid;
begin
  perform private.require_valid(p_cancel is not null, 'cancel_invalid');
  update public.subscriptions as s set cancel_at_period_end = p_cancel
  where s.user_id = p_user and s.status <> 'ended'
  returning s.id into subscription_id;
  if subscription_id is null then
    raise exception 'subscription_not_found' using errcode = 'P0404';
  end if;
  return subscription_id;
end;
$$;
comment on function private.set_subscription_cancel_at_period_end(uuid, boolean) is
  'The subscriber cancels (true) or keeps (false) their subscription at its period''s end; answers its id.';
revoke execute on function private.set_subscription_cancel_at_period_end(uuid, boolean) from public;

-- Run daily by pg_cron as the owner. The meter already ignores a plan past its grace at use time; this makes the
-- profile say free for subscribers who did no work since. The subscription stays past due until the provider ends it
-- or a renewal is paid (which gives the plan back).
create or replace function private.lapse_past_due_subscriptions()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  lapsed record;
  lapsed_count integer := 0;
begin
  -- Profiles locked in id order, as every writer of several profiles locks them, before any is changed.
  for lapsed in
    select p.id from public.profiles as p
    join public.subscriptions as s on s.user_id = p.id
    where s.status = 'past_due' and p.subscription_status <> 'free'
      and s.past_due_since + pg_catalog.make_interval(days => private.setting_integer('subscription_grace_days', 7))
        <= pg_catalog.now()
    order by p.id
    for update of p
  loop
    perform private.restart_allowance(lapsed.id, 'free');
    lapsed_count := lapsed_count + 1;
  end loop;
  return lapsed_count;
end;
$$;
comment on function private.lapse_past_due_subscriptions() is
  'Daily: subscribers past due beyond subscription_grace_days go to the free plan; answers how many.';
revoke execute on function private.lapse_past_due_subscriptions() from public;

-- Schedule ------------------------------------------------------------------------------------------------------------
-- cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.

select cron.schedule('subscriptions-grace-end', '13 0 * * *', $$select private.lapse_past_due_subscriptions()$$);
