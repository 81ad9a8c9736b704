-- The buyer's payments as My Account's billing page shows them, and whether a money-back request may still be made.
--
-- A payment's JSON is the contract's payment shape (edge-functions/_shared/billing/contract.ts paymentSchema), built
-- here once: the buyer's page, an admin's verification and the payer's refund request all answer it. A money-back
-- request is for the payer's first paid payment (completed or verified; the earliest paid, refunded ones included),
-- within 30 days of its payment, once. The api's own connection calls these for the signed-in user it names.

-- Helpers ---------------------------------------------------------------------------------------------------------

create or replace function private.payment_refundable(p_payment public.payments)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_payment.status in ('completed', 'verified')
    and p_payment.refund_requested_at is null
    and p_payment.paid_at + interval '30 days' > pg_catalog.now()
    and not exists (
      select from public.payments as earlier
      where earlier.user_id = p_payment.user_id
        and earlier.paid_at is not null
        and (earlier.paid_at, earlier.id) < (p_payment.paid_at, p_payment.id)
    )
$$;
comment on function private.payment_refundable(public.payments) is
  'Whether the payer may still ask for this payment''s money back: their first paid payment, within 30 days, not asked.';
revoke execute on function private.payment_refundable(public.payments) from public;

-- The catalogue's names: "800 credits", "Starter (monthly)". Older payments name no item: they bought credits.
create or replace function private.payment_description(p_payment public.payments)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p_payment.kind = 'subscription' and p_payment.item_id is not null then
      pg_catalog.initcap(pg_catalog.split_part(p_payment.item_id, '-', 1))
        || ' (' || pg_catalog.split_part(p_payment.item_id, '-', 2) || ')'
    else pg_catalog.to_char(p_payment.credits_granted, 'FM999,999,999') || ' credits'
  end
$$;
comment on function private.payment_description(public.payments) is
  'What a payment bought, in the catalogue''s words: "800 credits", "Starter (monthly)".';
revoke execute on function private.payment_description(public.payments) from public;

-- Manual payments keep the buyer's transaction reference in venmo_transaction_id, checkouts the provider's id.
create or replace function private.payment_reference(p_payment public.payments)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_payment.payment_method in ('venmo', 'cashapp', 'crypto') then p_payment.venmo_transaction_id
    else p_payment.provider_reference
  end
$$;
comment on function private.payment_reference(public.payments) is
  'A payment''s reference: the buyer''s transaction for a manual method, the provider''s id otherwise.';
revoke execute on function private.payment_reference(public.payments) from public;

create or replace function private.payment_json(p_payment public.payments)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', p_payment.id,
    'itemId', p_payment.item_id,
    'description', private.payment_description(p_payment),
    'amountCents', p_payment.amount_cents,
    'creditsGranted', p_payment.credits_granted,
    'paymentMethod', p_payment.payment_method,
    'status', p_payment.status,
    'reference', private.payment_reference(p_payment),
    'discountCents', p_payment.discount_cents,
    'createdAt', private.iso_timestamp(p_payment.created_at),
    'paidAt', private.iso_timestamp(p_payment.paid_at),
    'rejectionReason', p_payment.rejection_reason,
    'refundRequestedAt', private.iso_timestamp(p_payment.refund_requested_at),
    'refundedAt', private.iso_timestamp(p_payment.refunded_at),
    'refundable', private.payment_refundable(p_payment)
  )
$$;
comment on function private.payment_json(public.payments) is
  'A payment in the billing contract''s payment shape (the buyer''s view), refundable computed.';
revoke execute on function private.payment_json(public.payments) from public;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.account_payments(p_user uuid, p_page integer, p_page_size integer)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_valid(p_page >= 1, 'page_invalid');
  perform private.require_valid(p_page_size between 1 and 100, 'page_size_invalid');
  return pg_catalog.jsonb_build_object(
    'payments', coalesce((
      select pg_catalog.jsonb_agg(private.payment_json(page) order by page.created_at desc, page.id desc)
      from (
        select * from public.payments as pay
        where pay.user_id = p_user
        order by pay.created_at desc, pay.id desc
        limit p_page_size offset (p_page - 1)::bigint * p_page_size
      ) as page
    ), '[]'::jsonb),
    'total', (select pg_catalog.count(*) from public.payments as pay where pay.user_id = p_user),
    'page', p_page,
    'pageSize', p_page_size
  );
end;
$$;
comment on function private.account_payments(uuid, integer, integer) is
  'The buyer''s payments, newest first, a page at a time, in the contract''s paymentsPage shape (page_invalid unless '
  '1 or more, page_size_invalid unless 1 to 100: P0422).';
revoke execute on function private.account_payments(uuid, integer, integer) from public;
