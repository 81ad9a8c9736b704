-- Metering: one function decides, in one transaction, whether a signed-in user's unit of work may run and what pays
-- for it, and records it; another gives back what a piece of work did not use.
--
-- A unit (a single validation, a bulk row, an exploration) is drawn, in this order, from:
--   1. the month's allowance: the subscribed plan's (plan_monthly_allowance) while the subscription is active or past
--      due within subscription_grace_days, months counted from its allowance_anchor; else, once no trial runs, the
--      free plan's (free_monthly_validations) per UTC calendar month; nothing during a trial without a subscription;
--   2. the running trial's allowance for that kind of work (trial_validations, trial_bulk_rows, trial_explorations);
--   3. admin-granted credits: active, unexpired grants, soonest expiry first, never-expiring last, then oldest;
--   4. paid credits.
-- All or nothing: when the sources together hold fewer units than asked, nothing is written. Each call writes one
-- usage_ledger row per source (per grant) and moves the profile's counters in step, so a balance is a sum of the
-- ledger. Every call locks the profile's row first, then the grants it spends, as every writer of a user's balances
-- does, so concurrent calls queue per user and never overspend. The hot path reads the profile's counters, never the
-- ledger.
--
-- The api calls these on its own connection (the database owner); no API role may execute them.
-- Refusals: P0404 user_not_found (no profile with that id); invalid_parameter_value (22023) for a bad work kind,
-- units or reference.

-- Helpers -------------------------------------------------------------------------------------------------------------

create or replace function private.plan_monthly_allowance(p_plan text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  return case p_plan when 'starter' then 2500 when 'professional' then 8000 when 'business' then 25000 end;
end;
$$;
comment on function private.plan_monthly_allowance(text) is
  'Units of work a plan includes each month (starter 2,500, professional 8,000, business 25,000); null for others.';
revoke execute on function private.plan_monthly_allowance(text) from public;

-- Months are counted in UTC from the anchor itself, not from the previous period's start, so an anchor on the 31st
-- gives periods starting on the 31st, or the month's last day when it has no 31st (PostgreSQL's month arithmetic).
create or replace function private.allowance_period(p_anchor timestamptz, p_at timestamptz)
returns tstzrange
language plpgsql
immutable
set search_path = ''
as $$
declare
  anchor constant timestamp := p_anchor at time zone 'UTC';
  at_utc constant timestamp := p_at at time zone 'UTC';
  months integer := (pg_catalog.date_part('year', at_utc) - pg_catalog.date_part('year', anchor))::integer * 12
    + (pg_catalog.date_part('month', at_utc) - pg_catalog.date_part('month', anchor))::integer;
begin
  if anchor + pg_catalog.make_interval(months => months) > at_utc then
    months := months - 1;
  end if;
  months := greatest(months, 0);
  return pg_catalog.tstzrange(
    (anchor + pg_catalog.make_interval(months => months)) at time zone 'UTC',
    (anchor + pg_catalog.make_interval(months => months + 1)) at time zone 'UTC'
  );
end;
$$;
comment on function private.allowance_period(timestamptz, timestamptz) is
  'The allowance month holding p_at: [anchor + n months, anchor + n + 1 months) in UTC, n >= 0.';
revoke execute on function private.allowance_period(timestamptz, timestamptz) from public;

-- PL/pgSQL rather than SQL here and below: the meter runs on every unit of work, and PL/pgSQL keeps its plans for the
-- session, where a SQL function with its own search_path is planned again on every call.
create or replace function private.trial_allowance(p_work text)
returns integer
language plpgsql
stable
set search_path = ''
as $$
begin
  return case p_work
    when 'validation' then private.setting_integer('trial_validations', 100)
    when 'bulk_row' then private.setting_integer('trial_bulk_rows', 5000)
    when 'exploration' then private.setting_integer('trial_explorations', 20)
  end;
end;
$$;
comment on function private.trial_allowance(text) is 'The units of a kind of work a trial includes (admin settings).';
revoke execute on function private.trial_allowance(text) from public;

