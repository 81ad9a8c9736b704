-- Bulk validation under concurrency: two workers never get the same chunk, and a cancel and a worker's commit wait
-- for each other instead of interleaving. pgTAP runs in one session, so the workers are other sessions opened with
-- dblink; what they do is committed (they can't see this test's transaction), and removed again at the end.
-- Whether a session waits is read from the lock manager (pg_blocking_pids), never guessed from time.
begin;
select plan(12);

create extension if not exists dblink with schema extensions;

select tests.open_sessions(array['setup', 'worker_a', 'worker_b']);

-- Arrange, committed: a user with a 2,500-row job of 3 chunks (5 domains of 500 addresses, two to a chunk).
select dblink_exec('setup', $$ delete from auth.users where raw_app_meta_data ->> 'test_user' = 'claims_owner' $$);
select tests.on_session('setup', $$ select tests.create_user('claims_owner')::text $$) as owner_id \gset
select tests.on_session('setup', $$ select tests.bulk_upload('claims_owner', tests.bulk_rows(2500, 5))::text $$) as first_job \gset
select tests.on_session('worker_b', 'select pg_backend_pid()::text') as b_pid \gset
select tests.on_session('worker_a', 'select pg_backend_pid()::text') as a_pid \gset

-- Skip locked: a claim in progress is passed over, not waited for --------------------------------------------------

select dblink_exec('worker_a', 'begin');
select tests.on_session('worker_a', 'select chunk_no::text from private.bulk_claim_chunk(60)') as a_claim \gset
select tests.on_session('worker_b', 'select chunk_no::text from private.bulk_claim_chunk(60)') as b_claim \gset
select is(array[:'a_claim', :'b_claim'], array['1', '2'],
  'while one worker''s claim of chunk 1 is uncommitted, another claims chunk 2 without waiting');
select dblink_exec('worker_b', 'begin');
select is(tests.on_session('worker_b', 'select chunk_no::text from private.bulk_claim_chunk(60)'), '3', 'and then chunk 3');
select is(tests.on_session('worker_a', 'select count(*)::text from private.bulk_claim_chunk(60)'), '0',
  'the first worker finds nothing more: chunk 2 is leased, chunk 3 is being claimed');
select dblink_exec('worker_a', 'commit');
select dblink_exec('worker_b', 'commit');
select is(
  tests.on_session('setup', format($$ select count(distinct lease_token)::text from public.bulk_validation_chunks
                                where session_id = %L and state = 'leased' and attempts = 1 $$, :'first_job')),
  '3',
  'three chunks, three leases, one attempt each'
);

-- Claims racing: the leases expire and both workers claim at the same moment ------------------------------------------

select dblink_exec('setup', format($$ update public.bulk_validation_chunks set lease_until = now() - interval '1 second'
                                      where session_id = %L $$, :'first_job'));
select dblink_send_query(conn, 'select chunk_no::text from private.bulk_claim_chunk(60)')
from unnest(array['worker_a', 'worker_b']) as conn;
select tests.session_result('worker_a') as a_race, tests.session_result('worker_b') as b_race \gset
select ok(:'a_race' <> :'b_race', format('two claims at once get two chunks (%s and %s)', :'a_race', :'b_race'));

-- A cancel waits for a worker's commit in progress ---------------------------------------------------------------------

select dblink_exec('worker_a', 'begin');
select tests.on_session('worker_a', $$ select private.bulk_complete_chunk(c.session_id, c.chunk_no, c.lease_token,
                                    tests.bulk_results(c.items))::text
                                  from private.bulk_claim_chunk(60) as c $$) as a_completed \gset
select dblink_exec('worker_b', 'begin');
select tests.on_session('worker_b', $$ select tests.authenticate_as('claims_owner')::text $$);
select dblink_send_query('worker_b',
  format($$ with gone as (delete from public.bulk_validation_sessions where id = %L returning 1)
            select count(*)::text from gone $$, :'first_job'));
select ok(tests.waits_for_lock(:b_pid), 'the owner''s cancel waits for the worker''s commit in progress');
select dblink_exec('worker_a', 'commit');
select is(tests.session_result('worker_b'), '1', 'then deletes the job');
select dblink_exec('worker_b', 'commit');
select is(:'a_completed'::text, 'true', 'after the worker''s chunk was committed whole');
select is(
  tests.on_session('setup', format($$ select count(*)::text from public.bulk_validation_chunks where session_id = %L $$,
                              :'first_job')),
  '0',
  'and the job''s chunks are gone'
);

-- A worker's commit waits for a cancel in progress, then commits nothing --------------------------------------------

select tests.on_session('setup', $$ select tests.bulk_upload('claims_owner', tests.bulk_rows(10))::text $$) as second_job \gset
select t.* from dblink('worker_a', 'select chunk_no, lease_token::text, items::text from private.bulk_claim_chunk(60)')
  as t(chunk_no integer, lease_token text, items text) \gset held_
select dblink_exec('worker_b', 'begin');
select tests.on_session('worker_b', $$ select tests.authenticate_as('claims_owner')::text $$);
select dblink_exec('worker_b', format($$ delete from public.bulk_validation_sessions where id = %L $$, :'second_job'));
select dblink_send_query('worker_a',
  format($$ select private.bulk_complete_chunk(%L, %s, %L, tests.bulk_results(%L))::text $$,
         :'second_job', :'held_chunk_no', :'held_lease_token', :'held_items'));
select ok(tests.waits_for_lock(:a_pid), 'a worker''s commit waits for the cancel in progress');
select dblink_exec('worker_b', 'commit');
select is(tests.session_result('worker_a'), 'false', 'then commits nothing: the job is gone');
select is(
  tests.on_session('setup', format($$ select count(*)::text from public.bulk_validation_items where session_id = %L $$,
                              :'second_job')),
  '0',
  'and its addresses with it'
);

-- Clean up what the workers committed --------------------------------------------------------------------------------

select dblink_exec('setup', format($$ delete from realtime.messages where topic in ('bulk-validation:%s', 'bulk-validation:%s') $$,
                                   :'first_job', :'second_job'));
select dblink_exec('setup', format($$ delete from auth.users where id = %L $$, :'owner_id'));
select tests.close_sessions(array['setup', 'worker_a', 'worker_b']);

select * from finish();
rollback;
