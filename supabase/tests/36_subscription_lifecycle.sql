-- A subscription's life as Stripe reports it: the first payment starts it (the plan's allowance from now, the trial
-- converted), each paid invoice renews it once with a fresh allowance, a failed renewal makes it past due, the grace
-- days end the plan's allowance (a daily job), the subscriber cancels at the period's end, and the provider ends it.
-- Replays do nothing twice. Who reads subscriptions (the owner and admins; nobody writes) is 47_metering's matrix.
begin;
select plan(54);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

create temporary table owner_functions (signature text);
insert into owner_functions values
  ('private.start_subscription(uuid, text, text, timestamptz)'),
  ('private.renew_subscription(text, text, bigint, timestamptz, timestamptz)'),
  ('private.subscription_payment_failed(text)'),
  ('private.end_subscription(text)'),
  ('private.set_subscription_cancel_at_period_end(uuid, boolean)'),
  ('private.lapse_past_due_subscriptions()');

-- The plan's allowance the account page (and the meter) sees now.
create function pg_temp.allowance(p_user text) returns jsonb language sql as $$
  select jsonb_build_object('plan', b -> 'plan', 'monthlyAllowance', b -> 'monthlyAllowance',
    'usedThisMonth', b -> 'usedThisMonth')
  from private.usage_balances(tests.get_user_id(p_user)) as b
$$;

-- Act 1: who may change subscriptions ----------------------------------------------------------------------------------

select is_empty(
  $$ select f.signature, r.role from owner_functions as f, unnest(array['anon', 'authenticated', 'service_role']) as r (role)
     where has_function_privilege(r.role, f.signature, 'execute') $$,
  'no API role may run the subscription functions'
);

select private.open_payment(tests.get_user_id('owner'), 'starter-monthly', 'subscription', 'stripe', 1900, 0, null)
  as first_payment \gset
select private.set_payment_reference(:'first_payment', 'cs_test_plan');
select is(pg_temp.allowance('owner'), '{"plan": "free", "monthlyAllowance": 0, "usedThisMonth": 0}'::jsonb,
  'a new account has no monthly allowance while its trial runs');
select private.start_subscription(:'first_payment', 'sub_1', 'cus_1', now() + interval '1 month') as subscription \gset


-- Act 2: the first payment starts the subscription --------------------------------------------------------------------

select results_eq(
  format($$ select user_id, plan, billing_interval, provider, provider_subscription_id, provider_customer_id, status,
                   started_at, allowance_anchor, current_period_end, cancel_at_period_end, past_due_since, ended_at
            from public.subscriptions where id = %L $$, :'subscription'),
  $$ values (tests.get_user_id('owner'), 'starter'::text, 'monthly'::text, 'stripe'::text, 'sub_1'::text, 'cus_1'::text,
             'active'::text, now(), now(), now() + interval '1 month', false, null::timestamptz, null::timestamptz) $$,
  'the subscription is the payment''s plan and interval, its allowance counted from now'
);
select results_eq(
  format($$ select status, paid_at, subscription_id, provider_reference from public.payments where id = %L $$,
    :'first_payment'),
  format($$ values ('completed'::text, now(), %L::uuid, 'cs_test_plan'::text) $$, :'subscription'),
  'its first payment is completed and names it'
);
select results_eq(
  $$ select subscription_status, trial_status, paid_credits, last_payment_date from public.profiles
     where id = tests.get_user_id('owner') $$,
  $$ values ('starter'::text, 'converted'::text, 0, now()) $$,
  'the profile is on the plan, the trial converted, no credits bought'
);
select is(pg_temp.allowance('owner'), '{"plan": "starter", "monthlyAllowance": 2500, "usedThisMonth": 0}'::jsonb,
  'the plan''s monthly allowance applies from now');

select is(private.start_subscription(:'first_payment', 'sub_1', 'cus_1', now() + interval '1 month'),
  :'subscription'::uuid, 'starting it again answers the same subscription');
select is((select count(*) from public.subscriptions), 1::bigint, 'and creates no other');

select private.open_payment(tests.get_user_id('owner'), 'credits-800', 'credits', 'stripe', 1200, 800, null)
  as credits_payment \gset
select throws_ok(format($$ select private.start_subscription(%L, 'sub_2', 'cus_1', null) $$, :'credits_payment'),
  'P0409', 'payment_not_subscription', 'credits start no subscription');
select private.open_payment(tests.get_user_id('owner'), 'business-yearly', 'subscription', 'stripe', 152100, 0, null)
  as second_plan_payment \gset
