-- The limiter: counters per (subject, action) in windows that start at the first hit, closed to every API role;
-- the admission of signed-in requests (suspension, throttle, per-action limits); fresh crawls and discount codes.
begin;
select plan(40);

select tests.create_user('member');
select tests.create_user('other_member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: no API role reaches the counters or the functions ---------------------------------------------------------

select tests.clear_authentication();
select throws_ok('select * from private.rate_limit_counters', '42501', null, 'anon cannot read the counters');
select throws_ok($$ select private.take_rate_limit('user:x', 'validation', 5, 60) $$, '42501', null,
  'anon cannot count hits');
select tests.authenticate_as('member');
select throws_ok('select * from private.rate_limit_counters', '42501', null, 'a user cannot read the counters');
select throws_ok($$ delete from private.rate_limit_counters $$, '42501', null, 'a user cannot reset the counters');
select throws_ok($$ select private.clear_rate_limit('user:x', 'validation') $$, '42501', null,
  'a user cannot clear a counter');
select throws_ok(format($$ select private.admit_user_request(%L) $$, tests.get_user_id('member')), '42501', null,
  'a user cannot admit themselves');
select tests.authenticate_as('other_member');
select throws_ok('select * from private.rate_limit_counters', '42501', null, 'another user cannot read the counters');
select tests.authenticate_as('site_admin');
select throws_ok('select * from private.rate_limit_counters', '42501', null, 'an admin cannot read the counters');
select throws_ok($$ update private.rate_limit_counters set hits = 0 $$, '42501', null,
  'an admin cannot change the counters');
select tests.authenticate_as_service_role();
select throws_ok('select * from private.rate_limit_counters', '42501', null,
  'the service role reaches the counters only through the functions');
select lives_ok($$ select private.take_rate_limit('service:check', 'probe', 1, 60) $$,
  'the service role may count hits');
select tests.clear_authentication();
reset role;

-- Act 2: a window ---------------------------------------------------------------------------------------------------

select results_eq($$ select (d).allowed, (d).max_hits, (d).remaining, (d).reset_seconds
  from (select private.take_rate_limit('test:a', 'act', 3, 60) as d) as hit $$,
  $$ values (true, 3, 2, 60) $$, 'the first hit opens a window and leaves the rest of the limit');
select private.take_rate_limit('test:a', 'act', 3, 60);
select results_eq($$ select (private.take_rate_limit('test:a', 'act', 3, 60)).remaining $$, $$ values (0) $$,
  'the third hit takes the last slot');
select results_eq($$ select (d).allowed, (d).remaining from (select private.take_rate_limit('test:a', 'act', 3, 60) as d) as hit $$,
  $$ values (false, 0) $$, 'a fourth hit in the window is refused');
select is((select hits from private.rate_limit_counters where subject = 'test:a' and action = 'act'), 3,
  'a refused hit is not counted');
select is((private.take_rate_limit('test:a', 'act', 3, 60, 0)).allowed, false, 'a look says no more fit');
select is((private.take_rate_limit('test:a', 'other', 3, 60)).allowed, true, 'another action has its own counter');
select is((private.take_rate_limit('test:b', 'act', 3, 60)).allowed, true, 'another subject has its own counter');

update private.rate_limit_counters set window_ends_at = now() - interval '1 second'
where subject = 'test:a' and action = 'act';
select results_eq($$ select (d).allowed, (d).remaining from (select private.take_rate_limit('test:a', 'act', 3, 60) as d) as hit $$,
  $$ values (true, 2) $$, 'after the window ends, a hit starts a new one');

select is((private.take_rate_limit('test:c', 'act', 5, 60, 0)).remaining, 5, 'a look counts nothing');
select is((private.take_rate_limit('test:c', 'act', 5, 60, 4)).remaining, 1, 'a hit may cost several');
select is((private.take_rate_limit('test:c', 'act', 5, 60, 2)).allowed, false, 'a hit that does not fit whole is refused');
select is((private.take_rate_limit('test:d', 'act', 0, 60)).allowed, false, 'a limit of 0 refuses everything');
select throws_ok($$ select private.take_rate_limit('test:e', 'act', -1, 60) $$, '22023', null,
  'a negative limit is a mistake');
select throws_ok($$ select private.take_rate_limit(null, 'act', 1, 60) $$, '22004', null, 'a subject is required');

select private.clear_rate_limit('test:a', 'act');
select is((private.take_rate_limit('test:a', 'act', 3, 60)).remaining, 2, 'a cleared counter starts again');

-- Act 3: admitting signed-in requests -------------------------------------------------------------------------------

select results_eq(format($$ select refused_by, allowed, max_hits from private.admit_user_request(%L) $$,
  tests.get_user_id('member')), $$ values (null::text, true, null::integer) $$,
  'an ordinary request of an unthrottled user passes uncounted');
select results_eq(format($$ select allowed, max_hits, remaining from private.admit_user_request(%L, 'validation') $$,
  tests.get_user_id('member')), $$ values (true, 120, 119) $$, 'a validation counts against the default 120 a minute');
select results_eq(format($$ select max_hits from private.admit_user_request(%L, 'exploration') $$,
  tests.get_user_id('member')), $$ values (10) $$, 'an exploration counts against the default 10 a minute');

update public.admin_settings set setting_value = '1' where setting_key = 'rate_limit_explorations_per_minute';
select results_eq(format($$ select refused_by, allowed, max_hits from private.admit_user_request(%L, 'exploration') $$,
  tests.get_user_id('other_member')), $$ values (null::text, true, 1) $$, 'the limit is read from admin_settings');
select results_eq(format($$ select refused_by, allowed from private.admit_user_request(%L, 'exploration') $$,
  tests.get_user_id('other_member')), $$ values ('exploration', false) $$, 'past the action''s limit: refused');

update public.profiles set throttle_enabled = true, max_requests_per_minute = 10, current_throttle_level = 25
where id = tests.get_user_id('member');
select results_eq(format($$ select max_hits, remaining from private.admit_user_request(%L) $$,
  tests.get_user_id('member')), $$ values (2, 1) $$, 'a throttled user gets floor(10 x 25 / 100) = 2 requests a minute');
select private.admit_user_request(tests.get_user_id('member'));
select results_eq(format($$ select refused_by, allowed, reset_seconds from private.admit_user_request(%L) $$,
  tests.get_user_id('member')), $$ values ('throttle', false, 60) $$, 'the third request in the minute is refused');

update public.profiles set current_throttle_level = 0 where id = tests.get_user_id('other_member');
update public.profiles set throttle_enabled = true where id = tests.get_user_id('other_member');
select results_eq(format($$ select refused_by, allowed from private.admit_user_request(%L) $$,
  tests.get_user_id('other_member')), $$ values ('throttle', false) $$, 'throttle level 0 blocks every request');

update public.profiles set suspended_until = now() + interval '1 day', suspension_reason = 'Abuse'
where id = tests.get_user_id('site_admin');
select results_eq(format($$ select refused_by, allowed, suspension_reason from private.admit_user_request(%L) $$,
  tests.get_user_id('site_admin')), $$ values ('suspension', false, 'Abuse') $$, 'a suspended user is refused');
update public.profiles set suspended_until = now() - interval '1 second' where id = tests.get_user_id('site_admin');
select is((select allowed from private.admit_user_request(tests.get_user_id('site_admin'))), true,
  'a suspension that ended refuses nothing');

-- Act 4: fresh crawls and discount codes ------------------------------------------------------------------------------

select private.take_domain_refresh('user:test', 'Example.com') from generate_series(1, 3);
select is((private.take_domain_refresh('user:test', 'example.com')).allowed, false,
  'a fourth fresh crawl of a domain in a day is refused, whatever its case');
select is((private.take_domain_refresh('user:test', 'example.org')).allowed, true, 'another domain has its own limit');
select is((private.take_discount_code('2001:db8:1:2::5')).allowed, true, 'a network''s first code of the day is given');
select is((private.take_discount_code('2001:db8:1:2:ffff::9')).allowed, false,
  'a second code to the same IPv6 /64 that day is refused');

select * from finish();
rollback;
