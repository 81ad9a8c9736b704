-- A payment from opening to paid or failed: checkouts open pending payments (claiming an anonymous discount code once),
-- complete once however often the provider confirms, fail giving the code back; manual payments name a transaction
-- once; provider events are acted on once. Only the api's own connection (the owner) calls any of it, and payments
-- stay read-only to every API role with their new columns.
begin;
select plan(86);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.anonymous_sessions (session_id, discount_code, discount_expiry) values
  ('V1StGXR8_Z5jdHi6B-myT', 'SAVE20-FRESH', now() + interval '1 hour'),
  ('V1StGXR8_Z5jdHi6B-myU', 'SAVE20-STALE', now() - interval '1 second');

-- The owner's payment functions: (name, argument types) of each.
create temporary table owner_functions (signature text);
insert into owner_functions values
  ('private.open_payment(uuid, text, text, text, bigint, integer, text, integer)'),
  ('private.set_payment_reference(uuid, text)'),
  ('private.complete_payment(uuid, text, bigint)'),
  ('private.fail_payment(uuid, text)'),
  ('private.submit_manual_payment(uuid, text, text, bigint, integer, text)'),
  ('private.record_billing_event(text, text, text)'),
  ('private.request_refund(uuid, uuid, text)'),
  ('private.account_payments(uuid, integer, integer)');

-- Act 1: who may reach payments and their functions -------------------------------------------------------------------

select is_empty(
  $$ select f.signature, r.role from owner_functions as f, unnest(array['anon', 'authenticated', 'service_role']) as r (role)
     where has_function_privilege(r.role, f.signature, 'execute') $$,
  'no API role may run the owner''s payment functions'
);

select private.open_payment(tests.get_user_id('owner'), 'credits-800', 'credits', 'stripe', 1200, 800, null)
  as probe_payment \gset
select * from tests.assert_access('public.payments', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'all',    'denied', 'denied', 'denied'],
  ['stranger',     'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.payments (user_id, amount_cents, item_id, paid_at)
                   values (tests.get_user_id('owner'), 100, 'credits-800', now()) $$,
  update_set => $$ paid_at = now(), credits_clawed_back = 0, refund_requested_at = now(), refund_request_reason = 'x' $$);

select * from tests.assert_access('private.billing_events', array[
  --               select    insert    update    delete
  ['owner',        'denied', 'denied', 'denied', 'denied'],
  ['site_admin',   'denied', 'denied', 'denied', 'denied'],
  ['service_role', 'denied', 'denied', 'denied', 'denied']
],
  insert_sql => $$ insert into private.billing_events (provider, event_id, event_type) values ('stripe', 'evt_x', 'x') $$,
  update_set => 'event_type = event_type');
select tests.clear_authentication();
select throws_ok($$ select from private.billing_events $$, '42501', 'permission denied for schema private',
  'anon cannot even name the billing events');
reset role;

-- Act 2: opening a checkout's payment ---------------------------------------------------------------------------------

select results_eq(
  format($$ select user_id, item_id, kind, payment_method, amount_cents, credits_granted, status, discount_code,
                   discount_cents, paid_at, provider_reference from public.payments where id = %L $$, :'probe_payment'),
  $$ values (tests.get_user_id('owner'), 'credits-800'::text, 'credits'::text, 'stripe'::text, 1200::bigint, 800,
             'pending'::text, null::text, 0, null::timestamptz, null::text) $$,
  'a checkout opens a pending payment for its item, with the credits it will buy'
);
select is((select paid_credits from public.profiles where id = tests.get_user_id('owner')), 0,
  'an open payment adds no credits');

select throws_ok($$ select private.open_payment(tests.get_user_id('owner'), 'credits-800', 'gift', 'stripe', 1200, 800, null) $$,
  'P0422', 'kind_invalid', 'a payment buys credits or a subscription');
select throws_ok($$ select private.open_payment(tests.get_user_id('owner'), 'credits-800', 'credits', 'venmo', 1200, 800, null) $$,
  'P0422', 'method_invalid', 'a checkout is Stripe''s or PayPal''s');
