-- The admins' user list and user drawer: private.admin_users (a page, searched, filtered and sorted) and
-- private.admin_user (one user with usage, grants and recent activity).
--
-- Fast at 100,000 users: search is a case-insensitive substring of the email or username, served by trigram indexes
-- (pg_trgm); each sort has an index that yields its order, so a page is an index scan stopped after the page; the
-- computed columns (contact count) are worked out for the page's rows only; the total is one count with the same
-- conditions.
--
-- Refusals (SQLSTATE and reason): P0404 user_not_found; P0422 filter_invalid, plan_invalid, sort_invalid,
-- limit_invalid (1 to 200 rows), offset_invalid (negative).

create extension if not exists pg_trgm with schema extensions;

-- Indexes -------------------------------------------------------------------------------------------------------------

create index profiles_email_trgm_idx on public.profiles using gin (email extensions.gin_trgm_ops);
create index profiles_username_trgm_idx on public.profiles using gin (username extensions.gin_trgm_ops);
-- One per sort, with id breaking ties so pages never overlap (email's lower() is profiles_email_key). Those who were
-- never active sort as the least recently active.
create index profiles_created_at_id_idx on public.profiles (created_at, id);
create index profiles_email_id_idx on public.profiles (lower(email), id);
create index profiles_last_activity_at_id_idx on public.profiles (last_activity_at desc nulls last, id desc);
create index profiles_total_validations_ever_id_idx on public.profiles (total_validations_ever, id);
-- The plan filter's count.
create index profiles_subscription_status_idx on public.profiles (subscription_status);
-- The filters that pick out few users.
create index profiles_admins_idx on public.profiles (id) where is_admin;
create index profiles_throttled_idx on public.profiles (id) where throttle_enabled;
create index profiles_suspended_idx on public.profiles (suspended_until) where suspended_until is not null;

-- The admin user row ----------------------------------------------------------------------------------------------
-- One definition for the list and the drawer. A view in the private schema, which the API does not expose, and
-- granted to nobody: only the definer functions below read it.

create or replace view private.admin_user_rows as
select
  p.id,
  p.username,
  p.email,
  p.first_name,
  p.last_name,
  p.is_admin,
  p.subscription_status,
  p.total_validations_ever::bigint as validation_count,
  (select pg_catalog.count(*) from public.saved_contacts as c where c.user_id = p.id) as contact_count,
  p.created_at,
  p.last_activity_at as last_active_at,
  p.free_validations_used,
  p.admin_granted_credits,
  p.paid_credits,
  p.throttle_enabled,
  p.max_requests_per_minute,
  p.current_throttle_level,
  p.suspended_until,
  p.suspension_reason
from public.profiles as p;

comment on view private.admin_user_rows is
  'The admin user row: profile, validation and contact counts, balances by source, throttle and suspension.';
revoke all on table private.admin_user_rows from public, anon, authenticated, service_role;

-- Functions -------------------------------------------------------------------------------------------------------
-- Definer: admins read every profile anyway; definer rights let the page query use its indexes, which a query under
-- RLS could not for the search (ilike is not leakproof).

create or replace function private.admin_users(
  p_search text,
  p_filter text,
  p_plan text,
  p_sort text,
  p_desc boolean,
  p_limit integer,
  p_offset integer
)
returns table (
  id uuid,
  username text,
  email text,
  first_name text,
  last_name text,
  is_admin boolean,
  subscription_status text,
  validation_count bigint,
  contact_count bigint,
  created_at timestamptz,
  last_active_at timestamptz,
  free_validations_used integer,
  admin_granted_credits integer,
  paid_credits integer,
  throttle_enabled boolean,
  max_requests_per_minute integer,
  current_throttle_level integer,
  suspended_until timestamptz,
  suspension_reason text,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  descending constant boolean := coalesce(p_desc, true);
  pattern constant text := case when nullif(p_search, '') is not null then
    '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(p_search, '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end;
  conditions text;
  ordering text;
  total bigint;
begin
  perform private.require_admin();
  perform private.require_page_limit(p_limit);
  perform private.require_valid(p_offset >= 0, 'offset_invalid');
  perform private.require_valid(p_plan is null or p_plan in ('free', 'starter', 'professional', 'business'), 'plan_invalid');
  perform private.require_valid(p_filter is null or p_filter in ('admin', 'throttled', 'suspended'), 'filter_invalid');

  conditions := pg_catalog.concat_ws(' and ',
    'true',
    case when pattern is not null then '(p.email ilike $1 or p.username ilike $1)' end,
    case p_filter
      when 'admin' then 'p.is_admin'
      when 'throttled' then 'p.throttle_enabled'
      when 'suspended' then 'p.suspended_until > pg_catalog.now()'
    end,
    case when p_plan is not null then 'p.subscription_status = $2' end
  );

  -- Each order is exactly its index's, read forwards or backwards.
  ordering := case coalesce(p_sort, 'created_at')
    when 'created_at' then 'p.created_at %1$s, p.id %1$s'
    when 'email' then 'pg_catalog.lower(p.email) %1$s, p.id %1$s'
    when 'validation_count' then 'p.total_validations_ever %1$s, p.id %1$s'
    when 'last_active_at' then
      case when descending then 'p.last_activity_at desc nulls last, p.id desc'
           else 'p.last_activity_at asc nulls first, p.id asc' end
  end;
  perform private.require_valid(ordering is not null, 'sort_invalid');
  ordering := pg_catalog.format(ordering, case when descending then 'desc' else 'asc' end);

  execute 'select pg_catalog.count(*) from public.profiles as p where ' || conditions
    into total using pattern, p_plan;

  return query execute pg_catalog.format(
    $query$
      with page as (
        select p.id from public.profiles as p where %1$s order by %2$s limit $3 offset $4
      )
      -- The page's profiles again (50 key lookups), so the same order applies to the rows.
      select r.*, $5::bigint
      from page
      join public.profiles as p on p.id = page.id
      join private.admin_user_rows as r on r.id = page.id
      order by %2$s
    $query$,
    conditions, ordering
  ) using pattern, p_plan, p_limit, p_offset, total;
end;
$$;
comment on function private.admin_users(text, text, text, text, boolean, integer, integer) is
  'Admins: a page of admin user rows, searched (email or username), filtered (admin, throttled, suspended; plan), '
  'sorted (created_at, email, last_active_at, validation_count), with the total count.';
revoke execute on function private.admin_users(text, text, text, text, boolean, integer, integer) from public;
grant execute on function private.admin_users(text, text, text, text, boolean, integer, integer) to authenticated;

create or replace function private.admin_user(p_user_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  account jsonb;
begin
  perform private.require_admin();
  select pg_catalog.to_jsonb(r) into account from private.admin_user_rows as r where r.id = p_user_id;
  if account is null then
    raise exception 'user_not_found' using errcode = 'P0404';
  end if;

  return pg_catalog.jsonb_build_object(
    'user', account,
    'usage', pg_catalog.jsonb_build_object(
      'validationsThisMonth', (
        select coalesce(pg_catalog.sum(l.emails_processed), 0) from public.validation_logs as l
        where l.user_id = p_user_id
          and l.created_at >= pg_catalog.date_trunc('month', pg_catalog.now(), 'UTC')
      ),
      'validationsTotal', account -> 'validation_count',
      'bulkJobs', (select pg_catalog.count(*) from public.bulk_validation_sessions as s where s.user_id = p_user_id),
      'ticketsOpen', (
        select pg_catalog.count(*) from public.support_tickets as t
        where t.user_id = p_user_id and t.status <> 'resolved'
      )
    ),
    'grants', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(g) || pg_catalog.jsonb_build_object('granted_by_email', a.email)
                                  order by g.created_at desc, g.id desc)
      from (
        select * from public.credit_grants as g where g.user_id = p_user_id order by g.created_at desc, g.id desc limit 20
      ) as g
      left join public.profiles as a on a.id = g.granted_by
    ), '[]'),
    'recentActivity', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(l) order by l.id desc)
      from (select * from public.activity_logs as l where l.user_id = p_user_id order by l.id desc limit 20) as l
    ), '[]')
  );
end;
$$;
comment on function private.admin_user(uuid) is
  'Admins: one user''s admin row with usage (validations this month and in all, bulk jobs, open tickets), their '
  'latest 20 credit grants and latest 20 activity rows.';
revoke execute on function private.admin_user(uuid) from public;
grant execute on function private.admin_user(uuid) to authenticated;
