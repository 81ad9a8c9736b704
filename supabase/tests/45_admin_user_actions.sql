-- What admins do to accounts: make and revoke admins (never their own flag, never the last admin, even when two revoke
-- each other), throttle (effective on the next request), suspend and unsuspend; each audited with before and after.
begin;
select plan(38);

select tests.create_user('member');
select tests.create_user('grace');
select tests.create_user('alan');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');
-- Development databases have a demo admin; these tests count admins, so only the cast's count.
update public.profiles set is_admin = false where id not in (select tests.get_user_id('site_admin'));

-- Act 1: who may call them ----------------------------------------------------------------------------------------------

select * from tests.assert_admin_only(format($$ select private.admin_set_admin(%L, true) $$, tests.get_user_id('grace')),
  users => array['member', 'grace'], admin => 'site_admin');
select * from tests.assert_admin_only(
  format($$ select private.admin_set_throttle(%L, true, 10, 50) $$, tests.get_user_id('member')),
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only(
  format($$ select private.admin_suspend_user(%L, now() + interval '1 day', 'Abuse') $$, tests.get_user_id('alan')),
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only(format($$ select private.admin_unsuspend_user(%L) $$, tests.get_user_id('alan')),
  users => array['member'], admin => 'site_admin');

-- Act 2: admins ---------------------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select throws_ok(format($$ select private.admin_set_admin(%L, false) $$, tests.get_user_id('site_admin')),
  'P0409', 'own_admin_flag', 'an admin cannot revoke their own flag');
select lives_ok(format($$ select private.admin_set_admin(%L, true) $$, tests.get_user_id('grace')),
  'an admin makes another user an admin');
select throws_ok(format($$ select private.admin_set_admin(%L, null) $$, tests.get_user_id('grace')),
  'P0422', 'is_admin_invalid', 'the flag is given');
select throws_ok($$ select private.admin_set_admin(gen_random_uuid(), true) $$,
  'P0404', 'user_not_found', 'an unknown user cannot be made an admin');
reset role;
select results_eq(
  $$ select actor_id, action, target_type, target_id, before, after from public.admin_audit_log $$,
  $$ values (tests.get_user_id('site_admin'), 'user.admin_granted', 'user', tests.get_user_id('grace')::text,
             '{"isAdmin": false}'::jsonb, '{"isAdmin": true}'::jsonb) $$,
  'making an admin is audited; refusals write nothing'
);

-- Two admins revoke each other: the first wins, and the other, no longer an admin, is refused. Run concurrently, each
-- locks every admin's row before counting, so the second waits for the first, then finds that its revoke would leave
-- no admin (P0409 last_admin) or that its caller is no admin any more: never do both pass.
select tests.authenticate_as('site_admin');
select lives_ok(format($$ select private.admin_set_admin(%L, false) $$, tests.get_user_id('grace')),
  'one admin revokes the other');
select tests.authenticate_as('grace');
select throws_ok(format($$ select private.admin_set_admin(%L, false) $$, tests.get_user_id('site_admin')),
  'P0403', 'admins_only', 'the other, revoking the first in turn, is no admin any more: refused');
reset role;
select results_eq(
  $$ select username from public.profiles where is_admin $$, $$ values ('site_admin') $$,
  'one admin remains'
);
select results_eq(
  $$ select action, before, after from public.admin_audit_log where target_id = tests.get_user_id('grace')::text
     order by id $$,
  $$ values ('user.admin_granted', '{"isAdmin": false}'::jsonb, '{"isAdmin": true}'::jsonb),
            ('user.admin_revoked', '{"isAdmin": true}'::jsonb, '{"isAdmin": false}'::jsonb) $$,
  'the revoke is audited'
);

-- Act 3: throttling takes effect on the next request --------------------------------------------------------------------

select private.admit_user_request(tests.get_user_id('member')) from generate_series(1, 3);
select tests.authenticate_as('site_admin');
select private.admin_set_throttle(tests.get_user_id('member'), true, 10, 20);
reset role;
select results_eq(
  $$ select throttle_enabled, max_requests_per_minute, current_throttle_level from public.profiles
     where id = tests.get_user_id('member') $$,
  $$ values (true, 10, 20) $$,
  'an admin throttles a user'
);
select results_eq(
  $$ select (a).allowed, (a).max_hits, (a).remaining
     from (select private.admit_user_request(tests.get_user_id('member')) as a) as admitted $$,
  $$ values (true, 2, 1) $$,
  'the next request is counted against floor(10 x 20 / 100) = 2 a minute'
);
select private.admit_user_request(tests.get_user_id('member'));
select results_eq(
  $$ select (a).refused_by from (select private.admit_user_request(tests.get_user_id('member')) as a) as admitted $$,
  $$ values ('throttle') $$,
  'and the third in the minute is refused'
);

select tests.authenticate_as('site_admin');
select private.admin_set_throttle(tests.get_user_id('member'), true, 10, 50);
reset role;
select results_eq(
  $$ select (a).allowed, (a).max_hits, (a).remaining
     from (select private.admit_user_request(tests.get_user_id('member')) as a) as admitted $$,
  $$ values (true, 5, 4) $$,
  'a changed throttle forgets the old count: the new limit starts from zero at once'
);
select results_eq(
  $$ select before, after from public.admin_audit_log where action = 'user.throttle_changed' order by id $$,
  $$ values
    ('{"throttleEnabled": false, "maxRequestsPerMinute": 10, "currentThrottleLevel": 100}'::jsonb,
     '{"throttleEnabled": true, "maxRequestsPerMinute": 10, "currentThrottleLevel": 20}'::jsonb),
    ('{"throttleEnabled": true, "maxRequestsPerMinute": 10, "currentThrottleLevel": 20}'::jsonb,
     '{"throttleEnabled": true, "maxRequestsPerMinute": 10, "currentThrottleLevel": 50}'::jsonb) $$,
  'each throttle change is audited'
);

select tests.authenticate_as('site_admin');
select throws_ok(format($$ select private.admin_set_throttle(%L, true, 10, 101) $$, tests.get_user_id('member')),
  'P0422', 'level_invalid', 'the level is 0 to 100');
select throws_ok(format($$ select private.admin_set_throttle(%L, true, -1, 100) $$, tests.get_user_id('member')),
  'P0422', 'max_per_minute_invalid', 'the requests a minute are not negative');
select throws_ok(format($$ select private.admin_set_throttle(%L, null, 10, 100) $$, tests.get_user_id('member')),
  'P0422', 'enabled_invalid', 'on or off is given');
select throws_ok($$ select private.admin_set_throttle(gen_random_uuid(), true, 10, 100) $$,
  'P0404', 'user_not_found', 'an unknown user cannot be throttled');

-- Act 4: suspension -----------------------------------------------------------------------------------------------------

select throws_ok(
  format($$ select private.admin_suspend_user(%L, now() + interval '1 day', null) $$, tests.get_user_id('site_admin')),
  'P0409', 'own_suspension', 'an admin cannot suspend themselves');
select throws_ok(
  format($$ select private.admin_suspend_user(%L, now() - interval '1 second', null) $$, tests.get_user_id('alan')),
  'P0422', 'until_invalid', 'a suspension ends in the future');
select throws_ok(
  format($$ select private.admin_suspend_user(%L, now() + interval '1 day', repeat('r', 501)) $$,
    tests.get_user_id('alan')),
  'P0422', 'reason_invalid', 'its reason has at most 500 characters');
select private.admin_suspend_user(tests.get_user_id('alan'), '2099-01-02 03:04:00+00', ' Repeated abuse ');
reset role;
select results_eq(
  $$ select (a).refused_by, (a).suspended_until, (a).suspension_reason
     from (select private.admit_user_request(tests.get_user_id('alan')) as a) as admitted $$,
  $$ values ('suspension', '2099-01-02 03:04:00+00'::timestamptz, 'Repeated abuse') $$,
  'a suspended user''s next request is refused, with the reason'
);

select tests.authenticate_as('site_admin');
select throws_ok(format($$ select private.admin_unsuspend_user(%L) $$, tests.get_user_id('site_admin')),
  'P0409', 'own_suspension', 'an admin cannot unsuspend themselves either');
select private.admin_unsuspend_user(tests.get_user_id('alan'));
reset role;
select results_eq(
  $$ select (a).allowed from (select private.admit_user_request(tests.get_user_id('alan')) as a) as admitted $$,
  $$ values (true) $$,
  'once unsuspended, their next request passes'
);
select results_eq(
  $$ select action, before, after from public.admin_audit_log where target_id = tests.get_user_id('alan')::text
     and action like 'user.%suspended' order by id $$,
  $$ values
    ('user.suspended', '{"suspendedUntil": null, "suspensionReason": null}'::jsonb,
     '{"suspendedUntil": "2099-01-02T03:04:00+00:00", "suspensionReason": "Repeated abuse"}'::jsonb),
    ('user.unsuspended', '{"suspendedUntil": "2099-01-02T03:04:00+00:00", "suspensionReason": "Repeated abuse"}'::jsonb,
     '{"suspendedUntil": null, "suspensionReason": null}'::jsonb) $$,
  'suspending and unsuspending are audited'
);

select * from finish();
rollback;
