-- Bulk items waiting for their mailbox probes: a chunk stores an address a probe still runs for with its DNS verdict
-- and the probe's id, the session counts those rows as waiting and does not complete; the probe's result
-- (bulk_apply_mailbox_result) replaces the item's result and verdict, moves the counters by the item's rows, once
-- however often it is told, and the last one completes the job. A probe that ended before its chunk's commit is
-- applied by the commit itself. Counters are in rows: a duplicated address moves them by each of its rows.
begin;
select plan(25);

select tests.create_user('owner');

-- Rows person0..3 with person1 twice: stand-in verdicts deliverable, undeliverable (2 rows), risky, unknown.
select tests.bulk_upload('owner', tests.bulk_rows(4) || tests.bulk_rows(1, 10, 1), 'Waits') as session_id \gset
select 'bulk-validation:' || :'session_id' as topic \gset

-- A chunk's results with probe ids for the addresses named in p_waiting ({emailKey: probeId}).
create function pg_temp.results_waiting(p_items jsonb, p_waiting jsonb) returns jsonb language sql as $$
  select jsonb_agg(r || jsonb_build_object('probeId', p_waiting -> (r ->> 'emailKey')))
  from jsonb_array_elements(tests.bulk_results(p_items)) as r
$$;
-- A probe's final result for an address: the ValidationResult with its verdict and a checked smtp.
create function pg_temp.probe_result(p_email text, p_verdict text, p_outcome text) returns jsonb language sql as $$
  select jsonb_build_object('email', p_email, 'verdict', p_verdict, 'reasons', jsonb_build_array('mailbox_' || p_outcome),
    'smtp', jsonb_build_object('status', 'checked', 'outcome', p_outcome))
$$;
create view pg_temp.counters as
  select s.status, s.processed_emails, s.valid_count, s.invalid_count, s.warning_count, s.mailbox_pending
  from public.bulk_validation_sessions as s where s.id = :'session_id';
create view pg_temp.waiting as
  select i.email_key, i.probe_id from public.bulk_validation_items as i
  where i.session_id = :'session_id' and i.probe_id is not null order by i.email_key;

-- Access ----------------------------------------------------------------------------------------------------------------

select is(
  array(
    select r.rolname::text from (values ('anon'), ('authenticated'), ('service_role')) as r (rolname)
    where has_function_privilege(r.rolname, 'private.bulk_apply_mailbox_result(uuid, text, jsonb)', 'execute')
  ),
  '{}'::text[],
  'no API role may apply a probe''s result: only the probe functions, as the database owner, do'
);

-- A chunk with two addresses waiting ---------------------------------------------------------------------------------

select * from private.bulk_claim_chunk(60) \gset claim_
-- The throttle steered, never waited for: the counters' change is sent, and it is all the topic then holds.
update public.bulk_validation_sessions set last_broadcast_at = clock_timestamp() - interval '1 second'
where id = :'session_id';
delete from realtime.messages where topic = :'topic';
select ok(private.bulk_complete_chunk(:'claim_session_id', :claim_chunk_no, :'claim_lease_token',
  pg_temp.results_waiting(:'claim_items', jsonb_build_object(
    'person0@domain0.test', '00000000-0000-4000-8000-00000000a000',
    'person1@domain1.test', '00000000-0000-4000-8000-00000000a001'))),
  'the chunk completes with two addresses waiting');
select results_eq($$ select * from pg_temp.waiting $$,
  $$ values ('person0@domain0.test', '00000000-0000-4000-8000-00000000a000'::uuid),
            ('person1@domain1.test', '00000000-0000-4000-8000-00000000a001'::uuid) $$,
  'the waiting items keep their probes'' ids');
select results_eq($$ select * from pg_temp.counters $$,
  $$ values ('running', 5, 1, 2, 2, 3) $$,
  'every row counts with its DNS verdict, the three rows of the waiting addresses as waiting, and the job runs on');
