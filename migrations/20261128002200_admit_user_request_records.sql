-- private.admit_user_request, redefined once for the admin dashboard, does two more things than the rate limits
-- migration's: an admitted exploration makes the user active, and a refusal is recorded in activity_logs.
--
-- An exploration leaves no row with the user's id (explored domains are shared by everyone), so the admission is the
-- one place that knows a signed-in user explored: once it is admitted, the user's day and last_activity_at are
-- recorded (user activity migration). Refusals become anomalies (burst) admins see: refused while suspended (not
-- recorded: a suspension is the admins' own doing), past the throttle (endpoint throttle), or past the action's
-- per-minute limit (endpoint validation or exploration). A refusal is recorded once per user, endpoint and minute,
-- further refusals in that minute counting on the same row.

create or replace function private.admit_user_request(p_user_id uuid, p_action text default null)
returns private.request_admission
language plpgsql
security definer
set search_path = ''
as $$
declare
  profile public.profiles;
  subject constant text := 'user:' || p_user_id::text;
  decision private.rate_limit_decision;
  action_limit integer;
begin
  select * into profile from public.profiles as p where p.id = p_user_id;
  if not found then
    return row(null, null, null, true, null, null, null)::private.request_admission;
  end if;
  if profile.suspended_until > pg_catalog.now() then
    return row(profile.suspended_until, profile.suspension_reason, 'suspension', false, null, null, null)
      ::private.request_admission;
  end if;

  if profile.throttle_enabled then
    decision := private.take_rate_limit(
      subject, 'request', (profile.max_requests_per_minute * profile.current_throttle_level) / 100, 60
    );
    if not decision.allowed then
      perform private.record_limiter_refusal(p_user_id, null, 'throttle', 'burst');
      return row(null, null, 'throttle', false, decision.max_hits, decision.remaining, decision.reset_seconds)
        ::private.request_admission;
    end if;
  end if;

  action_limit := case p_action
    when 'validation' then private.setting_integer('rate_limit_validations_per_minute', 120)
    when 'exploration' then private.setting_integer('rate_limit_explorations_per_minute', 10)
  end;
  if p_action is not null and action_limit is null then
    raise exception 'No rate limit is defined for the action %', p_action using errcode = 'invalid_parameter_value';
  end if;
  if action_limit is not null then
    decision := private.take_rate_limit(subject, p_action, action_limit, 60);
    if not decision.allowed then
      perform private.record_limiter_refusal(p_user_id, null, p_action, 'burst');
    end if;
  end if;

  if p_action = 'exploration' and decision.allowed then
    perform private.record_user_activity(array[row(p_user_id, pg_catalog.now())::private.user_activity]);
  end if;

  return row(
    null, null, case when decision.allowed then null else p_action end,
    coalesce(decision.allowed, true), decision.max_hits, decision.remaining, decision.reset_seconds
  )::private.request_admission;
end;
$$;
comment on function private.admit_user_request(uuid, text) is
  'Admits a signed-in user''s request: refused while suspended, past the throttle, or past the action''s limit '
  '(validation or exploration; null for none). Counts the request against each limit that applies; an admitted '
  'exploration makes the user active; a throttle or limit refusal is recorded in activity_logs.';
revoke execute on function private.admit_user_request(uuid, text) from public;
grant execute on function private.admit_user_request(uuid, text) to service_role;
