-- A payment from opening to paid or failed: checkouts (Stripe, PayPal), manual payments (Venmo, Cash App, crypto), and
-- the anonymous discount code a checkout claims.
--
-- A checkout opens a pending payment for a catalogue item (the api computes amount and credits from its catalogue),
-- names the provider's checkout or order once it exists, and completes when the provider confirms it: the credits go
-- to paid_credits in the same transaction, once, however often the confirmation arrives. A manual payment is pending
-- with the buyer's transaction reference until an admin verifies it (20261129001400_payment_verification.sql). The
-- discount code is an anonymous session's (20261122020200_anonymous_allowance.sql): a checkout claims it by marking it
-- redeemed, so of two checkouts racing for one code one wins; a failed payment gives it back.
--
-- Every function that moves a balance locks the payer's profile first, then the payment, as every writer of balances
-- does. The api's own connection (the owner) calls them; no API role may.
--
-- Refusals (SQLSTATE and reason):
--   P0404 user_not_found         no profile with that id
--   P0404 payment_not_found      no payment with that id
--   P0404 discount_unknown       no anonymous session has that code
--   P0409 discount_redeemed      the code was used (or is held by another checkout)
--   P0410 discount_expired       the code is past its expiry
--   P0409 amount_mismatch        the provider confirmed another amount than the payment's: nothing granted
--   P0409 payment_not_pending    the payment failed already, or is no longer pending to name or fail
--   P0409 reference_used         that transaction reference was already submitted for that method
--   P0422 kind_invalid, method_invalid, amount_invalid, credits_invalid, discount_invalid, reference_invalid,
--         reason_invalid

-- Helpers ---------------------------------------------------------------------------------------------------------

-- The payer's profile first (when the account still exists), then the payment, read again under its lock.
create or replace function private.lock_payment(p_payment uuid)
returns public.payments
language plpgsql
set search_path = ''
as $$
declare
  payer uuid;
  locked public.payments;
begin
  select pay.user_id into payer from public.payments as pay where pay.id = p_payment;
  if not found then
    raise exception 'payment_not_found' using errcode = 'P0404';
  end if;
  perform from public.profiles as p where p.id = payer for update;
  select * into strict locked from public.payments as pay where pay.id = p_payment for update;
  return locked;
end;
$$;
comment on function private.lock_payment(uuid) is
  'Locks a payment''s payer profile, then the payment, and answers the payment (P0404 payment_not_found).';
revoke execute on function private.lock_payment(uuid) from public;

-- Called with the payment locked (private.lock_payment): it becomes completed or verified, and its credits reach the
-- payer in the same statement's transaction.
create or replace function private.mark_payment_paid(p_payment public.payments, p_status text)
returns public.payments
language plpgsql
set search_path = ''
as $$
declare
  paid public.payments;
begin
  update public.payments as pay
  set status = p_status,
      paid_at = pg_catalog.now(),
      verified_at = case when p_status = 'verified' then pg_catalog.now() else pay.verified_at end
  where pay.id = p_payment.id
  returning * into strict paid;
  update public.profiles as p
  set paid_credits = p.paid_credits + paid.credits_granted,
      last_payment_date = pg_catalog.now()
  where p.id = paid.user_id;
  return paid;
end;
$$;
comment on function private.mark_payment_paid(public.payments, text) is
  'A locked payment becomes completed or verified (paid now); its credits are added to the payer''s paid_credits.';
revoke execute on function private.mark_payment_paid(public.payments, text) from public;

