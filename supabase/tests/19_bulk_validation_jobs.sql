-- Bulk validation jobs: opening a session, uploading it in parts, chunking by domain, claiming under a lease,
-- completing, releasing and failing chunks, the retry of deferred addresses, the end of a job, cancelling and retention.
-- The test runs in one transaction, so now() stands still: an expired lease is made by moving lease_until back.
begin;
select plan(73);

select tests.create_user('owner');
select tests.create_user('stranger');

-- Open ---------------------------------------------------------------------------------------------------------------

select private.bulk_open_session(tests.get_user_id('owner'), 'Leads', 'leads.csv', array['Email', 'First'], 2)
  as first_session \gset
select results_eq(
  format($$ select user_id, name, file_name, columns, status, upload_complete, parts_received, total_emails
            from public.bulk_validation_sessions where id = %L $$, :'first_session'),
  $$ values (tests.get_user_id('owner'), 'Leads', 'leads.csv', array['Email', 'First'], 'queued', false, 0, 0) $$,
  'a session opens queued, waiting for its first part'
);
select private.bulk_open_session(tests.get_user_id('owner'), 'More', 'more.csv', null, 2) as second_session \gset
select throws_ok(
  $$ select private.bulk_open_session(tests.get_user_id('owner'), 'Third', 'third.csv', null, 2) $$,
  'P0429', 'too_many_jobs',
  'a third job while two are waiting (uploads not complete included) is too many'
);
select lives_ok(
  $$ select private.bulk_open_session(tests.get_user_id('stranger'), 'Theirs', 'theirs.csv', null, 2) $$,
  'the limit is per user'
);
update public.bulk_validation_sessions set status = 'completed' where id = :'second_session';
select lives_ok(
  $$ select private.bulk_open_session(tests.get_user_id('owner'), 'Third', 'third.csv', null, 2) $$,
  'a finished job frees its place'
);

-- Append ---------------------------------------------------------------------------------------------------------------

select is(
  private.bulk_append_part(tests.get_user_id('owner'), :'first_session', 0,
    '[{"email": "Ada@Example.test", "emailKey": "ada@example.test", "firstName": "Ada", "lastName": "Lovelace",
       "phoneNumber": "+44 1", "mobileNumber": "+44 2", "jobTitle": "Analyst", "company": "Engines",
       "cells": ["Ada@Example.test", "Ada"]},
      {"email": "grace@navy.test", "emailKey": "grace@navy.test"}]', 1, 300, false),
  jsonb_build_object('sessionId', :'first_session', 'part', 0, 'acceptedRows', 2, 'skippedRows', 1,
    'totalEmails', 2, 'uploadComplete', false, 'status', 'queued'),
  'the first part is stored: its rows kept and skipped, the session''s total'
);
select results_eq(
  format($$ select row_no, email, email_key, first_name, last_name, phone_number, mobile_number, job_title, company, cells
            from public.bulk_validation_rows where session_id = %L order by row_no $$, :'first_session'),
  $$ values (1, 'Ada@Example.test', 'ada@example.test'::text, 'Ada', 'Lovelace', '+44 1', '+44 2', 'Analyst', 'Engines',
             array['Ada@Example.test', 'Ada']),
            (2, 'grace@navy.test', 'grace@navy.test', null, null, null, null, null, null, null) $$,
  'rows keep their fields and cells, numbered in file order'
);
select is(
  private.bulk_append_part(tests.get_user_id('owner'), :'first_session', 0,
    '[{"email": "Ada@Example.test", "emailKey": "ada@example.test"}]', 0, 300, false),
  jsonb_build_object('sessionId', :'first_session', 'part', 0, 'acceptedRows', 2, 'skippedRows', 1,
    'totalEmails', 2, 'uploadComplete', false, 'status', 'queued'),
  'a part sent again (a retry after a lost answer) is answered as the first time'
);
select results_eq(
  format($$ select count(*)::integer, max(s.parts_received), max(s.uploaded_bytes)
            from public.bulk_validation_rows as r join public.bulk_validation_sessions as s on s.id = r.session_id
            where r.session_id = %L $$, :'first_session'),
  $$ values (2, 1, 300::bigint) $$,
  'and adds nothing'
);
select throws_ok(
  format($$ select private.bulk_append_part(tests.get_user_id('owner'), %L, 2, '[]', 0, 10, false) $$,
         :'first_session'),
  'P0409', 'part_out_of_order', 'a part that skips one is refused'
);
select throws_ok(
  format($$ select private.bulk_append_part(tests.get_user_id('stranger'), %L, 1, '[]', 0, 10, false) $$,
         :'first_session'),
  'P0404', 'not_found', 'another user''s session is not found'
);
select throws_ok(
  $$ select private.bulk_append_part(tests.get_user_id('owner'), gen_random_uuid(), 0, '[]', 0, 10, false) $$,
  'P0404', 'not_found', 'nor is a session that does not exist'
);
select throws_ok(
  format($$ select private.bulk_append_part(tests.get_user_id('owner'), %L, 1, '[]', 0, 52428501, false) $$,
         :'first_session'),
  'P0413', 'too_large', 'more than 50 MB in all is too large'
);
update public.bulk_validation_sessions set total_emails = 99999 where id = :'first_session';
select throws_ok(
  format($$ select private.bulk_append_part(tests.get_user_id('owner'), %L, 1, tests.bulk_rows(2), 0, 10, false) $$,
         :'first_session'),
  'P0413', 'too_large', 'more than 100,000 addresses is too large'
);
select lives_ok(
  format($$ select private.bulk_append_part(tests.get_user_id('owner'), %L, 1, tests.bulk_rows(1, 1, 7), 0, 10, false) $$,
         :'first_session'),
  'exactly 100,000 is not'
);
update public.bulk_validation_sessions set total_emails = 2 where id = :'first_session';
delete from public.bulk_validation_rows where session_id = :'first_session' and row_no > 2;

