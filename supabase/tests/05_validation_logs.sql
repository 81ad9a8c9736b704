-- Validation logs: the server writes one row per validation; users read their own, admins every one.
begin;
select plan(26);

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

-- Act 2: who may do what with the owner's log: logs are the server's to write, so nobody else rewrites history -----

reset role;

select * from tests.assert_access('public.validation_logs', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['owner',      'all',    'denied', 'denied', 'denied'],
  ['stranger',   'none',   'denied', 'denied', 'denied'],
  ['site_admin', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.validation_logs (user_id, validation_type, emails_processed)
                   values (tests.get_user_id('owner'), 'bulk', 100000) $$,
  update_set => 'emails_processed = 0');

-- Act 3: the owner reads their own log and nobody else's; an admin reads every log --------------------------------

select tests.authenticate_as('owner');

select results_eq(
  $$ select user_id, validation_type, emails_processed, valid_emails, domain from public.validation_logs $$,
  $$ values (tests.get_user_id('owner'), 'single', 1, 1, 'gmail.com') $$,
  'the owner reads their own log and nobody else''s (nor anonymous visitors'')'
);

select tests.authenticate_as('site_admin');

select results_eq(
  $$ select user_id, session_id from public.validation_logs
     where user_id = tests.get_user_id('owner') or session_id = 'pgtap_logs_session_01' order by id $$,
  $$ values (tests.get_user_id('owner'), null::text), (null, 'pgtap_logs_session_01') $$,
  'an admin reads every log, anonymous ones included'
);

-- Act 4: structure ------------------------------------------------------------------------------------------------

reset role;

select policies_are(
  'public', 'validation_logs', array['Users can read their own validation logs and admins every log'],
  'one read policy, no write policies'
);
select has_index('public', 'validation_logs', 'validation_logs_user_id_idx', 'the policy''s user_id is indexed');
select has_index('public', 'validation_logs', 'validation_logs_session_domain_idx',
  array['session_id', 'domain', 'created_at'],
  'a session''s recent validations at a domain are found by index (an exploration that follows one is not counted)');

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
