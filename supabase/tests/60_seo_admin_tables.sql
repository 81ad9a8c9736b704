-- SEO's admin tables (templates, keyword targets, metrics, suppressions, page visits, removal requests): visitors and
-- users reach nothing; admins read and write templates, targets, metrics and suppressions, read visits and read
-- removal requests and change their status (without the token's hash); visits and removal requests are written only
-- by the definer functions (60_seo_visits, 62_seo_removals). Then each table's rules.
begin;
select plan(155);

select tests.create_user('member');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.seo_landing_pages
  (id, page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content)
values ('00000000-0000-4000-b000-000000000001', 'mx_checker', 'acme.test', 'acme mx', 'acme.test', 'acme.test',
        'MX records for acme.test', 'The MX records of acme.test', 'MX records for acme.test', '<p>Mail</p>');
insert into public.seo_keyword_targets (keyword, page_type, entity)
values ('validate jane@acme.test', 'email_validate', 'jane@acme.test');
insert into public.seo_metrics (page_id, date, views, conversions)
values ('00000000-0000-4000-b000-000000000001', current_date, 3, 1);
insert into public.seo_suppressions (kind, value, reason) values ('domain', 'gone.test', 'Asked by its owner');
insert into public.seo_page_visits (page_id, day, visitor_hash, kind)
values ('00000000-0000-4000-b000-000000000001', current_date, 'visitor-1', 'view');
insert into public.seo_removal_requests (url, page_id, email, reason, status, token_hash, token_expires_at)
values ('https://mailscout.test/tools/mx-checker/acme.test', '00000000-0000-4000-b000-000000000001',
        'postmaster@acme.test', 'Our domain', 'awaiting_confirmation', repeat('c', 64), now() + interval '48 hours');

-- Act 1: who may do what ----------------------------------------------------------------------------------------------
-- No owners here: a user who did nothing and another user alike reach nothing.

select * from tests.assert_access('public.seo_content_templates', array[
  --               select    insert     update    delete
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'refused', 'none',   'none'],
  ['stranger',     'none',   'refused', 'none',   'none'],
  ['site_admin',   'all',    'all',     'all',    'all'],
  ['service_role', 'all',    'all',     'all',    'all']
],
  insert_sql => $$ insert into public.seo_content_templates
                     (page_type, template_name, title_template, meta_template, h1_template, content_template)
                   values ('mx_checker', 'matrix', '{domain}', '{domain}', '{domain}', '<p>{domain}</p>') $$,
  update_set => 'is_active = not is_active');

select * from tests.assert_access('public.seo_keyword_targets', array[
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'refused', 'none',   'none'],
  ['stranger',     'none',   'refused', 'none',   'none'],
  ['site_admin',   'all',    'all',     'all',    'all'],
  ['service_role', 'all',    'all',     'all',    'all']
],
  insert_sql => $$ insert into public.seo_keyword_targets (keyword, page_type) values ('matrix.test mx', 'mx_checker') $$,
  update_set => 'priority = 9');

select * from tests.assert_access('public.seo_metrics', array[
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'refused', 'none',   'none'],
  ['stranger',     'none',   'refused', 'none',   'none'],
  ['site_admin',   'all',    'all',     'all',    'all'],
  ['service_role', 'all',    'all',     'all',    'all']
],
  insert_sql => $$ insert into public.seo_metrics (page_id, date)
                   values ('00000000-0000-4000-b000-000000000001', current_date - 1) $$,
  update_set => 'impressions = 10');

select * from tests.assert_access('public.seo_suppressions', array[
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'refused', 'none',   'none'],
  ['stranger',     'none',   'refused', 'none',   'none'],
  ['site_admin',   'all',    'all',     'all',    'all'],
  ['service_role', 'all',    'all',     'all',    'all']
],
  insert_sql => $$ insert into public.seo_suppressions (kind, value) values ('address', 'jane@matrix.test') $$,
  update_set => $$ reason = 'Changed' $$);

