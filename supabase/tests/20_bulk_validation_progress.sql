-- Bulk validation progress: the trigger broadcasts a session's counters and status on its Realtime topic, always when
-- the status or the upload's completion changes, otherwise at most every 250 ms (by last_broadcast_at), and status
-- cancelled when the session is deleted. Each step starts from an empty topic, so what it sent is all there is; the
-- throttle is steered by setting last_broadcast_at, never by waiting.
begin;
select plan(14);

select tests.create_user('owner');
select private.bulk_open_session(tests.get_user_id('owner'), 'Leads', 'leads.csv', null, 9) as session_id \gset
select 'bulk-validation:' || :'session_id' as topic \gset

-- realtime.send adds the message's id to its payload, as Supabase's does: what the trigger sent is the rest.
create view pg_temp.sent as
  select m.payload - 'id' as payload, m.event, m.private, m.extension from realtime.messages as m where m.topic = :'topic';
-- The session's counters as a progress event carries them.
create view pg_temp.progress as
  select jsonb_build_object('totalEmails', s.total_emails, 'processedEmails', s.processed_emails,
    'validCount', s.valid_count, 'invalidCount', s.invalid_count, 'warningCount', s.warning_count,
    'mailboxPendingEmails', s.mailbox_pending, 'status', s.status)
    as payload
  from public.bulk_validation_sessions as s where s.id = :'session_id';
create function pg_temp.last_broadcast_just_now() returns void language sql as $$
  update public.bulk_validation_sessions set last_broadcast_at = clock_timestamp() + interval '1 hour'
$$;
create function pg_temp.last_broadcast_long_ago() returns void language sql as $$
  update public.bulk_validation_sessions set last_broadcast_at = clock_timestamp() - interval '1 second'
$$;

select is_empty($$ select from pg_temp.sent $$, 'opening a session broadcasts nothing');

-- Upload: 2,500 rows over 5 domains in three parts --------------------------------------------------------------------

select private.bulk_append_part(tests.get_user_id('owner'), :'session_id', 0, tests.bulk_rows(1000, 5), 0, 100, false);
select results_eq(
  $$ select payload, event, private, extension from pg_temp.sent $$,
  $$ values ('{"totalEmails": 1000, "processedEmails": 0, "validCount": 0, "invalidCount": 0, "warningCount": 0,
               "mailboxPendingEmails": 0, "status": "queued"}'::jsonb, 'progress', true, 'broadcast') $$,
  'the first part''s rows are broadcast as event progress, privately, with the contract''s names'
);

delete from realtime.messages where topic = :'topic';
select pg_temp.last_broadcast_just_now();
select private.bulk_append_part(tests.get_user_id('owner'), :'session_id', 1, tests.bulk_rows(1000, 5, 1000), 0, 100, false);
select is_empty($$ select from pg_temp.sent $$, 'a counter change within 250 ms of the last broadcast is not sent');

select private.bulk_append_part(tests.get_user_id('owner'), :'session_id', 2, tests.bulk_rows(500, 5, 2000), 0, 100, true);
select results_eq(
  $$ select payload from pg_temp.sent $$, $$ select payload from pg_temp.progress $$,
  'the upload''s completion is always sent'
);
select is((select payload ->> 'totalEmails' from pg_temp.sent), '2500', 'with every row');

-- Work: three chunks ------------------------------------------------------------------------------------------------

delete from realtime.messages where topic = :'topic';
select * from private.bulk_claim_chunk(60) \gset first_
select results_eq($$ select payload ->> 'status' from pg_temp.sent $$, $$ values ('running') $$,
  'the start is always sent');

delete from realtime.messages where topic = :'topic';
select * from private.bulk_claim_chunk(60) \gset second_
select is_empty($$ select from pg_temp.sent $$, 'a claim that changes nothing the event carries sends nothing');

select pg_temp.last_broadcast_just_now();
select private.bulk_complete_chunk(:'session_id', :'first_chunk_no', :'first_lease_token', tests.bulk_results(:'first_items'));
select is_empty($$ select from pg_temp.sent $$, 'a chunk''s counters within 250 ms of the last broadcast are not sent');

select pg_temp.last_broadcast_long_ago();
select private.bulk_complete_chunk(:'session_id', :'second_chunk_no', :'second_lease_token', tests.bulk_results(:'second_items'));
select results_eq(
  $$ select payload from pg_temp.sent $$, $$ select payload from pg_temp.progress $$,
  'after 250 ms they are'
);
select is((select payload ->> 'processedEmails' from pg_temp.sent), '2000', 'with both chunks'' rows counted');

delete from realtime.messages where topic = :'topic';
select * from private.bulk_claim_chunk(60) \gset third_
select pg_temp.last_broadcast_just_now();
select private.bulk_complete_chunk(:'session_id', :'third_chunk_no', :'third_lease_token', tests.bulk_results(:'third_items'));
select results_eq(
  $$ select payload from pg_temp.sent $$, $$ select payload from pg_temp.progress $$,
  'the end is always sent'
);
select results_eq(
  $$ select payload ->> 'status', payload ->> 'processedEmails' from pg_temp.sent $$,
  $$ values ('completed', '2500') $$,
  'as completed, with every row counted'
);

-- Cancel -------------------------------------------------------------------------------------------------------------

delete from realtime.messages where topic = :'topic';
update public.bulk_validation_sessions set name = 'Renamed', error = 'x' where id = :'session_id';
select is_empty($$ select from pg_temp.sent $$, 'a change of nothing the event carries sends nothing');

select tests.authenticate_as('owner');
delete from public.bulk_validation_sessions where id = :'session_id';
reset role;
select results_eq(
  $$ select payload from pg_temp.sent $$,
  $$ values ('{"totalEmails": 2500, "processedEmails": 2500, "validCount": 625, "invalidCount": 625,
               "warningCount": 1250, "mailboxPendingEmails": 0,
               "status": "cancelled"}'::jsonb) $$,
  'deleting the session sends status cancelled, so every open tab lets go of it'
);

select * from finish();
rollback;
