-- CRM sync runs and items: who reads them, and the queue their worker works through. A bulk run is started with the
-- owner's contacts among the ids; a worker claims it under a lease, takes batches of contacts without an outcome and
-- records their outcomes (false, writing nothing, once the lease was lost); an outcome is written once, so a run taken
-- over or resumed after a pause syncs no contact twice. One unfinished run per integration; single and inline syncs
-- are recorded complete in one call. Progress reaches the owner and admins on crm-sync:<run>; the counters are summed
-- from items under RLS.
begin;
select plan(127);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.crm_integrations (user_id, crm_type, accounts_host, api_host, refresh_token_sealed)
values (tests.get_user_id('owner'), 'zoho', 'https://accounts.zoho.eu', 'https://www.zohoapis.eu', 'v1.owner')
returning id as integration \gset
insert into public.crm_integrations (user_id, crm_type, accounts_host, api_host, refresh_token_sealed)
values (tests.get_user_id('stranger'), 'zoho', 'https://accounts.zoho.com', 'https://www.zohoapis.com', 'v1.stranger')
returning id as stranger_integration \gset

insert into public.saved_contacts (user_id, email, first_name, last_name, company, phone, position, source)
select tests.get_user_id('owner'), 'c' || n || '@example.com', 'First' || n, 'Last' || n, 'Company' || n,
  '+1 555 010' || n, 'Role' || n, 'manual'
from generate_series(1, 5) as n;
insert into public.saved_contacts (user_id, email, source)
values (tests.get_user_id('stranger'), 'theirs@example.com', 'manual');
select id as c1 from public.saved_contacts where email = 'c1@example.com' \gset
select id as c2 from public.saved_contacts where email = 'c2@example.com' \gset
select id as c3 from public.saved_contacts where email = 'c3@example.com' \gset
select id as c4 from public.saved_contacts where email = 'c4@example.com' \gset
select id as c5 from public.saved_contacts where email = 'c5@example.com' \gset
select id as theirs from public.saved_contacts where email = 'theirs@example.com' \gset
-- The address's latest validation: undeliverable, with a mobile number enrichment found.
insert into public.email_validations (email, domain, is_valid, format_valid, verdict, mobile_number)
values ('C2@example.com', 'example.com', false, true, 'undeliverable', '+1 555 0199');

-- Act 1: only server code runs the queue ------------------------------------------------------------------------------

select results_eq(
  $$ select p.oid::regprocedure::text,
       has_function_privilege('anon', p.oid, 'execute'),
       has_function_privilege('authenticated', p.oid, 'execute'),
       has_function_privilege('service_role', p.oid, 'execute')
     from pg_proc as p
     where p.pronamespace = 'private'::regnamespace
       and p.proname in ('start_crm_sync_run', 'claim_crm_sync_run', 'crm_sync_run_batch', 'record_crm_sync_items',
         'renew_crm_sync_lease', 'pause_crm_sync_run', 'fail_crm_sync_run', 'crm_sync_work_waiting',
         'crm_sync_claimable_in_ms', 'record_crm_sync_run')
     order by 1 $$,
  $$ values
       ('private.claim_crm_sync_run(integer)', false, false, true),
       ('private.crm_sync_claimable_in_ms()', false, false, true),
       ('private.crm_sync_run_batch(uuid,integer)', false, false, true),
       ('private.crm_sync_work_waiting()', false, false, true),
       ('private.fail_crm_sync_run(uuid,uuid,text,jsonb)', false, false, true),
       ('private.pause_crm_sync_run(uuid,uuid,timestamp with time zone,text)', false, false, true),
       ('private.record_crm_sync_items(uuid,uuid,jsonb)', false, false, true),
       ('private.record_crm_sync_run(uuid,text,jsonb,jsonb)', false, false, true),
       ('private.renew_crm_sync_lease(uuid,uuid,integer)', false, false, true),
       ('private.start_crm_sync_run(uuid,text,jsonb,bigint[])', false, false, true) $$,
  'the queue functions are the service role''s alone'
);
select tests.authenticate_as('owner');
select throws_ok(format('select private.start_crm_sync_run(%L, ''bulk'', ''{}'', array[%s])', :'integration', :c1),
  '42501', null, 'an owner cannot start a run past the API');
reset role;

-- Act 2: starting -----------------------------------------------------------------------------------------------------