select * from tests.assert_access('public.seo_page_visits', array[
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'denied',  'denied', 'denied'],
  ['stranger',     'none',   'denied',  'denied', 'denied'],
  ['site_admin',   'all',    'denied',  'denied', 'denied'],
  ['service_role', 'all',    'denied',  'denied', 'denied']
],
  insert_sql => $$ insert into public.seo_page_visits (page_id, day, visitor_hash, kind)
                   values ('00000000-0000-4000-b000-000000000001', current_date, 'visitor-2', 'view') $$,
  update_set => $$ visitor_hash = 'forged' $$);

select * from tests.assert_access('public.seo_removal_requests', array[
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'denied',  'none',   'denied'],
  ['stranger',     'none',   'denied',  'none',   'denied'],
  ['site_admin',   'all',    'denied',  'all',    'denied'],
  ['service_role', 'all',    'denied',  'denied', 'denied']
],
  insert_sql => $$ insert into public.seo_removal_requests (url, email, reason, status)
                   values ('https://mailscout.test/verify/x.test', 'a@x.test', 'Mine', 'pending_review') $$,
  update_set => $$ status = 'pending_review' $$);

-- The token's hash is for the confirming function only; an admin's status change touches nothing else.
select tests.authenticate_as('site_admin');
select throws_ok($$ select token_hash from public.seo_removal_requests $$, '42501', null,
  'not even an admin reads a removal request''s token hash');
select throws_ok($$ update public.seo_removal_requests set decided_at = now() $$, '42501', null,
  'an admin changes a removal request''s status only');
select tests.authenticate_as_service_role();
select throws_ok($$ select token_hash from public.seo_removal_requests $$, '42501', null,
  'nor does the trusted server');
reset role;

-- Act 2: keyword targets ------------------------------------------------------------------------------------------------

select is((select keyword_key from public.seo_keyword_targets where keyword = 'validate jane@acme.test'),
  'validate jane@acme.test', 'a keyword''s key is the keyword itself when it is already plain');
insert into public.seo_keyword_targets (keyword, page_type) values ('  MX  Records	acme.test ', 'mx_checker');
select is((select keyword_key from public.seo_keyword_targets where keyword like '%Records%'), 'mx records acme.test',
  'the key is trimmed, lower-cased, with every run of spaces made one');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type) values ('mx records ACME.test', 'mx_checker') $$,
  '23505', null, 'the same keyword with other case and spaces is refused for the same page type');
select lives_ok($$ insert into public.seo_keyword_targets (keyword, page_type) values ('mx records acme.test', 'domain_verify') $$,
  'but is another target under another page type');
select results_eq(
  $$ select search_volume, difficulty, cpc, intent, priority, is_generated, skip_reason, entity, page_id, generated_at
       from public.seo_keyword_targets where keyword = 'mx records acme.test' $$,
  $$ values (0, 50, 0.00::numeric(8, 2), 'informational', 5, false, null::text, null::text, null::uuid,
             null::timestamptz) $$,
  'a new target has the defaults: volume 0, difficulty 50, cpc 0.00, informational, priority 5, not generated');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type, difficulty) values ('k1', 'mx_checker', 101) $$,
  '23514', null, 'difficulty above 100 is refused');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type, difficulty) values ('k2', 'mx_checker', -1) $$,
  '23514', null, 'difficulty below 0 is refused');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type, priority) values ('k3', 'mx_checker', 0) $$,
  '23514', null, 'priority below 1 is refused');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type, priority) values ('k4', 'mx_checker', 11) $$,
  '23514', null, 'priority above 10 is refused');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type, cpc) values ('k5', 'mx_checker', -0.01) $$,
  '23514', null, 'a negative cpc is refused');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type, search_volume) values ('k6', 'mx_checker', -1) $$,
  '23514', null, 'a negative search volume is refused');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type, intent) values ('k7', 'mx_checker', 'curious') $$,
  '23514', null, 'an unknown intent is refused');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type, skip_reason) values ('k8', 'mx_checker', 'bored') $$,
  '23514', null, 'an unknown skip reason is refused');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type) values ('   ', 'mx_checker') $$,
  '23514', null, 'a blank keyword is refused');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type) values (repeat('k', 201), 'mx_checker') $$,
  '23514', null, 'a keyword longer than 200 characters is refused');
