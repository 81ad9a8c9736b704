-- Bulk items and their mailbox probes: a chunk stores the addresses that wait for a probe with its id, and the probe's
-- end (private.complete_mailbox_probe, or private.expire_mailbox_probes at its deadline) hands each waiting session
-- its result through bulk_apply_mailbox_result, which replaces the item's result and verdict and moves the session's
-- counters by the rows the address stands for.
--
-- A probe may end between the chunk's request for it and the chunk's commit, when no item waits yet to be told. So the
-- chunk, once it holds the session's row, also applies the results of its probes that have already ended; a probe that
-- ends later finds the session's row locked until the chunk commits, and then its item. Applying clears the wait in
-- the same update, so a probe told twice (a chunk retried after a lost lease joins the same probe) counts once.

-- Applying a probe's result ---------------------------------------------------------------------------------------------

create or replace function private.bulk_apply_mailbox_result(p_session uuid, p_email_key text, p_result jsonb)
returns void
language plpgsql
set search_path = ''
as $$
declare
  applied record;
begin
  -- The session's row first, as every bulk function takes it; a deleted (cancelled) session has nothing to tell.
  perform from public.bulk_validation_sessions as s where s.id = p_session for no key update;
  if not found then
    return;
  end if;

  with waiting as (
    select i.email_key, i.verdict
    from public.bulk_validation_items as i
    where i.session_id = p_session and i.email_key = p_email_key and i.probe_id is not null
    for update
  )
  update public.bulk_validation_items as i
  -- A result without a verdict the table knows keeps the DNS one, rather than leave the job waiting for ever.
  set result = p_result,
    verdict = case
      when p_result ->> 'verdict' in ('deliverable', 'risky', 'undeliverable', 'unknown') then p_result ->> 'verdict'
      else waiting.verdict
    end,
    probe_id = null
  from waiting
  where i.session_id = p_session and i.email_key = waiting.email_key
  returning waiting.verdict as was, i.verdict as now, i.row_count
  into applied;
  if not found then
    return;
  end if;

  update public.bulk_validation_sessions as s
  set valid_count = s.valid_count
      + applied.row_count * ((applied.now = 'deliverable')::integer - (applied.was = 'deliverable')::integer),
    invalid_count = s.invalid_count
      + applied.row_count * ((applied.now = 'undeliverable')::integer - (applied.was = 'undeliverable')::integer),
    warning_count = s.warning_count
      + applied.row_count
        * ((applied.now in ('risky', 'unknown'))::integer - (applied.was in ('risky', 'unknown'))::integer),
    mailbox_pending = s.mailbox_pending - applied.row_count
  where s.id = p_session;
  perform private.bulk_settle_session(p_session);
end;
$$;
comment on function private.bulk_apply_mailbox_result(uuid, text, jsonb) is
  'A mailbox probe ended: the session''s item for p_email_key, if it still waits, takes p_result (a ValidationResult) '
  'and its verdict, the session''s counters move by its rows, and the session is settled. Nothing for an item that '
  'does not wait (already told) or a session deleted.';
revoke execute on function private.bulk_apply_mailbox_result(uuid, text, jsonb) from public;

-- Completing a chunk ------------------------------------------------------------------------------------------------