select private.bulk_open_session(tests.get_user_id('stranger'), 'Empty', 'empty.csv', null, 9) as empty_session \gset
select throws_ok(
  format($$ select private.bulk_append_part(tests.get_user_id('stranger'), %L, 0, '[]', 4, 10, true) $$,
         :'empty_session'),
  'P0400', 'no_rows', 'a file with no usable rows can''t be committed'
);

-- Commit ---------------------------------------------------------------------------------------------------------------

select is(
  private.bulk_append_part(tests.get_user_id('owner'), :'first_session', 2,
    '[{"email": "ADA@example.test", "emailKey": "ada@example.test"},
      {"email": "linus@kernel.test", "emailKey": "linus@kernel.test"}]', 0, 200, true),
  jsonb_build_object('sessionId', :'first_session', 'part', 2, 'acceptedRows', 2, 'skippedRows', 0,
    'totalEmails', 4, 'uploadComplete', true, 'status', 'queued'),
  'the final part commits the upload: complete and queued'
);
select results_eq(
  format($$ select email_key, domain, row_count, chunk_no, result, verdict, deferred
            from public.bulk_validation_items where session_id = %L order by email_key $$, :'first_session'),
  $$ values ('ada@example.test'::text, 'example.test'::text, 2, 1, null::jsonb, null::text, false),
            ('grace@navy.test', 'navy.test', 1, 1, null, null, false),
            ('linus@kernel.test', 'kernel.test', 1, 1, null, null, false) $$,
  'one item per distinct address: a duplicate (in any case) is validated once and counts its rows'
);
select results_eq(
  format($$ select distinct_emails, total_emails from public.bulk_validation_sessions where id = %L $$,
         :'first_session'),
  $$ values (3, 4) $$,
  'the session knows its distinct addresses and its rows'
);
select results_eq(
  format($$ select chunk_no, phase, state, attempts from public.bulk_validation_chunks where session_id = %L $$,
         :'first_session'),
  $$ values (1, 1, 'pending', 0) $$,
  'a small file is one pending chunk'
);
select throws_ok(
  format($$ select private.bulk_append_part(tests.get_user_id('owner'), %L, 3, '[]', 0, 10, true) $$,
         :'first_session'),
  'P0409', 'upload_complete', 'no part is taken after the last'
);
select is(
  private.bulk_append_part(tests.get_user_id('owner'), :'first_session', 2, '[]', 0, 10, true) ->> 'acceptedRows',
  '2',
  'the final part sent again is answered again'
);

-- Chunking by domain: 2,600 addresses: big.test has 1,500, the rest spread over 1,100 small domains of 1 each ----------

select tests.bulk_upload('stranger',
  (select jsonb_agg(r) from (
    select jsonb_build_object('email', 'person' || i || '@big.test', 'emailKey', 'person' || i || '@big.test') as r
    from generate_series(1, 1500) as i
    union all
    select jsonb_build_object('email', 'person' || i || '@d' || i || '.test', 'emailKey', 'person' || i || '@d' || i || '.test')
    from generate_series(1, 1100) as i
  ) as rows)) as chunked_session \gset