select throws_ok(format('select private.start_crm_sync_run(%L, ''bulk'', ''{}'', array[%s])', gen_random_uuid(), :c1),
  'P0404', 'integration_not_found', 'an unknown integration has no run');
select throws_ok(format('select private.start_crm_sync_run(%L, ''bulk'', ''{}'', array[%s])', :'integration', :theirs),
  'P0002', 'no_contacts', 'another user''s contacts are not the owner''s to sync');
select throws_ok(format('select private.start_crm_sync_run(%L, ''bulk'', ''{}'', ''{}'')', :'integration'),
  'P0002', 'no_contacts', 'nor is nothing');
select private.start_crm_sync_run(:'integration', 'bulk', '{"tagInvalidEmails": true}',
  array[:c3, :c1, :theirs, :c2, :c5, :c4]) as run \gset
select results_eq(
  format($$ select status, sync_type, total, records_processed, options, user_id from public.crm_sync_logs
            where id = %L $$, :'run'),
  format($$ values ('pending', 'bulk', 5, 0, '{"tagInvalidEmails": true, "overwriteExisting": false}'::jsonb,
            %L::uuid) $$,
    tests.get_user_id('owner')),
  'a run starts pending with the owner''s five contacts and both options'
);
select results_eq(
  format($$ select contact_id, email, outcome from public.crm_sync_items where sync_log_id = %L order by id $$, :'run'),
  format($$ values (%s::bigint, 'c1@example.com', null::text), (%s, 'c2@example.com', null),
            (%s, 'c3@example.com', null),
            (%s, 'c4@example.com', null), (%s, 'c5@example.com', null) $$, :c1, :c2, :c3, :c4, :c5),
  'one item per contact, in id order, none synced yet'
);
select throws_ok(format('select private.start_crm_sync_run(%L, ''bulk'', ''{}'', array[%s])', :'integration', :c1),
  '23505', 'duplicate key value violates unique constraint "crm_sync_logs_active_key"',
  'a second run of the integration while one is unfinished is refused (the API''s 409)');
select ok(private.crm_sync_work_waiting(), 'work waits for a worker');
select is(private.crm_sync_claimable_in_ms(), 0, 'claimable at once');

-- Act 3: who reads runs and items, and hears their progress -------------------------------------------------------