create or replace function private.allowance_state(
  p_profile public.profiles,
  p_work text,
  plan out text,
  allowance out integer,
  period_start out timestamptz,
  period_end out timestamptz,
  used out integer,
  trial_running out boolean,
  trial_left out integer
)
language plpgsql
stable
set search_path = ''
as $$
declare
  subscribed public.subscriptions;
  period tstzrange;
begin
  trial_running := p_profile.trial_status = 'active' and pg_catalog.now() < p_profile.trial_expires_at;
  trial_left := case when trial_running then greatest(
    private.trial_allowance(p_work) - case p_work
      when 'validation' then p_profile.trial_single_validations_used
      when 'bulk_row' then p_profile.trial_bulk_validations_used
      when 'exploration' then p_profile.trial_domain_scrapes_used
    end,
    0
  ) else 0 end;
  -- The profile names the plan that applies; a free profile has no subscription worth reading.
  if p_profile.subscription_status <> 'free' then
    select * into subscribed from public.subscriptions as s where s.user_id = p_profile.id and s.status <> 'ended';
    if found and (
      subscribed.status = 'active'
      or pg_catalog.now() < subscribed.past_due_since
        + pg_catalog.make_interval(days => private.setting_integer('subscription_grace_days', 7))
    ) then
      plan := subscribed.plan;
      allowance := private.plan_monthly_allowance(subscribed.plan);
      period := private.allowance_period(subscribed.allowance_anchor, pg_catalog.now());
    end if;
  end if;
  if plan is null then
    -- The free plan's months are calendar months: counted from any first of a month at midnight UTC.
    plan := 'free';
    allowance := case when trial_running then 0 else private.setting_integer('free_monthly_validations', 25) end;
    period := private.allowance_period('2000-01-01 00:00:00+00', pg_catalog.now());
  end if;
  period_start := pg_catalog.lower(period);
  period_end := pg_catalog.upper(period);
  -- Counters of an earlier period count as nothing; the meter resets them when it next writes.
  used := case
    when p_profile.allowance_period_start is distinct from period_start then 0
    when plan = 'free' then p_profile.free_validations_used
    else p_profile.plan_units_used
  end;
end;
$$;
comment on function private.allowance_state(public.profiles, text) is
  'For a profile now: the plan whose monthly allowance applies (free or the subscribed plan), the allowance, its '
  'period, the units used in it, whether the trial runs and what it has left for a kind of work.';
revoke execute on function private.allowance_state(public.profiles, text) from public;

-- What the user's active, unexpired grants have left. A grant past its expiry that the daily job has not reached yet
-- still counts in admin_granted_credits, but is never spent.
create or replace function private.granted_available(p_user uuid)
returns integer
language plpgsql
stable
set search_path = ''
as $$
begin
  return (
    select coalesce(pg_catalog.sum(g.credit_amount - g.credits_used), 0)::integer
    from public.credit_grants as g
    where g.user_id = p_user and g.is_active and (g.expires_at is null or g.expires_at > pg_catalog.now())
  );
end;
$$;
comment on function private.granted_available(uuid) is 'Credits the user''s active, unexpired grants have left.';
revoke execute on function private.granted_available(uuid) from public;

-- Metering --------------------------------------------------------------------------------------------------------

create or replace function private.meter_usage(p_user uuid, p_work text, p_units integer, p_reference text)
returns table (allowed boolean, balance integer, charged jsonb)
language plpgsql
set search_path = ''
as $$
declare
  profile public.profiles;
  state record;
  same_period boolean;
  monthly_left integer;
  trial_left integer;
  granted_left integer := 0;
  units_left bigint;
  take_monthly integer;
  take_trial integer;
  take_granted integer;
  take_paid integer;
