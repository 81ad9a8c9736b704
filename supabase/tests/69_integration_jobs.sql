-- Jobs from the public API: the Idempotency-Key bookkeeping (nobody but the api's privileged role reaches it; a key
-- names one job for 24 hours, another body with it is refused, a claim that never attached its job is taken over) and
-- marking a session, still uploading, with the API key that started it and its callbackUrl.
begin;
select plan(39);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.api_keys (id, user_id, key_name, key_hash, key_prefix)
values ('00000000-0000-4000-8000-000000000069', tests.get_user_id('owner'), 'CRM sync', repeat('a', 64), 'msk_abcdef');

-- An upload in progress (part 0 stored, not final), as validate-bulk leaves it before attaching the job.
create function pg_temp.open_upload(p_user text) returns uuid language plpgsql as $$
declare
  session_id uuid := private.bulk_open_session(tests.get_user_id(p_user), 'API: CRM sync', 'api.csv', null, 100);
begin
  perform private.bulk_append_part(tests.get_user_id(p_user), session_id, 0, tests.bulk_rows(60), 0, 1000, false);
  return session_id;
end;
$$;

create function pg_temp.claim(p_key text, p_hash text, p_user text default 'owner') returns text language sql as $$
  select c.outcome || coalesce(':' || c.session_id::text, '')
  from private.integration_claim_idempotency(tests.get_user_id(p_user), p_key, p_hash) as c
$$;

select pg_temp.open_upload('owner') as job \gset
select pg_temp.open_upload('owner') as other_job \gset
select repeat('1', 64) as body_a, repeat('2', 64) as body_b \gset

-- Access: the table and the functions are the api's alone ------------------------------------------------------------

select * from tests.assert_access('private.integration_idempotency', array[
  --             select    insert    update    delete
  ['owner',      'denied', 'denied', 'denied', 'denied'],
  ['site_admin', 'denied', 'denied', 'denied', 'denied']
],
  insert_sql => format($$ insert into private.integration_idempotency (user_id, key, request_hash)
                          values (tests.get_user_id('owner'), 'matrix', %L) $$, :'body_a'),
  update_set => 'session_id = null');
select ok((select relrowsecurity from pg_class where oid = 'private.integration_idempotency'::regclass),
  'the table has row level security');

select is(
  array(
    select p.proname || ' ' || r.rolname
    from pg_proc as p cross join (values ('anon'), ('authenticated'), ('service_role')) as r (rolname)
    where p.pronamespace = 'private'::regnamespace and p.proname like 'integration\_%'
      and has_function_privilege(r.rolname, p.oid, 'execute')
    order by 1
  ),
  array[
    'integration_attach_job service_role', 'integration_claim_idempotency service_role',
    'integration_release_idempotency service_role'
  ],
  'only service_role may claim, release and attach; the sweep is the schedule''s alone');

-- Claiming ------------------------------------------------------------------------------------------------------------

select is(pg_temp.claim('retry-1', :'body_a'), 'claimed', 'a new key is claimed');
select is(pg_temp.claim('retry-1', :'body_a'), 'in_progress', 'the same call again while the first starts its job waits');
select is(pg_temp.claim('retry-1', :'body_b'), 'mismatch', 'another body with the key is refused');
select is(pg_temp.claim('retry-1', :'body_a', 'stranger'), 'claimed', 'keys are per user: another user''s is their own');

select lives_ok(
  format($$ select private.integration_attach_job(tests.get_user_id('owner'), %L,
    '00000000-0000-4000-8000-000000000069', 'https://hooks.example.com/x', 'retry-1') $$, :'job'),
  'the job is attached to the session and the key');
select is(pg_temp.claim('retry-1', :'body_a'), 'replay:' || :'job', 'the same call then gets the same job');
select is(pg_temp.claim('retry-1', :'body_b'), 'mismatch', 'another body is still refused');
select is(
  (select row(api_key_id, callback_url)::text from public.bulk_validation_sessions where id = :'job'),
  row('00000000-0000-4000-8000-000000000069'::uuid, 'https://hooks.example.com/x')::text,
  'the session names the key and the callbackUrl');

-- 24 hours later the key is free again, for any body.
update private.integration_idempotency set created_at = now() - interval '24 hours 1 second'
where user_id = tests.get_user_id('owner') and key = 'retry-1';
select is(pg_temp.claim('retry-1', :'body_b'), 'claimed', 'after 24 hours the key starts a new job');
select is(
  (select session_id from private.integration_idempotency where user_id = tests.get_user_id('owner') and key = 'retry-1'),
  null, 'and no longer names the old one');