select throws_ok($$ insert into public.seo_keyword_targets (keyword, page_type) values ('k9', 'blog') $$,
  '23514', null, 'an unknown page type is refused');
select throws_ok($$ update public.seo_keyword_targets set keyword_key = 'forged' $$, '428C9', null,
  'the key is generated, never written');

-- The generation queue reads through its partial index: not generated, not skipped, by priority then volume.
select results_eq(
  $$ select indexdef like '%(priority DESC, search_volume DESC, created_at)%WHERE ((NOT is_generated) AND (skip_reason IS NULL))'
       from pg_indexes where indexname = 'seo_keyword_targets_queue_idx' $$,
  $$ values (true) $$, 'the generation queue has its partial index');

-- Act 3: metrics, visits, suppressions, removal requests ---------------------------------------------------------------

select throws_ok($$ insert into public.seo_metrics (page_id, date) values ('00000000-0000-4000-b000-000000000001', current_date) $$,
  '23505', null, 'one metrics row per page and day');
select results_eq(
  $$ select impressions, clicks, ctr, avg_position, bounce_rate, time_on_page, conversion_rate
       from public.seo_metrics where date = current_date $$,
  $$ values (null::integer, null::integer, null::numeric, null::numeric, null::numeric, null::integer, null::numeric) $$,
  'the search-engine columns stay empty until an import fills them');
select throws_ok($$ insert into public.seo_page_visits (page_id, day, visitor_hash, kind)
                    values ('00000000-0000-4000-b000-000000000001', current_date, 'visitor-1', 'click') $$,
  '23514', null, 'a visit is a view or a conversion');
select throws_ok($$ insert into public.seo_page_visits (page_id, day, visitor_hash, kind)
                    values ('00000000-0000-4000-b000-000000000001', current_date, repeat('v', 129), 'view') $$,
  '23514', null, 'a visitor hash is at most 128 characters');
select throws_ok($$ insert into public.seo_suppressions (kind, value) values ('domain', 'Gone.test') $$,
  '23514', null, 'a suppressed value is lower-case');
select throws_ok($$ insert into public.seo_suppressions (kind, value) values ('domain', 'gone.test') $$,
  '23505', null, 'a value is suppressed once per kind');
select throws_ok($$ insert into public.seo_suppressions (kind, value) values ('address', 'not-an-address') $$,
  '23514', null, 'an address suppression holds an address');
select throws_ok($$ insert into public.seo_suppressions (kind, value) values ('person', 'jane') $$,
  '23514', null, 'a suppression is of an address or a domain');
select throws_ok($$ insert into public.seo_removal_requests (url, email, reason, status)
                    values ('https://mailscout.test/verify/x.test', 'a@x.test', 'Mine', 'done') $$,
  '23514', null, 'a removal request''s status is one of the four');
select throws_ok($$ insert into public.seo_removal_requests (url, email, reason, status, token_hash)
                    values ('https://mailscout.test/verify/x.test', 'a@x.test', 'Mine', 'awaiting_confirmation', 'abc') $$,
  '23514', null, 'the token hash is a SHA-256 in hex');
select throws_ok($$ insert into public.seo_removal_requests (url, email, reason, status)
                    values ('https://mailscout.test/verify/x.test', 'a@x.test', repeat('r', 1001), 'pending_review') $$,
  '23514', null, 'a reason longer than 1000 characters is refused');

-- Deleting a page takes its metrics and visits with it, and leaves a request about it without a page.
delete from public.seo_landing_pages where id = '00000000-0000-4000-b000-000000000001';
select is_empty($$ select from public.seo_metrics $$, 'a deleted page''s metrics go with it');
select is_empty($$ select from public.seo_page_visits $$, 'so do its visits');
select results_eq($$ select page_id from public.seo_removal_requests $$, $$ values (null::uuid) $$,
  'a removal request about it stays, without its page');

select * from finish();
rollback;