begin
  if p_work is null or p_work not in ('validation', 'bulk_row', 'exploration')
     or p_units is null or p_units not between 1 and 100000
     or pg_catalog.char_length(p_reference) > 200 then
    raise exception 'meter_usage needs work validation, bulk_row or exploration, 1 to 100,000 units and a reference '
      'of up to 200 characters' using errcode = 'invalid_parameter_value';
  end if;

  select * into profile from public.profiles as p where p.id = p_user for update;
  if not found then
    raise exception 'user_not_found' using errcode = 'P0404';
  end if;

  state := private.allowance_state(profile, p_work);
  monthly_left := greatest(state.allowance - state.used, 0);
  trial_left := state.trial_left;
  if profile.admin_granted_credits > 0 then
    granted_left := private.granted_available(p_user);
  end if;
  units_left := monthly_left::bigint + trial_left + granted_left + profile.paid_credits;

  if units_left < p_units then
    return query select false, units_left::integer, '{}'::jsonb;
    return;
  end if;

  take_monthly := least(p_units, monthly_left);
  take_trial := least(p_units - take_monthly, trial_left);
  take_granted := least(p_units - take_monthly - take_trial, granted_left);
  take_paid := p_units - take_monthly - take_trial - take_granted;

  insert into public.usage_ledger (user_id, work, source, units, period_start, reference)
  select p_user, p_work, drawn.source, drawn.units, drawn.period_start, p_reference
  from (
    values
      (case when state.plan = 'free' then 'free' else 'plan' end, take_monthly, state.period_start),
      ('trial', take_trial, profile.trial_started_at),
      ('paid', take_paid, null)
  ) as drawn (source, units, period_start)
  where drawn.units > 0;

  if take_granted > 0 then
    -- Each grant gives what it has left until the units are paid for, in the order they are spent.
    with available as (
      select g.id, g.credit_amount - g.credits_used as unused,
        pg_catalog.sum(g.credit_amount - g.credits_used)
          over (order by g.expires_at nulls last, g.created_at, g.id) as through
      from public.credit_grants as g
      where g.user_id = p_user and g.is_active and (g.expires_at is null or g.expires_at > pg_catalog.now())
    ),
    drawn as (
      select a.id, least(a.unused, take_granted - (a.through - a.unused))::integer as units
      from available as a
      where a.through - a.unused < take_granted
    ),
    spent as (
      update public.credit_grants as g
      set credits_used = g.credits_used + d.units
      from drawn as d
      where g.id = d.id
      returning g.id, d.units
    )
    insert into public.usage_ledger (user_id, work, source, units, grant_id, reference)
    select p_user, p_work, 'granted', s.units, s.id, p_reference
    from spent as s;
  end if;

  same_period := profile.allowance_period_start is not distinct from state.period_start;
  update public.profiles as p
  set allowance_period_start = state.period_start,
    plan_units_used = case when same_period then p.plan_units_used else 0 end
      + case when state.plan <> 'free' then take_monthly else 0 end,
    free_validations_used = case when same_period then p.free_validations_used else 0 end
      + case when state.plan = 'free' then take_monthly else 0 end,
    trial_single_validations_used = p.trial_single_validations_used
      + case when p_work = 'validation' then take_trial else 0 end,
    trial_bulk_validations_used = p.trial_bulk_validations_used + case when p_work = 'bulk_row' then take_trial else 0 end,
    trial_domain_scrapes_used = p.trial_domain_scrapes_used + case when p_work = 'exploration' then take_trial else 0 end,
    admin_granted_credits = p.admin_granted_credits - take_granted,
    paid_credits = p.paid_credits - take_paid,
    trial_status = case when p.trial_status = 'active' and not state.trial_running then 'expired' else p.trial_status end
  where p.id = p_user;

  return query select true, least(units_left - p_units, 2147483647)::integer, pg_catalog.jsonb_strip_nulls(
    pg_catalog.jsonb_build_object(
      case when state.plan = 'free' then 'free' else 'plan' end, nullif(take_monthly, 0),
      'trial', nullif(take_trial, 0),
      'granted', nullif(take_granted, 0),
      'paid', nullif(take_paid, 0)
    )
  );
end;
$$;
comment on function private.meter_usage(uuid, text, integer, text) is
  'Draws p_units of p_work (validation, bulk_row, exploration) for the user: the month''s allowance, the trial''s, '
  'granted credits, paid credits, all or nothing. Answers allowed, the units left for that work (before the call when '
  'refused) and what paid ({"plan"|"free","trial","granted","paid"}: units, zeros omitted).';
revoke execute on function private.meter_usage(uuid, text, integer, text) from public;

