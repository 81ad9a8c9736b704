-- Failed sign-ins: counted per identifier (as typed, in any case, whether or not an account has it) and per client
-- network, locks that grow, a success that forgets, settings in admin_settings; none of it reachable by API roles.
begin;
select plan(21);

select tests.create_user('member');

create function pg_temp.fail(identifier text, client_ip text, times integer) returns void language plpgsql as $$
begin
  for i in 1..times loop
    perform private.record_sign_in_failure(identifier, client_ip);
  end loop;
end;
$$;

-- Act 1: no API role reaches them ------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok($$ select private.record_sign_in_failure('member', '192.0.2.1') $$, '42501', null,
  'anon cannot count failures');
select tests.authenticate_as('member');
select throws_ok($$ select private.clear_sign_in_failures('member') $$, '42501', null,
  'a user cannot forget failures');
select throws_ok($$ select * from private.sign_in_refusal('member', null) $$, '42501', null,
  'a user cannot ask about locks');
select tests.authenticate_as_service_role();
select lives_ok($$ select * from private.sign_in_refusal('member', null) $$, 'the service role may ask');
select tests.clear_authentication();
reset role;

-- Act 2: an identifier -----------------------------------------------------------------------------------------------

select pg_temp.fail('Member', null, 4);
select is_empty($$ select * from private.sign_in_refusal('member', null) $$, 'four failures do not lock');
select pg_temp.fail(' MEMBER ', null, 1);
select results_eq(
  $$ select refused_by, max_hits, reset_seconds between 890 and 900 from private.sign_in_refusal('member', null) $$,
  $$ values ('identifier', 5, true) $$,
  'the fifth failure, however the identifier was typed, locks it for the window (15 minutes)'
);
select is_empty($$ select * from private.sign_in_refusal('other_member', null) $$, 'other identifiers are not locked');

select pg_temp.fail('nobody-has-this', null, 5);
select results_eq(
  $$ select refused_by from private.sign_in_refusal('nobody-has-this', null) $$, $$ values ('identifier') $$,
  'an identifier no account has is locked the same way, so a lock reveals nothing'
);

-- The lock ends (moved into the past here); five more failures lock it again, for twice as long.
update private.rate_limit_counters set window_ends_at = now() - interval '1 second'
where subject = 'identifier:member' and action = 'sign_in_lockout';
select is_empty($$ select * from private.sign_in_refusal('member', null) $$, 'when the lock ends, sign-in may be tried');
select pg_temp.fail('member', null, 4);
select is_empty($$ select * from private.sign_in_refusal('member', null) $$, 'with fresh tries');
select pg_temp.fail('member', null, 1);
select ok(
  (select reset_seconds between 1790 and 1800 from private.sign_in_refusal('member', null)),
  'the second lock lasts twice as long'
);

-- A success forgets the failures and the earlier locks.
select private.clear_sign_in_failures('someone');
select pg_temp.fail('someone', null, 4);
select private.clear_sign_in_failures('SOMEONE');
select pg_temp.fail('someone', null, 4);
select is_empty($$ select * from private.sign_in_refusal('someone', null) $$,
  'failures before a success do not count towards a lock');
select is(
  (select hits from private.rate_limit_counters where subject = 'identifier:member' and action = 'sign_in_lockouts'), 2,
  'locks are remembered until a success'
);
select private.clear_sign_in_failures('member');
select ok(
  not exists (select from private.rate_limit_counters where subject = 'identifier:member' and action = 'sign_in_lockouts'),
  'a success forgets earlier locks, so the next lock is short again'
);

-- Act 3: a client network --------------------------------------------------------------------------------------------

select private.record_sign_in_failure('guess-' || n, '198.51.100.7') from generate_series(1, 29) as n;
select is_empty($$ select * from private.sign_in_refusal('fresh-name', '198.51.100.7') $$,
  '29 failures in a minute from a network, each with another name, do not lock it');
select private.record_sign_in_failure('guess-30', '198.51.100.7');
select results_eq(
  $$ select refused_by, max_hits, reset_seconds between 50 and 60 from private.sign_in_refusal('fresh-name', '198.51.100.7') $$,
  $$ values ('network', 30, true) $$,
  'the 30th locks the network for a minute, for every identifier'
);
select is_empty($$ select * from private.sign_in_refusal('fresh-name', '198.51.100.8') $$, 'other networks are not locked');
select private.record_sign_in_failure('v6-guess-' || n, '2001:db8:1:2::' || n) from generate_series(1, 30) as n;
select results_eq(
  $$ select refused_by from private.sign_in_refusal('fresh-name', '2001:db8:1:2:ffff::9') $$, $$ values ('network') $$,
  'an IPv6 client is counted by its /64, so rotating addresses within it does not escape the lock'
);
select results_eq(
  $$ select refused_by from private.sign_in_refusal('nobody-has-this', '198.51.100.7') $$, $$ values ('identifier') $$,
  'when both are locked, the longer lock answers'
);

-- Act 4: the limits are settings -------------------------------------------------------------------------------------

update public.admin_settings set setting_value = '2' where setting_key = 'rate_limit_sign_in_failures_per_identifier';
update public.admin_settings set setting_value = '60' where setting_key = 'rate_limit_sign_in_failure_window_seconds';
select pg_temp.fail('strict', null, 2);
select results_eq(
  $$ select max_hits, reset_seconds between 50 and 60 from private.sign_in_refusal('strict', null) $$,
  $$ values (2, true) $$,
  'admin_settings decide how many failures lock and for how long'
);
select is(
  (select count(*)::integer from public.admin_settings where setting_key like 'rate_limit_sign_in_%'), 4,
  'the four sign-in settings exist'
);

select * from finish();
rollback;
