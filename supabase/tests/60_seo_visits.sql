-- SEO's figures: a view or a conversion counts once per page, UTC day, visitor and kind, with the page's counter and
-- its day in seo_metrics moving together; removed and switched-off pages count nothing. The dashboard's average
-- conversion rate is the mean over pages with views (1 decimal, 0.0 with none); the pages list's rate has the same
-- rounding. Old visit rows are pruned hourly. Only the trusted server calls any of it.
begin;
select plan(57);

select tests.create_user('member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

create function pg_temp.add_page(p_id uuid, p_slug text, p_views integer default 0, p_conversions integer default 0)
returns void
language sql
as $$
  insert into public.seo_landing_pages
    (id, page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content, views,
     conversions)
  values (p_id, 'mx_checker', p_slug, p_slug || ' mx', p_slug, p_slug, 'MX records for ' || p_slug, 'MX records',
          'MX records for ' || p_slug, '<p>Mail</p>', p_views, p_conversions)
$$;

-- Act 1: only the trusted server calls them ---------------------------------------------------------------------------

create function pg_temp.may_call(p_actor text, p_call text)
returns boolean
language plpgsql
as $$
begin
  perform tests.act_as(p_actor);
  execute p_call;
  raise exception using errcode = 'TSTMC', message = 'ran';
exception
  when insufficient_privilege then return false;
  when sqlstate 'TSTMC' then return true;
end;
$$;

create temporary table seo_function_call (call text);
insert into seo_function_call values
  ($$ select private.record_seo_visit('00000000-0000-4000-b000-000000000009', 'v', 'view') $$),
  ($$ select * from private.seo_stats() $$),
  ($$ select private.seo_conversion_rate(1, 2) $$),
  ($$ select * from private.request_seo_removal('https://mailscout.test/verify/x.test', null, 'a@x.test', 'Mine', null, null) $$),
  ($$ select * from private.confirm_seo_removal(repeat('0', 64)) $$),
  ($$ select private.decide_seo_removal(gen_random_uuid(), 'reject', null) $$),
  ($$ select private.seo_entity_suppressed('a@x.test', 'x.test') $$);
-- The decision on an unknown request raises once called; calling is what is tested here.
create function pg_temp.callable(p_actor text, p_call text)
returns boolean
language plpgsql
as $$
begin
  return pg_temp.may_call(p_actor, p_call);
exception
  when sqlstate 'P0404' then return true;
end;
$$;

select is(pg_temp.callable(actor, c.call), actor = 'service_role',
          format('%s %s call %s', actor, case actor when 'service_role' then 'may' else 'may not' end,
                 substring(c.call from 'private\.([a-z_]+)')))
  from seo_function_call as c, unnest(array['anon', 'member', 'site_admin', 'service_role']) as actor;

-- Act 2: counting once per visitor, day and kind ----------------------------------------------------------------------

select pg_temp.add_page('00000000-0000-4000-b000-000000000001', 'counted.test');
select pg_temp.add_page('00000000-0000-4000-b000-000000000002', 'other.test');

select tests.authenticate_as_service_role();
select is(private.record_seo_visit('00000000-0000-4000-b000-000000000001', 'visitor-a', 'view'), true,
  'a visitor''s first view of a page today counts');
select is(private.record_seo_visit('00000000-0000-4000-b000-000000000001', 'visitor-a', 'view'), false,
  'the same visitor''s second view that day does not');
select is(private.record_seo_visit('00000000-0000-4000-b000-000000000001', 'visitor-a', 'conversion'), true,
  'their conversion is counted apart from their view');
select is(private.record_seo_visit('00000000-0000-4000-b000-000000000001', 'visitor-a', 'conversion'), false,
  'once');
select is(private.record_seo_visit('00000000-0000-4000-b000-000000000001', 'visitor-b', 'view'), true,
  'another visitor''s view counts');
select is(private.record_seo_visit('00000000-0000-4000-b000-000000000002', 'visitor-a', 'view'), true,
  'so does the first visitor''s view of another page');
select is(private.record_seo_visit('00000000-0000-4000-b000-000000000001', 'visitor-a', 'view', current_date - 1), true,
  'and their view of the first page on another day');
select is(private.record_seo_visit('00000000-0000-4000-b000-000000000009', 'visitor-a', 'view'), false,
  'a page that does not exist counts nothing');
select throws_ok($$ select private.record_seo_visit('00000000-0000-4000-b000-000000000001', 'visitor-c', 'click') $$,
  '23514', null, 'a visit is a view or a conversion');
reset role;

select results_eq(
  $$ select slug, views, conversions from public.seo_landing_pages order by slug $$,
  $$ values ('counted.test', 3, 1), ('other.test', 1, 0) $$,
  'the pages count what counted');
select results_eq(
  $$ select p.slug, m.date, m.views, m.conversions
       from public.seo_metrics as m join public.seo_landing_pages as p on p.id = m.page_id
      order by p.slug, m.date $$,
  $$ values ('counted.test', current_date - 1, 1, 0), ('counted.test', current_date, 2, 1),
            ('other.test', current_date, 1, 0) $$,
  'each day''s metrics count the same visits');
select results_eq(
  $$ select p.views, p.conversions from public.seo_landing_pages as p where p.slug = 'counted.test' $$,
  $$ select sum(m.views)::integer, sum(m.conversions)::integer from public.seo_metrics as m
      where m.page_id = '00000000-0000-4000-b000-000000000001' $$,
  'a page''s counters are the sum of its days');
select results_eq(
  $$ select count(*)::integer from public.seo_page_visits $$, $$ values (5) $$,
  'one visit row per counted visit');

-- A switched-off or removed page counts nothing, not even a visit row.
update public.seo_landing_pages set is_indexable = false where slug = 'other.test';
update public.seo_landing_pages set removed_at = now() where slug = 'counted.test';
select tests.authenticate_as_service_role();
select is(private.record_seo_visit('00000000-0000-4000-b000-000000000002', 'visitor-z', 'view'), false,
  'a switched-off page counts no view');
select is(private.record_seo_visit('00000000-0000-4000-b000-000000000001', 'visitor-z', 'conversion'), false,
  'a removed page counts no conversion');
reset role;
select results_eq($$ select sum(views)::integer, sum(conversions)::integer from public.seo_landing_pages $$,
  $$ values (4, 1) $$, 'their counters stay as they were');
select is_empty($$ select from public.seo_page_visits where visitor_hash = 'visitor-z' $$, 'and no visit is kept');

-- Act 3: the dashboard's figures --------------------------------------------------------------------------------------

delete from public.seo_landing_pages;
select results_eq($$ select * from private.seo_stats() $$, $$ values (0::bigint, 0::bigint, 0::bigint, 0.0) $$,
  'no pages: all zero, the average 0.0');
select pg_temp.add_page('00000000-0000-4000-b000-000000000011', 'unseen.test');
select results_eq($$ select * from private.seo_stats() $$, $$ values (1::bigint, 0::bigint, 0::bigint, 0.0) $$,
  'pages nobody has seen: the average is 0.0');
select pg_temp.add_page('00000000-0000-4000-b000-000000000012', 'third.test', 3, 1);
select pg_temp.add_page('00000000-0000-4000-b000-000000000013', 'quarter.test', 4, 1);
select pg_temp.add_page('00000000-0000-4000-b000-000000000014', 'removed.test', 10, 10);
update public.seo_landing_pages set removed_at = now() where slug = 'removed.test';
select pg_temp.add_page('00000000-0000-4000-b000-000000000015', 'switched-off.test', 2, 0);
update public.seo_landing_pages set is_indexable = false where slug = 'switched-off.test';
-- (33.33… + 25 + 0) / 3 = 19.44…: pages without views and removed pages left out, switched-off ones in.
select results_eq($$ select * from private.seo_stats() $$, $$ values (4::bigint, 9::bigint, 2::bigint, 19.4) $$,
  'totals over pages not removed; the average is the mean of the rates of pages with views, to 1 decimal');
select is((select scale(avg_conversion_rate) from private.seo_stats()), 1, 'the average has one decimal');

select is(private.seo_conversion_rate(1, 3), 33.3, 'a page''s rate: 1 of 3 is 33.3');
select is(private.seo_conversion_rate(1, 8), 12.5, '1 of 8 is 12.5');
select is(private.seo_conversion_rate(2, 3), 66.7, '2 of 3 rounds to 66.7');
select is(private.seo_conversion_rate(0, 0), 0.0, 'no views: 0.0');
select is(private.seo_conversion_rate(3, 0), 0.0, 'conversions without views: still 0.0');

-- Act 4: the prune ----------------------------------------------------------------------------------------------------

select results_eq(
  $$ select schedule, command, active from cron.job where jobname = 'seo-visits-prune' $$,
  $$ values ('23 * * * *', 'select private.prune_seo_page_visits()', true) $$,
  'pg_cron prunes the visits every hour');
insert into public.seo_page_visits (page_id, day, visitor_hash, kind)
select '00000000-0000-4000-b000-000000000012', current_date - d, 'visitor-' || d, 'view'
  from generate_series(0, 4) as d;
select is(private.prune_seo_page_visits(), 2, 'the prune deletes the visits of days before the day before yesterday');
select results_eq($$ select day from public.seo_page_visits order by day $$,
  $$ values (current_date - 2), (current_date - 1), (current_date) $$,
  'and keeps the last two days and today, which may still deduplicate a visit');

select * from finish();
rollback;
