-- Bulk validation leases kept alive by their worker (bulk_renew_lease), and the clock of a worker with nothing to claim
-- (bulk_seconds_until_claimable). The test runs in one transaction, so now() stands still: a lease's end is exact, and
-- an expired lease is made by moving lease_until back. Both functions look at every session, so the test starts from
-- none (the deletes are rolled back with the rest).
begin;
select plan(20);

delete from public.bulk_validation_sessions;
select tests.create_user('owner');

select is(private.bulk_seconds_until_claimable(), null, 'with no job at all, nothing will ever be claimable');

-- Two chunks (2 domains of 1,000 addresses), both claimed with leases of 10 and 20 seconds.
select tests.bulk_upload('owner', tests.bulk_rows(2000, 2)) as session \gset
select is(private.bulk_seconds_until_claimable(), 0::double precision, 'a waiting chunk is claimable now');
select chunk_no as a_chunk, lease_token as a_token from private.bulk_claim_chunk(10) \gset
select chunk_no as b_chunk, lease_token as b_token from private.bulk_claim_chunk(20) \gset
select is(private.bulk_seconds_until_claimable(), 10::double precision,
  'with every chunk leased, the earliest lease''s end is when one may be claimed');

-- Renewing -------------------------------------------------------------------------------------------------------------

select ok(private.bulk_renew_lease(:'session', :'a_chunk', :'a_token', 30), 'the holder renews its lease');
select results_eq(
  format($$ select state, lease_token, lease_until, attempts from public.bulk_validation_chunks
            where session_id = %L and chunk_no = %s $$, :'session', :'a_chunk'),
  format($$ values ('leased', %L::uuid, now() + interval '30 seconds', 1) $$, :'a_token'),
  'to the renewal''s seconds from now, with the same token and attempt'
);
select is(private.bulk_seconds_until_claimable(), 20::double precision, 'and the other lease now ends first');

update public.bulk_validation_chunks set lease_until = now() - interval '1 second'
where session_id = :'session' and chunk_no = :'a_chunk';
select is(private.bulk_seconds_until_claimable(), 0::double precision, 'an expired lease is claimable now');
select ok(private.bulk_renew_lease(:'session', :'a_chunk', :'a_token', 10),
  'a lease that ran out but was not claimed again is still its holder''s to renew');
select is(private.bulk_seconds_until_claimable(), 10::double precision, 'and it is no longer claimable');

-- A lost lease: it ran out and another worker claimed the chunk. The first worker's renewal changes nothing.
update public.bulk_validation_chunks set lease_until = now() - interval '1 second'
where session_id = :'session' and chunk_no = :'a_chunk';
select lease_token as new_token from private.bulk_claim_chunk(15) \gset
select is(private.bulk_renew_lease(:'session', :'a_chunk', :'a_token', 60), false,
  'renewing with a stale token answers false');
select results_eq(
  format($$ select state, lease_token, lease_until, attempts from public.bulk_validation_chunks
            where session_id = %L and chunk_no = %s $$, :'session', :'a_chunk'),
  format($$ values ('leased', %L::uuid, now() + interval '15 seconds', 2) $$, :'new_token'),
  'and changes nothing: the new holder keeps its token and lease'
);

select is(private.bulk_renew_lease(:'session', 99, :'b_token', 10), false, 'a chunk that does not exist is no lease');
select ok(private.bulk_complete_chunk(:'session', :'b_chunk', :'b_token',
  tests.bulk_results((select jsonb_agg(jsonb_build_object('emailKey', k)) from public.bulk_validation_chunks as c,
                        unnest(c.email_keys) as k where c.session_id = :'session' and c.chunk_no = :'b_chunk'))),
  'the other holder completes its chunk');
select is(private.bulk_renew_lease(:'session', :'b_chunk', :'b_token', 10), false, 'a finished chunk''s lease is gone');
select throws_ok(
  format($$ select private.bulk_renew_lease(%L, %s, %L, 0) $$, :'session', :'a_chunk', :'new_token'),
  '22023', 'A lease lasts 1 second or more', 'a lease of no time is refused'
);

-- The job's end, and jobs that no longer run ----------------------------------------------------------------------

update public.bulk_validation_sessions set status = 'failed' where id = :'session';
select is(private.bulk_seconds_until_claimable(), null, 'a leased chunk of a job that no longer runs is nobody''s wait');
update public.bulk_validation_sessions set status = 'running' where id = :'session';
delete from public.bulk_validation_sessions where id = :'session';
select is(private.bulk_renew_lease(:'session', :'a_chunk', :'new_token', 10), false,
  'a cancelled job''s lease is gone');
select is(private.bulk_seconds_until_claimable(), null, 'and nothing is left to wait for');

select ok(
  not has_function_privilege('anon', f, 'execute') and not has_function_privilege('authenticated', f, 'execute')
    and has_function_privilege('service_role', f, 'execute'),
  format('%s: the service role may execute it, anon and authenticated may not', f)
)
from unnest(array['private.bulk_renew_lease(uuid, integer, uuid, integer)', 'private.bulk_seconds_until_claimable()']) as f;

select * from finish();
rollback;