select throws_ok($$ select private.open_payment(tests.get_user_id('owner'), 'credits-800', 'credits', 'stripe', -1, 800, null) $$,
  'P0422', 'amount_invalid', 'an amount is not negative');
select throws_ok(
  $$ select private.open_payment(tests.get_user_id('owner'), 'starter-monthly', 'subscription', 'stripe', 1900, 10, null) $$,
  'P0422', 'credits_invalid', 'a plan buys no credits');
select throws_ok(
  $$ select private.open_payment(tests.get_user_id('owner'), 'credits-800', 'credits', 'stripe', 1200, 800, 'SAVE20-FRESH', 240) $$,
  'P0422', 'discount_invalid', 'the discount code is for plans only');
select throws_ok(
  $$ select private.open_payment(tests.get_user_id('owner'), 'starter-monthly', 'subscription', 'stripe', 1520, 0, 'SAVE20-FRESH') $$,
  'P0422', 'discount_invalid', 'a code comes with the discount it gave');
select throws_ok(
  $$ select private.open_payment(tests.get_user_id('owner'), 'starter-monthly', 'subscription', 'stripe', 1520, 0, null, 380) $$,
  'P0422', 'discount_invalid', 'and a discount with its code');
select throws_ok($$ select private.open_payment(gen_random_uuid(), 'credits-800', 'credits', 'stripe', 1200, 800, null) $$,
  'P0404', 'user_not_found', 'a payment is someone''s');
select throws_ok(
  $$ select private.open_payment(tests.get_user_id('owner'), 'starter-weekly', 'subscription', 'stripe', 1900, 0, null) $$,
  '23514', null, 'the item is one of the catalogue''s');
select is((select count(*) from public.payments), 1::bigint, 'refused payments leave nothing behind');

-- Act 3: the anonymous discount code, once -----------------------------------------------------------------------------

select private.open_payment(tests.get_user_id('owner'), 'starter-monthly', 'subscription', 'stripe', 1520, 0,
  'SAVE20-FRESH', 380) as discounted_payment \gset
select results_eq(
  format($$ select kind, amount_cents, discount_code, discount_cents from public.payments where id = %L $$,
    :'discounted_payment'),
  $$ values ('subscription'::text, 1520::bigint, 'SAVE20-FRESH'::text, 380) $$,
  'a plan''s checkout with the code records the code and what it took off'
);
select is((select discount_redeemed_at from public.anonymous_sessions where discount_code = 'SAVE20-FRESH'), now(),
  'and claims the code');
select throws_ok(
  $$ select private.open_payment(tests.get_user_id('stranger'), 'starter-monthly', 'subscription', 'stripe', 1520, 0,
     'SAVE20-FRESH', 380) $$,
  'P0409', 'discount_redeemed', 'a claimed code is not used again, by anyone');
select throws_ok(
  $$ select private.open_payment(tests.get_user_id('owner'), 'starter-monthly', 'subscription', 'stripe', 1520, 0,
     'SAVE20-STALE', 380) $$,
  'P0410', 'discount_expired', 'an expired code is refused');
select throws_ok(
  $$ select private.open_payment(tests.get_user_id('owner'), 'starter-monthly', 'subscription', 'stripe', 1520, 0,
     'NO-SUCH-CODE', 380) $$,
  'P0404', 'discount_unknown', 'an unknown code is refused');

-- Act 4: a payment fails --------------------------------------------------------------------------------------------

select lives_ok(format($$ select private.fail_payment(%L, 'INSTRUMENT_DECLINED') $$, :'discounted_payment'),
  'a pending payment fails');
select results_eq(
  format($$ select status, rejection_reason from public.payments where id = %L $$, :'discounted_payment'),
  $$ values ('failed'::text, 'INSTRUMENT_DECLINED'::text) $$,
  'with the provider''s reason'
);
select is((select discount_redeemed_at from public.anonymous_sessions where discount_code = 'SAVE20-FRESH'), null,
  'and gives its code back');
select lives_ok(format($$ select private.fail_payment(%L, 'again') $$, :'discounted_payment'),
  'failing it again does nothing');
