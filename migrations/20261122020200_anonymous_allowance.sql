-- The anonymous free allowance: the server counts, not the client.
--
-- A visitor who is not signed in may validate a few addresses a month. Each validation is counted against the
-- visitor's session (a 21-character id the browser keeps in local storage; free_limit, 10) and against the network it
-- comes from (its IPv4 address, or its IPv6 /64, which one household or office gets), whose monthly allowance
-- (ANON_IP_MONTHLY_LIMIT) the caller passes in. Clearing local storage makes a new session, never a new allowance.
-- Counts start again each calendar month (UTC). A visitor who used up the allowance is offered one single-use discount
-- code per session, valid for 24 hours.
--
-- Nobody reaches these tables through the API: RLS is on with no policies and the API roles have no grants. The
-- functions below, in the private schema, are the only way in; the api function calls them on its own (owner)
-- connection, and trusted servers holding the service key may too.

-- Types -----------------------------------------------------------------------------------------------------------

create type private.anonymous_allowance as (
  session_id text,
  validations_used integer,
  free_limit integer,
  ip_validations_used integer,
  discount_code text,
  discount_expiry timestamptz,
  discount_redeemed_at timestamptz,
  counted boolean
);
comment on type private.anonymous_allowance is
  'Where a visitor stands this month: the session''s count and limit (null without a session), the network''s count, '
  'the session''s discount, and (count_anonymous_validation only, else null) whether the validation was counted.';

-- Tables ----------------------------------------------------------------------------------------------------------

create table public.anonymous_sessions (
  id bigint generated always as identity primary key,
  session_id text not null constraint anonymous_sessions_session_id_format check (session_id ~ '^[A-Za-z0-9_-]{21}$'),
  ip_address inet,
  user_agent text constraint anonymous_sessions_user_agent_length check (char_length(user_agent) <= 512),
  validations_used integer not null default 0 constraint anonymous_sessions_validations_used check (validations_used >= 0),
  free_limit integer not null default 10 constraint anonymous_sessions_free_limit check (free_limit >= 0),
  registration_prompted boolean not null default false,
  discount_offered boolean not null default false,
  discount_code text,
  discount_expiry timestamptz,
  discount_redeemed_at timestamptz,
  converted_to_user boolean not null default false,
  last_reset_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now(),
  constraint anonymous_sessions_session_id_key unique (session_id),
  constraint anonymous_sessions_discount_code_key unique (discount_code),
  constraint anonymous_sessions_discount_complete check ((discount_code is null) = (discount_expiry is null)),
  constraint anonymous_sessions_redeemed_needs_code check (discount_redeemed_at is null or discount_code is not null)
);

comment on table public.anonymous_sessions is
  'A browser that validates without signing in: its monthly count and limit and its discount. Reached only through '
  'the private.*anonymous* functions.';
comment on column public.anonymous_sessions.session_id is 'The browser''s random 21-character id (local storage).';
comment on column public.anonymous_sessions.ip_address is 'The address the session was last seen from.';
comment on column public.anonymous_sessions.validations_used is 'Validations counted since last_reset_at.';
comment on column public.anonymous_sessions.free_limit is 'Validations the session may make per month.';
comment on column public.anonymous_sessions.registration_prompted is
  'The server has told this session to register (a refused validation, or the discount offer).';
comment on column public.anonymous_sessions.discount_offered is 'A discount code was issued to this session.';
comment on column public.anonymous_sessions.discount_code is 'The session''s one single-use code: 20% off the first month.';
comment on column public.anonymous_sessions.discount_expiry is 'The code is void after this: 24 hours after it was issued.';
comment on column public.anonymous_sessions.discount_redeemed_at is 'When a checkout used the code; a used code is void.';
comment on column public.anonymous_sessions.converted_to_user is 'The same browser later validated while signed in.';
comment on column public.anonymous_sessions.last_reset_at is
  'When validations_used last started from zero: creation, or the first activity in a new month (UTC).';

create table public.anonymous_ip_usage (
  client_network inet not null,
  usage_month date not null constraint anonymous_ip_usage_first_of_month check (extract(day from usage_month) = 1),
  validations_used integer not null default 0 constraint anonymous_ip_usage_validations_used check (validations_used >= 0),
  primary key (client_network, usage_month)
);

comment on table public.anonymous_ip_usage is
  'Anonymous validations per client network and month, whatever session they came from. Reached only through the '
  'private.*anonymous* functions.';
comment on column public.anonymous_ip_usage.client_network is 'An IPv4 address, or an IPv6 /64 network.';
comment on column public.anonymous_ip_usage.usage_month is 'The first day of the month (UTC) the count belongs to.';

-- Grants ----------------------------------------------------------------------------------------------------------
-- The API roles get nothing; the service role may look (the functions below do the writing).

revoke all on table public.anonymous_sessions from anon, authenticated, service_role;
revoke all on table public.anonymous_ip_usage from anon, authenticated, service_role;
grant select on table public.anonymous_sessions to service_role;
grant select on table public.anonymous_ip_usage to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.anonymous_sessions enable row level security;
alter table public.anonymous_ip_usage enable row level security;