-- Sessions made in one transaction share their created_at; this one is the younger job.
update public.bulk_validation_sessions set created_at = now() + interval '1 minute' where id = :'chunked_session';

select results_eq(
  format($$ select count(*)::integer, min(chunk_no), max(chunk_no) from public.bulk_validation_chunks
            where session_id = %L $$, :'chunked_session'),
  $$ values (3, 1, 3) $$,
  '2,600 addresses make 3 chunks, numbered from 1'
);
select is_empty(
  format($$ select domain from public.bulk_validation_items where session_id = %L and domain <> 'big.test'
            group by domain having count(distinct chunk_no) > 1 $$, :'chunked_session'),
  'a domain of up to 1,000 addresses is never split'
);
select results_eq(
  format($$ select count(distinct chunk_no)::integer from public.bulk_validation_items
            where session_id = %L and domain = 'big.test' $$, :'chunked_session'),
  $$ values (2) $$,
  'a larger domain is cut into chunks of 1,000'
);
select is_empty(
  format($$ select chunk_no from public.bulk_validation_items where session_id = %L
            group by chunk_no having count(*) >= 2000 $$, :'chunked_session'),
  'no chunk holds 2,000 addresses or more'
);

-- Claim ------------------------------------------------------------------------------------------------------------------
-- From here the first session's chunk is claimed first (its session is the oldest).

select is(private.bulk_pending_work(), true, 'pending chunks are work to do');
select * from private.bulk_claim_chunk(60) \gset claim_
select is(
  array[:'claim_session_id', :'claim_chunk_no', :'claim_attempt', :'claim_phase'],
  array[:'first_session', '1', '1', '1'],
  'the oldest job''s first chunk is claimed: attempt 1, phase 1'
);
select is(
  :'claim_items'::jsonb,
  '[{"emailKey": "ada@example.test", "domain": "example.test"},
    {"emailKey": "linus@kernel.test", "domain": "kernel.test"},
    {"emailKey": "grace@navy.test", "domain": "navy.test"}]'::jsonb,
  'with its addresses in domain order'
);
select results_eq(
  format($$ select state, attempts, lease_token, lease_until from public.bulk_validation_chunks
            where session_id = %L and chunk_no = 1 $$, :'first_session'),
  format($$ values ('leased', 1, %L::uuid, now() + interval '60 seconds') $$, :'claim_lease_token'),
  'the chunk is leased to its claimer for the lease''s seconds'
);
select results_eq(
  format($$ select status, started_at from public.bulk_validation_sessions where id = %L $$, :'first_session'),
  $$ values ('running', now()) $$,
  'the session runs from its first claim'
);

select session_id as second_session_id, chunk_no as second_chunk_no from private.bulk_claim_chunk(60) \gset
select chunk_no as third_chunk_no from private.bulk_claim_chunk(60) \gset
select chunk_no as fourth_chunk_no from private.bulk_claim_chunk(60) \gset
select is(
  array[:'second_session_id', :'second_chunk_no', :'third_chunk_no', :'fourth_chunk_no'],
  array[:'chunked_session', '1', '2', '3'],
  'a leased chunk is not claimed again while its lease lasts: the next claims take the next job''s chunks in order'
);
select is(private.bulk_pending_work(), false, 'with every chunk leased there is no work to do');
select is_empty($$ select * from private.bulk_claim_chunk(60) $$, 'and a claim finds none');

-- Lease lost: the first worker stalls, its lease expires, a second worker claims the chunk -----------------------------

update public.bulk_validation_chunks set lease_until = now() - interval '1 second'
where session_id = :'first_session' and chunk_no = 1;
select is(private.bulk_pending_work(), true, 'an expired lease is work to do');
select * from private.bulk_claim_chunk(60) \gset reclaim_
select is(
  array[:'reclaim_session_id', :'reclaim_chunk_no', :'reclaim_attempt'],
  array[:'first_session', '1', '2'],
  'an expired lease is claimed again: attempt 2'
);
select isnt(:'reclaim_lease_token'::uuid, :'claim_lease_token'::uuid, 'with a new lease token');

