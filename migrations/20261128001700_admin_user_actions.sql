-- What an admin does to an account: make or revoke an admin, throttle, suspend and unsuspend. Each is a definer
-- function that checks the caller is an admin, changes the profile, and writes the audit log in the same transaction.
--
-- Throttle and suspension take effect on the user's next request: private.admit_user_request reads the profile on
-- every request, and a throttle change forgets the user's request counter, so a new limit starts from zero.
--
-- Refusals (SQLSTATE and reason):
--   P0404 user_not_found
--   P0409 own_admin_flag                an admin revoking their own admin flag
--   P0409 last_admin                    a revoke that would leave no admin
--   P0409 own_suspension                an admin suspending or unsuspending themselves
--   P0422 is_admin_invalid, enabled_invalid, max_per_minute_invalid (0 to 10,000), level_invalid (0 to 100),
--         until_invalid (not in the future), reason_invalid (over 500 characters)

-- Helpers ---------------------------------------------------------------------------------------------------------

-- The profile an action is about, locked for the rest of the transaction.
create or replace function private.lock_profile_for_admin(p_user_id uuid)
returns public.profiles
language plpgsql
set search_path = ''
as $$
declare
  target public.profiles;
begin
  select * into target from public.profiles as p where p.id = p_user_id for update;
  if not found then
    raise exception 'user_not_found' using errcode = 'P0404';
  end if;
  return target;
end;
$$;
comment on function private.lock_profile_for_admin(uuid) is
  'The profile an admin action changes, locked; raises P0404 user_not_found.';
revoke execute on function private.lock_profile_for_admin(uuid) from public;

-- Functions -------------------------------------------------------------------------------------------------------

-- Every admin's row is locked before the count, in id order, so concurrent revokes queue up: the second sees the
-- first one's result, and two admins revoking each other cannot both succeed.
create or replace function private.admin_set_admin(p_user_id uuid, p_is_admin boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor constant uuid := (select auth.uid());
  target public.profiles;
begin
  perform private.require_admin();
  perform private.require_valid(p_is_admin is not null, 'is_admin_invalid');
  if p_user_id = actor and not p_is_admin then
    raise exception 'own_admin_flag' using errcode = 'P0409';
  end if;

  perform from public.profiles as p where p.is_admin order by p.id for update;
  target := private.lock_profile_for_admin(p_user_id);
  if not p_is_admin and not exists (select from public.profiles as p where p.is_admin and p.id <> p_user_id) then
    raise exception 'last_admin' using errcode = 'P0409';
  end if;
  -- Whoever called may have lost the flag while waiting for the locks.
  perform private.require_admin();

  update public.profiles as p set is_admin = p_is_admin where p.id = p_user_id;
  perform private.write_admin_audit(
    case when p_is_admin then 'user.admin_granted' else 'user.admin_revoked' end, 'user', p_user_id::text,
    pg_catalog.jsonb_build_object('isAdmin', target.is_admin),
    pg_catalog.jsonb_build_object('isAdmin', p_is_admin)
  );
end;
$$;
comment on function private.admin_set_admin(uuid, boolean) is
  'Admins: makes a user an admin or revokes it; never one''s own flag, never the last admin.';
revoke execute on function private.admin_set_admin(uuid, boolean) from public;
grant execute on function private.admin_set_admin(uuid, boolean) to authenticated;

create or replace function private.admin_set_throttle(
  p_user_id uuid,
  p_enabled boolean,
  p_max_per_minute integer,
  p_level integer
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.profiles;
begin
  perform private.require_admin();
  perform private.require_valid(p_enabled is not null, 'enabled_invalid');
  perform private.require_valid(p_max_per_minute between 0 and 10000, 'max_per_minute_invalid');
  perform private.require_valid(p_level between 0 and 100, 'level_invalid');

  target := private.lock_profile_for_admin(p_user_id);
  update public.profiles as p
  set throttle_enabled = p_enabled, max_requests_per_minute = p_max_per_minute, current_throttle_level = p_level
  where p.id = p_user_id;
  -- The old limit's count would otherwise carry into the new limit's first minute.
  perform private.clear_rate_limit('user:' || p_user_id::text, 'request');

  perform private.write_admin_audit(
    'user.throttle_changed', 'user', p_user_id::text,
    pg_catalog.jsonb_build_object(
      'throttleEnabled', target.throttle_enabled, 'maxRequestsPerMinute', target.max_requests_per_minute,
      'currentThrottleLevel', target.current_throttle_level
    ),
    pg_catalog.jsonb_build_object(
      'throttleEnabled', p_enabled, 'maxRequestsPerMinute', p_max_per_minute, 'currentThrottleLevel', p_level
    )
  );
end;
$$;
comment on function private.admin_set_throttle(uuid, boolean, integer, integer) is
  'Admins: sets a user''s throttle (on or off, requests a minute, level in percent), from their next request.';
revoke execute on function private.admin_set_throttle(uuid, boolean, integer, integer) from public;
grant execute on function private.admin_set_throttle(uuid, boolean, integer, integer) to authenticated;

-- Both suspension actions: the admin check, never on oneself, the change and its record. Called only by the two
-- definer functions below.
create or replace function private.set_suspension(p_user_id uuid, p_until timestamptz, p_reason text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  target public.profiles;
begin
  if p_user_id = (select auth.uid()) then
    raise exception 'own_suspension' using errcode = 'P0409';
  end if;
  target := private.lock_profile_for_admin(p_user_id);
  update public.profiles as p set suspended_until = p_until, suspension_reason = p_reason where p.id = p_user_id;
  perform private.write_admin_audit(
    case when p_until is null then 'user.unsuspended' else 'user.suspended' end, 'user', p_user_id::text,
    pg_catalog.jsonb_build_object('suspendedUntil', target.suspended_until, 'suspensionReason', target.suspension_reason),
    pg_catalog.jsonb_build_object('suspendedUntil', p_until, 'suspensionReason', p_reason)
  );
end;
$$;
comment on function private.set_suspension(uuid, timestamptz, text) is
  'Sets or clears (p_until null) another user''s suspension and audits it; raises P0409 own_suspension for oneself.';
revoke execute on function private.set_suspension(uuid, timestamptz, text) from public;

create or replace function private.admin_suspend_user(p_user_id uuid, p_until timestamptz, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  reason constant text := nullif(pg_catalog.btrim(p_reason), '');
begin
  perform private.require_admin();
  perform private.require_valid(p_until > pg_catalog.now(), 'until_invalid');
  perform private.require_valid(reason is null or pg_catalog.char_length(reason) <= 500, 'reason_invalid');
  perform private.set_suspension(p_user_id, p_until, reason);
end;
$$;
comment on function private.admin_suspend_user(uuid, timestamptz, text) is
  'Admins: refuses every request of another user until p_until, with an optional reason shown to them.';
revoke execute on function private.admin_suspend_user(uuid, timestamptz, text) from public;
grant execute on function private.admin_suspend_user(uuid, timestamptz, text) to authenticated;

create or replace function private.admin_unsuspend_user(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  perform private.set_suspension(p_user_id, null, null);
end;
$$;
comment on function private.admin_unsuspend_user(uuid) is 'Admins: ends another user''s suspension now.';
revoke execute on function private.admin_unsuspend_user(uuid) from public;
grant execute on function private.admin_unsuspend_user(uuid) to authenticated;
