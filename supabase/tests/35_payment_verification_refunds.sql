-- After a payment: admins verify or reject manual payments (credits granted in the same transaction, audited), the
-- payer asks for their money back within 30 days of a first payment, and a refund (by an admin, audited, or by the
-- provider's event) claws back the credits still unused, never below zero, once. Revenue stops counting a refunded
-- payment. The buyer's payments page and the finances tab's filtered list show all of it.
begin;
select plan(67);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

select private.submit_manual_payment(tests.get_user_id('owner'), 'credits-800', 'venmo', 1200, 800, 'VENMO-1')
  as venmo_payment \gset
select private.submit_manual_payment(tests.get_user_id('owner'), 'credits-2000', 'cashapp', 3000, 2000, 'CASH-1')
  as cashapp_payment \gset
select private.open_payment(tests.get_user_id('owner'), 'credits-2000', 'credits', 'stripe', 3000, 2000, null)
  as stripe_payment \gset
select private.set_payment_reference(:'stripe_payment', 'cs_test_stripe');
-- Made a few seconds apart, so newest first is one order.
update public.payments set created_at = now() - interval '3 seconds' where id = :'venmo_payment';
update public.payments set created_at = now() - interval '2 seconds' where id = :'cashapp_payment';
update public.payments set created_at = now() - interval '1 second' where id = :'stripe_payment';

-- Act 1: who may verify, reject and refund -----------------------------------------------------------------------------

select * from tests.assert_admin_only(format($$ select private.admin_verify_payment(%L) $$, :'venmo_payment'),
  users => array['owner', 'stranger'], admin => 'site_admin');
select * from tests.assert_admin_only(format($$ select private.admin_reject_payment(%L, 'No such transfer') $$,
  :'venmo_payment'), users => array['owner'], admin => 'site_admin');
select * from tests.assert_admin_only($$ select * from private.admin_payments(10, 0, 'pending', true) $$,
  users => array['owner'], admin => 'site_admin');
select private.complete_payment(:'stripe_payment', null, 3000);
-- Paid an hour ago: the owner's first payment.
update public.payments set paid_at = now() - interval '1 hour' where id = :'stripe_payment';
select * from tests.assert_admin_only(format($$ select private.refund_payment(%L) $$, :'stripe_payment'),
  users => array['owner'], admin => 'site_admin');
select is((select count(*) from public.admin_audit_log), 0::bigint, 'the probes above changed nothing');

-- Act 2: an admin verifies a manual payment ----------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select private.admin_verify_payment(:'venmo_payment') as verified \gset
reset role;
select is(:'verified'::jsonb - 'createdAt',
  jsonb_build_object(
    'id', :'venmo_payment'::uuid, 'itemId', 'credits-800', 'description', '800 credits', 'amountCents', 1200,
    'creditsGranted', 800, 'paymentMethod', 'venmo', 'status', 'verified', 'reference', 'VENMO-1',
    'discountCents', 0, 'paidAt', private.iso_timestamp(now()), 'rejectionReason', null, 'refundRequestedAt', null,
    'refundedAt', null, 'refundable', false, 'userId', tests.get_user_id('owner'), 'email', 'owner@test.example'
  ),
  'verifying answers the payment and the payer''s email for the receipt (not refundable: the Stripe one came first)'
);
select results_eq(
  format($$ select pay.status, pay.verified_at, pay.paid_at, p.paid_credits, p.last_payment_date
            from public.payments as pay join public.profiles as p on p.id = pay.user_id where pay.id = %L $$,
    :'venmo_payment'),
  $$ values ('verified'::text, now(), now(), 2800, now()) $$,
  'the payment is verified and its credits are the payer''s in the same transaction'
);
select results_eq(
  $$ select actor_id, action, target_type, target_id, before, after from public.admin_audit_log $$,
  format($$ values (tests.get_user_id('site_admin'), 'payment.verified', 'payment', %L,
    jsonb_build_object('status', 'pending', 'userId', tests.get_user_id('owner'), 'paidCredits', 2000),
    jsonb_build_object('status', 'verified', 'userId', tests.get_user_id('owner'), 'paidCredits', 2800,
                       'creditsGranted', 800, 'amountCents', 1200)) $$, :'venmo_payment'),
  'the verification is audited with the credits before and after'
);

select tests.authenticate_as('site_admin');
select throws_ok(format($$ select private.admin_verify_payment(%L) $$, :'venmo_payment'), 'P0409',
  'payment_not_pending', 'a payment is verified once');
select throws_ok(format($$ select private.admin_verify_payment(%L) $$, :'stripe_payment'), 'P0409',
  'payment_not_pending', 'a checkout''s payment is the provider''s to confirm');
select throws_ok($$ select private.admin_verify_payment(gen_random_uuid()) $$, 'P0404', 'payment_not_found',
  'an unknown payment is not verified');
reset role;
select is((select paid_credits from public.profiles where id = tests.get_user_id('owner')), 2800,
  'refused verifications grant nothing');

-- Act 3: an admin rejects one ---------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select throws_ok(format($$ select private.admin_reject_payment(%L, '   ') $$, :'cashapp_payment'), 'P0422',
  'reason_invalid', 'a rejection says why');
select throws_ok(format($$ select private.admin_reject_payment(%L, repeat('r', 501)) $$, :'cashapp_payment'), 'P0422',
  'reason_invalid', 'in at most 500 characters');
select lives_ok(format($$ select private.admin_reject_payment(%L, ' No such transfer ') $$, :'cashapp_payment'),
  'an admin rejects a pending manual payment');
select throws_ok(format($$ select private.admin_reject_payment(%L, 'again') $$, :'cashapp_payment'), 'P0409',
  'payment_not_pending', 'once');
select throws_ok(format($$ select private.admin_verify_payment(%L) $$, :'cashapp_payment'), 'P0409',
  'payment_not_pending', 'a rejected payment is not verified afterwards');
reset role;
select results_eq(
  format($$ select pay.status, pay.rejection_reason, pay.paid_at, p.paid_credits from public.payments as pay
            join public.profiles as p on p.id = pay.user_id where pay.id = %L $$, :'cashapp_payment'),
  $$ values ('failed'::text, 'No such transfer'::text, null::timestamptz, 2800) $$,
  'it failed with the reason, granting nothing'
);
select results_eq(
  $$ select action, target_id, before, after from public.admin_audit_log where action = 'payment.rejected' $$,
  format($$ values ('payment.rejected'::text, %L::text,
    jsonb_build_object('status', 'pending', 'userId', tests.get_user_id('owner')),
    jsonb_build_object('status', 'failed', 'userId', tests.get_user_id('owner'), 'reason', 'No such transfer')) $$,
    :'cashapp_payment'),
  'the rejection is audited'
);

-- Act 4: the payer asks for their money back ------------------------------------------------------------------------------

select throws_ok(format($$ select private.request_refund(tests.get_user_id('owner'), %L, 'Not for me') $$, :'venmo_payment'),
  'P0409', 'refund_not_allowed', 'only the first payment may be refunded on request');
select throws_ok(format($$ select private.request_refund(tests.get_user_id('owner'), %L, 'Not for me') $$,
  :'cashapp_payment'), 'P0409', 'refund_not_allowed', 'a failed payment is not refunded');
select throws_ok(format($$ select private.request_refund(tests.get_user_id('stranger'), %L, 'Mine') $$, :'stripe_payment'),
  'P0404', 'payment_not_found', 'another user''s payment is not found');
select throws_ok(format($$ select private.request_refund(tests.get_user_id('owner'), %L, ' ') $$, :'stripe_payment'),
  'P0422', 'reason_invalid', 'a request says why');
select throws_ok(format($$ select private.request_refund(tests.get_user_id('owner'), %L, repeat('r', 1001)) $$,
  :'stripe_payment'), 'P0422', 'reason_invalid', 'in at most 1,000 characters');

select private.request_refund(tests.get_user_id('owner'), :'stripe_payment', ' Too many credits ') as requested \gset
select is(:'requested'::jsonb -> 'refundable', 'false'::jsonb, 'the first payment''s request is taken, answering it');
select results_eq(
  format($$ select status, refund_requested_at, refund_request_reason from public.payments where id = %L $$,
    :'stripe_payment'),
  $$ values ('completed'::text, now(), 'Too many credits'::text) $$,
  'the request is recorded for an admin; the payment stays completed'
);
select throws_ok(format($$ select private.request_refund(tests.get_user_id('owner'), %L, 'Again') $$, :'stripe_payment'),
  'P0409', 'refund_not_allowed', 'a payment is asked about once');

select private.open_payment(tests.get_user_id('stranger'), 'credits-800', 'credits', 'paypal', 1200, 800, null)
  as old_payment \gset
select private.complete_payment(:'old_payment', 'ORDER-OLD', 1200);
update public.payments set paid_at = now() - interval '30 days', created_at = now() - interval '4 seconds'
where id = :'old_payment';
select throws_ok(format($$ select private.request_refund(tests.get_user_id('stranger'), %L, 'Late') $$, :'old_payment'),
  'P0409', 'refund_not_allowed', '30 days after the payment it is too late');
update public.payments set paid_at = now() - interval '30 days' + interval '1 second' where id = :'old_payment';
select lives_ok(format($$ select private.request_refund(tests.get_user_id('stranger'), %L, 'Just in time') $$,
  :'old_payment'), 'a second earlier it is not');

-- Act 5: refunds claw back what is left, never below zero --------------------------------------------------------------

-- The owner has spent 2,500 of their 2,800 paid credits.
update public.profiles set paid_credits = 300 where id = tests.get_user_id('owner');
select tests.authenticate_as('site_admin');
select is(private.refund_payment(:'stripe_payment'),
  jsonb_build_object('paymentId', :'stripe_payment'::uuid, 'userId', tests.get_user_id('owner'),
    'creditsClawedBack', 300, 'alreadyRefunded', false),
  'an admin refunds the payment, clawing back only the 300 credits left of its 2,000');
reset role;
select results_eq(
  format($$ select pay.status, pay.refunded_at, pay.credits_clawed_back, p.paid_credits from public.payments as pay
            join public.profiles as p on p.id = pay.user_id where pay.id = %L $$, :'stripe_payment'),
  $$ values ('refunded'::text, now(), 300, 0) $$,
  'the payment is refunded and the payer''s paid credits are zero, not below'
);
select results_eq(
  $$ select actor_id, action, target_id, before, after from public.admin_audit_log where action = 'payment.refunded' $$,
  format($$ values (tests.get_user_id('site_admin'), 'payment.refunded'::text, %L::text,
    jsonb_build_object('status', 'completed', 'userId', tests.get_user_id('owner'), 'paidCredits', 300),
    jsonb_build_object('status', 'refunded', 'userId', tests.get_user_id('owner'), 'paidCredits', 0,
                       'creditsClawedBack', 300, 'amountCents', 3000)) $$, :'stripe_payment'),
  'the refund is audited'
);

select tests.authenticate_as('site_admin');
select is(private.refund_payment(:'stripe_payment'),
  jsonb_build_object('paymentId', :'stripe_payment'::uuid, 'userId', tests.get_user_id('owner'),
    'creditsClawedBack', 300, 'alreadyRefunded', true),
  'refunding again says it was refunded already');
select throws_ok(format($$ select private.refund_payment(%L) $$, :'cashapp_payment'), 'P0409', 'payment_not_paid',
  'a payment never paid is not refunded');
select throws_ok($$ select private.refund_payment(gen_random_uuid()) $$, 'P0404', 'payment_not_found',
  'an unknown payment is not refunded');
reset role;
select is((select count(*) from public.admin_audit_log where action = 'payment.refunded'), 1::bigint,
  'and is audited once');

-- The provider's charge.refunded event: nobody signed in.
select tests.clear_authentication();
reset role;
select is(private.refund_payment(:'venmo_payment') ->> 'creditsClawedBack', '0',
  'the system refunds a payment whose credits are all spent: nothing to claw back');
select results_eq(
  format($$ select pay.status, pay.credits_clawed_back, p.paid_credits from public.payments as pay
            join public.profiles as p on p.id = pay.user_id where pay.id = %L $$, :'venmo_payment'),
  $$ values ('refunded'::text, 0, 0) $$,
  'it is refunded, the balance stays at zero'
);
select is((select count(*) from public.admin_audit_log where action = 'payment.refunded'), 1::bigint,
  'a refund by the system is not an admin action');
select throws_ok(format($$ update public.payments set credits_clawed_back = 801 where id = %L $$, :'venmo_payment'),
  '23514', null, 'a payment never claws back more than it granted');

-- Act 6: revenue counts what was paid and kept -------------------------------------------------------------------------

select is((select sum(amount) from private.platform_daily_totals where metric = 'revenue_cents'), 1200::numeric,
  'revenue is the one payment neither refunded nor failed');
select private.utc_day(now()) as today \gset
select tests.authenticate_as('site_admin');
select is((private.admin_platform_stats(:'today'::date - 1, :'today'::date + 1) ->> 'totalRevenue')::bigint,
  1200::bigint, 'and so say the dashboard''s figures');
reset role;
create temporary table kept_totals as
  select day, metric, sum(amount) as amount from private.platform_daily_totals group by day, metric
  having sum(amount) <> 0;
select private.recount_platform_daily_totals();
select results_eq(
  $$ select day, metric, amount from kept_totals order by day, metric $$,
  $$ select day, metric, sum(amount) from private.platform_daily_totals group by day, metric having sum(amount) <> 0
     order by day, metric $$,
  'the totals the triggers kept through verifications, rejections and refunds are what a recount finds'
);

-- Act 7: the buyer's payments page ------------------------------------------------------------------------------------

select is(private.account_payments(tests.get_user_id('owner'), 1, 2) - 'payments',
  '{"total": 3, "page": 1, "pageSize": 2}'::jsonb, 'the page says how many payments the buyer has');
select is(
  (select jsonb_agg(p ->> 'id') from jsonb_array_elements(private.account_payments(tests.get_user_id('owner'), 1, 10)
     -> 'payments') as p),
  jsonb_build_array(:'stripe_payment', :'cashapp_payment', :'venmo_payment'),
  'newest first'
);
select is(private.account_payments(tests.get_user_id('owner'), 1, 1) -> 'payments' -> 0,
  jsonb_build_object(
    'id', :'stripe_payment'::uuid, 'itemId', 'credits-2000', 'description', '2,000 credits', 'amountCents', 3000,
    'creditsGranted', 2000, 'paymentMethod', 'stripe', 'status', 'refunded', 'reference', 'cs_test_stripe',
    'discountCents', 0, 'createdAt', private.iso_timestamp(now() - interval '1 second'),
    'paidAt', private.iso_timestamp(now() - interval '1 hour'), 'rejectionReason', null,
    'refundRequestedAt', private.iso_timestamp(now()),
    'refundedAt', private.iso_timestamp(now()), 'refundable', false
  ),
  'each payment in the contract''s shape'
);
select is(jsonb_array_length(private.account_payments(tests.get_user_id('owner'), 2, 2) -> 'payments'), 1,
  'the second page holds the rest');
select is(private.account_payments(tests.get_user_id('owner'), 3, 2) -> 'payments', '[]'::jsonb,
  'past the last page it is empty');
select is(
  (select jsonb_agg(p ->> 'id') from jsonb_array_elements(private.account_payments(tests.get_user_id('stranger'), 1, 10)
     -> 'payments') as p),
  jsonb_build_array(:'old_payment'), 'a buyer sees only their own payments');
select throws_ok($$ select private.account_payments(tests.get_user_id('owner'), 0, 10) $$, 'P0422', 'page_invalid',
  'pages count from 1');
select throws_ok($$ select private.account_payments(tests.get_user_id('owner'), 1, 101) $$, 'P0422',
  'page_size_invalid', 'a page holds at most 100 payments');

select private.open_payment(tests.get_user_id('stranger'), 'business-yearly', 'subscription', 'stripe', 152100, 0, null)
  as plan_payment \gset
select results_eq(
  $$ select p ->> 'description', (p ->> 'refundable')::boolean
     from jsonb_array_elements(private.account_payments(tests.get_user_id('stranger'), 1, 10) -> 'payments') as p $$,
  $$ values ('Business (yearly)'::text, false), ('800 credits', false) $$,
  'a plan is named as the catalogue names it; a pending payment is not refundable'
);

-- Act 8: the finances tab's filters -----------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select results_eq(
  $$ select id, status, total_count from private.admin_payments(10, 0, 'pending') $$,
  format($$ values (%L::uuid, 'pending'::text, 1::bigint) $$, :'plan_payment'),
  'status pending is the verification queue (and the count is the queue''s)'
);
select results_eq(
  $$ select id, refund_request_reason, total_count from private.admin_payments(10, 0, null, true) $$,
  format($$ values (%L::uuid, 'Too many credits'::text, 2::bigint), (%L, 'Just in time', 2) $$,
    :'stripe_payment', :'old_payment'),
  'refundRequested lists the money-back requests, with their reasons'
);
select results_eq(
  $$ select id, total_count from private.admin_payments(10, 0, 'completed', true) $$,
  format($$ values (%L::uuid, 1::bigint) $$, :'old_payment'),
  'both filters together: the requests still to decide'
);
select results_eq(
  format($$ select item_id, kind, reference, rejection_reason, paid_at, refunded_at, credits_clawed_back
            from private.admin_payments(500, 0) where id in (%L, %L) order by id = %L $$,
    :'cashapp_payment', :'stripe_payment', :'stripe_payment'),
  $$ values ('credits-2000'::text, 'credits'::text, 'CASH-1'::text, 'No such transfer'::text, null::timestamptz,
             null::timestamptz, 0),
            ('credits-2000', 'credits', 'cs_test_stripe', null, now() - interval '1 hour', now(), 300) $$,
  'each row says what was bought, its reference and how it went'
);
select is((select count(*) from private.admin_payments(500, 0)), 5::bigint, 'without filters, every payment');
select throws_ok($$ select * from private.admin_payments(10, 0, 'paid') $$, 'P0422', 'status_invalid',
  'a status filter is one of the five');
reset role;

select * from finish();
rollback;
