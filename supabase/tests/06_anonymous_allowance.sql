-- The anonymous allowance: sessions and per-network usage are reachable only through the private functions, which
-- count each validation against the session (10 a month) and the client's network (the limit passed in).
begin;
select plan(65);

select tests.create_user('visitor');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Something to find, arranged as the superuser.
select private.open_anonymous_session('existingSession_00001', '198.51.100.1', 'Arranged');

-- Act 1: no API role reads or writes the tables directly ---------------------------------------------------------
-- Not even a signed-in user (say, the visitor after registering) or an admin: sessions belong to no user.

reset role;

select * from tests.assert_access('public.anonymous_sessions', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['visitor',    'denied', 'denied', 'denied', 'denied'],
  ['stranger',   'denied', 'denied', 'denied', 'denied'],
  ['site_admin', 'denied', 'denied', 'denied', 'denied']
],
  insert_sql => $$ insert into public.anonymous_sessions (session_id) values ('V1StGXR8_Z5jdHi6B-myT') $$,
  update_set => 'validations_used = 0');

select * from tests.assert_access('public.anonymous_ip_usage', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['visitor',    'denied', 'denied', 'denied', 'denied'],
  ['stranger',   'denied', 'denied', 'denied', 'denied'],
  ['site_admin', 'denied', 'denied', 'denied', 'denied']
],
  insert_sql => $$ insert into public.anonymous_ip_usage (client_network, usage_month) values ('203.0.113.1', '2026-01-01') $$,
  update_set => 'validations_used = 0');

-- Act 2: nor do they call the counting functions -------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok(
  $$ select private.count_anonymous_validation('V1StGXR8_Z5jdHi6B-myT', '203.0.113.1', null, 30) $$,
  '42501', 'permission denied for schema private', 'anon cannot count validations');

select tests.authenticate_as('visitor');
select throws_ok(
  $$ select private.count_anonymous_validation('V1StGXR8_Z5jdHi6B-myT', '203.0.113.1', null, 30) $$,
  '42501', 'permission denied for function count_anonymous_validation', 'a user cannot count validations');
select throws_ok(
  $$ select private.open_anonymous_session('V1StGXR8_Z5jdHi6B-myT', '203.0.113.1', null) $$,
  '42501', 'permission denied for function open_anonymous_session', 'a user cannot open sessions');
select throws_ok(
  $$ select private.issue_anonymous_discount('existingSession_00001', '203.0.113.1', 'FREE-STUFF') $$,
  '42501', 'permission denied for function issue_anonymous_discount', 'a user cannot hand out discounts');

select tests.authenticate_as('site_admin');
select throws_ok(
  $$ select private.read_anonymous_session('existingSession_00001', '203.0.113.1') $$,
  '42501', 'permission denied for function read_anonymous_session', 'an admin cannot read sessions through it');

-- Act 3: the service role reads, and changes rows only through the functions ---------------------------------------

select tests.authenticate_as_service_role();

select results_eq(
  $$ select session_id, validations_used, free_limit, user_agent from public.anonymous_sessions
     where session_id = 'existingSession_00001' $$,
  $$ values ('existingSession_00001', 0, 10, 'Arranged') $$,
  'the service role reads sessions'
);
select throws_ok(
  $$ update public.anonymous_sessions set validations_used = 0 $$,
  '42501', 'permission denied for table anonymous_sessions', 'the service role cannot reset counts directly');

-- Act 4: a session's ten free validations --------------------------------------------------------------------------

select results_eq(
  $$ select session_id, validations_used, free_limit, ip_validations_used, discount_code
     from private.open_anonymous_session('sessionA_000000000001', '203.0.113.10', 'Firefox') $$,
  $$ values ('sessionA_000000000001', 0, 10, 0, null::text) $$,
  'opening a new session creates it with nothing used'
);

do $$
begin
  for attempt in 1..9 loop
    perform private.count_anonymous_validation('sessionA_000000000001', '203.0.113.10', 'Firefox', 30);
  end loop;
end
$$;
select results_eq(
  $$ select counted, validations_used, ip_validations_used
     from private.count_anonymous_validation('sessionA_000000000001', '203.0.113.10', 'Firefox', 30) $$,
  $$ values (true, 10, 10) $$,
  'ten validations are counted against the session and its address'
);

select results_eq(
  $$ select counted, validations_used, ip_validations_used
     from private.count_anonymous_validation('sessionA_000000000001', '203.0.113.10', 'Firefox', 30) $$,
  $$ values (false, 10, 10) $$,
  'the eleventh is refused and counts nothing'
);

select results_eq(
  $$ select registration_prompted from public.anonymous_sessions where session_id = 'sessionA_000000000001' $$,
  $$ values (true) $$,
  'a refusal notes that the session was told to register'
);

select results_eq(
  $$ select validations_used, ip_validations_used
     from private.read_anonymous_session('sessionA_000000000001', '203.0.113.10') $$,
  $$ values (10, 10) $$,
  'reading the session answers its count and its address''s'
);

select is_empty(
  $$ select * from private.read_anonymous_session('neverSeenSession_0001', '203.0.113.10') $$,
  'reading an unknown session answers nothing and creates nothing'
);

-- Act 5: the address's allowance holds across sessions -------------------------------------------------------------

select private.count_anonymous_validation('sessionB_000000000001', '203.0.113.20', null, 3);
select private.count_anonymous_validation('sessionB_000000000001', '203.0.113.20', null, 3);
select results_eq(
  $$ select counted, validations_used, ip_validations_used
     from private.count_anonymous_validation('sessionB_000000000001', '203.0.113.20', null, 3) $$,
  $$ values (true, 3, 3) $$,
  'a session uses up its address''s allowance of three'
);

