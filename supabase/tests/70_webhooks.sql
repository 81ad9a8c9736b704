-- Webhooks: who reads secrets, deliveries and their attempts (the owner their own, admins all, no API role writes, the
-- sealed secret unreadable by anyone through the API); the trigger that queues a job's webhook only when a session with
-- a callback_url ends completed or failed (cancelled is reported failed); and the queue the webhook worker works: a
-- lease per attempt, each attempt logged, the delivery moved on only by the lease holder; an owner's redelivery.
begin;
select plan(92);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.webhook_secrets (user_id, secret_sealed) values (tests.get_user_id('owner'), 'v1.sealed-owner');
insert into public.webhook_secrets (user_id, secret_sealed) values (tests.get_user_id('stranger'), 'v1.sealed-other');

insert into public.bulk_validation_sessions (user_id, name, file_name, status, callback_url)
values (tests.get_user_id('owner'), 'API: build', 'api-1.csv', 'running', 'https://hooks.example.com/mailscout')
returning id as job \gset
insert into public.bulk_validation_items (session_id, email_key, domain, row_count, chunk_no, result, verdict)
values
  (:'job', 'a@example.com', 'example.com', 2, 1, '{}', 'deliverable'),
  (:'job', 'b@example.com', 'example.com', 1, 1, '{}', 'deliverable'),
  (:'job', 'c@example.com', 'example.com', 1, 1, '{}', 'undeliverable'),
  (:'job', 'd@example.com', 'example.com', 1, 1, '{}', 'unknown');

-- Act 1: the enqueue trigger ------------------------------------------------------------------------------------------

insert into public.bulk_validation_sessions (user_id, name, file_name, status, callback_url)
values (tests.get_user_id('owner'), 'no callback', 'a.csv', 'running', null) returning id as plain \gset
insert into public.bulk_validation_sessions (user_id, name, file_name, status, callback_url)
values (tests.get_user_id('owner'), 'will fail', 'b.csv', 'queued', 'https://hooks.example.com/failed')
returning id as failing \gset
insert into public.bulk_validation_sessions (user_id, name, file_name, status, callback_url)
values (tests.get_user_id('stranger'), 'cancelled', 'c.csv', 'queued', 'https://hooks.example.com/cancelled')
returning id as cancelled \gset

update public.bulk_validation_sessions set status = 'running' where id = :'failing';
select is((select count(*)::integer from public.webhook_deliveries), 0, 'starting a job queues nothing');
update public.bulk_validation_sessions set status = 'completed' where id = :'plain';
select is((select count(*)::integer from public.webhook_deliveries), 0, 'a job without a callback_url queues nothing');

update public.bulk_validation_sessions set status = 'completed', completed_at = now() where id = :'job';
select results_eq(
  format($$ select user_id, event, url, status, attempts, next_attempt_at <= now(), payload - 'occurredAt'
            from public.webhook_deliveries where session_id = %L $$, :'job'),
  format($$ values (%L::uuid, 'job.completed', 'https://hooks.example.com/mailscout', 'pending', 0, true,
             jsonb_build_object('event', 'job.completed', 'jobId', %L, 'status', 'completed',
               'counts', '{"deliverable": 3, "risky": 0, "undeliverable": 1, "unknown": 1}'::jsonb,
               'resultsUrl', %L)) $$,
    tests.get_user_id('owner'), :'job', '/api/integrations/jobs/' || :'job' || '/results'),
  'a completed job with a callback_url queues job.completed with its counts per verdict (rows) and results path'
);
select ok(
  (select (payload ->> 'occurredAt') ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$'
   from public.webhook_deliveries where session_id = :'job'),
  'occurredAt is an ISO 8601 UTC time'
);
update public.bulk_validation_sessions set name = 'renamed' where id = :'job';
update public.bulk_validation_sessions set status = 'failed' where id = :'failing';
update public.bulk_validation_sessions set status = 'cancelled' where id = :'cancelled';
select results_eq(
  $$ select s.name, d.event, d.payload ->> 'status', d.payload -> 'resultsUrl' = 'null'::jsonb
     from public.webhook_deliveries as d join public.bulk_validation_sessions as s on s.id = d.session_id
     order by s.name $$,
  $$ values ('cancelled', 'job.failed', 'failed', true),
            ('renamed', 'job.completed', 'completed', false),
            ('will fail', 'job.failed', 'failed', true) $$,
  'failed and cancelled jobs queue job.failed without resultsUrl; a change after the end queues nothing more'
);
update public.webhook_deliveries set next_attempt_at = now() + interval '1 hour' where session_id <> :'job';
select id as delivery from public.webhook_deliveries where session_id = :'job' \gset