-- A claim whose request died before attaching its job is taken over after a minute, not after 24 hours.
select is(pg_temp.claim('stale', :'body_a'), 'claimed', 'a claim');
update private.integration_idempotency set created_at = now() - interval '59 seconds'
where user_id = tests.get_user_id('owner') and key = 'stale';
select is(pg_temp.claim('stale', :'body_a'), 'in_progress', 'under a minute old, it still holds');
update private.integration_idempotency set created_at = now() - interval '61 seconds'
where user_id = tests.get_user_id('owner') and key = 'stale';
select is(pg_temp.claim('stale', :'body_b'), 'claimed', 'over a minute old without a job, it is taken over');

-- Releasing frees a claim whose job could not start, never a key that names a job.
select private.integration_release_idempotency(tests.get_user_id('owner'), 'stale');
select is(pg_temp.claim('stale', :'body_a'), 'claimed', 'a released key is claimed afresh');
select lives_ok(
  format($$ select private.integration_attach_job(tests.get_user_id('owner'), %L,
    '00000000-0000-4000-8000-000000000069', null, 'stale') $$, :'other_job'),
  'a job without a callbackUrl');
select private.integration_release_idempotency(tests.get_user_id('owner'), 'stale');
select is(pg_temp.claim('stale', :'body_a'), 'replay:' || :'other_job', 'releasing leaves a key with a job alone');

-- Cancelling the job (deleting its session) frees its key.
delete from public.bulk_validation_sessions where id = :'other_job';
select is(pg_temp.claim('stale', :'body_a'), 'claimed', 'the key of a cancelled job starts a new one');

-- Attaching -----------------------------------------------------------------------------------------------------------

select pg_temp.open_upload('stranger') as strangers_job \gset
select throws_ok(
  format($$ select private.integration_attach_job(tests.get_user_id('owner'), %L,
    '00000000-0000-4000-8000-000000000069', null, null) $$, :'strangers_job'),
  'P0404', 'not_found', 'another user''s session is not found');
select is((select api_key_id from public.bulk_validation_sessions where id = :'strangers_job'), null,
  'and is left as it was');

select is(private.bulk_append_part(tests.get_user_id('owner'), :'job', 1, '[]', 0, 0, true) ->> 'uploadComplete', 'true',
  'the owner''s upload is committed');
select throws_ok(
  format($$ select private.integration_attach_job(tests.get_user_id('owner'), %L,
    '00000000-0000-4000-8000-000000000069', null, null) $$, :'job'),
  'P0404', 'not_found', 'a committed upload is not marked any more (its job may already be over)');
select is((select callback_url from public.bulk_validation_sessions where id = :'job'), 'https://hooks.example.com/x',
  'and keeps its callbackUrl');

select throws_ok(
  format($$ select private.integration_attach_job(tests.get_user_id('owner'), %L,
    '00000000-0000-4000-8000-000000000069', 'http://hooks.example.com/x', null) $$, :'strangers_job'),
  'P0404', null, 'the owner is checked before anything is written');

select pg_temp.open_upload('owner') as plain_job \gset
select throws_ok(
  format($$ select private.integration_attach_job(tests.get_user_id('owner'), %L,
    '00000000-0000-4000-8000-000000000069', 'http://hooks.example.com/x', null) $$, :'plain_job'),
  '23514', null, 'a callbackUrl that is not https is refused by the table');

-- Deleting the key leaves its jobs, naming no key.
delete from public.api_keys where id = '00000000-0000-4000-8000-000000000069';
select is((select api_key_id from public.bulk_validation_sessions where id = :'job'), null,
  'a deleted key''s job stays, without its key');

-- The owner lists the job under the key's name -------------------------------------------------------------------

insert into public.api_keys (id, user_id, key_name, key_hash, key_prefix)
values ('00000000-0000-4000-8000-000000000070', tests.get_user_id('owner'), 'Nightly', repeat('b', 64), 'msk_bcdefg');
select pg_temp.open_upload('owner') as listed_job \gset
select private.integration_attach_job(tests.get_user_id('owner'), :'listed_job',
  '00000000-0000-4000-8000-000000000070', null, null);
select tests.authenticate_as('owner');
select is(
  (select k.key_name from public.bulk_validation_sessions as s join public.api_keys as k on k.id = s.api_key_id
   where s.id = :'listed_job'),
  'Nightly', 'the owner reads the name of the key behind their job');
reset role;
select tests.authenticate_as('stranger');
select is((select count(*)::integer from public.bulk_validation_sessions where id = :'listed_job'), 0,
  'another user sees neither');
reset role;

-- The sweep -----------------------------------------------------------------------------------------------------------

update private.integration_idempotency set created_at = now() - interval '25 hours'
where user_id = tests.get_user_id('stranger');
select private.integration_delete_expired_idempotency();
select is(
  array(select key from private.integration_idempotency order by user_id = tests.get_user_id('owner') desc, key),
  array['retry-1', 'stale'], 'keys past 24 hours are swept, younger ones stay');
select is((select count(*)::integer from cron.job where jobname = 'integration-idempotency-expiry'), 1,
  'the sweep is scheduled');

select * from finish();
rollback;
