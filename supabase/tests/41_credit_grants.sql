-- Credit grants: admins grant and revoke through functions that keep the profile's granted credits in step and audit
-- each change; owners read their grants; grants past their expiry are taken back daily by the system.
begin;
select plan(53);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: who may call the functions -----------------------------------------------------------------------------------

select * from tests.assert_admin_only(
  $$ select private.admin_grant_credits(tests.get_user_id('owner'), 10, 'bonus', 'Welcome', null) $$,
  users => array['owner', 'stranger'], admin => 'site_admin');
select tests.authenticate_as('site_admin');
select private.admin_grant_credits(tests.get_user_id('stranger'), 10, 'bonus', 'Welcome', null) as probe_grant \gset
reset role;
select * from tests.assert_admin_only(format($$ select private.admin_revoke_credit_grant(%s) $$, :probe_grant),
  users => array['owner'], admin => 'site_admin');

select tests.authenticate_as('site_admin');
select throws_ok($$ select private.expire_credit_grants() $$, '42501', null,
  'nobody but the schedule expires grants, not even an admin');
reset role;

-- Act 2: grants add up on the profile, in one transaction each ------------------------------------------------------

select tests.authenticate_as('site_admin');
select private.admin_grant_credits(tests.get_user_id('owner'), 100, 'bonus', ' Welcome ', null) as first_grant \gset
select private.admin_grant_credits(tests.get_user_id('owner'), 25, 'compensation', 'Outage on Monday',
  now() + interval '30 days') as second_grant \gset
reset role;

