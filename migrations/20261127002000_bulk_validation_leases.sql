-- Bulk validation leases that live as long as their worker: renewed while a chunk is worked on, and a clock for the
-- workers that find nothing to claim.
--
-- A chunk's lease used to be long (60 s) so that no live worker would lose it, which made a dead worker's chunk wait
-- that long too. Now the lease is short (a few seconds) and its worker renews it while it works
-- (bulk_renew_lease), so a dead worker's chunk is free within seconds and a slow but live one keeps it. A worker that
-- finds nothing to claim while other workers hold chunks waits for the earliest lease to run out
-- (bulk_seconds_until_claimable) instead of leaving: should that holder have died, the survivor takes its chunk over
-- without waiting for the schedule's next minute. Both are called by the bulk validation worker through its
-- privileged connection, as the other job functions (20261127000200_bulk_validation_jobs.sql).

create or replace function private.bulk_renew_lease(
  p_session uuid,
  p_chunk integer,
  p_lease_token uuid,
  p_seconds integer
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_seconds is null or p_seconds < 1 then
    raise exception 'A lease lasts 1 second or more' using errcode = 'invalid_parameter_value';
  end if;
  -- The session's row first, as every job function takes it, so a cancelling delete never deadlocks with a renewal.
  perform from public.bulk_validation_sessions as s where s.id = p_session for key share;
  if not found then
    return false;
  end if;
  -- The token decides, not the clock: a lease that ran out but was not claimed again is still its worker's.
  update public.bulk_validation_chunks as c
  set lease_until = pg_catalog.now() + pg_catalog.make_interval(secs => p_seconds)
  where c.session_id = p_session and c.chunk_no = p_chunk and c.state = 'leased' and c.lease_token = p_lease_token;
  return found;
end;
$$;
comment on function private.bulk_renew_lease(uuid, integer, uuid, integer) is
  'Extends a leased chunk''s lease to p_seconds from now; false (and nothing changed) when the lease was lost: the '
  'chunk claimed again under another token, finished, failed, or its session deleted.';
revoke execute on function private.bulk_renew_lease(uuid, integer, uuid, integer) from public;
grant execute on function private.bulk_renew_lease(uuid, integer, uuid, integer) to service_role;

create or replace function private.bulk_seconds_until_claimable()
returns double precision
language sql
stable
security definer
set search_path = ''
as $$
  -- One row of the earliest time or none at all (null): greatest() alone would take a null for 0.
  select greatest(0, extract(epoch from earliest.at - pg_catalog.now()))::double precision
  from (
    select pg_catalog.min(case when c.state = 'pending' then pg_catalog.now() else c.lease_until end) as at
    from public.bulk_validation_chunks as c
    join public.bulk_validation_sessions as s on s.id = c.session_id
    where c.state in ('pending', 'leased') and s.status in ('queued', 'running')
  ) as earliest
  where earliest.at is not null
$$;
comment on function private.bulk_seconds_until_claimable() is
  'Seconds until bulk_claim_chunk may find a chunk: 0 when one waits or a lease has run out, else until the earliest '
  'lease runs out; null when no chunk waits or is leased (no worker is needed any more).';
revoke execute on function private.bulk_seconds_until_claimable() from public;
grant execute on function private.bulk_seconds_until_claimable() to service_role;