select results_eq(
  $$ select counted, session_id, validations_used, ip_validations_used
     from private.count_anonymous_validation('sessionC_000000000001', '203.0.113.20', null, 3) $$,
  $$ values (false, 'sessionC_000000000001', 0, 3) $$,
  'a new session from the same address is refused: clearing local storage resets nothing'
);

select results_eq(
  $$ select counted, session_id, validations_used, ip_validations_used
     from private.count_anonymous_validation(null, '203.0.113.20', null, 3) $$,
  $$ values (false, null::text, null::integer, 3) $$,
  'no session at all is refused too'
);

select results_eq(
  $$ select counted, ip_validations_used from private.count_anonymous_validation(null, '203.0.113.21', null, 3) $$,
  $$ values (true, 1) $$,
  'without a session, a validation counts against the address alone; other addresses are unaffected'
);

select results_eq(
  $$ select counted, ip_validations_used from private.count_anonymous_validation(null, '203.0.113.20', null, 4) $$,
  $$ values (true, 4) $$,
  'a larger limit lets the address go on'
);

-- Act 6: IPv6 clients are counted per /64 ---------------------------------------------------------------------------

select private.count_anonymous_validation(null, '2001:db8:1:2::1', null, 2);
select results_eq(
  $$ select counted, ip_validations_used from private.count_anonymous_validation(null, '2001:db8:1:2:ffff::9', null, 2) $$,
  $$ values (true, 2) $$,
  'addresses in the same /64 share one allowance'
);
select results_eq(
  $$ select counted from private.count_anonymous_validation(null, '2001:db8:1:2::abcd', null, 2) $$,
  $$ values (false) $$,
  'and use it up together'
);
select results_eq(
  $$ select counted, ip_validations_used from private.count_anonymous_validation(null, '2001:db8:1:3::1', null, 2) $$,
  $$ values (true, 1) $$,
  'the next /64 has its own'
);

-- Act 7: a new month starts every count again ----------------------------------------------------------------------

reset role;
update public.anonymous_sessions
set last_reset_at = date_trunc('month', now()) - interval '3 days'
where session_id = 'sessionA_000000000001';
update public.anonymous_ip_usage
set usage_month = (date_trunc('month', now() at time zone 'UTC') - interval '1 month')::date
where client_network = '203.0.113.10';
select tests.authenticate_as_service_role();

select results_eq(
  $$ select counted, validations_used, ip_validations_used
     from private.count_anonymous_validation('sessionA_000000000001', '203.0.113.10', null, 30) $$,
  $$ values (true, 1, 1) $$,
  'in a new month the session and its address start from zero'
);

select results_eq(
  $$ select last_reset_at = now(), user_agent from public.anonymous_sessions where session_id = 'sessionA_000000000001' $$,
  $$ values (true, 'Firefox') $$,
  'the reset is dated, and a missing user agent keeps the known one'
);

select results_eq(
  $$ select usage_month = date_trunc('month', now() at time zone 'UTC')::date, validations_used
     from public.anonymous_ip_usage where client_network = '203.0.113.10' order by usage_month $$,
  $$ values (false, 10), (true, 1) $$,
  'last month''s usage stays on record beside this month''s'
);

-- Act 8: one discount code per session -----------------------------------------------------------------------------

select results_eq(
  $$ select discount_code, discount_expiry = now() + interval '24 hours'
     from private.issue_anonymous_discount('sessionA_000000000001', '203.0.113.10', 'MS20-FIRSTCODE') $$,
  $$ values ('MS20-FIRSTCODE', true) $$,
  'a session gets a code valid for 24 hours'
);

select results_eq(
  $$ select discount_code from private.issue_anonymous_discount('sessionA_000000000001', '203.0.113.10', 'MS20-OTHERCODE') $$,
  $$ values ('MS20-FIRSTCODE') $$,
  'asking again answers the same code'
);

select results_eq(
  $$ select discount_offered, registration_prompted from public.anonymous_sessions
     where session_id = 'sessionA_000000000001' $$,
  $$ values (true, true) $$,
  'the offer is noted'
);

select is_empty(
  $$ select * from private.issue_anonymous_discount('neverSeenSession_0001', '203.0.113.10', 'MS20-NOBODY') $$,
  'an unknown session gets no code'
);

select throws_ok(
  $$ select private.issue_anonymous_discount('sessionB_000000000001', '203.0.113.20', 'MS20-FIRSTCODE') $$,
  '23505', 'duplicate key value violates unique constraint "anonymous_sessions_discount_code_key"',
  'two sessions never share a code'
);

-- Act 9: conversion and bad input ----------------------------------------------------------------------------------

select private.mark_anonymous_session_converted('sessionB_000000000001');
select results_eq(
  $$ select converted_to_user from public.anonymous_sessions where session_id = 'sessionB_000000000001' $$,
  $$ values (true) $$,
  'a session whose browser validates signed in is marked converted'
);

select throws_ok(
  $$ select private.count_anonymous_validation('too-short', '203.0.113.1', null, 30) $$,
  '23514', 'new row for relation "anonymous_sessions" violates check constraint "anonymous_sessions_session_id_format"',
  'a session id is 21 characters of the URL-safe alphabet'
);
select throws_ok(
  $$ select private.count_anonymous_validation(null, null, null, 30) $$,
  '22004', 'An anonymous validation needs the client''s address',
  'counting needs the client''s address'
);
select throws_ok(
  $$ select private.count_anonymous_validation(null, '203.0.113.1', null, -1) $$,
  '22023', 'The monthly limit per address must be zero or more, not -1',
  'the address limit cannot be negative'
);

select * from finish();
rollback;