select results_eq(
  format($$ select payload ->> 'processedEmails', payload ->> 'mailboxPendingEmails' from realtime.messages
            where topic = %L $$, :'topic'),
  $$ values ('5', '3') $$,
  'the progress event says how many rows wait for their mailbox check');
select is((select count(*)::integer from public.validation_logs where session_id = :'session_id'), 0,
  'no validation log yet: the job has not ended');

-- Results arrive ---------------------------------------------------------------------------------------------------------

select private.bulk_apply_mailbox_result(:'session_id', 'person1@domain1.test',
  pg_temp.probe_result('person1@domain1.test', 'deliverable', 'exists'));
select results_eq($$ select * from pg_temp.counters $$,
  $$ values ('running', 5, 3, 0, 2, 1) $$,
  'a result moves the counters by both rows of a duplicated address, from its DNS verdict to the new one');
select is(
  (select row(i.verdict, i.result -> 'smtp' ->> 'outcome', i.probe_id)::text from public.bulk_validation_items as i
   where i.session_id = :'session_id' and i.email_key = 'person1@domain1.test'),
  row('deliverable', 'exists', null::uuid)::text,
  'the item takes the probe''s result and verdict, and waits no more');

select private.bulk_apply_mailbox_result(:'session_id', 'person1@domain1.test',
  pg_temp.probe_result('person1@domain1.test', 'undeliverable', 'not_found'));
select results_eq($$ select * from pg_temp.counters $$, $$ values ('running', 5, 3, 0, 2, 1) $$,
  'a probe told twice counts once');
select is(
  (select verdict from public.bulk_validation_items where session_id = :'session_id' and email_key = 'person1@domain1.test'),
  'deliverable', 'and its second telling changes nothing');

select private.bulk_apply_mailbox_result(:'session_id', 'person2@domain2.test',
  pg_temp.probe_result('person2@domain2.test', 'undeliverable', 'not_found'));
select results_eq($$ select * from pg_temp.counters $$, $$ values ('running', 5, 3, 0, 2, 1) $$,
  'a result for an address that waits for nothing is ignored');

delete from realtime.messages where topic = :'topic';
select private.bulk_apply_mailbox_result(:'session_id', 'person0@domain0.test',
  jsonb_build_object('email', 'person0@domain0.test', 'verdict', 'no such verdict'));
select results_eq($$ select * from pg_temp.counters $$, $$ values ('completed', 5, 3, 0, 2, 0) $$,
  'a result without a known verdict keeps the DNS one, ends the wait and completes the job');
select is_empty($$ select * from pg_temp.waiting $$, 'nothing waits any more');
select results_eq(
  format($$ select emails_processed, valid_emails, invalid_emails, warning_emails from public.validation_logs
            where session_id = %L $$, :'session_id'),
  $$ values (5, 3, 0, 2) $$,
  'the job''s one validation log has the final counts');
select ok(
  exists (select from realtime.messages where topic = :'topic'
          and payload ->> 'status' = 'completed' and payload ->> 'mailboxPendingEmails' = '0'),
  'and its completion is broadcast, with nothing waiting');

-- A probe that ended before its chunk's commit -----------------------------------------------------------------------

select tests.bulk_upload('owner', tests.bulk_rows(2, 10, 10), 'Early') as early_session \gset
insert into public.mailbox_probes (id, email, email_key, domain, status, dns_result, result, outcome, deadline, done_at)
values
  ('00000000-0000-4000-8000-00000000b010', 'person10@domain0.test', 'person10@domain0.test', 'domain0.test', 'done',
   '{}', pg_temp.probe_result('person10@domain0.test', 'undeliverable', 'not_found'), 'not_found', now(), now()),
  ('00000000-0000-4000-8000-00000000b011', 'person11@domain1.test', 'person11@domain1.test', 'domain1.test', 'pending',
   '{}', null, null, now() + interval '15 minutes', null);