select * from tests.assert_access('public.crm_sync_logs', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['owner',        'all',     'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
rows_where => format('id = %L', :'run'),
insert_sql => format($$ insert into public.crm_sync_logs (integration_id, user_id, sync_type)
                        values (%L, tests.get_user_id('stranger'), 'bulk') $$, :'stranger_integration'),
update_set => $$ status = 'completed' $$);

select * from tests.assert_access('public.crm_sync_items', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['owner',        'all',     'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
rows_where => format('sync_log_id = %L', :'run'),
insert_sql => format($$ insert into public.crm_sync_items (sync_log_id, user_id, email)
                        values (%L, tests.get_user_id('owner'), 'planted@example.com') $$, :'run'),
update_set => $$ outcome = 'created', processed_at = now() $$);

select ok(tests.receives('owner', 'crm-sync:' || :'run'), 'the owner may follow the run''s progress');
select ok(tests.receives('site_admin', 'crm-sync:' || :'run'), 'so may an admin');
select ok(not tests.receives('stranger', 'crm-sync:' || :'run'), 'another user may not');
select ok(not tests.receives('anon', 'crm-sync:' || :'run'), 'nor may anyone signed out');
select ok(not tests.receives('owner', 'crm-sync:not-a-run'),
  'a topic naming no run lets nobody in (and fails nothing)');
select ok(not tests.sends('owner', 'crm-sync:' || :'run'), 'nobody sends on it, not even the owner');
select ok(not tests.sends('site_admin', 'crm-sync:' || :'run'), 'nor an admin');

-- Act 4: working ------------------------------------------------------------------------------------------------------

select throws_ok('select * from private.claim_crm_sync_run(0)', '22023', null, 'a lease lasts a second or more');
select run_id as claimed, lease_owner as lease_a, options as claimed_options, user_id as claimed_user,
  integration_id as claimed_integration
from private.claim_crm_sync_run(30) \gset
select results_eq(
  format($$ values (%L::uuid, %L::uuid, %L::uuid, %L::jsonb) $$, :'claimed', :'claimed_integration', :'claimed_user',
    :'claimed_options'),
  format($$ values (%L::uuid, %L::uuid, %L::uuid, '{"tagInvalidEmails": true, "overwriteExisting": false}'::jsonb) $$,
    :'run', :'integration', tests.get_user_id('owner')),
  'a worker claims the run, its integration, owner and options'
);
select results_eq(
  format($$ select status, lease_owner, lease_expires_at = now() + interval '30 seconds', started_at = now()
            from public.crm_sync_logs where id = %L $$, :'run'),
  format($$ values ('running', %L::uuid, true, true) $$, :'lease_a'),
  'the run runs under the worker''s lease, its token proving it'
);
select is_empty('select * from private.claim_crm_sync_run(30)', 'a leased run is not claimed again');
select ok(not private.crm_sync_work_waiting(), 'no worker is wanted meanwhile');
select is(private.crm_sync_claimable_in_ms(), 30000, 'one may be when the lease runs out');
select is(
  (select payload - 'id' from realtime.messages where topic = 'crm-sync:' || :'run' and event = 'progress'),
  (select jsonb_build_object('jobId', id, 'status', 'running', 'total', 5, 'processed', 0, 'created', 0, 'updated', 0,
     'skipped', 0, 'failed', 0, 'options', jsonb_build_object('tagInvalidEmails', true, 'overwriteExisting', false),
     'message', null, 'startedAt', started_at, 'completedAt', null, 'createdAt', created_at)
   from public.crm_sync_logs where id = :'run'),
  'the claim is broadcast on the run''s topic as the contract''s run'
);
select is(
  (select count(*)::integer from realtime.messages
   where topic = 'crm-sync:' || :'run' and event = 'progress' and private),
  1, 'privately, once per change'
);

select results_eq(
  format($$ select item_id, contact_id, email, first_name, last_name, company, phone, mobile, job_title, is_valid
            from private.crm_sync_run_batch(%L, 2) $$, :'run'),
  format($$ values
    ((select id from public.crm_sync_items where contact_id = %1$s), %1$s::bigint, 'c1@example.com', 'First1', 'Last1',
     'Company1', '+1 555 0101', null::text, 'Role1', null::boolean),
    ((select id from public.crm_sync_items where contact_id = %2$s), %2$s::bigint, 'c2@example.com', 'First2', 'Last2',
     'Company2', '+1 555 0102', '+1 555 0199', 'Role2', false) $$, :c1, :c2),
  'a batch: the next contacts with their fields and their address''s latest validation'
);

select ok(not private.renew_crm_sync_lease(:'run', gen_random_uuid(), 60), 'another token cannot renew the lease');
select ok(private.renew_crm_sync_lease(:'run', :'lease_a', 60), 'its holder can');
select is((select lease_expires_at from public.crm_sync_logs where id = :'run'), now() + interval '60 seconds',
  'for the seconds it asks');
select throws_ok(format('select private.renew_crm_sync_lease(%L, %L, 0)', :'run', :'lease_a'), '22023', null,
  'again at least a second');

select ok(not private.record_crm_sync_items(:'run', gen_random_uuid(),
  jsonb_build_array(jsonb_build_object('contactId', :c1, 'outcome', 'created'))), 'another token records nothing');
select is((select records_processed from public.crm_sync_logs where id = :'run'), 0, 'and moves no counter');
select throws_ok(format('select private.record_crm_sync_items(%L, %L, %L)', :'run', :'lease_a',
  jsonb_build_array(jsonb_build_object('contactId', :c1, 'outcome', 'synced'))), '22023', null,
  'an outcome is created, updated, skipped or failed');
select throws_ok(format('select private.record_crm_sync_items(%L, %L, %L)', :'run', :'lease_a', '{}'), '22023', null,
  'results are a list');
select ok(private.record_crm_sync_items(:'run', :'lease_a', jsonb_build_array(
  jsonb_build_object('contactId', :c1, 'outcome', 'created', 'zohoId', 'z1', 'tagged', false, 'message', null),
  jsonb_build_object('contactId', :c2, 'outcome', 'failed', 'zohoId', null, 'tagged', false,
    'message', 'INVALID_DATA: Email'))), 'the holder records its batch');
select results_eq(
  format($$ select contact_id, outcome, zoho_id, tagged, message, processed_at is not null
            from public.crm_sync_items where sync_log_id = %L order by id $$, :'run'),
  format($$ values (%s::bigint, 'created', 'z1', false, null, true),
            (%s, 'failed', null, false, 'INVALID_DATA: Email', true),
            (%s, null, null, false, null, false), (%s, null, null, false, null, false),
            (%s, null, null, false, null, false) $$, :c1, :c2, :c3, :c4, :c5),
  'each contact''s outcome is stored'
);
select results_eq(
  format($$ select status, records_processed, records_successful, records_failed, created, updated, skipped
            from public.crm_sync_logs where id = %L $$, :'run'),
  $$ values ('running', 2, 1, 1, 1, 0, 0) $$,
  'with the run''s counters, in the same transaction'
);
select ok(
  exists (select from realtime.messages where topic = 'crm-sync:' || :'run' and event = 'progress'
          and payload ->> 'processed' = '2' and payload ->> 'failed' = '1'),
  'the progress is broadcast'
);
select ok(private.record_crm_sync_items(:'run', :'lease_a', jsonb_build_array(
  jsonb_build_object('contactId', :c1, 'outcome', 'updated', 'zohoId', 'z-other'))), 'a contact recorded again');
select results_eq(
  format($$ select i.outcome, i.zoho_id, l.records_processed from public.crm_sync_items as i
            join public.crm_sync_logs as l on l.id = i.sync_log_id where i.contact_id = %s $$, :c1),
  $$ values ('created', 'z1', 2) $$,
  'keeps its first outcome and counts once'
);
select results_eq(
  format($$ select contact_id from private.crm_sync_run_batch(%L, 10) $$, :'run'),
  format($$ values (%s::bigint), (%s), (%s) $$, :c3, :c4, :c5),
  'a contact with an outcome is never handed out again'
);

-- The worker stops answering: its lease runs out and another worker takes the run over.
update public.crm_sync_logs set lease_expires_at = now() - interval '1 second' where id = :'run';
select ok(private.crm_sync_work_waiting(), 'a run whose lease ran out wants a worker');
select is(private.crm_sync_claimable_in_ms(), 0, 'at once');
select run_id as reclaimed, lease_owner as lease_b from private.claim_crm_sync_run(30) \gset
select is(:'reclaimed'::uuid, :'run'::uuid, 'another worker claims it again');
select isnt(:'lease_b'::uuid, :'lease_a'::uuid, 'under a new token');
select ok(not private.renew_crm_sync_lease(:'run', :'lease_a', 30), 'the first worker''s lease is lost');
select ok(not private.record_crm_sync_items(:'run', :'lease_a', jsonb_build_array(
  jsonb_build_object('contactId', :c3, 'outcome', 'created'))), 'it records nothing');
select is((select outcome from public.crm_sync_items where contact_id = :c3), null, 'the contact still waits');

-- The CRM's daily credits are spent: the run pauses until they reset.
select throws_ok(format('select private.pause_crm_sync_run(%L, %L, null, ''Credits'')', :'run', :'lease_b'), '22023',
  null, 'a pause resumes at a time');
select ok(not private.pause_crm_sync_run(:'run', :'lease_a', now() + interval '1 hour', 'Credits'),
  'a lost lease pauses nothing');
select ok(private.pause_crm_sync_run(:'run', :'lease_b', now() + interval '1 hour',
  'Zoho''s daily API credits are spent'), 'the holder pauses the run');
select results_eq(
  format($$ select status, resume_after, message, lease_owner from public.crm_sync_logs where id = %L $$, :'run'),
  $$ values ('paused', now() + interval '1 hour', 'Zoho''s daily API credits are spent', null::uuid) $$,
  'paused until the credits reset, saying why, its lease given up'
);
select is(
  (select payload ->> 'message' from realtime.messages where topic = 'crm-sync:' || :'run' and event = 'progress'
   and payload ->> 'status' = 'paused'),
  'Zoho''s daily API credits are spent', 'the pause is broadcast with its reason'
);
select ok(not private.renew_crm_sync_lease(:'run', :'lease_b', 30), 'a paused run has no lease to renew');
select is_empty('select * from private.claim_crm_sync_run(30)', 'nor is it claimed before it resumes');
select ok(not private.crm_sync_work_waiting(), 'no worker is wanted');
select is(private.crm_sync_claimable_in_ms(), 3600000, 'until it resumes');
select throws_ok(format('select private.start_crm_sync_run(%L, ''bulk'', ''{}'', array[%s])', :'integration', :c1),
  '23505', null, 'a paused run is unfinished: still no second run');

update public.crm_sync_logs set resume_after = now() - interval '1 second' where id = :'run';
select ok(private.crm_sync_work_waiting(), 'once the credits reset, a worker is wanted');
select lease_owner as lease_c from private.claim_crm_sync_run(30) \gset
select results_eq(
  format($$ select status, message, resume_after, lease_owner from public.crm_sync_logs where id = %L $$, :'run'),
  format($$ values ('running', null::text, null::timestamptz, %L::uuid) $$, :'lease_c'),
  'and the run resumes, its pause over'
);

-- A contact deleted before its turn: no batch hands it out, and the run still completes.
delete from public.saved_contacts where id = :c4;
select results_eq(
  format($$ select contact_id from private.crm_sync_run_batch(%L, 10) $$, :'run'),
  format($$ values (%s::bigint), (%s) $$, :c3, :c5),
  'the batch leaves out a deleted contact'
);
select ok(private.record_crm_sync_items(:'run', :'lease_c', jsonb_build_array(
  jsonb_build_object('contactId', :c3, 'outcome', 'updated', 'zohoId', 'z3', 'tagged', true),
  jsonb_build_object('contactId', :c5, 'outcome', 'skipped', 'message', 'Nothing to send'))), 'the last batch');
select results_eq(
  format($$ select email, outcome, message from public.crm_sync_items where sync_log_id = %L and contact_id is null $$,
    :'run'),
  $$ values ('c4@example.com', 'skipped', 'The contact was deleted before it was synced') $$,
  'the deleted contact is skipped, saying why'
);
select results_eq(
  format($$ select status, completed_at = now(), lease_owner, total, records_processed, records_successful,
              records_failed, created, updated, skipped
            from public.crm_sync_logs where id = %L $$, :'run'),
  $$ values ('completed', true, null::uuid, 5, 5, 4, 1, 1, 1, 2) $$,
  'with no contact waiting the run completes'
);
select is((select last_sync_at from public.crm_integrations where id = :'integration'), now(),
  'and the integration''s last sync is now');
select is(
  (select payload - 'id' from realtime.messages where topic = 'crm-sync:' || :'run' and event = 'progress'
     and payload ->> 'status' = 'completed'),
  (select jsonb_build_object('jobId', id, 'status', 'completed', 'total', 5, 'processed', 5, 'created', 1,
     'updated', 1, 'skipped', 2, 'failed', 1,
     'options', jsonb_build_object('tagInvalidEmails', true, 'overwriteExisting', false),
     'message', null, 'startedAt', started_at, 'completedAt', completed_at, 'createdAt', created_at)
   from public.crm_sync_logs where id = :'run'),
  'its completion is broadcast'
);
select is(
  (select count(*)::integer from realtime.messages
   where topic = 'crm-sync:' || :'run' and payload ->> 'processed' = '5'),
  1, 'with the last counters, in one message'
);
select ok(not private.record_crm_sync_items(:'run', :'lease_c', '[]'), 'a completed run takes no more results');
select ok(not private.crm_sync_work_waiting(), 'no work waits any more');
select is(private.crm_sync_claimable_in_ms(), null, 'nor will');

-- A run that fails: the connection needs reconnecting.
select private.start_crm_sync_run(:'integration', 'bulk', '{}', array[:c1, :c2]) as run2 \gset
select lease_owner as lease_d from private.claim_crm_sync_run(30) \gset
select ok(not private.fail_crm_sync_run(:'run2', gen_random_uuid(), 'Reconnect'), 'a stranger''s token fails nothing');
select ok(private.fail_crm_sync_run(:'run2', :'lease_d', 'Reconnect Zoho CRM to continue', '{"status": 401}'),
  'the holder fails its run');
select results_eq(
  format($$ select status, completed_at = now(), message, error_details, lease_owner, records_processed
            from public.crm_sync_logs where id = %L $$, :'run2'),
  $$ values ('failed', true, 'Reconnect Zoho CRM to continue', '{"status": 401}'::jsonb, null::uuid, 0) $$,
  'failed, saying why, its contacts left unsynced'
);
select ok(not private.record_crm_sync_items(:'run2', :'lease_d', '[]'), 'a failed run takes no results');
select is_empty('select * from private.claim_crm_sync_run(30)', 'and is not claimed again');

-- Act 5: single and inline syncs ------------------------------------------------------------------------------------

select private.start_crm_sync_run(:'integration', 'bulk', '{}', array[:c1]) as run3 \gset
select private.record_crm_sync_run(:'integration', 'single', '{"overwriteExisting": true}', jsonb_build_array(
  jsonb_build_object('contactId', :c3, 'outcome', 'updated', 'zohoId', 'z3', 'tagged', false,
    'message', repeat('m', 2500)),
  jsonb_build_object('contactId', :theirs, 'outcome', 'created', 'zohoId', 'zx'))) as single \gset
select results_eq(
  format($$ select sync_type, status, options, total, records_processed, updated, completed_at = now()
            from public.crm_sync_logs where id = %L $$, :'single'),
  $$ values ('single', 'completed', '{"tagInvalidEmails": false, "overwriteExisting": true}'::jsonb, 1, 1, 1, true) $$,
  'a single sync is recorded as a completed run, even while a bulk run is unfinished'
);
select results_eq(
  format($$ select contact_id, outcome, zoho_id, char_length(message) from public.crm_sync_items
            where sync_log_id = %L $$, :'single'),
  format($$ values (%s::bigint, 'updated', 'z3', 2000) $$, :c3),
  'its items are the owner''s contacts only (a long message from the CRM cut to 2,000 characters)'
);
select is_empty(format($$ select from realtime.messages where topic = 'crm-sync:%s' $$, :'single'),
  'nobody follows it live: it is answered whole');
select throws_ok(format('select private.record_crm_sync_run(%L, ''inline'', ''{}'', %L)', :'integration',
  jsonb_build_array(jsonb_build_object('contactId', :theirs, 'outcome', 'created'))), 'P0002', 'no_contacts',
  'a sync of no contact of the owner''s records nothing');
select throws_ok(format('select private.record_crm_sync_run(%L, ''inline'', ''{}'', ''[{"contactId": 1}]'')',
  :'integration'), '22023', null, 'results need outcomes');
select throws_ok(format('select private.record_crm_sync_run(%L, ''inline'', ''{}'', ''[]'')', gen_random_uuid()),
  'P0404', 'integration_not_found', 'an unknown integration records nothing');

-- Act 6: the counters, summed from items under RLS -------------------------------------------------------------------

select private.record_crm_sync_run(:'stranger_integration', 'inline', '{}', jsonb_build_array(
  jsonb_build_object('contactId', :theirs, 'outcome', 'created', 'zohoId', 'zt'))) as stranger_run \gset
select tests.authenticate_as('owner');
select results_eq(
  format($$ select * from public.crm_sync_stats(%L) $$, tests.get_user_id('owner')),
  $$ values (6, 1, 2, 2, 5, 1) $$,
  'the owner''s counters: every synced contact of their runs, bulk and single (unsynced ones not)'
);
select results_eq('select * from public.crm_sync_stats()', $$ values (6, 1, 2, 2, 5, 1) $$,
  'without a user: still only their own');
reset role;
select tests.authenticate_as('stranger');
select results_eq(
  format($$ select * from public.crm_sync_stats(%L) $$, tests.get_user_id('owner')),
  $$ values (0, 0, 0, 0, 0, 0) $$,
  'another user counts none of the owner''s'
);
reset role;
select tests.authenticate_as('site_admin');
select results_eq('select * from public.crm_sync_stats()', $$ values (7, 2, 2, 2, 6, 1) $$,
  'an admin''s are the platform''s totals');
reset role;
select tests.clear_authentication();
select throws_ok('select * from public.crm_sync_stats()', '42501', null, 'signed out, there are none');
reset role;

-- Disconnecting takes the integration's history with it.
delete from public.crm_integrations where id = :'integration';
select is_empty(
  format($$ select from public.crm_sync_logs where id in (%1$L, %2$L, %3$L, %4$L)
            union all select from public.crm_sync_items where sync_log_id in (%1$L, %2$L, %3$L, %4$L) $$,
    :'run', :'run2', :'run3', :'single'),
  'disconnecting removes the integration''s runs, the unfinished one too, and their items'
);

select * from finish();
rollback;
