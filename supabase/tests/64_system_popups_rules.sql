-- System popups' rules: the three seeded popups, who reads and writes them, every check refusing what visitors must
-- never see (a javascript: link, thirteen features, an unknown pricing key, an empty title...), the editor stamped
-- by the trigger, and the admin's audited edit.
begin;
select plan(66);

select tests.create_user('member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- An update of the upgrade popup that the named check must refuse.
create function pg_temp.refuses(set_clause text, check_name text, description text)
returns text
language sql
as $$
  select extensions.throws_ok(
    pg_catalog.format('update public.system_popups set %s where popup_type = %L', set_clause, 'upgrade_limit'),
    '23514',
    pg_catalog.format('new row for relation "system_popups" violates check constraint "%s"', check_name),
    description)
$$;

-- The seed ----------------------------------------------------------------------------------------------------------

select results_eq(
  $$ select popup_type, is_active, updated_by from public.system_popups order by popup_type $$,
  $$ values ('discount_offer', true, null::uuid), ('upgrade_limit', true, null), ('welcome', true, null) $$,
  'the three popups are seeded, active, with no editor'
);
select results_eq(
  $$ select title, content, button_text, features -> 0 ->> 'text' from public.system_popups
     where popup_type = 'discount_offer' $$,
  $$ values ('Special One-Time Offer', '{percent}% off your first month', 'Claim {percent}% Discount Now',
             'Expires in {expiresIn} · Single use') $$,
  'the discount offer''s texts carry its placeholders'
);
select results_eq(
  $$ select pricing from public.system_popups where popup_type = 'upgrade_limit' $$,
  $$ values ('{"monthly": "Starting at $19/month", "payPerUse": "Pay-per-use from $12",
               "annual": "25% off annual plans"}'::jsonb) $$,
  'the upgrade popup keeps the pricing lines seed.sql had'
);

-- Who may do what -----------------------------------------------------------------------------------------------------
-- welcome is removed so that an admin's insert has a free type to take; discount_offer is switched off to show who
-- reads inactive popups.

delete from public.system_popups where popup_type = 'welcome';
update public.system_popups set is_active = false where popup_type = 'discount_offer';

select * from tests.assert_access('public.system_popups', array[
  --             select  insert     update    delete
  ['anon',       'all',  'denied',  'denied', 'denied'],
  ['member',     'all',  'refused', 'none',   'none'],
  ['site_admin', 'all',  'all',     'all',    'all']
],
  rows_where => $$ popup_type = 'upgrade_limit' $$,
  insert_sql => $$ insert into public.system_popups (popup_type, title, features)
                   values ('welcome', 'Hello', '[{"text": "Hi", "highlight": false}]') $$,
  update_set => $$ title = 'Hacked' $$);

select * from tests.assert_access('public.system_popups', array[
  --             select  insert  update  delete
  ['anon',       'none', '-',    '-',    '-'],
  ['member',     'none', '-',    'none', 'none'],
  ['site_admin', 'all',  '-',    'all',  'all']
],
  rows_where => $$ popup_type = 'discount_offer' $$,
  update_set => $$ title = 'Changed' $$);

-- The checks --------------------------------------------------------------------------------------------------------

select pg_temp.refuses($$ button_url = 'javascript:alert(1)' $$, 'system_popups_button_url_safe',
  'a javascript: link is refused');
select pg_temp.refuses($$ button_url = 'data:text/html,hi' $$, 'system_popups_button_url_safe', 'a data: link is refused');
select pg_temp.refuses($$ button_url = 'http://example.com' $$, 'system_popups_button_url_safe',
  'a plain http link is refused');
select pg_temp.refuses($$ button_url = '//evil.example' $$, 'system_popups_button_url_safe',
  'a protocol-relative link is refused');
select pg_temp.refuses($$ button_url = '/\evil.example' $$, 'system_popups_button_url_safe',
  'a path that browsers read as another host is refused');
select pg_temp.refuses($$ button_url = '' $$, 'system_popups_button_url_safe', 'an empty link is refused');
select pg_temp.refuses($$ button_url = '/' || repeat('a', 500) $$, 'system_popups_button_url_safe',
  'a link over 500 characters is refused');
select pg_temp.refuses($$ title = '' $$, 'system_popups_title_length', 'an empty title is refused');
select pg_temp.refuses($$ title = '   ' $$, 'system_popups_title_length', 'a blank title is refused');
select pg_temp.refuses($$ title = repeat('t', 121) $$, 'system_popups_title_length',
  'a title over 120 characters is refused');
select pg_temp.refuses($$ content = repeat('c', 1001) $$, 'system_popups_content_length',
  'content over 1,000 characters is refused');
select pg_temp.refuses($$ button_text = '' $$, 'system_popups_button_text_length', 'an empty button text is refused');
select pg_temp.refuses($$ button_text = repeat('b', 41) $$, 'system_popups_button_text_length',
  'a button text over 40 characters is refused');
select pg_temp.refuses(
  $$ features = (select jsonb_agg(jsonb_build_object('text', 'Feature ' || n, 'highlight', false))
                 from generate_series(1, 13) as n) $$,
  'system_popups_features_valid', 'thirteen features are refused');
select pg_temp.refuses($$ features = '[]' $$, 'system_popups_features_valid', 'no features is refused');
select pg_temp.refuses($$ features = '{"text": "x", "highlight": true}' $$, 'system_popups_features_array',
  'features that are not a list are refused');
select pg_temp.refuses($$ features = '["Fast"]' $$, 'system_popups_features_valid', 'a feature that is not an object is refused');
select pg_temp.refuses($$ features = '[{"text": "  ", "highlight": false}]' $$, 'system_popups_features_valid',
  'a blank feature text is refused');
select pg_temp.refuses($$ features = jsonb_build_array(jsonb_build_object('text', repeat('f', 201), 'highlight', true)) $$,
  'system_popups_features_valid', 'a feature text over 200 characters is refused');
select pg_temp.refuses($$ features = '[{"text": "Fast"}]' $$, 'system_popups_features_valid',
  'a feature without its highlight is refused');
select pg_temp.refuses($$ features = '[{"text": "Fast", "highlight": "yes"}]' $$, 'system_popups_features_valid',
  'a highlight that is not a boolean is refused');
select pg_temp.refuses($$ features = '[{"text": "Fast", "highlight": true, "html": "<b>x</b>"}]' $$,
  'system_popups_features_valid', 'a feature with another key is refused');
select pg_temp.refuses($$ pricing = '{"weekly": "$5/week"}' $$, 'system_popups_pricing_valid',
  'an unknown pricing key is refused');
select pg_temp.refuses($$ pricing = jsonb_build_object('monthly', repeat('$', 101)) $$, 'system_popups_pricing_valid',
  'a price text over 100 characters is refused');
select pg_temp.refuses($$ pricing = '{"monthly": 19}' $$, 'system_popups_pricing_valid',
  'a price that is not text is refused');
select pg_temp.refuses($$ pricing = '[]' $$, 'system_popups_pricing_object', 'pricing that is not an object is refused');

select throws_ok(
  $$ insert into public.system_popups (popup_type, title, features)
     values ('newsletter', 'News', '[{"text": "x", "highlight": false}]') $$,
  '23514', 'new row for relation "system_popups" violates check constraint "system_popups_popup_type_known"',
  'a popup of an unknown type is refused'
);
select throws_ok(
  $$ insert into public.system_popups (popup_type, title) values ('welcome', 'Hello') $$,
  '23502', null, 'a new popup states its features'
);

select lives_ok(
  $$ update public.system_popups
     set title = repeat('t', 120), content = repeat('c', 1000), button_text = repeat('b', 40),
         button_url = 'https://mailscout.example/pricing?plan=pro',
         features = (select jsonb_agg(jsonb_build_object('text', repeat('f', 200), 'highlight', n % 2 = 0))
                     from generate_series(1, 12) as n),
         pricing = jsonb_build_object('monthly', repeat('$', 100), 'annual', '')
     where popup_type = 'upgrade_limit' $$,
  'every field at its longest, twelve features and part of the pricing are accepted'
);
select lives_ok(
  $$ update public.system_popups set button_url = '/', pricing = '{}' where popup_type = 'upgrade_limit' $$,
  'the home page is a valid link and pricing may be empty'
);

-- The editor ------------------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
update public.system_popups set title = 'Edited', updated_by = tests.get_user_id('member')
 where popup_type = 'upgrade_limit';
insert into public.system_popups (popup_type, title, features)
values ('welcome', 'Hello', '[{"text": "Hi", "highlight": false}]');
reset role;
select results_eq(
  $$ select popup_type, updated_by from public.system_popups where popup_type in ('upgrade_limit', 'welcome')
     order by popup_type $$,
  $$ values ('upgrade_limit', tests.get_user_id('site_admin')), ('welcome', tests.get_user_id('site_admin')) $$,
  'an update and an insert record the admin who made them, whatever updated_by the statement named'
);
select tests.authenticate_as_service_role();
update public.system_popups set title = 'By the server' where popup_type = 'upgrade_limit';
reset role;
select results_eq(
  $$ select updated_by from public.system_popups where popup_type = 'upgrade_limit' $$,
  $$ values (null::uuid) $$,
  'a change by the service role has no editor'
);

-- The admin's audited edit --------------------------------------------------------------------------------------------

select * from tests.assert_admin_only(
  $$ select private.admin_update_system_popup((select id from public.system_popups where popup_type = 'upgrade_limit'), 'T', '', '[{"text": "x", "highlight": true}]',
       'Go', '/auth', '{}', true) $$,
  users => array['member'], admin => 'site_admin');

select tests.authenticate_as('site_admin');
select lives_ok(
  $$ select private.admin_update_system_popup((select id from public.system_popups where popup_type = 'upgrade_limit'), 'Keep validating', 'Plain words',
       '[{"text": "Bulk validation", "highlight": true}]', 'See plans', '/pricing', '{"monthly": "$19"}', false) $$,
  'an admin edits the upgrade popup'
);
select throws_ok(
  $$ select private.admin_update_system_popup(-1, 'T', '', '[{"text": "x", "highlight": true}]', 'Go', '/auth', '{}',
       true) $$,
  'P0404', 'popup_not_found', 'an unknown popup is not found'
);
select throws_ok(
  $$ select private.admin_update_system_popup((select id from public.system_popups where popup_type = 'upgrade_limit'), 'T', '', '[{"text": "x", "highlight": true}]',
       'Go', 'javascript:alert(1)', '{}', true) $$,
  '23514', null, 'the table''s checks hold for the admin''s edit too'
);
reset role;

select results_eq(
  $$ select title, content, features, button_text, button_url, pricing, is_active, updated_by
     from public.system_popups where popup_type = 'upgrade_limit' $$,
  $$ values ('Keep validating', 'Plain words', '[{"text": "Bulk validation", "highlight": true}]'::jsonb, 'See plans',
             '/pricing', '{"monthly": "$19"}'::jsonb, false, tests.get_user_id('site_admin')) $$,
  'the edit replaced every field and recorded its admin'
);
select results_eq(
  $$ select actor_id, target_type, target_id, before ->> 'title', after ->> 'title', after -> 'isActive'
     from public.admin_audit_log
     where action = 'system_popup.updated' $$,
  $$ values (tests.get_user_id('site_admin'), 'system_popup',
             (select id::text from public.system_popups where popup_type = 'upgrade_limit'), 'By the server',
             'Keep validating', 'false'::jsonb) $$,
  'the edit is audited once with the popup before and after'
);

-- Structure ---------------------------------------------------------------------------------------------------------

select col_not_null('public', 'system_popups', 'features', 'features are required');
select col_hasnt_default('public', 'system_popups', 'features', 'features have no default');
select fk_ok('public', 'system_popups', 'updated_by', 'public', 'profiles', 'id', 'updated_by is a profile');
select has_index('public', 'system_popups', 'system_popups_updated_by_idx', 'the editor''s foreign key is indexed');

select * from finish();
rollback;