select is((select rejection_reason from public.payments where id = :'discounted_payment'), 'INSTRUMENT_DECLINED',
  'the first reason stays');
select throws_ok(format($$ select private.complete_payment(%L, 'pi_late', 1520) $$, :'discounted_payment'),
  'P0409', 'payment_not_pending', 'a failed payment does not complete');
select throws_ok($$ select private.fail_payment(gen_random_uuid(), null) $$, 'P0404', 'payment_not_found',
  'an unknown payment does not fail');
select isnt(
  private.open_payment(tests.get_user_id('stranger'), 'starter-yearly', 'subscription', 'stripe', 17100, 0,
    'SAVE20-FRESH', 285),
  null, 'the code given back may be used again while it is valid');

-- Act 5: naming the provider's checkout, and completing ------------------------------------------------------------

select lives_ok(format($$ select private.set_payment_reference(%L, 'cs_test_1') $$, :'probe_payment'),
  'the checkout session is named');
select is((select provider_reference from public.payments where id = :'probe_payment'), 'cs_test_1',
  'and recorded on the payment');
select throws_ok($$ select private.set_payment_reference(gen_random_uuid(), 'cs_test_2') $$, 'P0404',
  'payment_not_found', 'an unknown payment is not named');
select throws_ok(format($$ select private.set_payment_reference(%L, '') $$, :'probe_payment'), 'P0422',
  'reference_invalid', 'a reference is not empty');

select throws_ok(format($$ select private.complete_payment(%L, 'pi_1', 1199) $$, :'probe_payment'),
  'P0409', 'amount_mismatch', 'a confirmation of another amount is refused');
select results_eq(
  format($$ select pay.status, p.paid_credits from public.payments as pay join public.profiles as p on p.id = pay.user_id
            where pay.id = %L $$, :'probe_payment'),
  $$ values ('pending'::text, 0) $$,
  'and grants nothing'
);

select is(private.complete_payment(:'probe_payment', null, 1200),
  jsonb_build_object('paymentId', :'probe_payment'::uuid, 'userId', tests.get_user_id('owner'), 'creditsGranted', 800,
    'alreadyCompleted', false),
  'the provider''s confirmation completes the payment');
select results_eq(
  format($$ select pay.status, pay.paid_at, pay.provider_reference, p.paid_credits, p.last_payment_date
            from public.payments as pay join public.profiles as p on p.id = pay.user_id where pay.id = %L $$,
    :'probe_payment'),
  $$ values ('completed'::text, now(), 'cs_test_1'::text, 800, now()) $$,
  'its credits are the payer''s, paid now; without a new reference the checkout''s stays'
);
select is(private.complete_payment(:'probe_payment', 'pi_1', 1200),
  jsonb_build_object('paymentId', :'probe_payment'::uuid, 'userId', tests.get_user_id('owner'), 'creditsGranted', 800,
    'alreadyCompleted', true),
  'a second confirmation says it was completed already');
select is((select paid_credits from public.profiles where id = tests.get_user_id('owner')), 800,
  'and grants nothing twice');
select throws_ok(format($$ select private.fail_payment(%L, 'late decline') $$, :'probe_payment'),
  'P0409', 'payment_not_pending', 'a completed payment does not fail');
select throws_ok(format($$ select private.set_payment_reference(%L, 'cs_other') $$, :'probe_payment'),
  'P0409', 'payment_not_pending', 'nor is it named again');
select throws_ok($$ select private.complete_payment(gen_random_uuid(), 'pi_x', 1200) $$, 'P0404', 'payment_not_found',
  'an unknown payment does not complete');

select private.open_payment(tests.get_user_id('owner'), 'credits-2000', 'credits', 'paypal', 3000, 2000, null)
  as paypal_payment \gset
select is((private.complete_payment(:'paypal_payment', 'ORDER-1', 3000) ->> 'creditsGranted')::integer, 2000,
  'a PayPal capture completes its payment');
select results_eq(
  format($$ select pay.provider_reference, p.paid_credits from public.payments as pay
            join public.profiles as p on p.id = pay.user_id where pay.id = %L $$, :'paypal_payment'),
  $$ values ('ORDER-1'::text, 2800) $$,
  'with the order''s id, and the credits add up'
);
select private.open_payment(tests.get_user_id('stranger'), 'credits-800', 'credits', 'paypal', 1200, 800, null)
  as twin_payment \gset