create or replace function private.bulk_complete_chunk(
  p_session uuid,
  p_chunk integer,
  p_lease_token uuid,
  p_results jsonb
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  chunk public.bulk_validation_chunks;
  tally record;
  ended record;
begin
  perform from public.bulk_validation_sessions as s where s.id = p_session for key share;
  if not found then
    return false;
  end if;
  -- Only the worker holding the lease commits: one whose lease expired and was claimed again holds an old token.
  update public.bulk_validation_chunks as c
  set state = 'done', lease_token = null, lease_until = null
  where c.session_id = p_session and c.chunk_no = p_chunk and c.state = 'leased' and c.lease_token = p_lease_token
  returning c.* into chunk;
  if not found then
    return false;
  end if;

  -- Each address of the chunk gets its item with its result. In phase 1 a DNS timeout is deferred to the retry and not
  -- counted yet; in phase 2 (which rewrites the deferred items) every verdict counts. An address waiting for its
  -- mailbox probe counts with its DNS verdict until the probe's result moves it.
  with address as (
    select a.email_key, pg_catalog.split_part(a.email_key, '@', -1) as domain, a.row_count
    from rows from (pg_catalog.unnest(chunk.email_keys), pg_catalog.unnest(chunk.row_counts)) as a (email_key, row_count)
  ),
  given as (
    select distinct on (r."emailKey") r."emailKey" as email_key, r.result, r.verdict,
      chunk.phase = 1 and coalesce(r.deferred, false) as deferred, r."probeId" as probe_id
    from pg_catalog.jsonb_to_recordset(p_results)
      as r ("emailKey" text, result jsonb, verdict text, deferred boolean, "probeId" uuid)
  ),
  stored as (
    insert into public.bulk_validation_items as i
      (session_id, email_key, domain, row_count, chunk_no, result, verdict, deferred, probe_id)
    select p_session, a.email_key, a.domain, a.row_count, p_chunk, g.result, g.verdict, g.deferred,
      case when not g.deferred then g.probe_id end
    from address as a join given as g on g.email_key = a.email_key
    on conflict (session_id, email_key) do update
    set chunk_no = excluded.chunk_no, result = excluded.result, verdict = excluded.verdict, deferred = excluded.deferred,
      probe_id = excluded.probe_id
    returning i.row_count, i.verdict, i.deferred, i.probe_id
  )
  select pg_catalog.count(*)::integer as items,
    coalesce(pg_catalog.sum(t.row_count) filter (where not t.deferred), 0)::integer as processed,
    coalesce(pg_catalog.sum(t.row_count) filter (where not t.deferred and t.verdict = 'deliverable'), 0)::integer
      as valid,
    coalesce(pg_catalog.sum(t.row_count) filter (where not t.deferred and t.verdict = 'undeliverable'), 0)::integer
      as invalid,
    coalesce(pg_catalog.sum(t.row_count) filter (where not t.deferred and t.verdict in ('risky', 'unknown')), 0)::integer
      as warning,
    coalesce(pg_catalog.sum(t.row_count) filter (where t.probe_id is not null), 0)::integer as waiting
  into tally
  from stored as t;

  -- Every address of the chunk needs its verdict, or the counters could never reach the rows.
  if tally.items <> pg_catalog.cardinality(chunk.row_counts) then
    raise exception 'results_incomplete' using errcode = 'P0422',
      detail = pg_catalog.format('%s of the chunk''s %s addresses have a result.', tally.items,
                                 pg_catalog.cardinality(chunk.row_counts));
  end if;

  update public.bulk_validation_sessions as s
  set processed_emails = s.processed_emails + tally.processed,
    valid_count = s.valid_count + tally.valid,
    invalid_count = s.invalid_count + tally.invalid,
    warning_count = s.warning_count + tally.warning,
    mailbox_pending = s.mailbox_pending + tally.waiting
  where s.id = p_session;

  -- Probes that ended before the session's row was taken just above found no item to tell: their results are applied
  -- now. A probe that ends later waits for that row until this commits, and then finds its item waiting.
  for ended in
    select i.email_key, p.result
    from public.bulk_validation_items as i
    join public.mailbox_probes as p on p.id = i.probe_id
    where i.session_id = p_session and i.chunk_no = p_chunk and i.probe_id is not null
      and p.status in ('done', 'expired') and p.result is not null
  loop
    perform private.bulk_apply_mailbox_result(p_session, ended.email_key, ended.result);
  end loop;

  perform private.bulk_settle_session(p_session);
  return true;
end;
$$;
comment on function private.bulk_complete_chunk(uuid, integer, uuid, jsonb) is
  'Writes a leased chunk''s results ([{emailKey, result, verdict, deferred, probeId?}]; probeId: the address waits '
  'for that mailbox probe) as its items, marks it done and moves the session''s counters, all at once, applying the '
  'results of probes already ended; false (and nothing written) when the lease was lost or the session deleted. '
  'results_incomplete (P0422) when an address of the chunk has no result.';
revoke execute on function private.bulk_complete_chunk(uuid, integer, uuid, jsonb) from public;
grant execute on function private.bulk_complete_chunk(uuid, integer, uuid, jsonb) to service_role;
