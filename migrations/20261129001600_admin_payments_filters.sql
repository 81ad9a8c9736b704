-- The finances tab's payments, filtered: by status (pending is the verification queue) and to those with a money-back
-- request, with what a payment bought, its reference, and how its rejection, request or refund went. Admins only.
--
-- Replaces private.admin_payments(integer, integer) of 20261128000800_admin_payments.sql (its answer gains columns);
-- called with two arguments it still lists every payment.

drop function private.admin_payments(integer, integer);

create or replace function private.admin_payments(
  p_limit integer,
  p_offset integer,
  p_status text default null,
  p_refund_requested boolean default false
)
returns table (
  id uuid,
  user_id uuid,
  user_email text,
  amount_cents bigint,
  credits_granted integer,
  payment_method text,
  status text,
  created_at timestamptz,
  verified_at timestamptz,
  item_id text,
  kind text,
  reference text,
  discount_cents integer,
  paid_at timestamptz,
  rejection_reason text,
  refund_requested_at timestamptz,
  refund_request_reason text,
  refunded_at timestamptz,
  credits_clawed_back integer,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  perform private.require_valid(p_limit between 1 and 500, 'limit_invalid');
  perform private.require_valid(p_offset >= 0, 'offset_invalid');
  perform private.require_valid(
    p_status is null or p_status in ('pending', 'completed', 'verified', 'failed', 'refunded'), 'status_invalid'
  );
  perform private.require_valid(p_refund_requested is not null, 'refund_requested_invalid');

  return query
  with matching as (
    select pay.*, private.payment_reference(pay) as reference from public.payments as pay
    where (p_status is null or pay.status = p_status)
      and (not p_refund_requested or pay.refund_requested_at is not null)
  )
  select pay.id, pay.user_id, p.email, pay.amount_cents, pay.credits_granted, pay.payment_method, pay.status,
    pay.created_at, pay.verified_at, pay.item_id, pay.kind,
    pay.reference,
    pay.discount_cents, pay.paid_at, pay.rejection_reason, pay.refund_requested_at, pay.refund_request_reason,
    pay.refunded_at, pay.credits_clawed_back, (select pg_catalog.count(*) from matching)
  from matching as pay
  left join public.profiles as p on p.id = pay.user_id
  order by pay.created_at desc, pay.id desc
  limit p_limit offset p_offset;
end;
$$;
comment on function private.admin_payments(integer, integer, text, boolean) is
  'Admins: a page of payments, newest first, optionally only one status or only those with a money-back request, with '
  'the payer''s email and how many match (limit_invalid unless 1 to 500, offset_invalid when negative, status_invalid: '
  'P0422).';
revoke execute on function private.admin_payments(integer, integer, text, boolean) from public;
grant execute on function private.admin_payments(integer, integer, text, boolean) to authenticated;
