-- The webhook worker's queue, shaped like the other jobs': the functions' connection (service_role's grants) claims a
-- due delivery under a lease (`for update skip locked`), and records each attempt with the lease checked: the attempt
-- goes to the log, and the delivery becomes delivered, failed, or pending again at the next time the worker's retry
-- schedule gives. An owner's redelivery queues one more attempt now.
--
--   claim_webhook_delivery     the next due pending delivery, leased; answers it with the attempt's number
--   record_webhook_attempt     logs the attempt and moves the delivery on; false when the lease was lost
--   webhook_deliveries_due     whether a delivery is due now (the schedule's kick)
--   redeliver_webhook          the owner (authenticated) queues an attempt now

create or replace function private.claim_webhook_delivery(p_lease_seconds integer)
returns table (delivery_id uuid, user_id uuid, url text, payload jsonb, attempt integer, lease_owner uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  picked uuid;
begin
  if p_lease_seconds is null or p_lease_seconds < 1 then
    raise exception 'A lease lasts 1 second or more' using errcode = 'invalid_parameter_value';
  end if;
  select d.id into picked
  from public.webhook_deliveries as d
  where d.status = 'pending' and d.next_attempt_at <= pg_catalog.now()
    and (d.lease_expires_at is null or d.lease_expires_at <= pg_catalog.now())
  order by d.next_attempt_at, d.id
  limit 1
  for update skip locked;
  if not found then
    return;
  end if;

  return query
  update public.webhook_deliveries as d
  set lease_owner = pg_catalog.gen_random_uuid(),
    lease_expires_at = pg_catalog.now() + pg_catalog.make_interval(secs => p_lease_seconds)
  where d.id = picked
  returning d.id, d.user_id, d.url, d.payload, d.attempts + 1, d.lease_owner;
end;
$$;
comment on function private.claim_webhook_delivery(integer) is
  'Leases the next due pending delivery (its next_attempt_at passed, no live lease) for p_lease_seconds, earliest '
  'first, and answers it with the number of the attempt about to be made and the lease''s token; no row when none is '
  'due. invalid_parameter_value for a lease under 1 s.';
revoke execute on function private.claim_webhook_delivery(integer) from public, anon, authenticated;
grant execute on function private.claim_webhook_delivery(integer) to service_role;

create or replace function private.record_webhook_attempt(
  p_delivery_id uuid,
  p_lease_owner uuid,
  p_status_code integer,
  p_error text,
  p_duration_ms integer,
  p_delivered boolean,
  p_next_attempt_at timestamptz
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  made integer;
begin
  update public.webhook_deliveries as d
  set attempts = d.attempts + 1,
    status = case when p_delivered then 'delivered' when p_next_attempt_at is null then 'failed' else 'pending' end,
    next_attempt_at = case when p_delivered then null else p_next_attempt_at end,
    delivered_at = case when p_delivered then pg_catalog.now() else d.delivered_at end,
    last_status_code = p_status_code,
    last_error = pg_catalog.left(p_error, 2000),
    lease_owner = null,
    lease_expires_at = null
  where d.id = p_delivery_id and d.status = 'pending' and d.lease_owner = p_lease_owner
  returning d.attempts into made;
  if not found then
    return false;
  end if;
  insert into public.webhook_delivery_attempts (delivery_id, attempt, status_code, error, duration_ms)
  values (p_delivery_id, made, p_status_code, pg_catalog.left(p_error, 2000), greatest(p_duration_ms, 0));
  return true;
end;
$$;
comment on function private.record_webhook_attempt(uuid, uuid, integer, text, integer, boolean, timestamptz) is
  'The lease holder logs an attempt (status code or error, duration) and moves the delivery on: delivered, pending '
  'again at p_next_attempt_at, or failed when that is null. False (nothing written) when the lease was lost.';
revoke execute on function private.record_webhook_attempt(uuid, uuid, integer, text, integer, boolean, timestamptz)
  from public, anon, authenticated;
grant execute on function private.record_webhook_attempt(uuid, uuid, integer, text, integer, boolean, timestamptz)
  to service_role;

create or replace function private.webhook_deliveries_due()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.webhook_deliveries as d
    where d.status = 'pending' and d.next_attempt_at <= pg_catalog.now()
      and (d.lease_expires_at is null or d.lease_expires_at <= pg_catalog.now())
  )
$$;
comment on function private.webhook_deliveries_due() is 'Whether claim_webhook_delivery would find a delivery now.';
revoke execute on function private.webhook_deliveries_due() from public, anon, authenticated;
grant execute on function private.webhook_deliveries_due() to service_role;

create or replace function private.redeliver_webhook(p_delivery_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.webhook_deliveries as d
  set status = 'pending', next_attempt_at = pg_catalog.now()
  where d.id = p_delivery_id and d.user_id = (select auth.uid());
  if not found then
    raise exception 'webhook_delivery_not_found' using errcode = 'no_data_found';
  end if;
end;
$$;
comment on function private.redeliver_webhook(uuid) is
  'The owner queues one more attempt of their delivery now (whatever its state; a failed one gets that one attempt). '
  'no_data_found for a delivery that is not the caller''s or does not exist.';
revoke execute on function private.redeliver_webhook(uuid) from public, anon, service_role;
grant execute on function private.redeliver_webhook(uuid) to authenticated;
