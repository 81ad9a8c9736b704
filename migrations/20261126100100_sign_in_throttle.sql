-- Failed sign-ins are limited per submitted identifier and per client network, on the one limiter
-- (private.take_rate_limit), so the count holds across function instances.
--
-- Failures are counted per identifier as typed (trimmed, lower-cased), whether or not an account has it, so a lockout
-- says nothing about who exists. When an identifier's failures reach rate_limit_sign_in_failures_per_identifier within
-- rate_limit_sign_in_failure_window_seconds, it is locked: every sign-in with it answers 429, even with the right
-- password, until the lock ends. A client network is locked the same way on reaching
-- rate_limit_sign_in_failures_per_network_per_minute failures in a minute (a network: an IPv4 address or an IPv6 /64).
-- Each further lock of the same subject within a day lasts twice as long as the one before (the window for an
-- identifier, a minute for a network), up to rate_limit_sign_in_lockout_max_seconds. A successful sign-in forgets the
-- identifier's failures and earlier locks.
--
-- Counters (private.rate_limit_counters, subject 'identifier:<name>' or 'network:<address>'):
--   sign_in_failure   failures in the current window; cleared when a lock starts, so the lock's end gives fresh tries
--   sign_in_lockout   one hit while locked; its window is the lock
--   sign_in_lockouts  locks in the last day, which make the next lock longer

insert into public.admin_settings (setting_key, setting_value, description) values
  ('rate_limit_sign_in_failures_per_identifier', '5',
   'Failed sign-ins with one username or email address before it is locked for a while.'),
  ('rate_limit_sign_in_failure_window_seconds', '900',
   'The window those failures are counted in, and the first lock''s length (doubling with each further lock).'),
  ('rate_limit_sign_in_failures_per_network_per_minute', '30',
   'Failed sign-ins from one client network in a minute before it is locked (a minute, doubling).'),
  ('rate_limit_sign_in_lockout_max_seconds', '86400',
   'The longest a sign-in lock lasts, however often it recurs.')
on conflict (setting_key) do nothing;

create or replace function private.sign_in_subjects(p_identifier text, p_client_ip text)
returns table (subject text, max_failures integer, window_seconds integer, first_lock_seconds integer)
language sql
stable
security definer
set search_path = ''
as $$
  select 'identifier:' || pg_catalog.lower(pg_catalog.btrim(p_identifier)),
         private.setting_integer('rate_limit_sign_in_failures_per_identifier', 5),
         greatest(private.setting_integer('rate_limit_sign_in_failure_window_seconds', 900), 1),
         greatest(private.setting_integer('rate_limit_sign_in_failure_window_seconds', 900), 1)
  where p_identifier is not null
  union all
  -- Per network as the anonymous allowance counts it: an IPv4 address, or an IPv6 /64, whose addresses rotate.
  select 'network:' || pg_catalog.host(private.anonymous_client_network(p_client_ip::inet)),
         private.setting_integer('rate_limit_sign_in_failures_per_network_per_minute', 30),
         60,
         60
  where p_client_ip is not null
$$;
comment on function private.sign_in_subjects(text, text) is
  'Who a sign-in attempt is counted against (its identifier and client network) and their limits.';
revoke execute on function private.sign_in_subjects(text, text) from public;

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
begin
  for subject in select * from private.sign_in_subjects(p_identifier, p_client_ip) loop
    -- A look (cost 0): a lock is a counter holding its one hit until its window ends.
    lock := private.take_rate_limit(subject.subject, 'sign_in_lockout', 1, subject.first_lock_seconds, 0);
    if not lock.allowed and (longest is null or lock.reset_seconds > longest.reset_seconds) then
      longest := lock;
      longest_kind := pg_catalog.split_part(subject.subject, ':', 1);
      longest_limit := subject.max_failures;
    end if;
  end loop;
  if longest is not null then
    return query select longest_kind, longest_limit, longest.reset_seconds;
  end if;
end;
$$;
comment on function private.sign_in_refusal(text, text) is
  'The lock refusing sign-ins with this identifier or from this network (identifier or network), if any.';
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
    end if;
  end loop;
end;
$$;
comment on function private.record_sign_in_failure(text, text) is
  'Counts a failed sign-in against its identifier and client network, locking either that reaches its limit.';
revoke execute on function private.record_sign_in_failure(text, text) from public;
grant execute on function private.record_sign_in_failure(text, text) to service_role;

create or replace function private.clear_sign_in_failures(p_identifier text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  subject constant text := 'identifier:' || pg_catalog.lower(pg_catalog.btrim(p_identifier));
begin
  perform private.clear_rate_limit(subject, 'sign_in_failure');
  perform private.clear_rate_limit(subject, 'sign_in_lockouts');
end;
$$;
comment on function private.clear_sign_in_failures(text) is
  'Forgets an identifier''s failed sign-ins and earlier locks, once someone signed in with it.';
revoke execute on function private.clear_sign_in_failures(text) from public;
grant execute on function private.clear_sign_in_failures(text) to service_role;
