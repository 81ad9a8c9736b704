-- Validation logs: the server writes one row per validation; users read their own, admins every one.
begin;
select plan(22);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: the server (service role) logs validations, signed in or anonymous ----------------------------------------

select tests.authenticate_as_service_role();

select lives_ok(
  $$ insert into public.validation_logs (user_id, validation_type, emails_processed, valid_emails, domain)
     values (tests.get_user_id('owner'), 'single', 1, 1, 'gmail.com') $$,
  'the service role logs a signed-in user''s validation'
);
select lives_ok(
  $$ insert into public.validation_logs (user_id, validation_type, emails_processed, warning_emails, session_id, domain)
     values (null, 'single', 1, 1, 'pgtap_logs_session_01', 'mailinator.com') $$,
  'the service role logs an anonymous visitor''s validation, with their session'
);
select throws_ok(
  $$ insert into public.validation_logs (validation_type, emails_processed) values ('guess', 1) $$,
  '23514', 'new row for relation "validation_logs" violates check constraint "validation_logs_type"',
  'a validation is single or bulk'
);
select throws_ok(
  $$ insert into public.validation_logs (validation_type, emails_processed, valid_emails, invalid_emails)
     values ('single', 1, 1, 1) $$,
  '23514', 'new row for relation "validation_logs" violates check constraint "validation_logs_outcomes_add_up"',
  'outcomes never exceed the addresses processed'
);

-- Act 2: an anonymous visitor can do nothing ------------------------------------------------------------------------

select tests.clear_authentication();

select throws_ok($$ select * from public.validation_logs $$,
  '42501', 'permission denied for table validation_logs', 'anon cannot read logs');
select throws_ok($$ insert into public.validation_logs (validation_type) values ('single') $$,
  '42501', 'permission denied for table validation_logs', 'anon cannot write logs');
select throws_ok($$ update public.validation_logs set valid_emails = 0 $$,
  '42501', 'permission denied for table validation_logs', 'anon cannot change logs');
select throws_ok($$ delete from public.validation_logs $$,
  '42501', 'permission denied for table validation_logs', 'anon cannot delete logs');

-- Act 3: the owner reads their own log, and cannot rewrite history --------------------------------------------------

select tests.authenticate_as('owner');

select results_eq(
  $$ select user_id, validation_type, emails_processed, valid_emails, domain from public.validation_logs $$,
  $$ values (tests.get_user_id('owner'), 'single', 1, 1, 'gmail.com') $$,
  'the owner reads their own log and nobody else''s (nor anonymous visitors'')'
);
select throws_ok(
  $$ insert into public.validation_logs (user_id, validation_type, emails_processed)
     values (tests.get_user_id('owner'), 'bulk', 100000) $$,
  '42501', 'permission denied for table validation_logs', 'the owner cannot log validations themselves');
select throws_ok($$ update public.validation_logs set emails_processed = 0 $$,
  '42501', 'permission denied for table validation_logs', 'the owner cannot change their log');
select throws_ok($$ delete from public.validation_logs $$,
  '42501', 'permission denied for table validation_logs', 'the owner cannot delete their log');

-- Act 4: another user sees nothing of the owner's ------------------------------------------------------------------

select tests.authenticate_as('stranger');

select is_empty($$ select * from public.validation_logs $$, 'another user sees none of the owner''s logs');
select throws_ok($$ update public.validation_logs set valid_emails = 0 $$,
  '42501', 'permission denied for table validation_logs', 'another user cannot change logs');
select throws_ok($$ delete from public.validation_logs $$,
  '42501', 'permission denied for table validation_logs', 'another user cannot delete logs');

-- Act 5: an admin reads every log, but logs are the server's to write ----------------------------------------------

select tests.authenticate_as('site_admin');

select results_eq(
  $$ select user_id, session_id from public.validation_logs
     where user_id = tests.get_user_id('owner') or session_id = 'pgtap_logs_session_01' order by id $$,
  $$ values (tests.get_user_id('owner'), null::text), (null, 'pgtap_logs_session_01') $$,
  'an admin reads every log, anonymous ones included'
);
select throws_ok($$ insert into public.validation_logs (validation_type) values ('single') $$,
  '42501', 'permission denied for table validation_logs', 'an admin cannot write logs');
select throws_ok($$ update public.validation_logs set valid_emails = 0 $$,
  '42501', 'permission denied for table validation_logs', 'an admin cannot change logs');
select throws_ok($$ delete from public.validation_logs $$,
  '42501', 'permission denied for table validation_logs', 'an admin cannot delete logs');

-- Act 6: structure ------------------------------------------------------------------------------------------------

reset role;

select policies_are(
  'public', 'validation_logs', array['Users can read their own validation logs and admins every log'],
  'one read policy, no write policies'
);
select has_index('public', 'validation_logs', 'validation_logs_user_id_idx', 'the policy''s user_id is indexed');

create temporary table owner_logs as
  select id from public.validation_logs where user_id = tests.get_user_id('owner');
delete from auth.users where id = tests.get_user_id('owner');
select results_eq(
  $$ select count(*) filter (where id in (select id from owner_logs)), count(*) filter (where session_id = 'pgtap_logs_session_01')
     from public.validation_logs $$,
  $$ values (0::bigint, 1::bigint) $$,
  'a deleted account takes its logs along; anonymous logs stay'
);

select * from finish();
rollback;