select is(
  private.bulk_complete_chunk(:'first_session', 1, :'claim_lease_token', tests.bulk_results(:'claim_items')),
  false,
  'the first worker, back late, commits nothing: its token is stale'
);
select results_eq(
  format($$ select count(result)::integer, (select processed_emails from public.bulk_validation_sessions where id = %L)
            from public.bulk_validation_items where session_id = %L $$, :'first_session', :'first_session'),
  $$ values (0, 0) $$,
  'no verdict stored and no counter moved'
);

-- Complete ---------------------------------------------------------------------------------------------------------------

select throws_ok(
  format($$ select private.bulk_complete_chunk(%L, 1, %L, tests.bulk_results(jsonb_build_array(%L::jsonb -> 0))) $$,
         :'first_session', :'reclaim_lease_token', :'reclaim_items'),
  'P0422', 'results_incomplete', 'a result for every address of the chunk, or none is stored'
);
select is(
  private.bulk_complete_chunk(:'first_session', 1, :'reclaim_lease_token',
    '[{"emailKey": "ada@example.test", "verdict": "deliverable", "deferred": false, "result": {"verdict": "deliverable"}},
      {"emailKey": "linus@kernel.test", "verdict": "risky", "deferred": false, "result": {"verdict": "risky"}},
      {"emailKey": "grace@navy.test", "verdict": "undeliverable", "deferred": false, "result": {"verdict": "undeliverable"}}]'),
  true,
  'the lease holder completes the chunk'
);
select results_eq(
  format($$ select email_key, verdict, result from public.bulk_validation_items where session_id = %L order by 1 $$,
         :'first_session'),
  $$ values ('ada@example.test'::text, 'deliverable'::text, '{"verdict": "deliverable"}'::jsonb),
            ('grace@navy.test', 'undeliverable', '{"verdict": "undeliverable"}'),
            ('linus@kernel.test', 'risky', '{"verdict": "risky"}') $$,
  'its verdicts are stored'
);
select results_eq(
  format($$ select status, processed_emails, valid_count, invalid_count, warning_count, error,
              completed_at, expires_at
            from public.bulk_validation_sessions where id = %L $$, :'first_session'),
  $$ values ('completed', 4, 2, 1, 1, null::text, now(), now() + interval '30 days') $$,
  'counters move by the rows (the duplicate counts twice); the last chunk completes the job, kept 30 days'
);
select results_eq(
  format($$ select user_id, validation_type, emails_processed, valid_emails, invalid_emails, warning_emails
            from public.validation_logs where session_id = %L $$, :'first_session'),
  $$ values (tests.get_user_id('owner'), 'bulk', 4, 2, 1, 1) $$,
  'a finished job logs its validations once'
);
select is(
  private.bulk_complete_chunk(:'first_session', 1, :'reclaim_lease_token', tests.bulk_results(:'reclaim_items')),
  false,
  'a chunk completed once is not completed again'
);

-- Release and failure: the chunked session's chunks 1 to 3 are leased --------------------------------------------

select lease_token as c3_token from public.bulk_validation_chunks where session_id = :'chunked_session' and chunk_no = 3 \gset
select lives_ok(
  format($$ select private.bulk_release_chunk(%L, 3, %L, 'DNS resolver unreachable') $$, :'chunked_session', :'c3_token'),
  'a worker gives a chunk back after an error'
);
select results_eq(
  format($$ select state, attempts, lease_token, lease_until, last_error from public.bulk_validation_chunks
            where session_id = %L and chunk_no = 3 $$, :'chunked_session'),
  $$ values ('pending', 1, null::uuid, null::timestamptz, 'DNS resolver unreachable') $$,
  'it waits again, with its error'
);
select lives_ok(
  format($$ select private.bulk_release_chunk(%L, 3, %L, 'again') $$, :'chunked_session', :'c3_token'),
  'a stale token releases nothing'
);
select is((select last_error from public.bulk_validation_chunks where session_id = :'chunked_session' and chunk_no = 3),
  'DNS resolver unreachable', 'and changes nothing');

-- Chunk 1: its worker died three times. The third expired lease fails it instead of a fourth attempt.
update public.bulk_validation_chunks set attempts = 3, lease_until = now() - interval '1 second'
where session_id = :'chunked_session' and chunk_no = 1;
select * from private.bulk_claim_chunk(60) \gset after_
select is(
  array[:'after_chunk_no', :'after_attempt'],
  array['3', '2'],
  'the claim passes over a chunk whose third lease expired, to the next one waiting'
);
select results_eq(
  format($$ select state, lease_token, last_error like 'Gave up after 3 attempts%%' from public.bulk_validation_chunks
            where session_id = %L and chunk_no = 1 $$, :'chunked_session'),
  $$ values ('failed', null::uuid, true) $$,
  'which is failed, saying why'
);
select is_empty($$ select * from private.bulk_claim_chunk(60) $$, 'a failed chunk is never claimed again');

