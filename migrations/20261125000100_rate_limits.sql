-- The one rate limiter: counters in Postgres, so a limit holds across every function instance and restart.
--
-- A counter is kept per (subject, action): who is counted ('user:<id>', 'session:<id>', 'network:<address>',
-- 'identifier:<name>') and what for ('validation', 'sign_in_failure', ...). Its window starts at the first hit and
-- lasts the caller's window length; a hit after it ends starts a new one. A hit is counted only when it fits, so a
-- client that keeps asking while refused does not push its own window further away. The table is unlogged: counts
-- are worth a write per request but not a WAL record, and losing them in a crash only forgives a few requests.
--
-- private.admit_user_request() is what the api asks once per signed-in request: a suspended account is refused, a
-- throttled one gets its share of max_requests_per_minute over all requests, and validations and explorations have
-- per-minute limits from admin_settings (rate_limit_* keys, defaults below).

-- Types -----------------------------------------------------------------------------------------------------------

create type private.rate_limit_decision as (
  allowed boolean,
  max_hits integer,
  remaining integer,
  reset_seconds integer
);
comment on type private.rate_limit_decision is
  'Whether a hit was allowed, the window''s limit, what is left of it, and the seconds until it starts again.';

create type private.request_admission as (
  suspended_until timestamptz,
  suspension_reason text,
  refused_by text,
  allowed boolean,
  max_hits integer,
  remaining integer,
  reset_seconds integer
);
comment on type private.request_admission is
  'A signed-in request''s admission: suspension (refused when suspended_until is set), or which limit refused it '
  '(throttle or the action), and the deciding limit''s numbers; max_hits is null when no limit applied.';

-- Table -----------------------------------------------------------------------------------------------------------

create unlogged table private.rate_limit_counters (
  subject text not null,
  action text not null,
  hits integer not null constraint rate_limit_counters_hits check (hits >= 0),
  window_ends_at timestamptz not null,
  primary key (subject, action)
);

comment on table private.rate_limit_counters is
  'Hits per (subject, action) in the current window. Reached only through private.take_rate_limit().';
comment on column private.rate_limit_counters.window_ends_at is 'When the window that began at its first hit ends.';

-- Expired windows are pruned by age.
create index rate_limit_counters_window_ends_at_idx on private.rate_limit_counters (window_ends_at);

-- Grants ----------------------------------------------------------------------------------------------------------
-- No API role touches the counters; the functions below are the only way in.

revoke all on table private.rate_limit_counters from public, anon, authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table private.rate_limit_counters enable row level security;

-- Default limits ----------------------------------------------------------------------------------------------------

insert into public.admin_settings (setting_key, setting_value, description) values
  ('rate_limit_validations_per_minute', '120', 'Validations one signed-in user may run per minute.'),
  ('rate_limit_explorations_per_minute', '10', 'Domain explorations one signed-in user may run per minute.')
on conflict (setting_key) do nothing;

-- Functions -------------------------------------------------------------------------------------------------------
-- Security definer: they write a table no API role may touch. The api calls them on its own connection; trusted
-- servers holding the service key may too.

create or replace function private.take_rate_limit(
  p_subject text,
  p_action text,
  p_limit integer,
  p_window_seconds integer,
  p_cost integer default 1
)
returns private.rate_limit_decision
language plpgsql
security definer
set search_path = ''
as $$
declare
  window_length constant interval := pg_catalog.make_interval(secs => p_window_seconds);
  -- A look (cost 0) asks whether one more hit would fit.
  needed constant integer := greatest(p_cost, 1);
  counter private.rate_limit_counters;
  fits boolean;
begin
  if p_subject is null or p_action is null then
    raise exception 'A rate limit needs a subject and an action' using errcode = 'null_value_not_allowed';
  end if;
  if p_limit is null or p_limit < 0 or p_window_seconds is null or p_window_seconds <= 0 or p_cost is null
     or p_cost < 0 then
    raise exception 'A rate limit needs a limit of 0 or more, a window of 1 second or more and a cost of 0 or more'
      using errcode = 'invalid_parameter_value';
  end if;

  -- The counter's row is created if new and locked, so concurrent hits on one counter queue up behind each other and
  -- never both take its last slot.
  insert into private.rate_limit_counters (subject, action, hits, window_ends_at)
  values (p_subject, p_action, 0, pg_catalog.now() + window_length)
  on conflict (subject, action) do nothing;
  select * into strict counter from private.rate_limit_counters as c
  where c.subject = p_subject and c.action = p_action
  for update;

  if counter.window_ends_at <= pg_catalog.now() then
    counter.hits := 0;
    counter.window_ends_at := pg_catalog.now() + window_length;
  end if;
  fits := counter.hits + needed <= p_limit;
  if fits then
    counter.hits := counter.hits + p_cost;
  end if;
  update private.rate_limit_counters as c
  set hits = counter.hits, window_ends_at = counter.window_ends_at
  where c.subject = p_subject and c.action = p_action;

  -- Now and then, forget windows that ended long ago; the index makes this a short range delete.
  if pg_catalog.random() < 0.001 then
    delete from private.rate_limit_counters as old
    where old.window_ends_at < pg_catalog.now() - interval '1 hour';
  end if;

  return row(
    fits,
    p_limit,
    greatest(p_limit - counter.hits, 0),
    greatest(pg_catalog.ceil(extract(epoch from counter.window_ends_at - pg_catalog.now()))::integer, 1)
  )::private.rate_limit_decision;
end;
$$;
comment on function private.take_rate_limit(text, text, integer, integer, integer) is
  'Counts a hit of p_cost on (subject, action) if it fits p_limit per p_window_seconds; cost 0 only looks.';
revoke execute on function private.take_rate_limit(text, text, integer, integer, integer) from public;
grant execute on function private.take_rate_limit(text, text, integer, integer, integer) to service_role;

create or replace function private.clear_rate_limit(p_subject text, p_action text)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.rate_limit_counters as c where c.subject = p_subject and c.action = p_action
$$;
comment on function private.clear_rate_limit(text, text) is 'Forgets a counter, e.g. failed sign-ins after a success.';
revoke execute on function private.clear_rate_limit(text, text) from public;
grant execute on function private.clear_rate_limit(text, text) to service_role;

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
  end if;

  return row(
    null, null, case when decision.allowed then null else p_action end,
    coalesce(decision.allowed, true), decision.max_hits, decision.remaining, decision.reset_seconds
  )::private.request_admission;
end;
$$;
comment on function private.admit_user_request(uuid, text) is
  'Admits a signed-in user''s request: refused while suspended, past the throttle, or past the action''s limit '
  '(validation or exploration; null for none). Counts the request against each limit that applies.';
revoke execute on function private.admit_user_request(uuid, text) from public;
grant execute on function private.admit_user_request(uuid, text) to service_role;
