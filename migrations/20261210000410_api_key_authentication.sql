-- Authenticating a public API call: one round trip that finds the key by its hash, decides whether it works, and
-- counts the call in the one rate limiter (the rate limits migration), so limits hold across every api instance.
--
-- The api hashes the key it was given (after its own format and checksum check) and calls this on its privileged
-- connection; no signed-in user or visitor may, since it answers who owns any key. Outcomes, in the order decided:
--   invalid           no key (p_key_hash null: the api found it malformed) or an unknown hash        → 401
--   revoked, expired  the key was revoked, or its expiry (or a rotation's grace period) has passed    → 401
--   failures_limited  any of the above past 20 failures a minute from one network (p_client_ip)      → 429
--   key_rate_limited  the key's own rate_limit calls a minute are used up                            → 429
--   suspended         the owner is suspended (suspended_until, suspension_reason)                    → 403
--   throttled         the owner's throttle refused it                                                  → 429
--   rate_limited      the owner's limit for p_action (validation, exploration) refused it             → 429
--   ok                the call may go ahead, as the owner
-- key_id, user_id, key_name and rate_limit name the key found (null for invalid, and set for revoked and expired, so
-- the failure can be logged against the key); only ok lets the call act as user_id.
-- allowed, max_hits, remaining and reset_seconds are the deciding limiter's: for ok, the key's minute (what the
-- X-RateLimit-* headers describe); for a failure, the network's failure count. The key row is only read, never
-- written: usage is logged apart (the API key calls migration) and folded in once a minute.

create or replace function private.authenticate_api_key(
  p_key_hash text,
  p_client_ip text,
  p_action text default null
)
returns table (
  outcome text,
  key_id uuid,
  user_id uuid,
  key_name text,
  rate_limit integer,
  allowed boolean,
  max_hits integer,
  remaining integer,
  reset_seconds integer,
  suspended_until timestamptz,
  suspension_reason text
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_key public.api_keys;
  failure text;
  decision private.rate_limit_decision;
  admission private.request_admission;
begin
  if p_key_hash is not null then
    select * into found_key from public.api_keys as k where k.key_hash = p_key_hash;
  end if;
  failure := case
    when found_key.id is null then 'invalid'
    when found_key.revoked_at is not null then 'revoked'
    when found_key.expires_at <= pg_catalog.now() then 'expired'
  end;

  if failure is not null then
    decision := private.take_rate_limit(
      'network:' || coalesce(p_client_ip, 'unknown'), 'api_key_failure', 20, 60
    );
    return query select
      case when decision.allowed then failure else 'failures_limited' end,
      found_key.id, found_key.user_id, found_key.key_name, found_key.rate_limit,
      decision.allowed, decision.max_hits, decision.remaining, decision.reset_seconds,
      null::timestamptz, null::text;
    return;
  end if;

  decision := private.take_rate_limit('api_key:' || found_key.id::text, 'api_call', found_key.rate_limit, 60);
  if not decision.allowed then
    return query select
      'key_rate_limited', found_key.id, found_key.user_id, found_key.key_name, found_key.rate_limit,
      decision.allowed, decision.max_hits, decision.remaining, decision.reset_seconds,
      null::timestamptz, null::text;
    return;
  end if;

  admission := private.admit_user_request(found_key.user_id, p_action);
  if admission.suspended_until is not null then
    return query select
      'suspended', found_key.id, found_key.user_id, found_key.key_name, found_key.rate_limit,
      false, decision.max_hits, decision.remaining, decision.reset_seconds,
      admission.suspended_until, admission.suspension_reason;
  elsif not admission.allowed then
    return query select
      case admission.refused_by when 'throttle' then 'throttled' else 'rate_limited' end,
      found_key.id, found_key.user_id, found_key.key_name, found_key.rate_limit,
      admission.allowed, admission.max_hits, admission.remaining, admission.reset_seconds,
      null::timestamptz, null::text;
  else
    return query select
      'ok', found_key.id, found_key.user_id, found_key.key_name, found_key.rate_limit,
      decision.allowed, decision.max_hits, decision.remaining, decision.reset_seconds,
      null::timestamptz, null::text;
  end if;
end;
$$;
comment on function private.authenticate_api_key(text, text, text) is
  'The api''s check of a public API call''s key (by hash): the outcome, the key and owner, and the deciding limit; '
  'counts the call (or the failure, per network) in the rate limiter.';
revoke execute on function private.authenticate_api_key(text, text, text) from public;
grant execute on function private.authenticate_api_key(text, text, text) to service_role;
