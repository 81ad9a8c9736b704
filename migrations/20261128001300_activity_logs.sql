-- Activity logs: sign-ins, and what the limiter refused, for the admins' security tab.
--
-- Rows come only from the database's own functions, never from a client:
--   sign_in rows        one per successful sign-in (private.record_sign_in, called by the api's login)
--   anomalies           written where the limiter refuses, once per (user, address, endpoint, reason, minute), with
--                       request_count counting every further refusal in that minute:
--     burst             a throttle or an action limit refused a signed-in user (private.admit_user_request)
--     failed_sign_ins   a sign-in lock started or refused an attempt (the sign-in throttle)
--     many_sessions     one network opened more than anomaly_sessions_per_hour anonymous sessions in an hour
-- Admins read them (private.admin_activity); nobody else. Rows older than 90 days are deleted daily by pg_cron.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.activity_logs (
  id bigint generated always as identity primary key,
  user_id uuid references public.profiles (id) on delete cascade,
  ip_address inet,
  user_agent text constraint activity_logs_user_agent_length check (char_length(user_agent) <= 512),
  endpoint text not null constraint activity_logs_endpoint_length check (char_length(endpoint) between 1 and 100),
  request_count integer not null default 1 constraint activity_logs_request_count check (request_count >= 1),
  time_window timestamptz not null default date_trunc('minute', now())
    constraint activity_logs_time_window_minute check (time_window = date_trunc('minute', time_window)),
  is_anomalous boolean not null default false,
  anomaly_reason text
    constraint activity_logs_anomaly_reason check (anomaly_reason in ('burst', 'failed_sign_ins', 'many_sessions')),
  notification_sent boolean not null default false,
  created_at timestamptz not null default now(),
  constraint activity_logs_anomaly_has_reason check (is_anomalous = (anomaly_reason is not null))
);

comment on table public.activity_logs is
  'Sign-ins and the limiter''s refusals (anomalies), written by the database; admins read them; kept 90 days.';
comment on column public.activity_logs.user_id is 'Whose request it was; null for a visitor or an unknown identifier.';
comment on column public.activity_logs.ip_address is
  'The client''s address (for many_sessions its network: the IPv4 address or IPv6 /64); null when not known.';
comment on column public.activity_logs.endpoint is
  'What was asked: sign_in, throttle (any request of a throttled user), validation, exploration, anonymous_session.';
comment on column public.activity_logs.request_count is 'Requests this row stands for within its minute.';
comment on column public.activity_logs.time_window is 'The start of the minute (UTC) the row counts.';
comment on column public.activity_logs.anomaly_reason is 'burst, failed_sign_ins or many_sessions; null for a sign-in.';
comment on column public.activity_logs.notification_sent is 'Whether admins were told of the anomaly.';

-- One anomaly row per subject, endpoint, reason and minute: further refusals count on it.
create unique index activity_logs_anomaly_key
  on public.activity_logs (user_id, ip_address, endpoint, anomaly_reason, time_window) nulls not distinct
  where is_anomalous;
-- The security tab's pages (all, or anomalies only), newest first, and a user's latest in the user drawer.
create index activity_logs_anomalous_id_idx on public.activity_logs (id desc) where is_anomalous;
create index activity_logs_user_id_idx on public.activity_logs (user_id, id desc) where user_id is not null;
-- The daily pruning.
create index activity_logs_created_at_idx on public.activity_logs (created_at);

-- Grants ----------------------------------------------------------------------------------------------------------
-- Admins read (the policy); nobody writes through the API.

revoke all on table public.activity_logs from anon, authenticated, service_role;
grant select on table public.activity_logs to authenticated;
grant select on table public.activity_logs to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.activity_logs enable row level security;

-- Settings --------------------------------------------------------------------------------------------------------

insert into public.admin_settings (setting_key, setting_value, description) values
  ('anomaly_sessions_per_hour', '20',
   'Anonymous sessions one client network may open in an hour before the security tab flags it (many_sessions).')
on conflict (setting_key) do nothing;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read activity logs"
  on public.activity_logs for select
  to authenticated
  using ((select private.is_admin()));

-- Functions -------------------------------------------------------------------------------------------------------

-- Called by the limiter's definer functions, never by an API role: no grants.
create or replace function private.record_limiter_refusal(p_user_id uuid, p_ip inet, p_endpoint text, p_reason text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.activity_logs as l (user_id, ip_address, endpoint, is_anomalous, anomaly_reason)
  values (p_user_id, p_ip, p_endpoint, true, p_reason)
  on conflict (user_id, ip_address, endpoint, anomaly_reason, time_window) where is_anomalous
  do update set request_count = l.request_count + 1
$$;
comment on function private.record_limiter_refusal(uuid, inet, text, text) is
  'Records a refusal as an anomaly: a new row for its subject, endpoint, reason and minute, else one more on it.';
revoke execute on function private.record_limiter_refusal(uuid, inet, text, text) from public;

-- Definer: the api's login calls it on its trusted connection after a successful sign-in.
create or replace function private.record_sign_in(p_user_id uuid, p_ip inet, p_user_agent text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.activity_logs (user_id, ip_address, user_agent, endpoint)
  values (p_user_id, p_ip, pg_catalog.left(p_user_agent, 512), 'sign_in')
$$;
comment on function private.record_sign_in(uuid, inet, text) is
  'Records a successful sign-in (user, address, user agent cut to 512 characters).';
revoke execute on function private.record_sign_in(uuid, inet, text) from public;
grant execute on function private.record_sign_in(uuid, inet, text) to service_role;

create or replace function private.prune_activity_logs()
returns integer
language sql
security definer
set search_path = ''
as $$
  with gone as (
    delete from public.activity_logs as l where l.created_at < pg_catalog.now() - interval '90 days' returning 1
  )
  select pg_catalog.count(*)::integer from gone
$$;
comment on function private.prune_activity_logs() is 'Daily: deletes activity older than 90 days; answers how many rows.';
revoke execute on function private.prune_activity_logs() from public;

-- Keyset pages like the audit log's: p_before_id is the last row of the previous page (null for the first).
create or replace function private.admin_activity(p_before_id bigint, p_limit integer, p_anomalous_only boolean)
returns table (
  id bigint,
  user_id uuid,
  user_email text,
  ip_address inet,
  user_agent text,
  endpoint text,
  request_count integer,
  time_window timestamptz,
  is_anomalous boolean,
  anomaly_reason text,
  notification_sent boolean,
  created_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  perform private.require_page_limit(p_limit);
  -- Planned for each call, so the anomalies-only page is a backward scan of its own partial index.
  return query execute pg_catalog.format(
    $query$
      select l.id, l.user_id, p.email, l.ip_address, l.user_agent, l.endpoint, l.request_count, l.time_window,
             l.is_anomalous, l.anomaly_reason, l.notification_sent, l.created_at
      from public.activity_logs as l
      left join public.profiles as p on p.id = l.user_id
      where %s l.id < coalesce($1, 9223372036854775807)
      order by l.id desc
      limit $2
    $query$,
    case when p_anomalous_only then 'l.is_anomalous and' else '' end
  ) using p_before_id, p_limit;
end;
$$;
comment on function private.admin_activity(bigint, integer, boolean) is
  'Admins: activity newest first (anomalies only on request), p_limit rows after the row p_before_id, with emails.';
revoke execute on function private.admin_activity(bigint, integer, boolean) from public;
grant execute on function private.admin_activity(bigint, integer, boolean) to authenticated;

-- Schedule ------------------------------------------------------------------------------------------------------------
-- cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.

select cron.schedule('activity-logs-retention', '29 3 * * *', $$select private.prune_activity_logs()$$);