select throws_ok(format($$ select private.start_subscription(%L, 'sub_2', 'cus_1', null) $$, :'second_plan_payment'),
  'P0409', 'subscription_exists', 'a subscriber has one subscription that has not ended');
select private.fail_payment(:'second_plan_payment', 'card_declined');
select throws_ok(format($$ select private.start_subscription(%L, 'sub_2', 'cus_1', null) $$, :'second_plan_payment'),
  'P0409', 'payment_not_pending', 'a failed payment starts nothing');
select throws_ok($$ select private.start_subscription(gen_random_uuid(), 'sub_3', 'cus_1', null) $$,
  'P0404', 'payment_not_found', 'an unknown payment starts nothing');

-- Act 3: renewals --------------------------------------------------------------------------------------------------------

select allowed from private.meter_usage(tests.get_user_id('owner'), 'validation', 40, 'request:' || gen_random_uuid());
select is(pg_temp.allowance('owner') -> 'usedThisMonth', '40'::jsonb, 'the subscriber uses 40 units of the month');

select is(private.renew_subscription('sub_1', 'in_2', 1900, now() + interval '1 minute', now() + interval '1 month'),
  true, 'a paid invoice renews the subscription');
select results_eq(
  $$ select user_id, item_id, kind, payment_method, amount_cents, credits_granted, status, paid_at, provider_reference,
            subscription_id from public.payments where provider_reference = 'in_2' $$,
  format($$ values (tests.get_user_id('owner'), 'starter-monthly'::text, 'subscription'::text, 'stripe'::text,
                    1900::bigint, 0, 'completed'::text, now(), 'in_2'::text, %L::uuid) $$, :'subscription'),
  'the renewal is a completed payment of the subscription'
);
select results_eq(
  format($$ select allowance_anchor, current_period_end, status from public.subscriptions where id = %L $$,
    :'subscription'),
  $$ values (now() + interval '1 minute', now() + interval '1 month', 'active'::text) $$,
  'the allowance counts from the renewed period''s start'
);
select is(pg_temp.allowance('owner') -> 'usedThisMonth', '0'::jsonb, 'a fresh allowance: nothing used');
select is(private.renew_subscription('sub_1', 'in_2', 1900, now() + interval '1 minute', now() + interval '1 month'),
  false, 'the same invoice again renews nothing');
select is((select count(*) from public.payments where provider_reference = 'in_2'), 1::bigint,
  'and records no second payment');
select throws_ok($$ select private.renew_subscription('sub_none', 'in_9', 1900, now(), now()) $$,
  'P0404', 'subscription_not_found', 'an unknown subscription does not renew');
select throws_ok($$ select private.renew_subscription('sub_1', 'in_9', -1, now(), now()) $$,
  'P0422', 'amount_invalid', 'a renewal''s amount is not negative');

-- Act 4: a renewal fails, the grace days run out ----------------------------------------------------------------------

select lives_ok($$ select private.subscription_payment_failed('sub_1') $$, 'a failed renewal is recorded');
select results_eq(
  format($$ select status, past_due_since from public.subscriptions where id = %L $$, :'subscription'),
  $$ values ('past_due'::text, now()) $$,
  'the subscription is past due since now'
);
update public.subscriptions set past_due_since = now() - interval '2 days' where id = :'subscription';
select private.subscription_payment_failed('sub_1');
select is((select past_due_since from public.subscriptions where id = :'subscription'), now() - interval '2 days',
  'a second failure keeps the first one''s time');
select is(pg_temp.allowance('owner') -> 'plan', '"starter"'::jsonb, 'within the grace days the plan still applies');
select is(private.lapse_past_due_subscriptions(), 0, 'the daily job leaves it alone');

update public.subscriptions set past_due_since = now() - interval '7 days' where id = :'subscription';
select is(private.lapse_past_due_subscriptions(), 1, 'after the 7 grace days the daily job ends the plan''s allowance');
select results_eq(
  $$ select subscription_status, allowance_period_start, plan_units_used from public.profiles
     where id = tests.get_user_id('owner') $$,
  $$ values ('free'::text, null::timestamptz, 0) $$,
  'the profile is on the free plan'
);
select is(pg_temp.allowance('owner'), '{"plan": "free", "monthlyAllowance": 25, "usedThisMonth": 0}'::jsonb,
  'with the free monthly allowance');
select is((select status from public.subscriptions where id = :'subscription'), 'past_due',
  'the subscription stays past due until the provider ends it');
select is(private.lapse_past_due_subscriptions(), 0, 'the next day there is nothing to do');

