-- Metering under concurrency: two requests racing for a user's last unit never both get it. The meter locks the
-- profile first, so the second waits for the first to commit or roll back and then decides on what is left. The
-- requests are other sessions (tests.open_sessions); what they do is committed, and removed again at the end.
begin;
select plan(10);

create extension if not exists dblink with schema extensions;

select tests.open_sessions(array['setup', 'request_a', 'request_b']);

-- Arrange, committed: a user whose trial and free allowance are used up, with 1 paid credit.
select dblink_exec('setup', $$ delete from auth.users where raw_app_meta_data ->> 'test_user' = 'racer' $$);
select tests.on_session('setup', $$ select tests.create_user('racer')::text $$) as racer \gset
select dblink_exec('setup', format($$
  update public.profiles
  set trial_status = 'expired', free_validations_used = 25, paid_credits = 1,
    allowance_period_start = date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
  where id = %L $$, :'racer'));
select format($$ select format('%%s %%s %%s', m.allowed::text, m.balance, m.charged)
                 from private.meter_usage(%L, 'validation', 1, null) as m $$, :'racer') as meter \gset
select tests.on_session('request_b', 'select pg_backend_pid()::text') as b_pid \gset

-- One request holds the last unit; the other waits for it -------------------------------------------------------------

select dblink_exec('request_a', 'begin');
select is(tests.on_session('request_a', :'meter'), 'true 0 {"paid": 1}', 'the first request takes the last unit');
select dblink_send_query('request_b', :'meter');
select ok(tests.waits_for_lock(:b_pid), 'the second waits for the first to commit');
select dblink_exec('request_a', 'commit');
select is(tests.session_result('request_b'), 'false 0 {}', 'then finds nothing left and is refused');
select is(
  tests.on_session('setup', format($$ select format('%%s %%s', p.paid_credits, (select sum(l.units) from public.usage_ledger
                                  as l where l.user_id = p.id)) from public.profiles as p where p.id = %L $$, :'racer')),
  '0 1',
  'one unit spent, one ledger row'
);

-- A request that rolls back leaves the unit to the one waiting ----------------------------------------------------------

select dblink_exec('setup', format($$ update public.profiles set paid_credits = 1 where id = %L $$, :'racer'));
select dblink_exec('request_a', 'begin');
select is(tests.on_session('request_a', :'meter'), 'true 0 {"paid": 1}', 'a request takes the unit');
select dblink_send_query('request_b', :'meter');
select ok(tests.waits_for_lock(:b_pid), 'the other waits');
select dblink_exec('request_a', 'rollback');
select is(tests.session_result('request_b'), 'true 0 {"paid": 1}', 'and gets it when the first rolls back');

-- Two at the same moment ------------------------------------------------------------------------------------------------

select dblink_exec('setup', format($$ update public.profiles set paid_credits = 1 where id = %L $$, :'racer'));
select dblink_send_query(conn, :'meter') from unnest(array['request_a', 'request_b']) as conn;
select array[tests.session_result('request_a'), tests.session_result('request_b')] as raced \gset
select is((select array_agg(r order by r) from unnest(:'raced'::text[]) as r),
  array['false 0 {}', 'true 0 {"paid": 1}'], 'two requests at once at a balance of 1: exactly one succeeds');
select is(
  tests.on_session('setup', format($$ select format('%%s %%s', p.paid_credits, (select sum(l.units) from public.usage_ledger
                                  as l where l.user_id = p.id)) from public.profiles as p where p.id = %L $$, :'racer')),
  '0 3',
  'three units bought, three spent, three ledger rows: none twice'
);
select is(
  tests.on_session('setup', format($$ select count(*)::text from public.usage_ledger where user_id = %L $$, :'racer')),
  '3',
  'and no row for a refused request'
);

-- Clean up what the requests committed ---------------------------------------------------------------------------------

select dblink_exec('setup', format($$ delete from auth.users where id = %L $$, :'racer'));
select tests.close_sessions(array['setup', 'request_a', 'request_b']);

select * from finish();
rollback;
