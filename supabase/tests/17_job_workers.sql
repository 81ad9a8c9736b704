-- Job workers: pg_cron and pg_net as the migrations use them, and private.kick_worker(), which queues a POST to a
-- worker function with the shared secret. Everything runs in this test's transaction, which rolls back, so no kick
-- queued here is ever sent.
begin;
select plan(24);

select tests.create_user('member');

-- Act 1: pg_cron schedules, as on Supabase ---------------------------------------------------------------------------

select has_extension('pg_cron');
select ok(
  exists (select from pg_stat_activity where backend_type = 'pg_cron launcher'),
  'pg_cron''s launcher runs (shared_preload_libraries), so schedules fire'
);
select is(current_setting('cron.database_name'), 'postgres', 'pg_cron runs its jobs in this database');

select isnt(cron.schedule('test-kick', '* * * * *', $$ select private.kick_worker('test-worker') $$), null::bigint,
  'cron.schedule names a job and returns its id');
select results_eq(
  $$ select schedule, command, database, username from cron.job where jobname = 'test-kick' $$,
  $$ values ('* * * * *'::text, ' select private.kick_worker(''test-worker'') '::text, 'postgres'::text, 'postgres'::text) $$,
  'the job is stored to run as its owner in this database'
);
select cron.schedule('test-kick', '*/5 * * * *', 'select 1');
select results_eq($$ select schedule from cron.job where jobname = 'test-kick' $$, $$ values ('*/5 * * * *'::text) $$,
  'scheduling a name again replaces its job');
select ok(cron.unschedule('test-kick'), 'cron.unschedule removes a job by name');
select is_empty($$ select from cron.job where jobname = 'test-kick' $$, 'the job is gone');

-- Act 2: pg_net's interface, as on Supabase --------------------------------------------------------------------------

select has_extension('pg_net');
select has_function('net', 'http_post', array['text', 'jsonb', 'jsonb', 'jsonb', 'integer']);
select has_function('net', 'http_get', array['text', 'jsonb', 'jsonb', 'integer']);
select columns_are('net', '_http_response',
  array['id', 'status_code', 'content_type', 'headers', 'content', 'timed_out', 'error_msg', 'created']);
select throws_ok($$ select net.http_post('http://example.test', headers => '{"Content-Type": "text/plain"}') $$,
  'Content-Type header must be "application/json"', 'http_post refuses a body that is not JSON, as pg_net does');
select net.http_get('http://example.test/path?x=1', params => '{"q": "a b&c", "é": "1", "e": ""}');
select results_eq(
  $$ select url, method::text from net.http_request_queue where id = (select max(id) from net.http_request_queue) $$,
  $$ values ('http://example.test/path?x=1&e=&q=a%20b%26c&%C3%A9=1'::text, 'GET'::text) $$,
  'http_get queues the URL with its params encoded as curl encodes them'
);

-- Act 3: kick_worker -------------------------------------------------------------------------------------------------

delete from private.job_settings;
select is(private.kick_worker('bulk-validation-worker'), null::bigint,
  'without settings, a kick is nothing and no error, so a fresh project''s schedules run');

insert into private.job_settings (name, value) values
  ('functions_url', 'https://project.supabase.test/functions/v1/'),
  ('worker_secret', 's3cret');
select isnt(private.kick_worker('bulk-validation-worker'), null::bigint, 'with settings, a kick returns its request id');
select results_eq(
  $$ select method::text, url, headers, convert_from(body, 'UTF8')::jsonb from net.http_request_queue
     where id = (select max(id) from net.http_request_queue) $$,
  $$ values ('POST'::text, 'https://project.supabase.test/functions/v1/bulk-validation-worker'::text,
       '{"Content-Type": "application/json", "x-worker-secret": "s3cret"}'::jsonb, '{}'::jsonb) $$,
  'the kick is a POST to the worker function with the secret, queued for pg_net'
);
select throws_ok($$ select private.kick_worker('../auth/v1/admin') $$, '22023', null,
  'a kick names a function, never a path');

-- Act 4: no API role reaches the settings or the kick ----------------------------------------------------------------

select tests.clear_authentication();
select throws_ok('select * from private.job_settings', '42501', null, 'anon cannot read the worker secret');
select throws_ok($$ select private.kick_worker('bulk-validation-worker') $$, '42501', null, 'anon cannot kick a worker');
select tests.authenticate_as('member');
select throws_ok('select * from private.job_settings', '42501', null, 'a user cannot read the worker secret');
select throws_ok($$ select private.kick_worker('bulk-validation-worker') $$, '42501', null, 'a user cannot kick a worker');
select tests.authenticate_as_service_role();
select throws_ok($$ update private.job_settings set value = 'https://elsewhere.test' $$, '42501', null,
  'the service role cannot point the kicks elsewhere');
select throws_ok($$ select private.kick_worker('bulk-validation-worker') $$, '42501', null,
  'the service role cannot kick a worker through SQL');
select tests.clear_authentication();
reset role;

select * from finish();
rollback;
