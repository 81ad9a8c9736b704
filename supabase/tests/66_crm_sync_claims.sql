-- CRM sync runs under concurrency: two workers never get the same run, and a worker recording a batch and the owner
-- disconnecting wait for each other instead of interleaving. pgTAP runs in one session, so the workers are other
-- sessions opened with dblink; what they do is committed (they can't see this test's transaction), and removed again
-- at the end. Whether a session waits is read from the lock manager (pg_blocking_pids), never guessed from time.
begin;
select plan(7);

create extension if not exists dblink with schema extensions;

select tests.open_sessions(array['setup', 'worker_a', 'worker_b']);

-- Arrange, committed: two users, each with a connection, two contacts and a bulk run of them.
select dblink_exec('setup', $$ delete from auth.users where raw_app_meta_data ->> 'test_user' like 'crm_claims_%' $$);
select tests.on_session('setup', $$
  with owners as (
    select tests.create_user('crm_claims_' || n) as id from generate_series(1, 2) as n
  ), integrations as (
    insert into public.crm_integrations (user_id, crm_type, accounts_host, api_host, refresh_token_sealed)
    select id, 'zoho', 'https://accounts.zoho.com', 'https://www.zohoapis.com', 'v1.sealed' from owners
    returning id, user_id
  ), contacts as (
    insert into public.saved_contacts (user_id, email, source)
    select o.id, 'contact' || n || '@example.com', 'manual' from owners as o cross join generate_series(1, 2) as n
    returning id
  )
  select count(*)::text from integrations, (select count(*) from contacts) as c
$$);
select tests.on_session('setup', $$
  select private.start_crm_sync_run(i.id, 'bulk', '{}',
    array(select c.id from public.saved_contacts as c where c.user_id = i.user_id))::text
  from public.crm_integrations as i where i.user_id = tests.get_user_id('crm_claims_1')
$$) as first_run \gset
-- Started in a transaction of its own, so later: claims take the oldest run first.
select tests.on_session('setup', $$
  select private.start_crm_sync_run(i.id, 'bulk', '{}',
    array(select c.id from public.saved_contacts as c where c.user_id = i.user_id))::text
  from public.crm_integrations as i where i.user_id = tests.get_user_id('crm_claims_2')
$$) as second_run \gset
select tests.on_session('worker_a', 'select pg_backend_pid()::text') as a_pid \gset

-- Skip locked: a claim in progress is passed over, not waited for --------------------------------------------------

select dblink_exec('worker_a', 'begin');
select tests.on_session('worker_a', 'select run_id::text from private.claim_crm_sync_run(60)') as a_claim \gset
select tests.on_session('worker_b', 'select run_id::text from private.claim_crm_sync_run(60)') as b_claim \gset
select is(array[:'a_claim', :'b_claim'], array[:'first_run', :'second_run'],
  'while one worker''s claim of the first run is uncommitted, another claims the second without waiting');
select is(tests.on_session('worker_b', 'select count(*)::text from private.claim_crm_sync_run(60)'), '0',
  'and finds nothing more');
select dblink_exec('worker_a', 'commit');

-- Claims racing: the leases expire and both workers claim at the same moment ------------------------------------------

select dblink_exec('setup', format($$ update public.crm_sync_logs set lease_expires_at = now() - interval '1 second'
                                      where id in (%L, %L) $$, :'first_run', :'second_run'));
select dblink_send_query(conn, 'select run_id::text from private.claim_crm_sync_run(60)')
from unnest(array['worker_a', 'worker_b']) as conn;
select tests.session_result('worker_a') as a_race, tests.session_result('worker_b') as b_race \gset
select ok(:'a_race' <> :'b_race', format('two claims at once get two runs (%s and %s)', :'a_race', :'b_race'));

-- A worker's record waits for a disconnect in progress, then writes nothing ------------------------------------------

select tests.on_session('setup', format($$ select lease_owner::text from public.crm_sync_logs where id = %L $$,
                                        :'first_run')) as first_lease \gset
select dblink_exec('worker_b', 'begin');
select tests.on_session('worker_b', $$ select tests.authenticate_as('crm_claims_1')::text $$);
select dblink_exec('worker_b', 'delete from public.crm_integrations');
select dblink_send_query('worker_a',
  format($$ select private.record_crm_sync_items(%L, %L, (
              select jsonb_agg(jsonb_build_object('contactId', contact_id, 'outcome', 'created'))
              from private.crm_sync_run_batch(%1$L, 10)))::text $$, :'first_run', :'first_lease'));
select ok(tests.waits_for_lock(:a_pid), 'a worker''s record waits for the owner''s disconnect in progress');
select dblink_exec('worker_b', 'commit');
select is(tests.session_result('worker_a'), 'false', 'then records nothing: the run is gone');
select is(
  tests.on_session('setup', format($$ select count(*)::text from public.crm_sync_items where sync_log_id = %L $$,
                              :'first_run')),
  '0',
  'and its items with it'
);
select is(
  tests.on_session('setup', format($$ select status from public.crm_sync_logs where id = %L $$, :'second_run')),
  'running',
  'the other user''s run goes on'
);

-- Clean up what the workers committed --------------------------------------------------------------------------------

select dblink_exec('setup', format($$ delete from realtime.messages where topic in ('crm-sync:%s', 'crm-sync:%s') $$,
                                   :'first_run', :'second_run'));
select dblink_exec('setup', $$ delete from auth.users where raw_app_meta_data ->> 'test_user' like 'crm_claims_%' $$);
select tests.close_sessions(array['setup', 'worker_a', 'worker_b']);

select * from finish();
rollback;
