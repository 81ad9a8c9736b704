-- Support center at size: with 10,000 tickets the owner's list and the agents' queue (newest activity first, or one
-- status's) are read through their indexes, as the api runs them (as the user, through RLS). Plans, not timings: the
-- bench measures time. (A search by subject or email scans: see the tickets migration's indexes.)
begin;
select plan(4);

select tests.create_user('owner');
select tests.create_user('agent');
update public.profiles set is_admin = true where id = tests.get_user_id('agent');

-- Arrange: 2,000 users with 5 tickets each, written without their triggers (no descriptions or broadcasts are needed
-- to plan the queue), and the statistics the planner would have. ---------------------------------------------------

select tests.create_user('customer' || n) from generate_series(1, 1999) as n;
set local session_replication_role = replica;
insert into public.support_tickets (user_id, subject, description, category, priority, status, last_activity_at,
  resolved_at, assigned_to)
select u.id,
  (array['Upload fails', 'Invoice', 'Cannot sign in', 'Risky verdicts', 'Export'])[1 + n % 5] || ' #' || n,
  'Please help.',
  (array['general', 'billing', 'technical', 'email_validation', 'contact_management', 'account'])[1 + n % 6],
  (array['low', 'medium', 'high', 'urgent'])[1 + n % 4],
  s.status,
  now() - make_interval(mins => n),
  case when s.status = 'resolved' then now() end,
  case when n % 3 = 0 then tests.get_user_id('agent') end
from (select p.id, row_number() over (order by p.id) as rank from public.profiles as p) as u,
  generate_series(1, 5) as t,
  lateral (select (u.rank * 5 + t)::integer as n) as numbered (n),
  lateral (select (array['open', 'awaiting_response', 'resolved', 'resolved', 'resolved'])[1 + n % 5] as status) as s;
set local session_replication_role = origin;
analyze public.support_tickets;
analyze public.profiles;

-- The whole plan, not its first line: `explain ... into` keeps one row, so the rows are joined first.
create function pg_temp.full_plan_as(actor text, query text) returns text language plpgsql as $$
declare
  plan text := '';
  line text;
begin
  perform tests.act_as(actor);
  for line in execute 'explain (costs off) ' || query loop
    plan := plan || line || E'\n';
  end loop;
  reset role;
  return plan;
end;
$$;

select cmp_ok((select count(*)::integer from public.support_tickets), '>=', 10000, 'with 10,000 tickets');

select matches(
  pg_temp.full_plan_as('owner',
    $$ select id from public.support_tickets where user_id = (select auth.uid()) order by last_activity_at desc $$),
  'support_tickets_user_activity_idx',
  'the owner''s list is read through (user_id, last_activity_at)'
);
select matches(
  pg_temp.full_plan_as('agent',
    $$ select id from public.support_tickets order by last_activity_at desc limit 50 $$),
  'support_tickets_activity_idx',
  'the queue''s first page is read through last_activity_at'
);
select matches(
  pg_temp.full_plan_as('agent',
    $$ select id from public.support_tickets where status = 'open' order by last_activity_at desc limit 50 $$),
  'support_tickets_status_activity_idx',
  'one status''s page through (status, last_activity_at)'
);
select * from finish();
rollback;