create or replace function private.release_usage(p_user uuid, p_reference text, p_units integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  profile public.profiles;
  part record;
  remaining integer := p_units;
  given integer;
  grant_active boolean;
  back_plan integer := 0;
  back_free integer := 0;
  back_trial_validations integer := 0;
  back_trial_bulk_rows integer := 0;
  back_trial_explorations integer := 0;
  back_granted integer := 0;
  back_paid integer := 0;
begin
  if p_reference is null or pg_catalog.char_length(p_reference) > 200 or p_units is null or p_units < 0 then
    raise exception 'release_usage needs a reference of up to 200 characters and units from 0'
      using errcode = 'invalid_parameter_value';
  end if;
  select * into profile from public.profiles as p where p.id = p_user for update;
  if not found then
    raise exception 'user_not_found' using errcode = 'P0404';
  end if;

  -- What the reference consumed and has not had back, per source, the last-drawn source first: grants in the reverse
  -- of the order they are spent in.
  for part in
    select l.work, l.source, l.grant_id, l.period_start, pg_catalog.sum(l.units)::integer as net
    from public.usage_ledger as l
    left join public.credit_grants as g on g.id = l.grant_id
    where l.reference = p_reference and l.user_id = p_user
    group by l.work, l.source, l.grant_id, l.period_start, g.expires_at, g.created_at
    having pg_catalog.sum(l.units) > 0
    order by pg_catalog.array_position(array['paid', 'granted', 'trial', 'free', 'plan'], l.source),
      g.expires_at desc nulls first, g.created_at desc, l.grant_id desc, pg_catalog.max(l.id) desc
  loop
    exit when remaining = 0;
    given := least(part.net, remaining);
    remaining := remaining - given;
    insert into public.usage_ledger (user_id, work, source, units, grant_id, period_start, reference)
    values (p_user, part.work, part.source, -given, part.grant_id, part.period_start, p_reference);

    if part.source = 'paid' then
      back_paid := back_paid + given;
    elsif part.source = 'granted' then
      -- The grant's unused part grows again; the profile's sum of active grants with it, so the daily expiry takes
      -- back exactly what the grant has left. A grant removed since is not restored.
      grant_active := false;
      update public.credit_grants as g
      set credits_used = greatest(g.credits_used - given, 0)
      where g.id = part.grant_id
      returning g.is_active into grant_active;
      if grant_active then
        back_granted := back_granted + given;
      end if;
    elsif part.source = 'trial' then
      -- Only the same trial's counters: a later trial starts from nothing.
      if part.period_start is not distinct from profile.trial_started_at then
        case part.work
          when 'validation' then back_trial_validations := back_trial_validations + given;
          when 'bulk_row' then back_trial_bulk_rows := back_trial_bulk_rows + given;
          else back_trial_explorations := back_trial_explorations + given;
        end case;
      end if;
    elsif part.period_start is not distinct from profile.allowance_period_start then
      -- A past period's units are recorded as given back, but that month's allowance is gone.
      if part.source = 'plan' then
        back_plan := back_plan + given;
      else
        back_free := back_free + given;
      end if;
    end if;
  end loop;

  if remaining < p_units then
    update public.profiles as p
    set plan_units_used = greatest(p.plan_units_used - back_plan, 0),
      free_validations_used = greatest(p.free_validations_used - back_free, 0),
      trial_single_validations_used = greatest(p.trial_single_validations_used - back_trial_validations, 0),
      trial_bulk_validations_used = greatest(p.trial_bulk_validations_used - back_trial_bulk_rows, 0),
      trial_domain_scrapes_used = greatest(p.trial_domain_scrapes_used - back_trial_explorations, 0),
      admin_granted_credits = p.admin_granted_credits + back_granted,
      paid_credits = p.paid_credits + back_paid
    where p.id = p_user;
  end if;
  return p_units - remaining;
end;
$$;
comment on function private.release_usage(uuid, text, integer) is
  'Gives back up to p_units of what p_reference consumed and has not had back, last-drawn source first (paid, '
  'granted, trial, then the month''s allowance), restoring counters while the grant is active, the trial and the '
  'period the same; answers the units given back.';
revoke execute on function private.release_usage(uuid, text, integer) from public;