select private.renew_subscription('sub_1', 'in_3', 1900, now(), now() + interval '1 month');
select results_eq(
  format($$ select s.status, s.past_due_since, p.subscription_status from public.subscriptions as s
            join public.profiles as p on p.id = s.user_id where s.id = %L $$, :'subscription'),
  $$ values ('active'::text, null::timestamptz, 'starter'::text) $$,
  'a renewal paid late makes it active and gives the plan back'
);

-- Act 5: a refund leaves the subscription to the provider -------------------------------------------------------------

select is(private.refund_payment(:'first_payment') ->> 'creditsClawedBack', '0', 'the first charge is refunded');
select is((select status from public.subscriptions where id = :'subscription'), 'active',
  'the subscription goes on until the provider ends it');

-- Act 6: the subscriber cancels, the provider ends it --------------------------------------------------------------

select is(private.set_subscription_cancel_at_period_end(tests.get_user_id('owner'), true), :'subscription'::uuid,
  'the subscriber cancels at the period''s end');
select is((select cancel_at_period_end from public.subscriptions where id = :'subscription'), true,
  'the subscription says so');
select is(private.set_subscription_cancel_at_period_end(tests.get_user_id('owner'), false), :'subscription'::uuid,
  'and may change their mind');
select is((select cancel_at_period_end from public.subscriptions where id = :'subscription'), false, 'it renews again');
select throws_ok($$ select private.set_subscription_cancel_at_period_end(tests.get_user_id('stranger'), true) $$,
  'P0404', 'subscription_not_found', 'someone without a subscription cancels nothing');
select throws_ok($$ select private.set_subscription_cancel_at_period_end(tests.get_user_id('owner'), null) $$,
  'P0422', 'cancel_invalid', 'cancelling is yes or no');

select private.meter_usage(tests.get_user_id('owner'), 'validation', 5, 'request:' || gen_random_uuid());
select lives_ok($$ select private.end_subscription('sub_1') $$, 'the provider ends the subscription');
select results_eq(
  format($$ select s.status, s.ended_at, p.subscription_status, p.allowance_period_start, p.plan_units_used
            from public.subscriptions as s join public.profiles as p on p.id = s.user_id where s.id = %L $$,
    :'subscription'),
  $$ values ('ended'::text, now(), 'free'::text, null::timestamptz, 0) $$,
  'it is ended and the subscriber is on the free plan, its month starting afresh'
);
select is(pg_temp.allowance('owner'), '{"plan": "free", "monthlyAllowance": 25, "usedThisMonth": 0}'::jsonb,
  'the free allowance applies');
select lives_ok($$ select private.end_subscription('sub_1') $$, 'ending it again');
select is((select ended_at from public.subscriptions where id = :'subscription'), now(), 'changes nothing');
select throws_ok($$ select private.set_subscription_cancel_at_period_end(tests.get_user_id('owner'), true) $$,
  'P0404', 'subscription_not_found', 'an ended subscription is not cancelled');
select throws_ok($$ select private.end_subscription('sub_none') $$, 'P0404', 'subscription_not_found',
  'an unknown subscription does not end');
select is(private.renew_subscription('sub_1', 'in_4', 1900, now(), now() + interval '1 month'), true,
  'an invoice paid after the end is recorded');
select results_eq(
  format($$ select s.status, p.subscription_status from public.subscriptions as s
            join public.profiles as p on p.id = s.user_id where s.id = %L $$, :'subscription'),
  $$ values ('ended'::text, 'free'::text) $$,
  'but does not bring the plan back'
);

-- Act 7: a new subscription after the end; the schedule -------------------------------------------------------------

select private.open_payment(tests.get_user_id('owner'), 'professional-yearly', 'subscription', 'stripe', 62100, 0, null)
  as yearly_payment \gset
select isnt(private.start_subscription(:'yearly_payment', 'sub_5', 'cus_1', now() + interval '1 year'),
  :'subscription'::uuid, 'after the end a new subscription may start');
select results_eq(
  $$ select plan, billing_interval, status from public.subscriptions where provider_subscription_id = 'sub_5' $$,
  $$ values ('professional'::text, 'yearly'::text, 'active'::text) $$,
  'a yearly plan'
);
select is(pg_temp.allowance('owner'), '{"plan": "professional", "monthlyAllowance": 8000, "usedThisMonth": 0}'::jsonb,
  'with its monthly allowance');
select is((select trial_status from public.profiles where id = tests.get_user_id('owner')), 'converted',
  'the trial stays converted');

select results_eq(
  $$ select schedule, command from cron.job where jobname = 'subscriptions-grace-end' $$,
  $$ values ('13 0 * * *'::text, 'select private.lapse_past_due_subscriptions()'::text) $$,
  'pg_cron ends past-due plans'' allowance daily'
);

select * from finish();
rollback;
