-- Refunds: the payer asks for their money back, an admin (or the provider) refunds, and the credits still unused go.
--
-- A money-back request is for the payer's first paid payment within 30 days of it (private.payment_refundable); it is
-- recorded for an admin to decide. A refund turns a completed or verified payment into refunded and claws back what is
-- left of its credits: the credits it granted, but never more than the payer still holds, so paid_credits never goes
-- below zero (the payer may have spent some). A subscription's payment leaves the subscription alone: the provider
-- ends it with its own event. Refunding twice does nothing the second time. Revenue stops counting the payment on the
-- day it was made (platform_daily_totals counts completed and verified payments only).
--
-- The admin route calls private.refund_payment as the signed-in admin (checked here too, and audited as
-- payment.refunded); the provider's charge.refunded event calls it on the api's own connection, nobody signed in: the
-- system. The payer's request comes through the api's own connection, naming the payer.
--
-- Refusals: P0403 admins_only (signed in, not an admin); P0404 payment_not_found (or another user's, for a request);
-- P0409 payment_not_paid (refunding a payment that was never paid); P0409 refund_not_allowed (not the first paid
-- payment, older than 30 days, or asked already); P0422 reason_invalid (1 to 1,000 characters).

create or replace function private.refund_payment(p_payment uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- Definer rights make current_user the owner; the role setting still names an API role that called.
  by_admin constant boolean :=
    (select auth.uid()) is not null or pg_catalog.current_setting('role') in ('anon', 'authenticated');
  payment public.payments;
  credits_before integer;
  clawed_back integer := 0;
begin
  if by_admin then
    perform private.require_admin();
  end if;
  payment := private.lock_payment(p_payment);
  if payment.status = 'refunded' then
    return pg_catalog.jsonb_build_object(
      'paymentId', payment.id, 'userId', payment.user_id, 'creditsClawedBack', payment.credits_clawed_back,
      'alreadyRefunded', true
    );
  end if;
  if payment.status not in ('completed', 'verified') then
    raise exception 'payment_not_paid' using errcode = 'P0409';
  end if;

  select p.paid_credits into credits_before from public.profiles as p where p.id = payment.user_id;
  clawed_back := least(payment.credits_granted, coalesce(credits_before, 0));
  update public.profiles as p set paid_credits = credits_before - clawed_back where p.id = payment.user_id;
  update public.payments as pay
  set status = 'refunded', refunded_at = pg_catalog.now(), credits_clawed_back = clawed_back
  where pay.id = p_payment;

  if by_admin then
    perform private.write_admin_audit(
      'payment.refunded', 'payment', p_payment::text,
      pg_catalog.jsonb_build_object('status', payment.status, 'userId', payment.user_id, 'paidCredits', credits_before),
      pg_catalog.jsonb_build_object(
        'status', 'refunded', 'userId', payment.user_id, 'paidCredits', credits_before - clawed_back,
        'creditsClawedBack', clawed_back, 'amountCents', payment.amount_cents
      )
    );
  end if;
  return pg_catalog.jsonb_build_object(
    'paymentId', payment.id, 'userId', payment.user_id, 'creditsClawedBack', clawed_back, 'alreadyRefunded', false
  );
end;
$$;
comment on function private.refund_payment(uuid) is
  'A paid payment is refunded and its unused credits clawed back (never below zero); once. Admins (audited) or the '
  'system (a provider''s refund event, nobody signed in).';
revoke execute on function private.refund_payment(uuid) from public;
grant execute on function private.refund_payment(uuid) to authenticated;

create or replace function private.request_refund(p_user uuid, p_payment uuid, p_reason text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  payment public.payments;
begin
  perform private.require_valid(pg_catalog.char_length(pg_catalog.btrim(p_reason)) between 1 and 1000, 'reason_invalid');
  select * into payment from public.payments as pay where pay.id = p_payment and pay.user_id = p_user for update;
  if not found then
    raise exception 'payment_not_found' using errcode = 'P0404';
  end if;
  if not private.payment_refundable(payment) then
    raise exception 'refund_not_allowed' using errcode = 'P0409';
  end if;
  update public.payments as pay
  set refund_requested_at = pg_catalog.now(), refund_request_reason = pg_catalog.btrim(p_reason)
  where pay.id = p_payment
  returning * into payment;
  return private.payment_json(payment);
end;
$$;
comment on function private.request_refund(uuid, uuid, text) is
  'The payer asks for a payment''s money back (their first paid payment, within 30 days, once); answers the payment.';
revoke execute on function private.request_refund(uuid, uuid, text) from public;