-- Helpers ---------------------------------------------------------------------------------------------------------
-- Used only inside the definer functions below, which run as the owner: no grants.

create or replace function private.anonymous_month()
returns date
language sql
stable
set search_path = ''
as $$
  select pg_catalog.date_trunc('month', pg_catalog.now() at time zone 'UTC')::date
$$;
comment on function private.anonymous_month() is 'The first day of the current month in UTC: allowances count per month.';
revoke execute on function private.anonymous_month() from public;

create or replace function private.anonymous_client_network(client_ip inet)
returns inet
language sql
immutable
set search_path = ''
as $$
  select case
    when pg_catalog.family(client_ip) = 6 then pg_catalog.network(pg_catalog.set_masklen(client_ip, 64))::inet
    else pg_catalog.set_masklen(client_ip, 32)
  end
$$;
comment on function private.anonymous_client_network(inet) is
  'What an allowance is kept per: the IPv4 address, or the IPv6 /64 (one subscriber''s network, where addresses rotate).';
revoke execute on function private.anonymous_client_network(inet) from public;

-- Brings a session into the current month (its count starts again the first time it is seen in a new month) and
-- notes the activity, and when given, the address and user agent. Nothing when the session does not exist.
create or replace function private.refresh_anonymous_session(p_session_id text, p_client_ip inet, p_user_agent text)
returns setof public.anonymous_sessions
language sql
set search_path = ''
as $$
  update public.anonymous_sessions as s
  set
    validations_used = case when s.last_reset_at < pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC') then 0
                            else s.validations_used end,
    last_reset_at = case when s.last_reset_at < pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC')
                         then pg_catalog.now() else s.last_reset_at end,
    ip_address = coalesce(p_client_ip, s.ip_address),
    user_agent = coalesce(p_user_agent, s.user_agent),
    last_activity_at = pg_catalog.now()
  where s.session_id = p_session_id
  returning s.*
$$;
comment on function private.refresh_anonymous_session(text, inet, text) is
  'Starts a session''s count again in a new month and records its activity; returns the session, if it exists.';
revoke execute on function private.refresh_anonymous_session(text, inet, text) from public;

create or replace function private.anonymous_network_validations_used(client_ip inet)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select u.validations_used from public.anonymous_ip_usage as u
      where u.client_network = private.anonymous_client_network(client_ip)
        and u.usage_month = private.anonymous_month()),
    0
  )
$$;
comment on function private.anonymous_network_validations_used(inet) is
  'This month''s anonymous validations from the client''s network.';
revoke execute on function private.anonymous_network_validations_used(inet) from public;

create or replace function private.anonymous_allowance_of(s public.anonymous_sessions, client_ip inet)
returns private.anonymous_allowance
language sql
stable
set search_path = ''
as $$
  select row(
    s.session_id, s.validations_used, s.free_limit, private.anonymous_network_validations_used(client_ip),
    s.discount_code, s.discount_expiry, s.discount_redeemed_at, null
  )::private.anonymous_allowance
$$;
comment on function private.anonymous_allowance_of(public.anonymous_sessions, inet) is
  'A session and its client''s network usage, as the functions below answer them.';
revoke execute on function private.anonymous_allowance_of(public.anonymous_sessions, inet) from public;

-- Policies --------------------------------------------------------------------------------------------------------
-- None: no API role may read or change a row directly.

-- Functions -------------------------------------------------------------------------------------------------------
-- Security definer: they read and write tables no API role may touch, for the api function and the service role.

create or replace function private.open_anonymous_session(p_session_id text, p_client_ip inet, p_user_agent text)
returns private.anonymous_allowance
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor public.anonymous_sessions;
begin
  insert into public.anonymous_sessions (session_id, ip_address, user_agent)
  values (p_session_id, p_client_ip, p_user_agent)
  on conflict (session_id) do nothing;
  select * into strict visitor from private.refresh_anonymous_session(p_session_id, p_client_ip, p_user_agent);
  return private.anonymous_allowance_of(visitor, p_client_ip);
end;
$$;
comment on function private.open_anonymous_session(text, inet, text) is
  'GET /api/anonymous/session: the session, created if new, with its client''s network usage.';
revoke execute on function private.open_anonymous_session(text, inet, text) from public;
grant execute on function private.open_anonymous_session(text, inet, text) to service_role;

create or replace function private.read_anonymous_session(p_session_id text, p_client_ip inet)
returns setof private.anonymous_allowance
language sql
security definer
set search_path = ''
as $$
  select private.anonymous_allowance_of(s, p_client_ip)
  from private.refresh_anonymous_session(p_session_id, p_client_ip, null) as s
$$;
comment on function private.read_anonymous_session(text, inet) is
  'An existing session with its client''s network usage; no row for an unknown session.';
