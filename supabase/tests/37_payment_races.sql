-- Payments racing, in separate sessions that commit: two checkouts claiming one discount code (one wins), a provider's
-- confirmation delivered twice at once (credits granted once), one event recorded by two deliveries (acted on once,
-- or by the second when the first rolls back), and a refund racing the meter (the clawback takes only what is left).
begin;
select plan(16);

create extension if not exists dblink with schema extensions;
select tests.open_sessions(array['setup', 'first', 'second']);
select tests.on_session('second', 'select pg_backend_pid()::text') as second_pid \gset

-- Arrange, committed: a buyer and a visitor's discount code.
select dblink_exec('setup', $$ delete from auth.users where raw_app_meta_data ->> 'test_user' = 'race_buyer' $$);
select dblink_exec('setup', $$ delete from public.anonymous_sessions where session_id = 'RaceRaceRaceRaceRace1' $$);
select tests.on_session('setup', $$ select tests.create_user('race_buyer')::text $$) as buyer \gset
select dblink_exec('setup', $$ insert into public.anonymous_sessions (session_id, discount_code, discount_expiry)
                               values ('RaceRaceRaceRaceRace1', 'RACE-CODE', now() + interval '1 hour') $$);

-- Two checkouts, one code ---------------------------------------------------------------------------------------------

select format($$ select private.open_payment(%L, 'starter-monthly', 'subscription', 'stripe', 1520, 0, 'RACE-CODE', 380)::text $$,
  :'buyer') as open_with_code \gset
select dblink_exec('first', 'begin');
select isnt(tests.on_session('first', :'open_with_code'), null, 'a checkout claims the code');
select dblink_send_query('second', :'open_with_code');
select ok(tests.waits_for_lock(:second_pid), 'another checkout claiming it at the same moment waits for the first');
select dblink_exec('first', 'commit');
select is(tests.session_error('second'), 'discount_redeemed', 'and is refused once the first commits');
select is(
  tests.on_session('setup', $$ select count(*)::text from public.payments where discount_code = 'RACE-CODE' $$), '1',
  'one payment holds the code');

select dblink_exec('setup', $$ update public.anonymous_sessions set discount_redeemed_at = null
                               where session_id = 'RaceRaceRaceRaceRace1' $$);
select dblink_exec('setup', $$ delete from public.payments where discount_code = 'RACE-CODE' $$);
select dblink_exec('first', 'begin');
select tests.on_session('first', :'open_with_code');
select dblink_send_query('second', :'open_with_code');
select ok(tests.waits_for_lock(:second_pid), 'while a claim is in progress the next waits');
select dblink_exec('first', 'rollback');
select is(tests.session_error('second'), null, 'and takes the code when the first checkout rolls back');

-- One confirmation, delivered twice at once -------------------------------------------------------------------------

select tests.on_session('setup', format(
  $$ select private.open_payment(%L, 'credits-800', 'credits', 'stripe', 1200, 800, null)::text $$, :'buyer'))
  as race_payment \gset
select format($$ select private.complete_payment(%L, 'pi_race', 1200)::text $$, :'race_payment') as complete \gset
select dblink_exec('first', 'begin');
select is(tests.on_session('first', :'complete')::jsonb ->> 'alreadyCompleted', 'false', 'the first delivery completes');
select dblink_send_query('second', :'complete');
select ok(tests.waits_for_lock(:second_pid), 'the twin waits for it');
select dblink_exec('first', 'commit');
select is(tests.session_result('second')::jsonb ->> 'alreadyCompleted', 'true', 'then finds it completed');
select is(tests.on_session('setup', format($$ select paid_credits::text from public.profiles where id = %L $$, :'buyer')),
  '800', 'the credits are granted once');

-- One event, recorded by two deliveries -------------------------------------------------------------------------------

select dblink_exec('first', 'begin');
select tests.on_session('first', $$ select private.record_billing_event('stripe', 'evt_race', 'invoice.paid')::text $$);
select dblink_send_query('second', $$ select private.record_billing_event('stripe', 'evt_race', 'invoice.paid')::text $$);
select ok(tests.waits_for_lock(:second_pid), 'a twin delivery of an event in progress waits');
select dblink_exec('first', 'rollback');
select is(tests.session_result('second'), 'true', 'and acts on it when the first rolled back');
select is(
  tests.on_session('first', $$ select private.record_billing_event('stripe', 'evt_race', 'invoice.paid')::text $$),
  'false', 'after that, the event is a replay');

-- A refund racing the meter ---------------------------------------------------------------------------------------------

-- The trial's 100 validations first, then 650 of the 800 paid credits.
select dblink_exec('first', 'begin');
select tests.on_session('first', format(
  $$ select allowed::text from private.meter_usage(%L, 'validation', 750, 'request:' || gen_random_uuid()) $$, :'buyer'));
select dblink_send_query('second', format($$ select private.refund_payment(%L)::text $$, :'race_payment'));
select ok(tests.waits_for_lock(:second_pid), 'a refund waits for the meter drawing on the same credits');
select dblink_exec('first', 'commit');
select is(tests.session_result('second')::jsonb ->> 'creditsClawedBack', '150', 'then claws back the 150 left');
select is(tests.on_session('setup', format($$ select paid_credits::text from public.profiles where id = %L $$, :'buyer')),
  '0', 'leaving none, never less');

-- Clean up what the sessions committed -----------------------------------------------------------------------------------

select dblink_exec('setup', format($$ delete from public.payments where user_id = %L $$, :'buyer'));
select dblink_exec('setup', $$ delete from private.billing_events where event_id = 'evt_race' $$);
select dblink_exec('setup', $$ delete from public.anonymous_sessions where session_id = 'RaceRaceRaceRaceRace1' $$);
select dblink_exec('setup', format($$ delete from auth.users where id = %L $$, :'buyer'));
select tests.close_sessions(array['setup', 'first', 'second']);

select * from finish();
rollback;