-- Chunk 3: its third attempt ends in an error: failed too.
update public.bulk_validation_chunks set attempts = 3 where session_id = :'chunked_session' and chunk_no = 3;
select private.bulk_release_chunk(:'chunked_session', 3, :'after_lease_token', 'SERVFAIL');
select results_eq(
  format($$ select state, last_error from public.bulk_validation_chunks where session_id = %L and chunk_no = 3 $$,
         :'chunked_session'),
  $$ values ('failed', 'SERVFAIL') $$,
  'an error on the third attempt fails the chunk'
);
select results_eq(
  format($$ select status from public.bulk_validation_sessions where id = %L $$, :'chunked_session'),
  $$ values ('running') $$,
  'the job goes on while a chunk is leased'
);

select lease_token as c2_token from public.bulk_validation_chunks where session_id = :'chunked_session' and chunk_no = 2 \gset
select is(
  private.bulk_complete_chunk(:'chunked_session', 2, :'c2_token',
    tests.bulk_results((select jsonb_agg(jsonb_build_object('emailKey', email_key)) from public.bulk_validation_items
                        where session_id = :'chunked_session' and chunk_no = 2))),
  true,
  'the last chunk completes'
);
select results_eq(
  format($$ select s.status, s.error, s.processed_emails,
              (select sum(row_count)::integer from public.bulk_validation_items where session_id = s.id and chunk_no = 2)
            from public.bulk_validation_sessions as s where s.id = %L $$, :'chunked_session'),
  $$ values ('failed', '1600 of 2600 addresses could not be validated; the others have their verdicts.', 1000, 1000) $$,
  'a job with failed chunks ends failed, saying how many addresses have no verdict; the others count'
);
select results_eq(
  format($$ select emails_processed, valid_emails + invalid_emails + warning_emails from public.validation_logs
            where session_id = %L $$, :'chunked_session'),
  $$ values (1000, 1000) $$,
  'and logs what was validated'
);

-- Deferred addresses: DNS timeouts are retried once, together, at the end -------------------------------------------

select tests.bulk_upload('owner', tests.bulk_rows(40, 4) || tests.bulk_rows(10, 4)) as deferred_session \gset
select * from private.bulk_claim_chunk(60) \gset d1_
select is(:'d1_session_id'::uuid, :'deferred_session'::uuid, 'the new job''s chunk is claimed');
select is(
  private.bulk_complete_chunk(:'deferred_session', :'d1_chunk_no', :'d1_lease_token',
    tests.bulk_results(:'d1_items', array['person1@domain1.test', 'person3@domain3.test', 'person20@domain0.test'])),
  true,
  'its chunk completes with three addresses deferred by DNS timeouts'
);
select results_eq(
  format($$ select status, processed_emails, total_emails from public.bulk_validation_sessions where id = %L $$,
         :'deferred_session'),
  $$ values ('running', 45, 50) $$,
  'deferred addresses are not counted yet (person1 and person3 are in the file twice)'
);
select results_eq(
  format($$ select c.chunk_no, c.phase, c.state, (select array_agg(i.email_key order by i.email_key)
              from public.bulk_validation_items as i where i.session_id = c.session_id and i.chunk_no = c.chunk_no)
            from public.bulk_validation_chunks as c where c.session_id = %L and c.phase = 2 $$, :'deferred_session'),
  $$ values (2, 2, 'pending', array['person1@domain1.test', 'person20@domain0.test', 'person3@domain3.test']) $$,
  'the end of phase 1 makes a retry chunk of just the deferred addresses'
);
select * from private.bulk_claim_chunk(60) \gset d2_
select is(:'d2_phase'::integer, 2, 'the retry is claimed as phase 2');
select is(
  private.bulk_complete_chunk(:'deferred_session', 2, :'d2_lease_token',
    tests.bulk_results(:'d2_items', array['person3@domain3.test'])),
  true,
  'the retry completes; one address timed out again'
);
select results_eq(
  format($$ select s.status, s.processed_emails, s.valid_count, s.invalid_count, s.warning_count
            from public.bulk_validation_sessions as s where s.id = %L $$, :'deferred_session'),
  format($$ select 'completed', 50, count(*) filter (where v = 'deliverable')::integer,
              count(*) filter (where v = 'undeliverable')::integer,
              count(*) filter (where v in ('risky', 'unknown') or k = 'person3@domain3.test')::integer
            from public.bulk_validation_rows as r,
              lateral (select r.email_key as k,
                         case when r.email_key = 'person3@domain3.test' then 'unknown' else tests.bulk_verdict(r.email_key) end as v) as x
            where r.session_id = %L $$, :'deferred_session'),
  'the retry''s verdicts count whatever they are, each address once: counters equal the rows'
);
select is(
  (select count(*)::integer from public.bulk_validation_chunks where session_id = :'deferred_session' and phase = 2),
  1, 'there is only one retry'
);

