-- SEO generation's SQL: the change frequencies' intervals, whether a landing page is due for a refresh, and the
-- 'seo-refresh' schedule, which kicks the refresh worker only while a page is due. Only the trusted server (and the
-- schedule) may call the functions.
begin;
select plan(17);

-- Only this test's pages, so "due" is known.
delete from public.seo_landing_pages;

-- Act 1: intervals ----------------------------------------------------------------------------------------------------

select results_eq(
  $$ select f, private.seo_change_freq_interval(f)
     from unnest(array['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']) as f $$,
  $$ values ('always', interval '0'), ('hourly', interval '1 hour'), ('daily', interval '1 day'),
       ('weekly', interval '7 days'), ('monthly', interval '1 month'), ('yearly', interval '1 year'),
       ('never', null::interval) $$,
  'each change frequency has its interval; never has none, so such a page is never due'
);

-- Act 2: what is due ------------------------------------------------------------------------------------------------

select is(private.seo_refresh_due(), false, 'no pages: nothing is due');

insert into public.seo_landing_pages
  (page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content, change_freq,
   refreshed_at)
values
  ('mx_checker', 'fresh.test', 'fresh.test mx', 'fresh.test', 'fresh.test', 'T', 'M', 'H', '<p>c</p>', 'daily', now()),
  ('mx_checker', 'never.test', 'never.test mx', 'never.test', 'never.test', 'T', 'M', 'H', '<p>c</p>', 'never',
   now() - interval '10 years');
select is(private.seo_refresh_due(), false, 'a page younger than its change frequency, and a never page, are not due');

insert into public.seo_landing_pages
  (page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content, change_freq,
   refreshed_at, removed_at)
values
  ('mx_checker', 'removed.test', 'removed.test mx', 'removed.test', 'removed.test', 'T', 'M', 'H', '<p>c</p>',
   'hourly', now() - interval '1 day', now());
select is(private.seo_refresh_due(), false, 'a removed page is never refreshed');

insert into public.seo_landing_pages
  (page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content, change_freq,
   refreshed_at)
values
  ('domain_verify', 'stale.test', 'stale.test', 'stale.test', 'stale.test', 'T', 'M', 'H', '<p>c</p>', 'weekly',
   now() - interval '8 days');
select is(private.seo_refresh_due(), true, 'a page older than its change frequency is due');

-- Act 3: the schedule -----------------------------------------------------------------------------------------------

select is(
  (select schedule from cron.job where jobname = 'seo-refresh'), '*/10 * * * *',
  'pg_cron runs seo-refresh every ten minutes'
);
select ok(
  (select command like '%kick_worker(''seo-refresh-worker'')%seo_refresh_due()%' from cron.job where jobname = 'seo-refresh'),
  'it kicks the refresh worker while a page is due'
);

-- The job's command as pg_cron runs it, with the project's worker settings.
insert into private.job_settings (name, value)
values ('functions_url', 'http://functions.test/functions/v1'), ('worker_secret', 'test-secret')
on conflict (name) do update set value = excluded.value;
select coalesce(max(id), 0) as queue_before from net.http_request_queue \gset
do $$ begin execute (select command from cron.job where jobname = 'seo-refresh'); end $$;
select results_eq(
  format($$ select url, headers ->> 'x-worker-secret' from net.http_request_queue where id > %s $$, :'queue_before'),
  $$ values ('http://functions.test/functions/v1/seo-refresh-worker'::text, 'test-secret'::text) $$,
  'while a page is due, the job queues one POST to the refresh worker with the shared secret'
);

update public.seo_landing_pages set refreshed_at = now() where slug = 'stale.test';
select coalesce(max(id), 0) as queue_before from net.http_request_queue \gset
do $$ begin execute (select command from cron.job where jobname = 'seo-refresh'); end $$;
select is(
  (select count(*)::int from net.http_request_queue where id > :'queue_before'), 0,
  'with nothing due, the job kicks nothing'
);

-- Act 4: who may call the functions ---------------------------------------------------------------------------------

select ok(not has_function_privilege('anon', 'private.seo_refresh_due()', 'execute'), 'visitors cannot ask what is due');
select ok(not has_function_privilege('authenticated', 'private.seo_refresh_due()', 'execute'), 'nor can users');
select ok(has_function_privilege('service_role', 'private.seo_refresh_due()', 'execute'), 'the trusted server can');
select ok(not has_function_privilege('anon', 'private.seo_change_freq_interval(text)', 'execute'), 'visitors cannot call the interval');
select ok(not has_function_privilege('authenticated', 'private.seo_change_freq_interval(text)', 'execute'), 'nor can users');
select ok(has_function_privilege('service_role', 'private.seo_change_freq_interval(text)', 'execute'), 'the trusted server can');
select has_index('public', 'seo_landing_pages', 'seo_landing_pages_refresh_idx', 'the due pages are found by an index');
select is(
  (select pg_get_indexdef('public.seo_landing_pages_refresh_idx'::regclass) like '%(refreshed_at) WHERE (removed_at IS NULL)'),
  true,
  'the index holds only unremoved pages, by refreshed_at'
);

select * from finish();
rollback;
