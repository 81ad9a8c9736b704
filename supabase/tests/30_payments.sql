-- Payments: the payer reads their own, admins read every payment, nobody else sees any; only the service role writes.
-- A payment outlives its payer's account. The finances tab's page (private.admin_payments) is for admins only.
begin;
select plan(37);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.payments (user_id, amount_cents, credits_granted, payment_method, status, created_at)
values
  (tests.get_user_id('owner'), 1900, 2500, 'stripe', 'completed', now() - interval '2 days'),
  (tests.get_user_id('owner'), 6900, 8000, 'venmo', 'pending', now() - interval '1 day'),
  (tests.get_user_id('stranger'), 1200, 1000, 'paypal', 'refunded', now());

-- Act 1: the access matrix ------------------------------------------------------------------------------------------

select * from tests.assert_access('public.payments', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'all',    'denied', 'denied', 'denied'],
  ['stranger',     'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'all',    'all',    'all',    'all']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.payments (user_id, amount_cents) values (tests.get_user_id('owner'), 100) $$,
  update_set => 'status = status');

-- Act 2: the columns' rules -----------------------------------------------------------------------------------------

insert into public.payments (user_id, amount_cents) values (tests.get_user_id('stranger'), 0);
select results_eq(
  $$ select payment_method, status, credits_granted, verified_at from public.payments
     where user_id = tests.get_user_id('stranger') and amount_cents = 0 $$,
  $$ values ('venmo'::text, 'pending'::text, 0, null::timestamptz) $$,
  'a payment is a pending Venmo payment granting nothing unless told otherwise'
);
select throws_ok($$ insert into public.payments (amount_cents) values (-1) $$,
  '23514', 'new row for relation "payments" violates check constraint "payments_amount_cents_not_negative"',
  'an amount is not negative');
select throws_ok($$ insert into public.payments (amount_cents, credits_granted) values (1, -1) $$,
  '23514', 'new row for relation "payments" violates check constraint "payments_credits_granted_not_negative"',
  'credits granted are not negative');
select throws_ok($$ insert into public.payments (amount_cents, payment_method) values (1, 'cheque') $$,
  '23514', 'new row for relation "payments" violates check constraint "payments_payment_method"',
  'a method is one of stripe, paypal, venmo, cashapp, crypto, admin');
select lives_ok(
  $$ insert into public.payments (amount_cents, payment_method)
     select 1, m from unnest(array['stripe', 'paypal', 'venmo', 'cashapp', 'crypto', 'admin']) as m $$,
  'each of the six methods is accepted');
select throws_ok($$ insert into public.payments (amount_cents, status) values (1, 'paid') $$,
  '23514', 'new row for relation "payments" violates check constraint "payments_status"',
  'a status is one of pending, completed, verified, failed, refunded');
select lives_ok(
  $$ insert into public.payments (amount_cents, status)
     select 1, s from unnest(array['pending', 'completed', 'verified', 'failed', 'refunded']) as s $$,
  'each of the five statuses is accepted');
select throws_ok(
  $$ insert into public.payments (amount_cents, provider_reference) values (1, repeat('x', 256)) $$,
  '23514', 'new row for relation "payments" violates check constraint "payments_provider_reference_length"',
  'a provider reference has at most 255 characters');
-- Older than the three above, which the page below expects first.
update public.payments set created_at = now() - interval '30 days' where amount_cents in (0, 1);

-- Act 3: a payment outlives its payer ---------------------------------------------------------------------------

delete from auth.users where id = tests.get_user_id('stranger');
select results_eq(
  $$ select user_id, amount_cents, status from public.payments where amount_cents = 1200 $$,
  $$ values (null::uuid, 1200::bigint, 'refunded'::text) $$,
  'deleting the account keeps its payment, without the user'
);

-- Act 4: the finances tab's page ------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok($$ select * from private.admin_payments(10, 0) $$, '42501', null,
  'anon cannot list payments');
select tests.authenticate_as('owner');
select throws_ok($$ select * from private.admin_payments(10, 0) $$, 'P0403', 'admins_only',
  'a user cannot list payments');

select tests.authenticate_as('site_admin');
select results_eq(
  $$ select amount_cents, user_email, payment_method, status, credits_granted, total_count
     from private.admin_payments(2, 0) $$,
  $$ values (1200::bigint, null::text, 'paypal'::text, 'refunded'::text, 1000, 15::bigint),
            (6900, 'owner@test.example', 'venmo', 'pending', 8000, 15) $$,
  'an admin reads the newest payments first, with the payer''s email (none once the account is gone) and the count'
);
select results_eq(
  $$ select amount_cents, user_email from private.admin_payments(1, 2) $$,
  $$ values (1900::bigint, 'owner@test.example'::text) $$,
  'the offset pages on'
);
select is_empty($$ select * from private.admin_payments(10, 100) $$, 'past the last payment the page is empty');
select throws_ok($$ select * from private.admin_payments(0, 0) $$, 'P0422', 'limit_invalid',
  'a page holds at least one payment');
select throws_ok($$ select * from private.admin_payments(501, 0) $$, 'P0422', 'limit_invalid',
  'a page holds at most 500 payments');
select throws_ok($$ select * from private.admin_payments(10, -1) $$, 'P0422', 'offset_invalid',
  'an offset is not negative');

select * from finish();
rollback;
