-- The mailbox probes' queue, shaped like the other jobs': the api asks for probes, the probe workers claim the due
-- ones of one domain at a time (`for update skip locked`) under a lease, renew it while they talk to the mail server,
-- and complete each probe with its final result (the lease holder only). A greylisted probe goes back to wait for the
-- server's delay, once; a probe given back after an error waits for the next claim, and its third failed attempt ends
-- it as expired, as its deadline does. Whoever waits is told when it ends, either way, so a bulk job always finishes.
-- The api and the workers call these on their privileged connection (service_role's grants).
--
--   request_mailbox_probes       the api: per address, a fresh cached answer, the domain's catch-all finding, the
--                                unfinished probe joined, no_worker, or a new probe (waking an idle worker)
--   claim_mailbox_probes         a worker leases due probes of one domain
--   renew_mailbox_probe_leases   a worker keeps its leases while the conversation lasts
--   defer_mailbox_probes         greylisted: back to the queue until the server's delay has passed
--   release_mailbox_probes       an error: back to the queue (waking an idle worker), or expired after the third
--                                attempt
--   complete_mailbox_probe       the final result: stored, the address's cached validation updated, waiters told
--   expire_mailbox_probes        the schedule: probes past their deadline end unchecked; what is old is deleted

-- Telling the waiters ---------------------------------------------------------------------------------------------

create or replace function private.tell_mailbox_probe_waiters(p_probe public.mailbox_probes)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  waiter record;
begin
  -- Bulk jobs in one order, so two probes ending at once never lock the same jobs' rows in opposite orders.
  for waiter in
    with gone as (
      delete from public.mailbox_probe_waiters as w where w.probe_id = p_probe.id returning w.user_id, w.bulk_session_id
    )
    select g.user_id, g.bulk_session_id from gone as g order by g.bulk_session_id nulls first
  loop
    if waiter.user_id is not null then
      perform realtime.send(
        pg_catalog.jsonb_build_object('probeId', p_probe.id, 'email', p_probe.email, 'result', p_probe.result),
        'validation_updated', 'user:' || waiter.user_id::text, true
      );
    end if;
    if waiter.bulk_session_id is not null then
      -- Bulk validation's own function, defined by its later migrations (it knows the job's items), so it is looked
      -- up when called: a bulk job can only wait on a probe once bulk validation asks for probes, which comes with it.
      execute pg_catalog.format('select %I.%I($1, $2, $3)', 'private', 'bulk_apply_mailbox_result')
        using waiter.bulk_session_id, p_probe.email_key, p_probe.result;
    end if;
  end loop;
end;
$$;
comment on function private.tell_mailbox_probe_waiters(public.mailbox_probes) is
  'A probe ended (done or expired): each signed-in waiter gets validation_updated {probeId, email, result} on '
  'user:{id}, each bulk job waiting has the result applied to its items; the waiters are then removed.';
revoke execute on function private.tell_mailbox_probe_waiters(public.mailbox_probes) from public, anon, authenticated;

