-- Marketing audiences: who a visitor is to a campaign, and who a push or an email send reaches.
--
-- A signed-in visitor is 'paid' (a paid plan applies, or they have a completed or verified payment) or 'free', 'admin'
-- when they are one, and 'new' (account under 30 days) or 'returning'. A visitor without an account is 'anonymous',
-- 'new' on the day their anonymous session began (UTC), 'returning' after. Campaigns name these user types ('all'
-- matches everyone). Email sends go to confirmed addresses that are not suppressed; push sends to the users of the
-- push's user type. The API reaches these through the delivery, event and send functions; admins read audience sizes.

-- Visitors --------------------------------------------------------------------------------------------------------

create or replace function private.visitor_segments(p_user uuid, p_session text, p_now timestamptz default now())
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_user is not null then (
      select array_remove(array[
        case
          when p.subscription_status <> 'free' or exists (
            select from public.payments as pay
            where pay.user_id = p.id and pay.status in ('completed', 'verified')
          ) then 'paid'
          else 'free'
        end,
        case when p.created_at > p_now - interval '30 days' then 'new' else 'returning' end,
        case when p.is_admin then 'admin' end
      ], null)
      from public.profiles as p
      where p.id = p_user
    )
    else array[
      'anonymous',
      case
        when coalesce((
          select (s.created_at at time zone 'utc')::date from public.anonymous_sessions as s where s.session_id = p_session
        ), (p_now at time zone 'utc')::date) = (p_now at time zone 'utc')::date then 'new'
        else 'returning'
      end
    ]
  end
$$;
comment on function private.visitor_segments(uuid, text, timestamptz) is
  'The user types a visitor belongs to at p_now: for a user free or paid, new or returning, and admin; for an anonymous '
  'session anonymous, and new on its first day (UTC; a session never seen is new) or returning. Null for an unknown '
  'user.';
revoke execute on function private.visitor_segments(uuid, text, timestamptz) from public;
grant execute on function private.visitor_segments(uuid, text, timestamptz) to service_role;

create or replace function private.visitor_validations(p_user uuid, p_session text)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_user is not null then
      (select p.total_validations_ever::bigint from public.profiles as p where p.id = p_user)
    else (
      select pg_catalog.sum(l.emails_processed)::bigint
      from public.validation_logs as l
      where l.session_id = p_session and l.user_id is null
    )
  end
$$;
comment on function private.visitor_validations(uuid, text) is
  'Addresses the visitor ever validated: the user''s, or (without a user) the anonymous session''s; null for none.';
revoke execute on function private.visitor_validations(uuid, text) from public;
grant execute on function private.visitor_validations(uuid, text) to service_role;

-- Sends -----------------------------------------------------------------------------------------------------------

create or replace function private.email_audience(p_campaign uuid)
returns table (user_id uuid, email text)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.email::text
  from public.email_campaigns as c
  cross join auth.users as u
  join public.profiles as p on p.id = u.id
  where c.id = p_campaign
    and u.email is not null
    and u.email_confirmed_at is not null
    and not exists (select from public.email_suppressions as s where s.email_key = private.email_key(u.email))
    and case c.target_audience
      when 'new' then p.created_at > pg_catalog.now() - interval '30 days'
      when 'returning' then p.created_at <= pg_catalog.now() - interval '30 days' and (
        u.last_sign_in_at > pg_catalog.now() - interval '30 days'
        or exists (
          select from public.validation_logs as l
          where l.user_id = u.id and l.created_at > pg_catalog.now() - interval '30 days'
        )
      )
      else true
    end
$$;
comment on function private.email_audience(uuid) is
  'Who an email campaign reaches now: confirmed, unsuppressed addresses; new = accounts under 30 days; returning = '
  'older accounts that signed in or validated within 30 days.';
revoke execute on function private.email_audience(uuid) from public;
grant execute on function private.email_audience(uuid) to service_role;

create or replace function private.push_audience(p_push uuid)
returns table (user_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id
  from public.push_notifications as n
  cross join public.profiles as p
  where n.id = p_push
    and (n.target_audience = 'all' or n.target_audience = any (private.visitor_segments(p.id, null)))
$$;
comment on function private.push_audience(uuid) is
  'The users a push notification reaches now: every user, or those of its user type.';
revoke execute on function private.push_audience(uuid) from public;
grant execute on function private.push_audience(uuid) to service_role;

create or replace function private.email_audience_size(p_campaign uuid)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  if not exists (select from public.email_campaigns as c where c.id = p_campaign) then
    raise exception 'campaign_not_found' using errcode = 'P0404';
  end if;
  return (select pg_catalog.count(*)::integer from private.email_audience(p_campaign));
end;
$$;
comment on function private.email_audience_size(uuid) is
  'Admins: how many recipients an email campaign''s send would have now. campaign_not_found (P0404).';
revoke execute on function private.email_audience_size(uuid) from public;
grant execute on function private.email_audience_size(uuid) to authenticated;

create or replace function private.push_audience_size(p_push uuid)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  if not exists (select from public.push_notifications as n where n.id = p_push) then
    raise exception 'campaign_not_found' using errcode = 'P0404';
  end if;
  return (select pg_catalog.count(*)::integer from private.push_audience(p_push));
end;
$$;
comment on function private.push_audience_size(uuid) is
  'Admins: how many users a push notification''s send would reach now. campaign_not_found (P0404).';
revoke execute on function private.push_audience_size(uuid) from public;
grant execute on function private.push_audience_size(uuid) to authenticated;
