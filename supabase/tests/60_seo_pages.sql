-- SEO landing pages: visitors and every user read the published pages (indexable, not removed) and write nothing;
-- admins run every command on every page; generation's bookkeeping columns are hidden from every API role but the
-- trusted server; the checks keep a page's shape (slug unique per page type, a description of at most 160
-- characters, a lower-case ASCII entity domain).
begin;
select plan(78);

select tests.create_user('member');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

create function pg_temp.add_page(p_type text, p_slug text, p_indexable boolean default true,
                                 p_removed timestamptz default null)
returns uuid
language sql
as $$
  insert into public.seo_landing_pages
    (page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content,
     is_indexable, removed_at, variables, content_hash)
  values (p_type, p_slug, 'mx records ' || p_slug, 'acme.test', p_slug, 'MX records for ' || p_slug,
          'The MX records of ' || p_slug, 'MX records for ' || p_slug, '<p>Mail servers</p>', p_indexable, p_removed,
          '{"provider": "Google Workspace"}', repeat('ab', 32))
  returning id
$$;

select pg_temp.add_page('mx_checker', 'published-1.acme.test');
select pg_temp.add_page('domain_verify', 'published-2.acme.test');
select pg_temp.add_page('mx_checker', 'hidden-switched-off.acme.test', p_indexable => false);
select pg_temp.add_page('mx_checker', 'hidden-removed.acme.test', p_removed => now());

-- Act 1: who may do what ----------------------------------------------------------------------------------------------
-- The published pages: everyone reads them, only admins and the trusted server change them. Users (whether or not they
-- wrote anything: pages have no owner) are refused every write.

select * from tests.assert_access('public.seo_landing_pages', array[
  --               select    insert     update    delete
  ['anon',         'all',    'denied',  'denied', 'denied'],
  ['member',       'all',    'refused', 'none',   'none'],
  ['stranger',     'all',    'refused', 'none',   'none'],
  ['site_admin',   'all',    'all',     'all',    'all'],
  ['service_role', 'all',    'all',     'all',    'all']
],
  rows_where => $$ slug like 'published-%' $$,
  insert_sql => $$ insert into public.seo_landing_pages
                     (page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content)
                   values ('mx_checker', 'matrix.test', 'matrix mx', 'matrix.test', 'matrix.test', 'Matrix', 'Matrix',
                           'Matrix', '<p>Matrix</p>') $$,
  update_set => $$ title = 'Changed' $$);

-- Switched off or removed: out of sight for visitors and users, still the admin's to see and change.
select * from tests.assert_access('public.seo_landing_pages', array[
  ['anon',         'none',   '-',       '-',      '-'],
  ['member',       'none',   '-',       'none',   'none'],
  ['stranger',     'none',   '-',       'none',   'none'],
  ['site_admin',   'all',    '-',       'all',    'all'],
  ['service_role', 'all',    '-',       'all',    'all']
],
  rows_where => $$ slug like 'hidden-%' $$,
  update_set => 'is_indexable = true');

-- Act 2: the published filter -----------------------------------------------------------------------------------------

select tests.clear_authentication();
select results_eq($$ select slug from public.seo_landing_pages order by slug $$,
  $$ values ('published-1.acme.test'), ('published-2.acme.test') $$,
  'a visitor reads exactly the indexable, unremoved pages');
select tests.authenticate_as('member');
select results_eq($$ select slug from public.seo_landing_pages order by slug $$,
  $$ values ('published-1.acme.test'), ('published-2.acme.test') $$,
  'so does a signed-in user');
select tests.authenticate_as('site_admin');
select results_eq($$ select count(*)::integer from public.seo_landing_pages $$, $$ values (4) $$,
  'an admin reads every page, switched off and removed ones too');
select lives_ok($$ update public.seo_landing_pages set is_indexable = false where slug = 'published-2.acme.test' $$,
  'an admin switches a page off');
select tests.clear_authentication();
select results_eq($$ select slug from public.seo_landing_pages $$, $$ values ('published-1.acme.test') $$,
  'a switched-off page leaves the visitors'' reads at once');
reset role;
update public.seo_landing_pages set removed_at = now() where slug = 'published-1.acme.test';
select tests.clear_authentication();
select is_empty($$ select from public.seo_landing_pages $$, 'and so does a removed one');
reset role;
update public.seo_landing_pages set is_indexable = true, removed_at = null where slug like 'published-%';

-- Act 3: the columns generation keeps to itself -----------------------------------------------------------------------
-- The variables rendered, the target and template, the content hash and the refresh time are not for visitors, users,
-- nor admins through their own session: the admin screens read them through the trusted server.

create function pg_temp.column_hidden(p_actor text, p_column text)
returns text
language plpgsql
as $$
begin
  perform tests.act_as(p_actor);
  execute format('select %I from public.seo_landing_pages limit 1', p_column);
  raise exception using errcode = 'TSTCH', message = 'read';
exception
  when insufficient_privilege then return 'hidden';
  when sqlstate 'TSTCH' then return 'read';
end;
$$;