create or replace function private.end_mailbox_probes(p_probes uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  probe public.mailbox_probes;
  ended integer := 0;
begin
  for probe in
    update public.mailbox_probes as p
    set status = 'expired', done_at = pg_catalog.now(), lease_owner = null, lease_expires_at = null,
      result = p.dns_result
        || pg_catalog.jsonb_build_object('smtp',
          pg_catalog.jsonb_build_object('status', 'not_checked', 'reason', 'expired'))
    where p.id = any (p_probes) and p.status in ('pending', 'running')
    returning p.*
  loop
    perform private.tell_mailbox_probe_waiters(probe);
    ended := ended + 1;
  end loop;
  return ended;
end;
$$;
comment on function private.end_mailbox_probes(uuid[]) is
  'Gives unfinished probes up: expired, their result the DNS result saying the mailbox was not checked (expired), '
  'their waiters told as on completion. Answers how many ended.';
revoke execute on function private.end_mailbox_probes(uuid[]) from public, anon, authenticated;

-- Asking ------------------------------------------------------------------------------------------------------------

create or replace function private.request_mailbox_probes(p_items jsonb, p_user uuid, p_bulk_session uuid)
returns table (email_key text, status text, probe_id uuid, smtp jsonb)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  item jsonb;
  key text;
  alive constant boolean := private.probe_worker_alive();
  deadline_seconds constant integer := private.setting_integer('smtp_probe_deadline_seconds', 900);
  cached jsonb;
  catch_all numeric;
  open_probe uuid;
  queued integer := 0;
begin
  if p_items is null or pg_catalog.jsonb_typeof(p_items) <> 'array' or exists (
    select from pg_catalog.jsonb_array_elements(p_items) as i (value)
    where pg_catalog.jsonb_typeof(i.value -> 'email') is distinct from 'string'
      or pg_catalog.jsonb_typeof(i.value -> 'domain') is distinct from 'string'
      or pg_catalog.jsonb_typeof(i.value -> 'dnsResult') is distinct from 'object'
  ) then
    raise exception 'Items are [{email, domain, dnsResult}]' using errcode = 'invalid_parameter_value';
  end if;

  -- An unfinished probe past its deadline is given up now rather than joined: its waiters hear it expired, and the
  -- address is queued afresh.
  perform private.end_mailbox_probes(array(
    select p.id from public.mailbox_probes as p
    where p.email_key in (
        select pg_catalog.lower(i.value ->> 'email') from pg_catalog.jsonb_array_elements(p_items) as i (value)
      )
      and p.status in ('pending', 'running') and p.deadline <= pg_catalog.now()
  ));

  for item in select i.value from pg_catalog.jsonb_array_elements(p_items) as i (value) loop
    key := pg_catalog.lower(item ->> 'email');
    email_key := key;
    probe_id := null;
    smtp := null;

    select p.result -> 'smtp' into cached
    from public.mailbox_probes as p
    where p.email_key = key and p.status = 'done' and p.done_at > pg_catalog.now() - interval '7 days'
    order by p.done_at desc
    limit 1;
    if found then
      status := 'done';
      smtp := cached;
      return next;
      continue;
    end if;

    catch_all := private.domain_catch_all(item ->> 'domain');
    if catch_all >= 0.5 then
      status := 'done';
      smtp := pg_catalog.jsonb_build_object(
        'status', 'checked', 'outcome', 'catch_all', 'smtpConnectable', true, 'smtpDeliverable', null,
        'isCatchAll', true, 'catchAllConfidence', catch_all, 'mxHost', null, 'tls', null, 'reply', null,
        'provider', null,
        'checkedAt', (select private.iso_timestamp(c.checked_at) from public.mail_domain_catch_all as c
                      where c.domain = item ->> 'domain')
      );
      return next;
      continue;
    end if;

    select p.id into open_probe
    from public.mailbox_probes as p
    where p.email_key = key and p.status in ('pending', 'running');
    if not found then
      if not alive then
        status := 'no_worker';
        return next;
        continue;
      end if;
      insert into public.mailbox_probes (email, email_key, domain, dns_result, deadline)
      values (item ->> 'email', key, item ->> 'domain', item -> 'dnsResult',
        pg_catalog.now() + pg_catalog.make_interval(secs => deadline_seconds))
      on conflict (email_key) where status in ('pending', 'running') do nothing
      returning id into open_probe;
      if open_probe is null then
        -- Another request queued it a moment ago: join that one.
        select p.id into strict open_probe
        from public.mailbox_probes as p
        where p.email_key = key and p.status in ('pending', 'running');
      else
        queued := queued + 1;
      end if;
    end if;

    if p_user is not null or p_bulk_session is not null then
      insert into public.mailbox_probe_waiters (probe_id, user_id, bulk_session_id)
      values (open_probe, p_user, p_bulk_session)
      on conflict do nothing;
    end if;
    status := 'pending';
    probe_id := open_probe;
    return next;
  end loop;

  -- An idle worker listens, so a probe is started at once rather than at its next poll.
  if queued > 0 then
    perform pg_catalog.pg_notify('mailbox_probes', '');
  end if;
end;
$$;
comment on function private.request_mailbox_probes(jsonb, uuid, uuid) is
  'The api asks for mailbox probes of p_items [{email, domain (ASCII), dnsResult}], for signed-in user p_user and/or '
  'bulk job p_bulk_session (both null: an anonymous visitor, who polls). Per item, in order, with its email_key: done '
  'with smtp = the cached check of a probe done within 7 days, or a catch_all check when the domain is known '
  'catch-all; '
  'pending with probe_id when an unfinished probe is joined or a new one queued (notifying channel mailbox_probes); '
  'no_worker when no probe worker beat lately. The requester becomes a waiter of the pending probe. '
  'invalid_parameter_value for malformed items.';
revoke execute on function private.request_mailbox_probes(jsonb, uuid, uuid) from public, anon, authenticated;
grant execute on function private.request_mailbox_probes(jsonb, uuid, uuid) to service_role;

-- Working -----------------------------------------------------------------------------------------------------------

-- Claimable: pending and due, or running under a lease that ran out before its third attempt; never past its deadline.
create or replace function private.mailbox_probe_claimable(p_probe public.mailbox_probes)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_probe.deadline > pg_catalog.now() and (
    (p_probe.status = 'pending' and p_probe.not_before <= pg_catalog.now())
    or (p_probe.status = 'running' and p_probe.lease_expires_at <= pg_catalog.now() and p_probe.attempts < 3)
  )
$$;
comment on function private.mailbox_probe_claimable(public.mailbox_probes) is
  'Whether a worker may claim the probe now: due and pending, or its lease ran out before its third attempt, and '
  'before its deadline.';
revoke execute on function private.mailbox_probe_claimable(public.mailbox_probes) from public, anon, authenticated;

create or replace function private.claim_mailbox_probes(p_worker uuid, p_lease_seconds integer, p_limit integer)
returns table (probe_id uuid, email text, domain text, dns_result jsonb, greylisted boolean)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  picked_domain text;
begin
  if p_worker is null or p_lease_seconds is null or p_lease_seconds < 1 or p_limit is null or p_limit < 1 then
    raise exception 'A worker, a lease of 1 second or more and a limit of 1 or more'
      using errcode = 'invalid_parameter_value';
  end if;
  -- The oldest due probe names the domain: one conversation per MX host serves all of its addresses.
  select p.domain into picked_domain
  from public.mailbox_probes as p
  where p.status in ('pending', 'running') and private.mailbox_probe_claimable(p)
  order by p.not_before, p.created_at, p.id
  limit 1
  for update skip locked;
  if not found then
    return;
  end if;

  return query
  update public.mailbox_probes as p
  set status = 'running', lease_owner = p_worker, attempts = p.attempts + 1,
    lease_expires_at = pg_catalog.now() + pg_catalog.make_interval(secs => p_lease_seconds)
  where p.id in (
    select q.id from public.mailbox_probes as q
    where q.domain = picked_domain and q.status in ('pending', 'running') and private.mailbox_probe_claimable(q)
    order by q.not_before, q.created_at, q.id
    limit p_limit
    for update skip locked
  )
  returning p.id, p.email, p.domain, p.dns_result, p.greylisted;
end;
$$;
comment on function private.claim_mailbox_probes(uuid, integer, integer) is
  'Leases to worker p_worker, for p_lease_seconds, up to p_limit claimable probes of one domain (the oldest due '
  'probe''s): pending ones whose not_before passed, or running ones whose lease ran out before their third attempt; '
  'none past its deadline. Each is running, its attempts one more. invalid_parameter_value for a bad lease or limit.';
revoke execute on function private.claim_mailbox_probes(uuid, integer, integer) from public, anon, authenticated;
grant execute on function private.claim_mailbox_probes(uuid, integer, integer) to service_role;

create or replace function private.renew_mailbox_probe_leases(p_worker uuid, p_probes uuid[], p_seconds integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  held integer;
begin
  if p_seconds is null or p_seconds < 1 then
    raise exception 'A lease lasts 1 second or more' using errcode = 'invalid_parameter_value';
  end if;
  update public.mailbox_probes as p
  set lease_expires_at = pg_catalog.now() + pg_catalog.make_interval(secs => p_seconds)
  where p.id = any (p_probes) and p.status = 'running' and p.lease_owner = p_worker;
  get diagnostics held = row_count;
  return held;
end;
$$;
comment on function private.renew_mailbox_probe_leases(uuid, uuid[], integer) is
  'Extends worker p_worker''s leases on p_probes to p_seconds from now; answers how many it still held.';
revoke execute on function private.renew_mailbox_probe_leases(uuid, uuid[], integer) from public, anon, authenticated;
grant execute on function private.renew_mailbox_probe_leases(uuid, uuid[], integer) to service_role;

-- Both ways a worker hands probes back without an answer.
create or replace function private.hand_back_mailbox_probes(
  p_worker uuid,
  p_probes uuid[],
  p_not_before timestamptz,
  p_greylisted boolean
)
returns table (probe_id uuid, attempts integer)
language sql
security definer
set search_path = ''
as $$
  update public.mailbox_probes as p
  set status = 'pending', lease_owner = null, lease_expires_at = null,
    not_before = coalesce(p_not_before, p.not_before), greylisted = p.greylisted or p_greylisted
  where p.id = any (p_probes) and p.status = 'running' and p.lease_owner = p_worker
  returning p.id, p.attempts
$$;
comment on function private.hand_back_mailbox_probes(uuid, uuid[], timestamptz, boolean) is
  'The probes of p_probes worker p_worker still holds go back to pending (not before p_not_before when given, their '
  'greylisting retry spent when p_greylisted); answers each with its attempts so far.';
revoke execute on function private.hand_back_mailbox_probes(uuid, uuid[], timestamptz, boolean)
  from public, anon, authenticated;

create or replace function private.defer_mailbox_probes(p_worker uuid, p_probes uuid[], p_not_before timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_not_before is null then
    raise exception 'A deferred probe waits until a time' using errcode = 'invalid_parameter_value';
  end if;
  return (select pg_catalog.count(*) from private.hand_back_mailbox_probes(p_worker, p_probes, p_not_before, true));
end;
$$;
comment on function private.defer_mailbox_probes(uuid, uuid[], timestamptz) is
  'Worker p_worker''s probes were greylisted: pending again, not claimed before p_not_before, with their one retry '
  'spent (greylisted). Answers how many it still held.';
revoke execute on function private.defer_mailbox_probes(uuid, uuid[], timestamptz) from public, anon, authenticated;
grant execute on function private.defer_mailbox_probes(uuid, uuid[], timestamptz) to service_role;

create or replace function private.release_mailbox_probes(p_worker uuid, p_probes uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  released integer;
  spent uuid[];
begin
  select pg_catalog.count(*), pg_catalog.array_agg(h.probe_id) filter (where h.attempts >= 3)
  into released, spent
  from private.hand_back_mailbox_probes(p_worker, p_probes, null, false) as h;
  -- The third attempt failed too: give the probe up rather than retry it forever.
  perform private.end_mailbox_probes(spent);
  -- The others are due again now: an idle worker takes them at once.
  if released > coalesce(pg_catalog.cardinality(spent), 0) then
    perform pg_catalog.pg_notify('mailbox_probes', '');
  end if;
  return released;
end;
$$;
comment on function private.release_mailbox_probes(uuid, uuid[]) is
  'Worker p_worker gives its probes back after an error: pending again for the next claim (notifying channel '
  'mailbox_probes), or expired (waiters told) after their third attempt. Answers how many it still held.';
revoke execute on function private.release_mailbox_probes(uuid, uuid[]) from public, anon, authenticated;
grant execute on function private.release_mailbox_probes(uuid, uuid[]) to service_role;

create or replace function private.complete_mailbox_probe(p_worker uuid, p_probe uuid, p_result jsonb)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  check_result constant jsonb := p_result -> 'smtp';
  probe public.mailbox_probes;
begin
  if p_result is null or pg_catalog.jsonb_typeof(p_result) <> 'object'
    or check_result ->> 'status' is distinct from 'checked' or check_result ->> 'outcome' is null then
    raise exception 'A probe completes with a ValidationResult whose smtp check is checked, with its outcome'
      using errcode = 'invalid_parameter_value';
  end if;
  update public.mailbox_probes as p
  set status = 'done', result = p_result, outcome = check_result ->> 'outcome', mx_host = check_result ->> 'mxHost',
    done_at = pg_catalog.now(), lease_owner = null, lease_expires_at = null
  where p.id = p_probe and p.status = 'running' and p.lease_owner = p_worker
  returning p.* into probe;
  if not found then
    return false;
  end if;

  -- The address's cached validation learns what the server said, and the verdict it moved.
  update public.email_validations as v
  set verdict = coalesce(p_result ->> 'verdict', v.verdict),
    reasons = coalesce(
      (select pg_catalog.array_agg(r.value)
       from pg_catalog.jsonb_array_elements_text(p_result -> 'reasons') as r (value)),
      v.reasons),
    risk_score = coalesce((p_result ->> 'riskScore')::integer, v.risk_score),
    deliverability_score = coalesce((p_result ->> 'deliverabilityScore')::integer, v.deliverability_score),
    smtp_connectable = (check_result ->> 'smtpConnectable')::boolean,
    smtp_deliverable = (check_result ->> 'smtpDeliverable')::boolean,
    is_catch_all = coalesce((check_result ->> 'isCatchAll')::boolean, false),
    catch_all_confidence = (check_result ->> 'catchAllConfidence')::numeric
  where pg_catalog.lower(v.email) = probe.email_key;

  perform private.tell_mailbox_probe_waiters(probe);
  return true;
end;
$$;
comment on function private.complete_mailbox_probe(uuid, uuid, jsonb) is
  'Worker p_worker, holding p_probe''s lease, stores its final ValidationResult p_result (smtp checked): the probe is '
  'done with its outcome and MX host, the address''s row in email_validations takes the mailbox columns, verdict, '
  'reasons and scores, and the waiters are told. False (nothing written) when the lease was lost.';
revoke execute on function private.complete_mailbox_probe(uuid, uuid, jsonb) from public, anon, authenticated;
grant execute on function private.complete_mailbox_probe(uuid, uuid, jsonb) to service_role;

-- Ending --------------------------------------------------------------------------------------------------------------

create or replace function private.expire_mailbox_probes()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  ended integer;
begin
  ended := private.end_mailbox_probes(array(
    select p.id from public.mailbox_probes as p
    where p.status in ('pending', 'running') and p.deadline <= pg_catalog.now()
    union
    -- A third lease ran out (its worker died): nobody will give it back.
    select p.id from public.mailbox_probes as p
    where p.status = 'running' and p.lease_expires_at <= pg_catalog.now() and p.attempts >= 3
  ));
  delete from public.mailbox_probes as p
  where p.status in ('done', 'expired') and p.done_at < pg_catalog.now() - interval '30 days';
  delete from public.smtp_host_slots as s where s.lease_expires_at <= pg_catalog.now();
  delete from public.mail_domain_catch_all as c where c.expires_at <= pg_catalog.now();
  -- A worker killed without stopping leaves its row; a day on, nobody needs to see it.
  delete from public.probe_workers as w where w.last_seen_at < pg_catalog.now() - interval '1 day';
  return ended;
end;
$$;
comment on function private.expire_mailbox_probes() is
  'The schedule''s sweep: unfinished probes past their deadline, and running ones whose third lease ran out, expire '
  '(waiters told as on completion); probes finished over 30 days ago, run-out MX host slots, stale catch-all '
  'findings and workers silent for a day are deleted. Answers how many probes expired.';
revoke execute on function private.expire_mailbox_probes() from public, anon, authenticated;
grant execute on function private.expire_mailbox_probes() to service_role;