select * from private.bulk_claim_chunk(60) \gset early_
select ok(private.bulk_complete_chunk(:'early_session', :early_chunk_no, :'early_lease_token',
  pg_temp.results_waiting(:'early_items', jsonb_build_object(
    'person10@domain0.test', '00000000-0000-4000-8000-00000000b010',
    'person11@domain1.test', '00000000-0000-4000-8000-00000000b011'))),
  'a chunk completes whose one probe already ended and whose other still runs');
select results_eq(
  format($$ select email_key, verdict, probe_id from public.bulk_validation_items where session_id = %L
            order by email_key $$, :'early_session'),
  $$ values ('person10@domain0.test', 'undeliverable', null::uuid),
            ('person11@domain1.test', 'unknown', '00000000-0000-4000-8000-00000000b011'::uuid) $$,
  'the ended probe''s result is applied at once (person10 was risky by DNS); the running one waits with its DNS verdict');
select results_eq(
  format($$ select status, valid_count, invalid_count, mailbox_pending from public.bulk_validation_sessions
            where id = %L $$, :'early_session'),
  $$ values ('running', 0, 1, 1) $$,
  'the counters have the applied result and the one row still waiting');

-- The running probe expires: expire_mailbox_probes hands on the DNS result, not checked.
select private.bulk_apply_mailbox_result(:'early_session', 'person11@domain1.test',
  jsonb_build_object('email', 'person11@domain1.test', 'verdict', 'undeliverable',
    'smtp', jsonb_build_object('status', 'not_checked', 'reason', 'expired')));
select is(
  (select status from public.bulk_validation_sessions where id = :'early_session'), 'completed',
  'an expired probe ends the wait too, and the job completes');

-- Deferred addresses and waits; a cancelled job ----------------------------------------------------------------------

select tests.bulk_upload('owner', tests.bulk_rows(2, 10, 20), 'Deferred') as deferred_session \gset
select * from private.bulk_claim_chunk(60) \gset deferred_
select ok(private.bulk_complete_chunk(:'deferred_session', :deferred_chunk_no, :'deferred_lease_token',
  (select jsonb_agg(r || case when r ->> 'emailKey' = 'person20@domain0.test'
                              then '{"probeId": "00000000-0000-4000-8000-00000000c020"}'::jsonb
                              else '{"deferred": true, "probeId": "00000000-0000-4000-8000-00000000c021"}'::jsonb end)
   from jsonb_array_elements(tests.bulk_results(:'deferred_items')) as r)),
  'a chunk with one address waiting and one deferred by DNS completes');
select results_eq(
  format($$ select email_key, deferred, probe_id from public.bulk_validation_items where session_id = %L
            order by email_key $$, :'deferred_session'),
  $$ values ('person20@domain0.test', false, '00000000-0000-4000-8000-00000000c020'::uuid),
            ('person21@domain1.test', true, null) $$,
  'a deferred address waits for its retry, not for a probe');
select is(
  (select count(*)::integer from public.bulk_validation_chunks where session_id = :'deferred_session' and phase = 2), 1,
  'the retry of DNS failures is queued while the other address still waits for its probe');
select tests.bulk_work_all();
select results_eq(
  format($$ select status, processed_emails, mailbox_pending from public.bulk_validation_sessions where id = %L $$,
         :'deferred_session'),
  $$ values ('running', 2, 1) $$,
  'after the retry every row is processed, but the job waits for the probe');

delete from public.bulk_validation_sessions where id = :'deferred_session';
select lives_ok(
  format($$ select private.bulk_apply_mailbox_result(%L, 'person20@domain0.test',
            pg_temp.probe_result('person20@domain0.test', 'deliverable', 'exists')) $$, :'deferred_session'),
  'a probe ending for a cancelled (deleted) job does nothing');
select lives_ok(
  $$ select private.bulk_apply_mailbox_result(gen_random_uuid(), 'x@y.test', '{"verdict": "deliverable"}') $$,
  'nor for a session that never was');

select * from finish();
rollback;