-- Act 2: who reads what -----------------------------------------------------------------------------------------------

select * from tests.assert_access('public.webhook_secrets', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['owner',        'all',     'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
rows_where => $$ user_id = tests.get_user_id('owner') $$,
insert_sql => $$ insert into public.webhook_secrets (user_id, secret_sealed)
                 values (tests.get_user_id('site_admin'), 'v1.planted') $$,
update_set => $$ created_at = now() $$);

select tests.authenticate_as('owner');
select throws_ok('select secret_sealed from public.webhook_secrets', '42501', null,
  'the owner cannot read the sealed secret');
select is((select created_at is not null from public.webhook_secrets), true, 'the owner sees when theirs was made');
reset role;
select tests.authenticate_as('site_admin');
select throws_ok('select secret_sealed from public.webhook_secrets', '42501', null, 'nor can an admin');
reset role;

select * from tests.assert_access('public.webhook_deliveries', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['owner',        'all',     'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
rows_where => $$ user_id = tests.get_user_id('owner') $$,
insert_sql => format($$ insert into public.webhook_deliveries (user_id, session_id, event, url, payload)
                 values (tests.get_user_id('owner'), %L, 'job.completed', 'https://x.example.com/', '{}') $$, :'job'),
update_set => $$ status = 'delivered', next_attempt_at = null $$);

select tests.authenticate_as('owner');
select throws_ok('select lease_owner from public.webhook_deliveries', '42501', null,
  'the lease is the worker''s business');
reset role;

-- Act 3: the queue ----------------------------------------------------------------------------------------------------

select results_eq(
  $$ select p.oid::regprocedure::text,
       has_function_privilege('anon', p.oid, 'execute'),
       has_function_privilege('authenticated', p.oid, 'execute'),
       has_function_privilege('service_role', p.oid, 'execute')
     from pg_proc as p
     where p.pronamespace = 'private'::regnamespace
       and p.proname in ('claim_webhook_delivery', 'record_webhook_attempt', 'webhook_deliveries_due',
         'redeliver_webhook', 'enqueue_job_webhook', 'webhook_event_payload')
     order by 1 $$,
  $$ values
       ('private.claim_webhook_delivery(integer)', false, false, true),
       ('private.enqueue_job_webhook()', false, false, false),
       ('private.record_webhook_attempt(uuid,uuid,integer,text,integer,boolean,timestamp with time zone)',
         false, false, true),
       ('private.redeliver_webhook(uuid)', false, true, false),
       ('private.webhook_deliveries_due()', false, false, true),
       ('private.webhook_event_payload(bulk_validation_sessions)', false, false, false) $$,
  'the queue is the service role''s; only redelivery is the owner''s'
);

select is(private.webhook_deliveries_due(), true, 'the completed job''s delivery is due');
select tests.authenticate_as_service_role();
select delivery_id as claimed, lease_owner as lease, attempt, url
from private.claim_webhook_delivery(30) \gset
reset role;
select is(:'claimed'::uuid, :'delivery'::uuid, 'the due delivery is claimed');
select is(:attempt, 1, 'as its first attempt');
select is((select count(*)::integer from private.claim_webhook_delivery(30)), 0, 'a leased delivery is not claimed twice');
select is(private.webhook_deliveries_due(), false, 'nor is it due while leased');
select throws_ok('select * from private.claim_webhook_delivery(0)', '22023', null, 'a lease lasts a second at least');

select is(private.record_webhook_attempt(:'delivery', gen_random_uuid(), 200, null, 12, true, null), false,
  'a worker without the lease records nothing');
select is(private.record_webhook_attempt(:'delivery', :'lease', 500, 'The receiver answered 500', 87, false,
  now() + interval '60 seconds'), true, 'the lease holder records a failed attempt');
select results_eq(
  format($$ select status, attempts, next_attempt_at = now() + interval '60 seconds', last_status_code, last_error,
              lease_owner is null from public.webhook_deliveries where id = %L $$, :'delivery'),
  $$ values ('pending', 1, true, 500, 'The receiver answered 500', true) $$,
  'a failed attempt leaves it pending until the next time the worker gives, the lease handed back'
);
select is(private.record_webhook_attempt(:'delivery', :'lease', 200, null, 5, true, null), false,
  'a lease is good for one record');
select is((select count(*)::integer from private.claim_webhook_delivery(30)), 0, 'a retry is not claimed before its time');

-- The clock moved in SQL rather than waited for.
update public.webhook_deliveries set next_attempt_at = now() where id = :'delivery';
select delivery_id as claimed, lease_owner as lease, attempt from private.claim_webhook_delivery(30) \gset
select is(:attempt, 2, 'the retry is the second attempt');
select is(private.record_webhook_attempt(:'delivery', :'lease', null, 'No answer within 10 s', 10000, false, null), true,
  'the last attempt failing');
select results_eq(
  format($$ select status, attempts, next_attempt_at, last_status_code from public.webhook_deliveries where id = %L $$,
    :'delivery'),
  $$ values ('failed', 2, null::timestamptz, null::integer) $$,
  'with no next time it has failed'
);

-- Redelivery: the owner's alone.
select tests.authenticate_as('stranger');
select throws_ok(format('select private.redeliver_webhook(%L)', :'delivery'), 'P0002', 'webhook_delivery_not_found',
  'another user''s delivery is not found');
reset role;
select tests.authenticate_as('site_admin');
select throws_ok(format('select private.redeliver_webhook(%L)', :'delivery'), 'P0002', 'webhook_delivery_not_found',
  'nor does an admin redeliver for the owner');
reset role;
select tests.clear_authentication();
select throws_ok(format('select private.redeliver_webhook(%L)', :'delivery'), '42501', null, 'nor anyone signed out');
reset role;
select tests.authenticate_as('owner');
select lives_ok(format('select private.redeliver_webhook(%L)', :'delivery'), 'the owner redelivers');
reset role;
select results_eq(
  format($$ select status, next_attempt_at <= now() from public.webhook_deliveries where id = %L $$, :'delivery'),
  $$ values ('pending', true) $$,
  'a redelivery is due now'
);
select delivery_id as claimed, lease_owner as lease, attempt from private.claim_webhook_delivery(30) \gset
select is(private.record_webhook_attempt(:'delivery', :'lease', 204, null, 33, true, null), true, 'and delivered');
select results_eq(
  format($$ select status, attempts, next_attempt_at, delivered_at is not null, last_error
            from public.webhook_deliveries where id = %L $$, :'delivery'),
  $$ values ('delivered', 3, null::timestamptz, true, null::text) $$,
  'delivered, with when'
);
select results_eq(
  format($$ select attempt, status_code, error, duration_ms from public.webhook_delivery_attempts
            where delivery_id = %L order by attempt $$, :'delivery'),
  $$ values (1, 500, 'The receiver answered 500', 87), (2, null, 'No answer within 10 s', 10000),
            (3, 204, null, 33) $$,
  'every attempt is logged with its status or error and duration'
);

select * from tests.assert_access('public.webhook_delivery_attempts', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['owner',        'all',     'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
rows_where => format($$ delivery_id = %L $$, :'delivery'),
insert_sql => format($$ insert into public.webhook_delivery_attempts (delivery_id, attempt, duration_ms)
                 values (%L, 9, 1) $$, :'delivery'),
update_set => $$ error = 'planted' $$);

select * from finish();
rollback;
