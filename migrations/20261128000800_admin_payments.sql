-- The finances tab's payments: one page, newest first, with the payer's email (null once the account is gone) and
-- how many payments there are in all. Admins only.

create or replace function private.admin_payments(p_limit integer, p_offset integer)
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
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  if p_limit is null or p_limit not between 1 and 500 then
    raise exception 'limit_invalid' using errcode = 'P0422';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception 'offset_invalid' using errcode = 'P0422';
  end if;

  return query
  select pay.id, pay.user_id, p.email, pay.amount_cents, pay.credits_granted, pay.payment_method, pay.status,
    pay.created_at, pay.verified_at, (select pg_catalog.count(*) from public.payments)
  from public.payments as pay
  left join public.profiles as p on p.id = pay.user_id
  order by pay.created_at desc, pay.id desc
  limit p_limit offset p_offset;
end;
$$;
comment on function private.admin_payments(integer, integer) is
  'Admins: a page of payments, newest first, with the payer''s email and the number of payments in all '
  '(limit_invalid unless 1 to 500, offset_invalid when negative: P0422).';
revoke execute on function private.admin_payments(integer, integer) from public;
grant execute on function private.admin_payments(integer, integer) to authenticated;
