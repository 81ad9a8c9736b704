-- Bulk validation: who may see and do what with sessions, rows, items and chunks, and who may receive a session's
-- progress on Realtime. Only the jobs' functions write; the owner reads and deletes, admins read, nobody else sees.
begin;
select plan(99);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Arrange: the owner's validated session with its rows, items and chunks; the stranger has one too ---------------

select tests.bulk_upload('owner', tests.bulk_rows(30)) as owner_session \gset
select tests.bulk_upload('stranger', tests.bulk_rows(5)) as stranger_session \gset
select tests.bulk_work_all();

-- Act 1: the access matrices -------------------------------------------------------------------------------------

select * from tests.assert_access('public.bulk_validation_sessions', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['stranger',   'none',   'denied', 'denied', 'none'],
  ['site_admin', 'all',    'denied', 'denied', 'none'],
  ['owner',      'all',    'denied', 'denied', 'all']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.bulk_validation_sessions (user_id, name, file_name)
                   values (tests.get_user_id('owner'), 'Mine', 'mine.csv') $$,
  update_set => 'processed_emails = total_emails, valid_count = total_emails');

select * from tests.assert_access('public.bulk_validation_rows', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['owner',      'all',    'denied', 'denied', 'denied'],
  ['stranger',   'none',   'denied', 'denied', 'denied'],
  ['site_admin', 'all',    'denied', 'denied', 'denied']
],
  rows_where => format('session_id = %L', :'owner_session'),
  insert_sql => format($$ insert into public.bulk_validation_rows (session_id, row_no, email, email_key)
                          values (%L, 1000, 'a@b.test', 'a@b.test') $$, :'owner_session'),
  update_set => $$ email = 'someone@else.test' $$);

select * from tests.assert_access('public.bulk_validation_items', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['owner',      'all',    'denied', 'denied', 'denied'],
  ['stranger',   'none',   'denied', 'denied', 'denied'],
  ['site_admin', 'all',    'denied', 'denied', 'denied']
],
  rows_where => format('session_id = %L', :'owner_session'),
  insert_sql => format($$ insert into public.bulk_validation_items
                            (session_id, email_key, domain, row_count, chunk_no, result, verdict)
                          values (%L, 'a@b.test', 'b.test', 1, 1, '{}', 'deliverable') $$, :'owner_session'),
  update_set => $$ verdict = 'deliverable', result = '{}' $$);

select * from tests.assert_access('public.bulk_validation_chunks', array[
  --             select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'denied', 'denied', 'denied', 'denied'],
  ['stranger',     'denied', 'denied', 'denied', 'denied'],
  ['site_admin',   'denied', 'denied', 'denied', 'denied'],
  ['service_role', 'denied', 'denied', 'denied', 'denied']
],
  rows_where => format('session_id = %L', :'owner_session'),
  insert_sql => format($$ insert into public.bulk_validation_chunks (session_id, chunk_no, email_keys, row_counts)
                          values (%L, 99, '{}', '{}') $$, :'owner_session'),
  update_set => $$ state = 'done' $$);

-- Act 2: the service role reads and cleans up but never writes; nobody may call the jobs' functions but it --------

select * from tests.assert_access('public.bulk_validation_sessions', array[
  ['service_role', 'all', 'denied', 'denied', 'all']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.bulk_validation_sessions (user_id, name, file_name)
                   values (tests.get_user_id('owner'), 'Mine', 'mine.csv') $$,
  update_set => 'status = status');

select ok(
  not has_function_privilege(role, f, 'execute'),
  format('%s may not execute %s', role, f)
)
from unnest(array['anon', 'authenticated']) as role,
  unnest(array[
    'private.bulk_open_session(uuid, text, text, text[], integer)',
    'private.bulk_append_part(uuid, uuid, integer, jsonb, integer, integer, boolean)',
    'private.bulk_claim_chunk(integer)',
    'private.bulk_complete_chunk(uuid, integer, uuid, jsonb)',
    'private.bulk_release_chunk(uuid, integer, uuid, text)',
    'private.bulk_pending_work()',
    'private.bulk_delete_expired_sessions()'
  ]) as f;

-- Act 3: Realtime, checked as the Realtime service checks a join (tests.receives) ------------------------------------

select ok(tests.receives('owner', 'bulk-validation:' || :'owner_session'),
  'the owner may receive their session''s progress');
select ok(not tests.receives('stranger', 'bulk-validation:' || :'owner_session'),
  'another user may not receive it');
select ok(tests.receives('site_admin', 'bulk-validation:' || :'owner_session'),
  'an admin may receive any session''s progress');
select ok(tests.receives('stranger', 'bulk-validation:' || :'stranger_session'),
  'the other user receives their own');
select ok(not tests.receives('owner', 'bulk-validation:' || gen_random_uuid()),
  'a session that does not exist has no listeners');
select ok(not tests.receives('owner', 'bulk-validation:not-a-session'),
  'a topic whose id is not a uuid is refused, not an error');
select ok(not tests.receives('owner', 'another-feature:' || :'owner_session'),
  'the policy allows only bulk validation topics');

select policy_roles_are('realtime', 'messages', 'Owners and admins can receive a bulk validation''s progress',
  array['authenticated'], 'only signed-in users may receive: anonymous visitors never');

select tests.authenticate_as('owner');
select throws_ok(
  format($$ insert into realtime.messages (topic, extension, event, payload, private)
            values ('bulk-validation:%s', 'broadcast', 'progress', '{}', true) $$, :'owner_session'),
  '42501', null, 'nobody, not even the owner, may send on the topic'
);
reset role;

-- Act 4: structure ------------------------------------------------------------------------------------------------

select policies_are('public', 'bulk_validation_sessions', array[
  'Owners can read their own bulk sessions and admins every session',
  'Owners can delete (cancel) their own bulk sessions'
], 'sessions: one read and one delete policy, no write policies');
select policies_are('public', 'bulk_validation_chunks', array[]::name[], 'chunks: no policies, the queue is the jobs''');
select has_index('public', 'bulk_validation_chunks', 'bulk_validation_chunks_claim_idx', array['session_id', 'chunk_no'],
  'the claim scans only chunks with work left');
select has_index('public', 'bulk_validation_sessions', 'bulk_validation_sessions_user_created_idx',
  array['user_id', 'created_at'], 'a user''s sessions are listed newest first by index');

select * from finish();
rollback;