select throws_ok(format($$ select private.complete_payment(%L, 'ORDER-1', 1200) $$, :'twin_payment'),
  '23505', null, 'one provider id completes one payment');

-- Act 6: manual payments --------------------------------------------------------------------------------------------

select private.submit_manual_payment(tests.get_user_id('owner'), 'credits-800', 'venmo', 1200, 800, '  3141592653  ')
  as venmo_payment \gset
select results_eq(
  format($$ select item_id, kind, payment_method, amount_cents, credits_granted, status, venmo_transaction_id
            from public.payments where id = %L $$, :'venmo_payment'),
  $$ values ('credits-800'::text, 'credits'::text, 'venmo'::text, 1200::bigint, 800, 'pending'::text, '3141592653'::text) $$,
  'a manual payment is pending with the buyer''s transaction reference, trimmed'
);
select is((select paid_credits from public.profiles where id = tests.get_user_id('owner')), 2800,
  'and adds no credits until an admin verifies it');
select throws_ok(
  $$ select private.submit_manual_payment(tests.get_user_id('stranger'), 'credits-800', 'venmo', 1200, 800, '3141592653') $$,
  'P0409', 'reference_used', 'a transaction is claimed once, by anyone');
select isnt(
  private.submit_manual_payment(tests.get_user_id('stranger'), 'credits-800', 'cashapp', 1200, 800, '3141592653'),
  null, 'the same reference may name another method''s transaction');
select throws_ok(
  $$ select private.submit_manual_payment(tests.get_user_id('owner'), 'credits-800', 'stripe', 1200, 800, 'abcd') $$,
  'P0422', 'method_invalid', 'manual methods are Venmo, Cash App and crypto');
select throws_ok(
  $$ select private.submit_manual_payment(tests.get_user_id('owner'), 'credits-800', 'crypto', 1200, 800, '   ') $$,
  'P0422', 'reference_invalid', 'a manual payment names its transaction');
select throws_ok(
  $$ select private.submit_manual_payment(tests.get_user_id('owner'), 'credits-800', 'crypto', 1200, 0, '0xabc') $$,
  'P0422', 'credits_invalid', 'a manual payment buys credits');
select throws_ok(
  $$ select private.submit_manual_payment(gen_random_uuid(), 'credits-800', 'crypto', 1200, 800, '0xabc') $$,
  'P0404', 'user_not_found', 'a manual payment is someone''s');

-- Act 7: provider events, once ------------------------------------------------------------------------------------------

select is(private.record_billing_event('stripe', 'evt_1', 'checkout.session.completed'), true,
  'an event is recorded the first time');
select is(private.record_billing_event('stripe', 'evt_1', 'checkout.session.completed'), false,
  'a replay of it is not');
select is(private.record_billing_event('paypal', 'evt_1', 'PAYMENT.CAPTURE.COMPLETED'), true,
  'ids are per provider');
select results_eq(
  $$ select provider, event_id, event_type, received_at from private.billing_events order by provider $$,
  $$ values ('paypal'::text, 'evt_1'::text, 'PAYMENT.CAPTURE.COMPLETED'::text, now()),
            ('stripe', 'evt_1', 'checkout.session.completed', now()) $$,
  'each event once, with its type and when it came'
);
select throws_ok($$ select private.record_billing_event('square', 'evt_2', 'x') $$, 'P0422', 'provider_invalid',
  'events come from Stripe or PayPal');
select throws_ok($$ select private.record_billing_event('stripe', '', 'x') $$, 'P0422', 'event_id_invalid',
  'an event has an id');

-- Act 8: revenue counts what was paid -------------------------------------------------------------------------------

select is(
  (select sum(amount) from private.platform_daily_totals where metric = 'revenue_cents' and day = private.utc_day(now())),
  4200::numeric,
  'today''s revenue is the two completed payments; pending and failed ones count nothing'
);

select * from finish();
rollback;
