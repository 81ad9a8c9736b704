-- Admin actions on API keys: revoke any user's key, and set a key's rate limit. Like every admin action they are
-- definer functions that check private.require_admin() first and write their audit row in the same transaction.
-- Refusals: P0403 admins_only, P0404 api_key_not_found, P0422 rate_limit_invalid (1 to 6,000 calls a minute).

-- Functions -------------------------------------------------------------------------------------------------------

-- Revoking a revoked key changes nothing and records nothing, so a repeated click is harmless.
create or replace function private.admin_revoke_api_key(p_key_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  revoked public.api_keys;
begin
  perform private.require_admin();
  select * into revoked from public.api_keys as k where k.id = p_key_id for update;
  if not found then
    raise exception 'api_key_not_found' using errcode = 'P0404';
  end if;
  if revoked.revoked_at is not null then
    return;
  end if;

  -- The api_keys trigger stamps the time and the admin as revoked_by.
  update public.api_keys as k set revoked_at = pg_catalog.now() where k.id = p_key_id
  returning * into revoked;

  perform private.write_admin_audit(
    'api_key.revoked', 'api_key', p_key_id::text,
    pg_catalog.jsonb_build_object('userId', revoked.user_id, 'keyPrefix', revoked.key_prefix, 'revokedAt', null),
    pg_catalog.jsonb_build_object(
      'userId', revoked.user_id, 'keyPrefix', revoked.key_prefix, 'revokedAt', revoked.revoked_at
    )
  );
end;
$$;
comment on function private.admin_revoke_api_key(uuid) is 'Admins: revokes any user''s API key (idempotent), audited.';
revoke execute on function private.admin_revoke_api_key(uuid) from public;
grant execute on function private.admin_revoke_api_key(uuid) to authenticated;

create or replace function private.admin_set_api_key_rate_limit(p_key_id uuid, p_rate_limit integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  limit_before integer;
  owner_id uuid;
begin
  perform private.require_admin();
  perform private.require_valid(p_rate_limit between 1 and 6000, 'rate_limit_invalid');
  select k.rate_limit, k.user_id into limit_before, owner_id from public.api_keys as k where k.id = p_key_id for update;
  if not found then
    raise exception 'api_key_not_found' using errcode = 'P0404';
  end if;

  update public.api_keys as k set rate_limit = p_rate_limit where k.id = p_key_id;

  perform private.write_admin_audit(
    'api_key.rate_limit_set', 'api_key', p_key_id::text,
    pg_catalog.jsonb_build_object('userId', owner_id, 'rateLimit', limit_before),
    pg_catalog.jsonb_build_object('userId', owner_id, 'rateLimit', p_rate_limit)
  );
end;
$$;
comment on function private.admin_set_api_key_rate_limit(uuid, integer) is
  'Admins: sets an API key''s calls per minute (1 to 6,000), audited.';
revoke execute on function private.admin_set_api_key_rate_limit(uuid, integer) from public;
grant execute on function private.admin_set_api_key_rate_limit(uuid, integer) to authenticated;