revoke execute on function private.read_anonymous_session(text, inet) from public;
grant execute on function private.read_anonymous_session(text, inet) to service_role;

-- The session's row is locked first, the network's second, by every caller: concurrent validations from one session
-- or one network queue up behind each other instead of both passing the last free slot, and never deadlock.
create or replace function private.count_anonymous_validation(
  p_session_id text,
  p_client_ip inet,
  p_user_agent text,
  p_ip_monthly_limit integer
)
returns private.anonymous_allowance
language plpgsql
security definer
set search_path = ''
as $$
declare
  this_month constant date := private.anonymous_month();
  network constant inet := private.anonymous_client_network(p_client_ip);
  visitor public.anonymous_sessions;
  network_used integer;
  allowance private.anonymous_allowance;
begin
  if p_client_ip is null then
    raise exception 'An anonymous validation needs the client''s address' using errcode = 'null_value_not_allowed';
  end if;
  if p_ip_monthly_limit is null or p_ip_monthly_limit < 0 then
    raise exception 'The monthly limit per address must be zero or more, not %', p_ip_monthly_limit
      using errcode = 'invalid_parameter_value';
  end if;

  if p_session_id is not null then
    insert into public.anonymous_sessions (session_id, ip_address, user_agent)
    values (p_session_id, p_client_ip, p_user_agent)
    on conflict (session_id) do nothing;
    -- The update takes the session's row lock for the rest of the transaction.
    select * into strict visitor from private.refresh_anonymous_session(p_session_id, p_client_ip, p_user_agent);
  end if;

  -- A no-op update on conflict, so the network's row is locked too.
  insert into public.anonymous_ip_usage as u (client_network, usage_month)
  values (network, this_month)
  on conflict (client_network, usage_month) do update set validations_used = u.validations_used
  returning u.validations_used into network_used;

  if network_used < p_ip_monthly_limit
     and (p_session_id is null or visitor.validations_used < visitor.free_limit) then
    update public.anonymous_ip_usage as u
    set validations_used = u.validations_used + 1
    where u.client_network = network and u.usage_month = this_month
    returning u.validations_used into network_used;
    if p_session_id is not null then
      update public.anonymous_sessions as s
      set validations_used = s.validations_used + 1
      where s.session_id = p_session_id
      returning s.* into visitor;
    end if;
    allowance.counted := true;
  else
    if p_session_id is not null then
      update public.anonymous_sessions as s
      set registration_prompted = true
      where s.session_id = p_session_id
      returning s.* into visitor;
    end if;
    allowance.counted := false;
  end if;

  allowance.session_id := visitor.session_id;
  allowance.validations_used := visitor.validations_used;
  allowance.free_limit := visitor.free_limit;
  allowance.ip_validations_used := network_used;
  allowance.discount_code := visitor.discount_code;
  allowance.discount_expiry := visitor.discount_expiry;
  allowance.discount_redeemed_at := visitor.discount_redeemed_at;
  return allowance;
end;
$$;
comment on function private.count_anonymous_validation(text, inet, text, integer) is
  'Counts one anonymous validation against the session (created if new; optional) and the client''s network, '
  'unless either has used its monthly allowance; says whether it counted.';
revoke execute on function private.count_anonymous_validation(text, inet, text, integer) from public;
grant execute on function private.count_anonymous_validation(text, inet, text, integer) to service_role;

-- The code comes from the caller (crypto-random); the first one given sticks, so a session gets exactly one code, which
-- every later call answers again, expired or used as it may be.
create or replace function private.issue_anonymous_discount(p_session_id text, p_client_ip inet, p_code text)
returns setof private.anonymous_allowance
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor public.anonymous_sessions;
begin
  update public.anonymous_sessions as s
  set
    discount_code = coalesce(s.discount_code, p_code),
    discount_expiry = coalesce(s.discount_expiry, pg_catalog.now() + interval '24 hours'),
    discount_offered = true,
    registration_prompted = true,
    last_activity_at = pg_catalog.now()
  where s.session_id = p_session_id
  returning s.* into visitor;
  if found then
    return next private.anonymous_allowance_of(visitor, p_client_ip);
  end if;
end;
$$;
comment on function private.issue_anonymous_discount(text, inet, text) is
  'Gives a session its one discount code (20% off the first month, 24 hours) unless it has one; no row when unknown.';
revoke execute on function private.issue_anonymous_discount(text, inet, text) from public;
grant execute on function private.issue_anonymous_discount(text, inet, text) to service_role;

create or replace function private.mark_anonymous_session_converted(p_session_id text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.anonymous_sessions as s
  set converted_to_user = true, last_activity_at = pg_catalog.now()
  where s.session_id = p_session_id and not s.converted_to_user
$$;
comment on function private.mark_anonymous_session_converted(text) is
  'Notes that the browser behind an anonymous session now validates signed in.';
revoke execute on function private.mark_anonymous_session_converted(text) from public;
grant execute on function private.mark_anonymous_session_converted(text) to service_role;