select results_eq(
  $$ select admin_granted_credits, granted_by, granted_at, grant_reason from public.profiles
     where id = tests.get_user_id('owner') $$,
  $$ values (125, tests.get_user_id('site_admin'), now(), 'Outage on Monday') $$,
  'two grants add up on the profile, which names the latest'
);
select results_eq(
  $$ select user_id, granted_by, credit_amount, grant_type, reason, is_active, credits_used, revoked_at
     from public.credit_grants where user_id = tests.get_user_id('owner') order by id $$,
  $$ values (tests.get_user_id('owner'), tests.get_user_id('site_admin'), 100, 'bonus', 'Welcome', true, 0,
             null::timestamptz),
            (tests.get_user_id('owner'), tests.get_user_id('site_admin'), 25, 'compensation', 'Outage on Monday',
             true, 0, null::timestamptz) $$,
  'each grant is a row, its reason trimmed'
);
select results_eq(
  $$ select actor_id, action, target_type, target_id, before, after - 'expiresAt' from public.admin_audit_log
     where target_id = tests.get_user_id('owner')::text order by id $$,
  format($$ values
    (tests.get_user_id('site_admin'), 'credits.granted', 'user', tests.get_user_id('owner')::text,
     '{"adminGrantedCredits": 0}'::jsonb,
     '{"adminGrantedCredits": 100, "grantId": %s, "creditAmount": 100, "grantType": "bonus", "reason": "Welcome"}'::jsonb),
    (tests.get_user_id('site_admin'), 'credits.granted', 'user', tests.get_user_id('owner')::text,
     '{"adminGrantedCredits": 100}'::jsonb,
     '{"adminGrantedCredits": 125, "grantId": %s, "creditAmount": 25, "grantType": "compensation",
       "reason": "Outage on Monday"}'::jsonb) $$, :'first_grant', :'second_grant'),
  'each grant is audited with the granted credits before and after'
);

-- Act 3: who sees grants --------------------------------------------------------------------------------------------

select * from tests.assert_access('public.credit_grants', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'all',    'denied', 'denied', 'denied'],
  ['stranger',     'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.credit_grants (user_id, credit_amount, grant_type, reason)
                   values (tests.get_user_id('owner'), 1, 'bonus', 'Sneaky') $$,
  update_set => $$ credits_used = 0 $$);

-- Act 4: what a grant must be ------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select throws_ok($$ select private.admin_grant_credits(tests.get_user_id('owner'), 0, 'bonus', 'x', null) $$,
  'P0422', 'amount_invalid', 'a grant is at least one credit');
select throws_ok($$ select private.admin_grant_credits(tests.get_user_id('owner'), 1000001, 'bonus', 'x', null) $$,
  'P0422', 'amount_invalid', 'and at most a million');
select throws_ok($$ select private.admin_grant_credits(tests.get_user_id('owner'), 5, 'gift', 'x', null) $$,
  'P0422', 'grant_type_invalid', 'a grant has one of the four types');
select throws_ok($$ select private.admin_grant_credits(tests.get_user_id('owner'), 5, 'bonus', '   ', null) $$,
  'P0422', 'reason_invalid', 'a grant has a reason');
select throws_ok($$ select private.admin_grant_credits(tests.get_user_id('owner'), 5, 'bonus', repeat('r', 501), null) $$,
  'P0422', 'reason_invalid', 'of at most 500 characters');
select throws_ok(
  $$ select private.admin_grant_credits(tests.get_user_id('owner'), 5, 'bonus', 'x', now() - interval '1 second') $$,
  'P0422', 'expires_at_invalid', 'a grant cannot expire in the past');
select throws_ok($$ select private.admin_grant_credits(gen_random_uuid(), 5, 'bonus', 'x', null) $$,
  'P0404', 'user_not_found', 'a grant is for someone who exists');
reset role;
update public.profiles set admin_granted_credits = 2147483000 where id = tests.get_user_id('stranger');
select tests.authenticate_as('site_admin');
select throws_ok($$ select private.admin_grant_credits(tests.get_user_id('stranger'), 1000, 'bonus', 'x', null) $$,
  'P0422', 'amount_invalid', 'a grant that would overflow the user''s granted credits is refused');
reset role;

-- Act 5: revoking ------------------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select private.admin_revoke_credit_grant(:first_grant);
reset role;
select results_eq(
  $$ select admin_granted_credits from public.profiles where id = tests.get_user_id('owner') $$,
  $$ values (25) $$,
  'a revoke subtracts the grant from the profile'
);
select results_eq(
  format($$ select is_active, revoked_at, revoked_by from public.credit_grants where id = %s $$, :first_grant),
  $$ values (false, now(), tests.get_user_id('site_admin')) $$,
  'the grant stays, inactive, saying who revoked it and when'
);
select results_eq(
  $$ select action, target_type, target_id, before, after from public.admin_audit_log
     where action = 'credits.revoked' $$,
  format($$ values ('credits.revoked', 'credit_grant', '%s',
    jsonb_build_object('userId', tests.get_user_id('owner'), 'isActive', true, 'adminGrantedCredits', 125),
    jsonb_build_object('userId', tests.get_user_id('owner'), 'isActive', false, 'adminGrantedCredits', 25)) $$,
    :first_grant),
  'the revoke is audited'
);

select tests.authenticate_as('site_admin');
select throws_ok(format($$ select private.admin_revoke_credit_grant(%s) $$, :first_grant), 'P0409', 'grant_revoked',
  'a grant is revoked once');
select throws_ok($$ select private.admin_revoke_credit_grant(-1) $$, 'P0404', 'grant_not_found',
  'an unknown grant cannot be revoked');
reset role;

update public.credit_grants set credits_used = 1 where id = :second_grant;
select tests.authenticate_as('site_admin');
select throws_ok(format($$ select private.admin_revoke_credit_grant(%s) $$, :second_grant), 'P0409', 'grant_used',
  'a grant someone has spent from cannot be revoked');
reset role;
select results_eq(
  $$ select admin_granted_credits from public.profiles where id = tests.get_user_id('owner') $$,
  $$ values (25) $$,
  'a refused revoke changes nothing'
);

-- Act 6: expiry, by the system ----------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select private.admin_grant_credits(tests.get_user_id('owner'), 40, 'promotional', 'Spring offer',
  now() + interval '1 day') as expiring_grant \gset
reset role;
update public.credit_grants set credits_used = 15 where id = :expiring_grant;
update public.profiles set admin_granted_credits = admin_granted_credits - 15 where id = tests.get_user_id('owner');
update public.credit_grants set expires_at = now() - interval '1 minute' where id = :expiring_grant;
-- As pg_cron runs it: the owner, with nobody signed in.
select tests.clear_authentication();
reset role;

select is(private.expire_credit_grants(), 1, 'the daily job expires the grant past its time');
select results_eq(
  $$ select admin_granted_credits from public.profiles where id = tests.get_user_id('owner') $$,
  $$ values (25) $$,
  'and takes its unused 25 credits off the profile, leaving the other grant''s'
);
select results_eq(
  format($$ select is_active, revoked_at from public.credit_grants where id = %s $$, :expiring_grant),
  $$ values (false, null::timestamptz) $$,
  'the expired grant is inactive, not revoked'
);
select results_eq(
  $$ select actor_id, action, target_id, before, after from public.admin_audit_log where action = 'credits.expired' $$,
  format($$ values (null::uuid, 'credits.expired', '%s',
    jsonb_build_object('userId', tests.get_user_id('owner'), 'isActive', true, 'unusedCredits', 25),
    jsonb_build_object('userId', tests.get_user_id('owner'), 'isActive', false, 'unusedCredits', 0)) $$,
    :expiring_grant),
  'the expiry is audited with the system as actor'
);
select is(private.expire_credit_grants(), 0, 'running it again expires nothing more');

select tests.authenticate_as('site_admin');
select throws_ok(format($$ select private.admin_revoke_credit_grant(%s) $$, :expiring_grant), 'P0409', 'grant_revoked',
  'an expired grant cannot be revoked');
reset role;

select results_eq(
  $$ select schedule, command from cron.job where jobname = 'credit-grants-expiry' $$,
  $$ values ('7 0 * * *'::text, 'select private.expire_credit_grants()'::text) $$,
  'pg_cron expires grants daily'
);

select * from finish();
rollback;
