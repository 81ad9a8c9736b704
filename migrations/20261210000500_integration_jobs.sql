-- Jobs started through the public API: a validate-bulk call of more than 50 addresses becomes a bulk validation
-- session made by the bulk feature's own upload (same metering, limits, worker and progress), which these functions
-- then mark with the key that started it and the callbackUrl to notify, and an Idempotency-Key names the job it
-- started for 24 hours, so a client retrying after a lost answer gets the same job and is not charged twice.
--
-- Only the api's privileged connection reaches any of this: a key's owner sees their job as a bulk session (RLS), and
-- the idempotency keys are bookkeeping nobody reads.

-- Table -------------------------------------------------------------------------------------------------------------

create table private.integration_idempotency (
  user_id uuid not null references public.profiles (id) on delete cascade,
  key text not null constraint integration_idempotency_key_length check (char_length(key) between 1 and 255),
  request_hash text not null constraint integration_idempotency_request_hash check (request_hash ~ '^[0-9a-f]{64}$'),
  -- Cancelling the job (deleting its session) frees the key: a retry then starts a new job.
  session_id uuid references public.bulk_validation_sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

comment on table private.integration_idempotency is
  'An Idempotency-Key sent with validate-bulk and the job it started, honoured for 24 hours.';
comment on column private.integration_idempotency.request_hash is
  'sha-256 (hex) of the request body: the same key with another body is refused rather than answered with this job.';
comment on column private.integration_idempotency.session_id is
  'The job; null while the request that claimed the key is still starting it.';

-- Expired keys are swept by age.
create index integration_idempotency_created_at_idx on private.integration_idempotency (created_at);

-- Grants and row level security -------------------------------------------------------------------------------------

revoke all on table private.integration_idempotency from anon, authenticated, service_role;
alter table private.integration_idempotency enable row level security;

-- Functions ---------------------------------------------------------------------------------------------------------

-- A claim whose request never attached its job (its instance died between the two calls) is taken over after this
-- long, far beyond the second or so a start takes.
create or replace function private.integration_claim_idempotency(p_user uuid, p_key text, p_request_hash text)
returns table (outcome text, session_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  existing private.integration_idempotency;
begin
  -- Two requests with one key wait for each other here: the second sees the first's claim.
  insert into private.integration_idempotency as i (user_id, key, request_hash)
  values (p_user, p_key, p_request_hash)
  on conflict (user_id, key) do update
  set request_hash = excluded.request_hash, session_id = null, created_at = pg_catalog.now()
  where i.created_at <= pg_catalog.now() - interval '24 hours'
    or (i.session_id is null and i.created_at <= pg_catalog.now() - interval '1 minute');
  if found then
    return query select 'claimed'::text, null::uuid;
    return;
  end if;

  select * into existing from private.integration_idempotency as i where i.user_id = p_user and i.key = p_key;
  if existing.request_hash <> p_request_hash then
    return query select 'mismatch'::text, null::uuid;
  elsif existing.session_id is null then
    return query select 'in_progress'::text, null::uuid;
  else
    return query select 'replay'::text, existing.session_id;
  end if;
end;
$$;
comment on function private.integration_claim_idempotency(uuid, text, text) is
  'Claims the user''s Idempotency-Key for a request body (sha-256 hex). Answers claimed (start the job, then attach '
  'it), replay with the job it started within 24 hours, mismatch (another body used the key) or in_progress (a '
  'request with this key is starting its job right now).';
revoke execute on function private.integration_claim_idempotency(uuid, text, text) from public;
grant execute on function private.integration_claim_idempotency(uuid, text, text) to service_role;

create or replace function private.integration_release_idempotency(p_user uuid, p_key text)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.integration_idempotency as i where i.user_id = p_user and i.key = p_key and i.session_id is null
$$;
comment on function private.integration_release_idempotency(uuid, text) is
  'Frees a claimed key whose job could not be started, so the client may try again with it.';
revoke execute on function private.integration_release_idempotency(uuid, text) from public;
grant execute on function private.integration_release_idempotency(uuid, text) to service_role;

-- Marks the job before its upload is committed: a job that ends the moment it starts still calls back.
create or replace function private.integration_attach_job(
  p_user uuid,
  p_session uuid,
  p_key_id uuid,
  p_callback_url text,
  p_idempotency_key text
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.bulk_validation_sessions as s
  set api_key_id = p_key_id, callback_url = p_callback_url
  where s.id = p_session and s.user_id = p_user and not s.upload_complete;
  if not found then
    raise exception 'not_found' using errcode = 'P0404';
  end if;
  if p_idempotency_key is not null then
    update private.integration_idempotency as i
    set session_id = p_session
    where i.user_id = p_user and i.key = p_idempotency_key and i.session_id is null;
  end if;
end;
$$;
comment on function private.integration_attach_job(uuid, uuid, uuid, text, text) is
  'Marks the user''s session, still uploading, as started by API key p_key_id with its callbackUrl, and names it as '
  'the job of the claimed Idempotency-Key, if any.';
revoke execute on function private.integration_attach_job(uuid, uuid, uuid, text, text) from public;
grant execute on function private.integration_attach_job(uuid, uuid, uuid, text, text) to service_role;

create or replace function private.integration_delete_expired_idempotency()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.integration_idempotency as i where i.created_at <= pg_catalog.now() - interval '24 hours'
$$;
comment on function private.integration_delete_expired_idempotency() is 'Sweeps Idempotency-Keys past their 24 hours.';
revoke execute on function private.integration_delete_expired_idempotency() from public;

-- cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.
select cron.schedule(
  'integration-idempotency-expiry', '17 * * * *', $$select private.integration_delete_expired_idempotency()$$
);