-- Of two checkouts claiming one code at once, the second waits on the session's row and then finds it redeemed.
create or replace function private.claim_discount_code(p_code text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  offered record;
begin
  update public.anonymous_sessions as s
  set discount_redeemed_at = pg_catalog.now()
  where s.discount_code = p_code and s.discount_redeemed_at is null and s.discount_expiry > pg_catalog.now();
  if found then
    return;
  end if;
  select s.discount_redeemed_at, s.discount_expiry into offered
  from public.anonymous_sessions as s
  where s.discount_code = p_code;
  if not found then
    raise exception 'discount_unknown' using errcode = 'P0404';
  elsif offered.discount_redeemed_at is not null then
    raise exception 'discount_redeemed' using errcode = 'P0409';
  end if;
  raise exception 'discount_expired' using errcode = 'P0410';
end;
$$;
comment on function private.claim_discount_code(text) is
  'Marks an anonymous session''s discount code redeemed (P0404 discount_unknown, P0409 discount_redeemed, P0410 '
  'discount_expired).';
revoke execute on function private.claim_discount_code(text) from public;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.open_payment(
  p_user uuid,
  p_item_id text,
  p_kind text,
  p_method text,
  p_amount_cents bigint,
  p_credits integer,
  p_discount_code text,
  p_discount_cents integer default 0
)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  payment_id uuid;
begin
  perform private.require_valid(p_kind in ('credits', 'subscription'), 'kind_invalid');
  perform private.require_valid(p_method in ('stripe', 'paypal'), 'method_invalid');
  perform private.require_valid(p_amount_cents >= 0, 'amount_invalid');
  perform private.require_valid(p_credits >= 0 and (p_kind = 'credits' or p_credits = 0), 'credits_invalid');
  -- The code takes a share off a plan's first charge: with a code there is a discount, without one none.
  perform private.require_valid(
    case when p_discount_code is null then p_discount_cents = 0 else p_kind = 'subscription' and p_discount_cents > 0 end,
    'discount_invalid'
  );
  if not exists (select from public.profiles as p where p.id = p_user) then
    raise exception 'user_not_found' using errcode = 'P0404';
  end if;
  if p_discount_code is not null then
    perform private.claim_discount_code(p_discount_code);
  end if;

  insert into public.payments (
    user_id, item_id, kind, payment_method, amount_cents, credits_granted, discount_code, discount_cents
  )
  values (p_user, p_item_id, p_kind, p_method, p_amount_cents, p_credits, p_discount_code, p_discount_cents)
  returning id into payment_id;
  return payment_id;
end;
$$;
comment on function private.open_payment(uuid, text, text, text, bigint, integer, text, integer) is
  'A pending checkout payment for a catalogue item (amount after the discount); claims the discount code if given.';
revoke execute on function private.open_payment(uuid, text, text, text, bigint, integer, text, integer) from public;

create or replace function private.set_payment_reference(p_payment uuid, p_reference text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.require_valid(pg_catalog.char_length(p_reference) between 1 and 255, 'reference_invalid');
  update public.payments as pay set provider_reference = p_reference
  where pay.id = p_payment and pay.status = 'pending';
  if not found then
    if exists (select from public.payments as pay where pay.id = p_payment) then
      raise exception 'payment_not_pending' using errcode = 'P0409';
    end if;
    raise exception 'payment_not_found' using errcode = 'P0404';
  end if;
end;
$$;
comment on function private.set_payment_reference(uuid, text) is
  'Names a pending payment''s checkout session or order at the provider.';
revoke execute on function private.set_payment_reference(uuid, text) from public;

create or replace function private.complete_payment(p_payment uuid, p_reference text, p_amount_cents bigint)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  payment public.payments := private.lock_payment(p_payment);
  already boolean := payment.status in ('completed', 'verified', 'refunded');
begin
  if payment.status = 'failed' then
    raise exception 'payment_not_pending' using errcode = 'P0409';
  end if;
  if not already then
    if p_amount_cents is distinct from payment.amount_cents then
      raise exception 'amount_mismatch' using errcode = 'P0409',
        detail = pg_catalog.format('expected %s, confirmed %s', payment.amount_cents, p_amount_cents);
    end if;
    update public.payments as pay set provider_reference = coalesce(p_reference, pay.provider_reference)
    where pay.id = p_payment
    returning * into payment;
    payment := private.mark_payment_paid(payment, 'completed');
  end if;
  return pg_catalog.jsonb_build_object(
    'paymentId', payment.id,
    'userId', payment.user_id,
    'creditsGranted', payment.credits_granted,
    'alreadyCompleted', already
  );
end;
$$;
comment on function private.complete_payment(uuid, text, bigint) is
  'A provider confirmed a pending payment: completed, its credits added once; a repeat answers alreadyCompleted.';
revoke execute on function private.complete_payment(uuid, text, bigint) from public;

create or replace function private.fail_payment(p_payment uuid, p_reason text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  payment public.payments;
begin
  perform private.require_valid(p_reason is null or pg_catalog.char_length(p_reason) <= 500, 'reason_invalid');
  payment := private.lock_payment(p_payment);
  if payment.status = 'failed' then
    return;
  end if;
  if payment.status <> 'pending' then
    raise exception 'payment_not_pending' using errcode = 'P0409';
  end if;
  update public.payments as pay set status = 'failed', rejection_reason = p_reason where pay.id = p_payment;
  -- The code was never used to pay: the buyer may use it again while it is valid.
  update public.anonymous_sessions as s set discount_redeemed_at = null where s.discount_code = payment.discount_code;
end;
$$;
comment on function private.fail_payment(uuid, text) is
  'A pending payment failed at the provider (a declined capture): failed, its discount code given back; once.';
revoke execute on function private.fail_payment(uuid, text) from public;

create or replace function private.submit_manual_payment(
  p_user uuid,
  p_item_id text,
  p_method text,
  p_amount_cents bigint,
  p_credits integer,
  p_reference text
)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  payment_id uuid;
begin
  perform private.require_valid(p_method in ('venmo', 'cashapp', 'crypto'), 'method_invalid');
  perform private.require_valid(p_amount_cents > 0, 'amount_invalid');
  perform private.require_valid(p_credits > 0, 'credits_invalid');
  perform private.require_valid(pg_catalog.char_length(pg_catalog.btrim(p_reference)) between 1 and 255, 'reference_invalid');
  if not exists (select from public.profiles as p where p.id = p_user) then
    raise exception 'user_not_found' using errcode = 'P0404';
  end if;

  insert into public.payments (user_id, item_id, kind, payment_method, amount_cents, credits_granted, venmo_transaction_id)
  values (p_user, p_item_id, 'credits', p_method, p_amount_cents, p_credits, pg_catalog.btrim(p_reference))
  returning id into payment_id;
  return payment_id;
exception
  when unique_violation then
    raise exception 'reference_used' using errcode = 'P0409';
end;
$$;
comment on function private.submit_manual_payment(uuid, text, text, bigint, integer, text) is
  'A pending manual payment (Venmo, Cash App, crypto) naming the buyer''s transaction, which an admin verifies.';
revoke execute on function private.submit_manual_payment(uuid, text, text, bigint, integer, text) from public;
