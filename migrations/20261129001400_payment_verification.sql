-- Admins verify or reject manual payments (Venmo, Cash App, crypto) from the finances tab's queue.
--
-- Verifying grants the payment's credits in the same transaction (the payer's profile locked first, as every writer of
-- balances does) and answers what the receipt needs; rejecting records why. Each is audited (payment.verified,
-- payment.rejected). Only a pending manual payment can be either: a checkout's payment is the provider's to confirm.
-- The api calls these as the signed-in admin.
--
-- Refusals: P0403 admins_only; P0404 payment_not_found; P0409 payment_not_pending (not a pending manual payment);
-- P0422 reason_invalid (a rejection's reason is 1 to 500 characters).

-- Helpers ---------------------------------------------------------------------------------------------------------

create or replace function private.lock_pending_manual_payment(p_payment uuid)
returns public.payments
language plpgsql
set search_path = ''
as $$
declare
  payment public.payments := private.lock_payment(p_payment);
begin
  if payment.status <> 'pending' or payment.payment_method not in ('venmo', 'cashapp', 'crypto') then
    raise exception 'payment_not_pending' using errcode = 'P0409';
  end if;
  return payment;
end;
$$;
comment on function private.lock_pending_manual_payment(uuid) is
  'Locks a payment as private.lock_payment does; P0409 payment_not_pending unless it is a pending manual payment.';
revoke execute on function private.lock_pending_manual_payment(uuid) from public;

-- Functions -------------------------------------------------------------------------------------------------------
-- Definer: they write payments and profiles, which no API role may, after checking that the caller is an admin.

create or replace function private.admin_verify_payment(p_payment uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  payment public.payments;
  credits_before integer;
begin
  perform private.require_admin();
  payment := private.lock_pending_manual_payment(p_payment);
  select p.paid_credits into credits_before from public.profiles as p where p.id = payment.user_id;
  payment := private.mark_payment_paid(payment, 'verified');

  perform private.write_admin_audit(
    'payment.verified', 'payment', p_payment::text,
    pg_catalog.jsonb_build_object('status', 'pending', 'userId', payment.user_id, 'paidCredits', credits_before),
    pg_catalog.jsonb_build_object(
      'status', 'verified', 'userId', payment.user_id, 'paidCredits', credits_before + payment.credits_granted,
      'creditsGranted', payment.credits_granted, 'amountCents', payment.amount_cents
    )
  );
  return private.payment_json(payment) || pg_catalog.jsonb_build_object(
    'userId', payment.user_id,
    'email', (select p.email from public.profiles as p where p.id = payment.user_id)
  );
end;
$$;
comment on function private.admin_verify_payment(uuid) is
  'Admins: a pending manual payment becomes verified and its credits are granted; answers the payment (billing '
  'contract shape) with the payer''s userId and email for the receipt.';
revoke execute on function private.admin_verify_payment(uuid) from public;
grant execute on function private.admin_verify_payment(uuid) to authenticated;

create or replace function private.admin_reject_payment(p_payment uuid, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  payment public.payments;
begin
  perform private.require_admin();
  perform private.require_valid(pg_catalog.char_length(pg_catalog.btrim(p_reason)) between 1 and 500, 'reason_invalid');
  payment := private.lock_pending_manual_payment(p_payment);
  update public.payments as pay set status = 'failed', rejection_reason = pg_catalog.btrim(p_reason)
  where pay.id = p_payment;

  perform private.write_admin_audit(
    'payment.rejected', 'payment', p_payment::text,
    pg_catalog.jsonb_build_object('status', 'pending', 'userId', payment.user_id),
    pg_catalog.jsonb_build_object('status', 'failed', 'userId', payment.user_id, 'reason', pg_catalog.btrim(p_reason))
  );
end;
$$;
comment on function private.admin_reject_payment(uuid, text) is
  'Admins: a pending manual payment fails, with the reason recorded for the payer; audited.';
revoke execute on function private.admin_reject_payment(uuid, text) from public;
grant execute on function private.admin_reject_payment(uuid, text) to authenticated;
