-- The sign-in throttle records its locks and refusals in activity_logs (anomaly failed_sign_ins), so admins see
-- password guessing. Both functions keep their behaviour (see the sign-in throttle migration) and add the record:
--   a lock that starts          record_sign_in_failure, when a failure reaches its subject's limit
--   an attempt a lock refuses   sign_in_refusal, when it answers a lock
-- A row is per subject and minute: an identifier's lock names the account with that identifier (null when none has
-- it, and the identifier itself is never stored: people type passwords into it) with the client's address; a
-- network's lock names no account.

create or replace function private.sign_in_user_id(p_identifier text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  -- As sign-in matches it: with "@" only email addresses, without only usernames (the unique lower() indexes).
  select p.id from public.profiles as p
  where pg_catalog.strpos(p_identifier, '@') > 0
    and pg_catalog.lower(p.email) = pg_catalog.lower(pg_catalog.btrim(p_identifier))
  union all
  select p.id from public.profiles as p
  where pg_catalog.strpos(p_identifier, '@') = 0
    and pg_catalog.lower(p.username) = pg_catalog.lower(pg_catalog.btrim(p_identifier))
$$;
comment on function private.sign_in_user_id(text) is 'The account a sign-in identifier names, if any.';
revoke execute on function private.sign_in_user_id(text) from public;

create or replace function private.record_sign_in_lock(p_subject text, p_identifier text, p_client_ip text)
returns void
language sql
security definer
set search_path = ''
as $$
  select private.record_limiter_refusal(
    case when p_subject like 'identifier:%' then private.sign_in_user_id(p_identifier) end,
    p_client_ip::inet,
    'sign_in',
    'failed_sign_ins'
  )
$$;
comment on function private.record_sign_in_lock(text, text, text) is
  'Records a sign-in lock''s start or refusal for its subject (an identifier''s account, or a network).';
revoke execute on function private.record_sign_in_lock(text, text, text) from public;

-- Whether a sign-in may be tried now: no row when it may, else the lock that refuses it (the longest, when both are).
create or replace function private.sign_in_refusal(p_identifier text, p_client_ip text)
returns table (refused_by text, max_hits integer, reset_seconds integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  subject record;
  lock private.rate_limit_decision;
  longest private.rate_limit_decision;
  longest_kind text;
  longest_limit integer;
  longest_subject text;
begin
  for subject in select * from private.sign_in_subjects(p_identifier, p_client_ip) loop
    -- A look (cost 0): a lock is a counter holding its one hit until its window ends.
    lock := private.take_rate_limit(subject.subject, 'sign_in_lockout', 1, subject.first_lock_seconds, 0);
    if not lock.allowed and (longest is null or lock.reset_seconds > longest.reset_seconds) then
      longest := lock;
      longest_kind := pg_catalog.split_part(subject.subject, ':', 1);
      longest_limit := subject.max_failures;
      longest_subject := subject.subject;
    end if;
  end loop;
  if longest is not null then
    perform private.record_sign_in_lock(longest_subject, p_identifier, p_client_ip);
    return query select longest_kind, longest_limit, longest.reset_seconds;
  end if;
end;
$$;
comment on function private.sign_in_refusal(text, text) is
  'The lock refusing sign-ins with this identifier or from this network (identifier or network), if any; '
  'records the refusal in activity_logs.';
revoke execute on function private.sign_in_refusal(text, text) from public;
grant execute on function private.sign_in_refusal(text, text) to service_role;

create or replace function private.record_sign_in_failure(p_identifier text, p_client_ip text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  subject record;
  failure private.rate_limit_decision;
  locks private.rate_limit_decision;
  lock_seconds integer;
begin
  for subject in select * from private.sign_in_subjects(p_identifier, p_client_ip) loop
    failure := private.take_rate_limit(subject.subject, 'sign_in_failure', subject.max_failures, subject.window_seconds);
    if failure.remaining = 0 then
      locks := private.take_rate_limit(subject.subject, 'sign_in_lockouts', 1000000, 86400);
      lock_seconds := least(
        subject.first_lock_seconds::bigint * (2::bigint ^ least(locks.max_hits - locks.remaining - 1, 30))::bigint,
        private.setting_integer('rate_limit_sign_in_lockout_max_seconds', 86400)
      );
      perform private.clear_rate_limit(subject.subject, 'sign_in_lockout');
      perform private.take_rate_limit(subject.subject, 'sign_in_lockout', 1, greatest(lock_seconds, 1));
      perform private.clear_rate_limit(subject.subject, 'sign_in_failure');
      perform private.record_sign_in_lock(subject.subject, p_identifier, p_client_ip);
    end if;
  end loop;
end;
$$;
comment on function private.record_sign_in_failure(text, text) is
  'Counts a failed sign-in against its identifier and client network, locking either that reaches its limit '
  '(recorded in activity_logs).';
revoke execute on function private.record_sign_in_failure(text, text) from public;
grant execute on function private.record_sign_in_failure(text, text) to service_role;
