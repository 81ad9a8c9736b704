-- SEO's admin actions (migration seo_admin_actions): only admins run them, each change is audited once, a repeated
-- keyword and a decided request are refused, and a deleted page's keyword target stays generated.
begin;
select plan(30);

select tests.create_user('member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.seo_landing_pages (id, page_type, slug, target_keyword, entity_domain, target_entity, title,
  meta_description, h1, content)
values
  ('00000000-0000-4000-8000-000000000001', 'domain_verify', 'acme-corp.test', 'verify acme-corp.test',
   'acme-corp.test', 'acme-corp.test', 'Acme', 'Acme mail.', 'Acme', '<p>Acme</p>'),
  ('00000000-0000-4000-8000-000000000002', 'mx_checker', 'beta.test', 'mx beta.test',
   'beta.test', 'beta.test', 'Beta', 'Beta mail.', 'Beta', '<p>Beta</p>');
insert into public.seo_keyword_targets (id, keyword, page_type, is_generated, page_id)
values ('00000000-0000-4000-8000-0000000000a1', 'mx beta.test', 'mx_checker', true,
        '00000000-0000-4000-8000-000000000002');
insert into public.seo_removal_requests (id, url, page_id, email, reason, status)
values ('00000000-0000-4000-8000-0000000000b1', 'https://mailscout.test/verify/acme-corp.test',
        '00000000-0000-4000-8000-000000000001', 'owner@example.com', 'Mine', 'pending_review');

-- Who may call ----------------------------------------------------------------------------------------------------

select * from tests.assert_admin_only(
  $$ select private.admin_set_seo_page_indexable('00000000-0000-4000-8000-000000000001', false) $$,
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only($$ select private.admin_delete_seo_page('00000000-0000-4000-8000-000000000001') $$,
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only(
  $$ select private.admin_create_seo_keyword('verify gamma.test', 'domain_verify', 0, 50, 0, 'informational', 5) $$,
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only(
  $$ select private.admin_decide_seo_removal('00000000-0000-4000-8000-0000000000b1', 'reject') $$,
  users => array['member'], admin => 'site_admin');

select * from tests.assert_admin_only(
  $$ select private.admin_audit_seo_regeneration('00000000-0000-4000-8000-000000000001', 'regenerated') $$,
  users => array['member'], admin => 'site_admin');

-- What they do ----------------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select lives_ok($$ select private.admin_set_seo_page_indexable('00000000-0000-4000-8000-000000000001', false) $$,
  'an admin switches a page off');
select lives_ok($$ select private.admin_set_seo_page_indexable('00000000-0000-4000-8000-000000000001', false) $$,
  'switching it off again changes nothing');
select throws_ok($$ select private.admin_set_seo_page_indexable(gen_random_uuid(), true) $$, 'P0404',
  'seo_page_not_found', 'an unknown page is not found');

select lives_ok($$ select private.admin_create_seo_keyword('Verify  Gamma.test', 'domain_verify', 10, 20, 1.5,
  'commercial', 9) $$, 'an admin adds a keyword target');
select throws_ok($$ select private.admin_create_seo_keyword(' verify gamma.TEST ', 'domain_verify', 0, 50, 0,
  'informational', 5) $$, 'P0409', 'seo_keyword_exists', 'the same keyword, case and spaces aside, is refused');
select lives_ok($$ select private.admin_create_seo_keyword('verify gamma.test', 'mx_checker', 0, 50, 0,
  'informational', 5) $$, 'the keyword may target another page type');

select throws_ok($$ select private.admin_audit_seo_regeneration('00000000-0000-4000-8000-000000000001', 'kept') $$,
  'P0422', 'outcome_invalid', 'a regeneration is recorded as regenerated or removed only');
select lives_ok($$ select private.admin_delete_seo_page('00000000-0000-4000-8000-000000000002') $$,
  'an admin deletes a page');
select throws_ok($$ select private.admin_delete_seo_page('00000000-0000-4000-8000-000000000002') $$, 'P0404',
  'seo_page_not_found', 'a deleted page is not found');

select is(private.admin_decide_seo_removal('00000000-0000-4000-8000-0000000000b1', 'reject'), 'rejected',
  'an admin rejects a removal request');
select throws_ok($$ select private.admin_decide_seo_removal('00000000-0000-4000-8000-0000000000b1', 'approve') $$,
  'P0409', 'removal_request_decided', 'a decided request is not decided again');
select throws_ok($$ select private.admin_decide_seo_removal(gen_random_uuid(), 'approve') $$, 'P0404',
  'removal_request_not_found', 'an unknown request is not found');
select throws_ok($$ select private.admin_decide_seo_removal('00000000-0000-4000-8000-0000000000b1', 'maybe') $$,
  'P0422', 'decision_invalid', 'a decision is approve or reject');
reset role;

select results_eq(
  $$ select is_generated, page_id from public.seo_keyword_targets where id = '00000000-0000-4000-8000-0000000000a1' $$,
  $$ values (true, null::uuid) $$,
  'a deleted page''s keyword target stays generated, so a bulk run does not make the page again'
);
select results_eq(
  $$ select action, actor_id from public.admin_audit_log where action like 'seo.%' order by id $$,
  $$ values ('seo.page_updated', tests.get_user_id('site_admin')),
            ('seo.keyword_created', tests.get_user_id('site_admin')),
            ('seo.keyword_created', tests.get_user_id('site_admin')),
            ('seo.page_deleted', tests.get_user_id('site_admin')),
            ('seo.removal_decided', tests.get_user_id('site_admin')) $$,
  'each change is audited once, by the admin who made it; refusals and no-ops are not'
);

select * from finish();
rollback;
