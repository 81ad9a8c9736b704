-- Making API keys: a signed-in user creates one, or rotates one into a new key while the old one lasts a grace
-- period. These are the only ways a key row comes to be: the bytes are drawn here, the hash and prefix stored, and
-- the secret answered once and never kept.
--
-- Both run as the signed-in user (definer functions granted to authenticated, taking the owner from auth.uid()).
-- What they refuse, as SQLSTATE and message, for the api to map:
--   42501 insufficient_privilege 'Signing in is required'           no signed-in user (auth.uid() is null)
--   22023 'The expiry must be in the future'                          create: expires_at <= now()            → 400
--   23514 (check api_keys_key_name_length)                           create: a name of other than 1-100 chars → 400
--   P0409 'api_key_limit'                                             create: the user already has 10 active keys
--                                                                     → 409 "You can have at most 10 active API keys"
--   22023 'The grace period must be 0 to 168 hours'                   rotate: grace_hours out of range       → 400
--   P0404 'api_key_not_found'                                         rotate: unknown, or another user's key → 404
--   P0409 'api_key_revoked' / 'api_key_expired' / 'api_key_replaced'  rotate: the key no longer works, or was
--                                                                     rotated already                        → 409
-- Changing keys through PostgREST (api_keys' trigger, the api_keys migration):
--   42501 'A revoked API key cannot be restored'                      clearing revoked_at
--   42501 'Only an admin can change an API key''s rate limit'         a non-admin setting rate_limit
-- Admin writes (the API key admin actions migration), as every admin action refuses:
--   P0403 'admins_only', P0404 'api_key_not_found', P0422 'rate_limit_invalid'

-- Helpers ---------------------------------------------------------------------------------------------------------

create or replace function private.api_key_is_active(p_key public.api_keys)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_key.revoked_at is null
     and (p_key.expires_at is null or p_key.expires_at > pg_catalog.now())
     and p_key.replaced_by is null
$$;
comment on function private.api_key_is_active(public.api_keys) is
  'Not revoked, not expired and not replaced by a rotation: what counts toward a user''s 10 keys.';
revoke execute on function private.api_key_is_active(public.api_keys) from public;

-- Stores a new key for the user and answers its id and secret; the callers have checked who may.
create or replace function private.insert_api_key(
  p_user_id uuid,
  p_key_name text,
  p_rate_limit integer,
  p_expires_at timestamptz
)
returns table (id uuid, secret text)
language plpgsql
volatile
set search_path = ''
as $$
declare
  made constant text := private.new_api_key_secret();
  made_id uuid;
begin
  insert into public.api_keys as k (user_id, key_name, key_hash, key_prefix, rate_limit, expires_at)
  values (p_user_id, p_key_name, private.api_key_hash(made), pg_catalog.left(made, 10), p_rate_limit, p_expires_at)
  returning k.id into made_id;
  return query select made_id, made;
end;
$$;
comment on function private.insert_api_key(uuid, text, integer, timestamptz) is
  'Draws a new key, stores its hash and prefix for the user, and answers the id and the secret (once).';
revoke execute on function private.insert_api_key(uuid, text, integer, timestamptz) from public;

-- Functions -------------------------------------------------------------------------------------------------------
-- Definer: API roles may not insert keys; these are the only way in, as the signed-in user.

create or replace function private.create_api_key(p_key_name text, p_expires_at timestamptz default null)
returns table (id uuid, secret text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  owner_id constant uuid := (select auth.uid());
  active_keys integer;
begin
  if owner_id is null then
    raise exception 'Signing in is required' using errcode = 'insufficient_privilege';
  end if;
  if p_expires_at <= pg_catalog.now() then
    raise exception 'The expiry must be in the future' using errcode = 'invalid_parameter_value';
  end if;

  -- The profile's lock orders one user's concurrent creations, so two cannot both take the tenth place. "No key"
  -- strength leaves rows that merely reference the profile (its key share locks) unblocked.
  perform from public.profiles as p where p.id = owner_id for no key update;
  select pg_catalog.count(*) into active_keys
  from public.api_keys as k
  where k.user_id = owner_id and private.api_key_is_active(k);
  if active_keys >= 10 then
    raise exception 'api_key_limit' using errcode = 'P0409';
  end if;

  return query select * from private.insert_api_key(owner_id, pg_catalog.btrim(p_key_name), 60, p_expires_at);
end;
$$;
comment on function private.create_api_key(text, timestamptz) is
  'Signed-in users: makes a key (at most 10 active), answering its id and secret, the only time the secret is shown.';
revoke execute on function private.create_api_key(text, timestamptz) from public;
grant execute on function private.create_api_key(text, timestamptz) to authenticated;

create or replace function private.rotate_api_key(p_key_id uuid, p_grace_hours integer)
returns table (id uuid, secret text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  owner_id constant uuid := (select auth.uid());
  old_key public.api_keys;
  made record;
begin
  if owner_id is null then
    raise exception 'Signing in is required' using errcode = 'insufficient_privilege';
  end if;
  if p_grace_hours is null or p_grace_hours not between 0 and 168 then
    raise exception 'The grace period must be 0 to 168 hours' using errcode = 'invalid_parameter_value';
  end if;

  -- The key's lock makes a second rotation of it wait, then find it replaced.
  select * into old_key from public.api_keys as k where k.id = p_key_id and k.user_id = owner_id for update;
  if not found then
    raise exception 'api_key_not_found' using errcode = 'P0404';
  end if;
  if old_key.revoked_at is not null then
    raise exception 'api_key_revoked' using errcode = 'P0409';
  end if;
  if old_key.replaced_by is not null then
    raise exception 'api_key_replaced' using errcode = 'P0409';
  end if;
  if old_key.expires_at <= pg_catalog.now() then
    raise exception 'api_key_expired' using errcode = 'P0409';
  end if;

  -- The old key leaves the active count as the new one joins it, so a rotation never meets the limit of 10.
  select * into strict made
  from private.insert_api_key(owner_id, old_key.key_name, old_key.rate_limit, old_key.expires_at);
  update public.api_keys as k
  set replaced_by = made.id,
      expires_at = least(k.expires_at, pg_catalog.now() + pg_catalog.make_interval(hours => p_grace_hours)),
      revoked_at = case when p_grace_hours = 0 then pg_catalog.now() end
  where k.id = old_key.id;

  return query select made.id, made.secret;
end;
$$;
comment on function private.rotate_api_key(uuid, integer) is
  'Owners: replaces a working key with a new one (same name, limit and expiry), answering its id and secret; the old '
  'key works for p_grace_hours more (revoked at once for 0).';
revoke execute on function private.rotate_api_key(uuid, integer) from public;
grant execute on function private.rotate_api_key(uuid, integer) to authenticated;
