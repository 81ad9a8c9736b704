-- Email validations: a shared cache of results. Only server code writes it; admins read it; nobody else sees a row.
begin;
select plan(27);

select tests.create_user('validator');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: the server (service role) records results, one row per address whatever its case ---------------------------

select tests.authenticate_as_service_role();

select lives_ok(
  $$ insert into public.email_validations
       (email, domain, is_valid, format_valid, mx_records_found, verdict, reasons, mx_records, free_provider,
        risk_score, deliverability_score)
     values ('ada@gmail.com', 'gmail.com', true, true, true, 'deliverable', '{free_provider}',
             '[{"exchange": "gmail-smtp-in.l.google.com", "priority": 5}]', true, 10, 90) $$,
  'the service role records a result'
);

select results_eq(
  $$ insert into public.email_validations as v (email, domain, is_valid, format_valid, verdict)
     values ('ADA@gmail.com', 'gmail.com', true, true, 'deliverable')
     on conflict ((lower(email))) do update
       set validation_count = v.validation_count + 1, last_validated_at = excluded.last_validated_at
     returning email, validation_count $$,
  $$ values ('ada@gmail.com', 2) $$,
  'validating the same address in another case counts it on the same row'
);

select throws_ok(
  $$ insert into public.email_validations (email, is_valid, format_valid, verdict)
     values ('Ada@Gmail.com', true, true, 'deliverable') $$,
  '23505', 'duplicate key value violates unique constraint "email_validations_email_key"',
  'an address is stored once regardless of case'
);

select throws_ok(
  $$ insert into public.email_validations (email, is_valid, format_valid, verdict)
     values ('bob@example.com', false, true, 'maybe') $$,
  '23514', 'new row for relation "email_validations" violates check constraint "email_validations_verdict"',
  'the verdict is one of the four'
);

select throws_ok(
  $$ insert into public.email_validations (email, is_valid, format_valid, verdict, reasons)
     values ('bob@example.com', false, true, 'undeliverable', '{made_up}') $$,
  '23514', 'new row for relation "email_validations" violates check constraint "email_validations_reasons"',
  'reasons are the contract''s codes'
);
select lives_ok(
  $$ insert into public.email_validations (email, is_valid, format_valid, verdict, reasons)
     values ('mx-hosts@example.com', false, true, 'undeliverable', '{mx_host_unresolved}'),
            ('mx-private@example.com', false, true, 'undeliverable', '{mx_private_address}') $$,
  'the MX host reasons are the contract''s codes too'
);

select throws_ok(
  $$ insert into public.email_validations (email, is_valid, format_valid, verdict, risk_score)
     values ('bob@example.com', false, true, 'undeliverable', 101) $$,
  '23514', 'new row for relation "email_validations" violates check constraint "email_validations_risk_score"',
  'scores stay within 0 to 100'
);

select throws_ok(
  $$ insert into public.email_validations (email, is_valid, format_valid, verdict)
     values ('', false, false, 'undeliverable') $$,
  '23514', 'new row for relation "email_validations" violates check constraint "email_validations_email_length"',
  'an empty address is not recorded'
);

-- Act 2: nobody else writes; only admins read, and the user who validated an address does not own its row -----------
-- (There is no owner: many people validate the same address. Users get their result from the API's answer.)

reset role;

select * from tests.assert_access('public.email_validations', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['validator',  'none',   'denied', 'denied', 'denied'],
  ['stranger',   'none',   'denied', 'denied', 'denied'],
  ['site_admin', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ email = 'ada@gmail.com' $$,
  insert_sql => $$ insert into public.email_validations (email, is_valid, format_valid, verdict)
                   values ('ada@gmail.com', false, false, 'undeliverable') $$,
  update_set => $$ verdict = 'risky' $$);

select tests.authenticate_as('site_admin');

select results_eq(
  $$ select email, verdict, reasons, validation_count from public.email_validations where email = 'ada@gmail.com' $$,
  $$ values ('ada@gmail.com', 'deliverable', '{free_provider}'::text[], 2) $$,
  'an admin reads every result'
);

-- Act 3: the structure behind it ----------------------------------------------------------------------------------

reset role;

select policies_are(
  'public', 'email_validations', array['Admins can read every validation result'],
  'the only policy lets admins read'
);

select results_eq(
  $$ select mx_records -> 0 ->> 'exchange', validated_at <= last_validated_at from public.email_validations
     where email = 'ada@gmail.com' $$,
  $$ values ('gmail-smtp-in.l.google.com', true) $$,
  'MX hosts are kept as JSON, and the result''s time is recorded'
);

select * from finish();
rollback;