-- A larger job, worked to the end: counters equal the rows ---------------------------------------------------------------

select tests.bulk_upload('owner', tests.bulk_rows(3000, 40) || tests.bulk_rows(500, 40)) as big_session \gset
select is(tests.bulk_work_all(array['person7@domain7.test']), 4,
  'a 3,500-row file of 3,000 addresses over 40 domains takes 3 chunks, and one retry');
select results_eq(
  format($$ select s.status, s.processed_emails, s.valid_count, s.invalid_count, s.warning_count
            from public.bulk_validation_sessions as s where s.id = %L $$, :'big_session'),
  format($$ select 'completed', count(*)::integer, count(*) filter (where v = 'deliverable')::integer,
              count(*) filter (where v = 'undeliverable')::integer, count(*) filter (where v in ('risky', 'unknown'))::integer
            from public.bulk_validation_rows as r, lateral (select tests.bulk_verdict(r.email_key) as v) as x
            where r.session_id = %L $$, :'big_session'),
  'each verdict counts once per row'
);
select is_empty(
  format($$ select from public.bulk_validation_rows as r
            left join public.bulk_validation_items as i on i.session_id = r.session_id and i.email_key = r.email_key
            where r.session_id = %L and i.verdict is distinct from tests.bulk_verdict(r.email_key) $$, :'big_session'),
  'every row has its address''s verdict'
);

-- Cancel: the owner deletes a job a worker is on ----------------------------------------------------------------------

select tests.bulk_upload('owner', tests.bulk_rows(20)) as cancelled_session \gset
select * from private.bulk_claim_chunk(60) \gset held_
select tests.authenticate_as('owner');
select results_eq(
  format($$ with gone as (delete from public.bulk_validation_sessions where id = %L returning 1) select count(*)::integer from gone $$,
         :'cancelled_session'),
  $$ values (1) $$,
  'the owner cancels their job by deleting it'
);
reset role;
select results_eq(
  format($$ select (select count(*) from public.bulk_validation_rows where session_id = %L)
              + (select count(*) from public.bulk_validation_items where session_id = %L)
              + (select count(*) from public.bulk_validation_chunks where session_id = %L) $$,
         :'cancelled_session', :'cancelled_session', :'cancelled_session'),
  $$ values (0::bigint) $$,
  'its rows, items and chunks go with it'
);
select is(
  private.bulk_complete_chunk(:'cancelled_session', :'held_chunk_no', :'held_lease_token', tests.bulk_results(:'held_items')),
  false,
  'the worker holding its chunk commits nothing'
);
select lives_ok(
  format($$ select private.bulk_release_chunk(%L, %s, %L, 'late') $$, :'cancelled_session', :'held_chunk_no',
         :'held_lease_token'),
  'nor does its release fail'
);

-- Retention ------------------------------------------------------------------------------------------------------------

update public.bulk_validation_sessions set expires_at = now() - interval '1 second' where id = :'first_session';
update public.bulk_validation_sessions set created_at = now() - interval '25 hours' where id = :'empty_session';
update public.bulk_validation_sessions set expires_at = now() + interval '1 day' where id = :'deferred_session';
update public.bulk_validation_sessions set created_at = now() - interval '25 hours' where id = :'deferred_session';
select is(private.bulk_delete_expired_sessions(), 2, 'retention deletes two sessions');
select results_eq(
  format($$ select count(*) filter (where id in (%L, %L))::integer, count(*) filter (where id = %L)::integer
            from public.bulk_validation_sessions $$, :'first_session', :'empty_session', :'deferred_session'),
  $$ values (0, 1) $$,
  'the expired one and the upload abandoned for a day; a completed job is kept until it expires'
);

select * from finish();
rollback;