select is(pg_temp.column_hidden(actor, col), 'hidden', format('%s cannot read seo_landing_pages.%s', actor, col))
  from unnest(array['anon', 'member', 'site_admin']) as actor,
       unnest(array['variables', 'keyword_target_id', 'template_id', 'content_hash', 'refreshed_at']) as col;
select is(pg_temp.column_hidden('service_role', col), 'read',
          format('the trusted server reads seo_landing_pages.%s', col))
  from unnest(array['variables', 'keyword_target_id', 'template_id', 'content_hash', 'refreshed_at']) as col;

select tests.clear_authentication();
select results_eq(
  $$ select page_type, slug, target_entity, title, meta_description, h1, content, schema_markup, priority, change_freq,
            last_updated is not null
       from public.seo_landing_pages where slug = 'published-1.acme.test' $$,
  $$ values ('mx_checker', 'published-1.acme.test', 'published-1.acme.test', 'MX records for published-1.acme.test',
             'The MX records of published-1.acme.test', 'MX records for published-1.acme.test', '<p>Mail servers</p>',
             '{}'::jsonb, 0.5::numeric(2, 1), 'monthly', true) $$,
  'a visitor reads what a page shows, with the defaults: priority 0.5, monthly'
);
select throws_ok($$ select * from public.seo_landing_pages $$, '42501', null,
  'select * is refused: readers name the columns they may read');
reset role;

-- Act 4: a page's shape -----------------------------------------------------------------------------------------------

select lives_ok($$ select pg_temp.add_page('domain_verify', 'published-1.acme.test') $$,
  'the same slug is another page under another page type');
select throws_ok($$ select pg_temp.add_page('mx_checker', 'published-1.acme.test') $$, '23505', null,
  'but unique within its page type');
select throws_ok($$ select pg_temp.add_page('seo_blog', 'blog.acme.test') $$, '23514', null, 'an unknown page type is refused');
select throws_ok(
  $$ update public.seo_landing_pages set meta_description = repeat('m', 161) where slug = 'published-1.acme.test' $$,
  '23514', null, 'a description longer than 160 characters is refused');
select lives_ok(
  $$ update public.seo_landing_pages set meta_description = repeat('m', 160) where slug = 'published-2.acme.test' $$,
  'one of exactly 160 goes in');
select throws_ok(
  $$ update public.seo_landing_pages set entity_domain = 'Acme.test' where slug = 'published-1.acme.test' $$,
  '23514', null, 'the entity domain is lower-case ASCII');
select throws_ok(
  $$ update public.seo_landing_pages set entity_domain = 'bücher.test' where slug = 'published-1.acme.test' $$,
  '23514', null, 'an IDN is stored in its ASCII form');
select throws_ok(
  $$ update public.seo_landing_pages set priority = 1.5 where slug = 'published-1.acme.test' $$,
  '23514', null, 'a sitemap priority above 1.0 is refused');
select throws_ok(
  $$ update public.seo_landing_pages set change_freq = 'fortnightly' where slug = 'published-1.acme.test' $$,
  '23514', null, 'a change frequency the sitemap protocol does not know is refused');
select throws_ok(
  $$ update public.seo_landing_pages set schema_markup = '[]' where slug = 'published-1.acme.test' $$,
  '23514', null, 'the schema markup is an object');
select throws_ok(
  $$ update public.seo_landing_pages set content_hash = 'not-a-hash' where slug = 'published-1.acme.test' $$,
  '23514', null, 'the content hash is a SHA-256 in hex');
select throws_ok(
  $$ update public.seo_landing_pages set views = -1 where slug = 'published-1.acme.test' $$,
  '23514', null, 'views never go below zero');

-- Views and conversions are counted, never written by an API role: not even an admin sets them.
select tests.authenticate_as('site_admin');
select throws_ok($$ update public.seo_landing_pages set views = 1000 where slug = 'published-1.acme.test' $$,
  'P0409', 'counter_read_only', 'an admin may not change a page''s views');
select throws_ok($$ update public.seo_landing_pages set conversions = 0, views = views + 1 $$,
  'P0409', 'counter_read_only', 'nor bump them');
select throws_ok(
  $$ insert into public.seo_landing_pages
       (page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content, conversions)
     values ('mx_checker', 'forged.test', 'forged mx', 'forged.test', 'forged.test', 'Forged', 'Forged', 'Forged',
             '<p>Forged</p>', 5) $$,
  'P0409', 'counter_read_only', 'nor start a page with conversions');
select lives_ok($$ update public.seo_landing_pages set is_indexable = false, title = 'Changed' $$,
  'while the admin''s other edits go through');
reset role;

-- A deleted page leaves its keyword target generated, without a page, so the next bulk run does not bring it back.
insert into public.seo_keyword_targets (keyword, page_type, is_generated, page_id, entity)
select 'mx records published-2.acme.test', 'domain_verify', true, p.id, 'published-2.acme.test'
  from public.seo_landing_pages as p where p.slug = 'published-2.acme.test';
delete from public.seo_landing_pages where slug = 'published-2.acme.test';
select results_eq(
  $$ select is_generated, page_id from public.seo_keyword_targets where keyword = 'mx records published-2.acme.test' $$,
  $$ values (true, null::uuid) $$,
  'deleting a page leaves its keyword target generated, without a page');

select * from finish();
rollback;
