-- What a user has and has used: the account page's plan, trial and balances, and its usage history.
--
-- Both read without writing, from the same counters and rules the meter uses (private.allowance_state and the
-- settings), so the page shows exactly what the next unit of work would be drawn from. The api calls them on its own
-- connection (the database owner) for the signed-in user; no API role may execute them.

-- Helpers -------------------------------------------------------------------------------------------------------------

create or replace function private.iso_timestamp(p_at timestamptz)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.to_char(p_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
comment on function private.iso_timestamp(timestamptz) is
  'A time as the contracts'' ISO 8601 text in UTC, with milliseconds (2026-11-29T10:00:00.000Z), whatever the '
  'session''s time zone; null stays null.';
revoke execute on function private.iso_timestamp(timestamptz) from public;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.usage_balances(p_user uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  profile public.profiles;
  state record;
  subscribed public.subscriptions;
  allowances jsonb;
  monthly_left integer;
  granted_left integer;
begin
  select * into profile from public.profiles as p where p.id = p_user;
  if not found then
    raise exception 'user_not_found' using errcode = 'P0404';
  end if;
  state := private.allowance_state(profile, 'validation');
  select * into subscribed from public.subscriptions as s where s.user_id = p_user and s.status <> 'ended';

  allowances := pg_catalog.jsonb_build_object(
    'validations', private.trial_allowance('validation'),
    'bulkRows', private.trial_allowance('bulk_row'),
    'explorations', private.trial_allowance('exploration')
  );
  monthly_left := greatest(state.allowance - state.used, 0);
  granted_left := private.granted_available(p_user);

  return pg_catalog.jsonb_build_object(
    'plan', state.plan,
    'subscription', case when subscribed.id is not null then pg_catalog.jsonb_build_object(
      'plan', subscribed.plan,
      'interval', subscribed.billing_interval,
      'status', subscribed.status,
      'provider', subscribed.provider,
      'startedAt', private.iso_timestamp(subscribed.started_at),
      'currentPeriodEnd', private.iso_timestamp(subscribed.current_period_end),
      'cancelAtPeriodEnd', subscribed.cancel_at_period_end,
      'graceEndsAt', case when subscribed.status = 'past_due' then private.iso_timestamp(
        subscribed.past_due_since
          + pg_catalog.make_interval(days => private.setting_integer('subscription_grace_days', 7))
      ) end
    ) end,
    'trial', pg_catalog.jsonb_build_object(
      'status', case when profile.trial_status = 'active' and not state.trial_running then 'expired'
                else profile.trial_status end,
      'plan', profile.trial_plan,
      'endsAt', private.iso_timestamp(profile.trial_expires_at),
      'allowances', allowances,
      'used', pg_catalog.jsonb_build_object(
        'validations', profile.trial_single_validations_used,
        'bulkRows', profile.trial_bulk_validations_used,
        'explorations', profile.trial_domain_scrapes_used
      )
    ),
    'balances', pg_catalog.jsonb_build_object(
      'monthly', monthly_left,
      'trial', state.trial_left,
      'granted', granted_left,
      'paid', profile.paid_credits
    ),
    'monthlyAllowance', state.allowance,
    'usedThisMonth', state.used,
    'periodStart', private.iso_timestamp(state.period_start),
    'periodEnd', private.iso_timestamp(state.period_end),
    'available', least(monthly_left::bigint + state.trial_left + granted_left + profile.paid_credits, 2147483647)
  );
end;
$$;
comment on function private.usage_balances(uuid) is
  'The user''s plan, subscription, trial, balances by source and the month''s allowance, in the shape of GET '
  '/api/account/usage (accountUsageSchema); available = single validations the user could run now.';
revoke execute on function private.usage_balances(uuid) from public;

create or replace function private.usage_history(p_user uuid, p_days integer)
returns table (day date, work text, source text, units bigint)
language sql
stable
set search_path = ''
as $$
  select (l.created_at at time zone 'UTC')::date as day, l.work, l.source, pg_catalog.sum(l.units)::bigint as units
  from public.usage_ledger as l
  where l.user_id = p_user
    and l.created_at >= ((pg_catalog.now() at time zone 'UTC')::date - (greatest(p_days, 1) - 1))::timestamp at time zone 'UTC'
  group by 1, l.work, l.source
  order by 1 desc, l.work, l.source
$$;
comment on function private.usage_history(uuid, integer) is
  'Net units per UTC day, work and source over the last p_days days (today included), newest day first.';
revoke execute on function private.usage_history(uuid, integer) from public;
