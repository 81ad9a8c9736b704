-- CRM affiliate ads: admins create the Zoho preset once and save ads by crm_type; an id keeps its partner for good.
-- Both are audited through the table's trigger.
begin;
select plan(16);

select tests.create_user('member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: who may call them -----------------------------------------------------------------------------------------------

select * from tests.assert_admin_only($$ select private.init_zoho_affiliate() $$,
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only(
  $$ select private.save_affiliate_setting('{"crmType": "hubspot", "adTitle": "HubSpot", "adDescription": "CRM"}') $$,
  users => array['member'], admin => 'site_admin');

-- Act 2: the Zoho preset ----------------------------------------------------------------------------------------------

create temporary table audit_mark as select coalesce(max(id), 0) as id from public.admin_audit_log;
select tests.authenticate_as('site_admin');
create temporary table zoho as select private.init_zoho_affiliate() as id;
select throws_ok($$ select private.init_zoho_affiliate() $$, 'P0409', 'zoho_exists', 'the preset is made once');
reset role;

select results_eq(
  $$ select crm_type, affiliate_url, is_active, ad_button_text, show_after_bulk_validation, show_after_validation_count,
            max_shows_per_user, days_between_shows, impression_count, length(ad_title) > 0, length(ad_description) > 0
       from public.affiliate_settings where id = (select id from zoho) $$,
  $$ values ('zoho', 'https://www.zoho.com/crm/', false, 'Sign Up', true, 10, 3, 7, 0::bigint, true, true) $$,
  'it is inactive, leads to Zoho CRM and shows after bulk validations or 10 validations, 3 times 7 days apart'
);
select results_eq(
  $$ select actor_id, action, target_id from public.admin_audit_log where id > (select id from audit_mark) $$,
  $$ values (tests.get_user_id('site_admin'), 'marketing.affiliate_settings_created', (select id::text from zoho)) $$,
  'and audited'
);

-- Act 3: saving by crm_type ------------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
create temporary table hubspot as select private.save_affiliate_setting('{"crmType": "hubspot",
  "affiliateUrl": "https://www.hubspot.com/", "isActive": true, "adTitle": "HubSpot", "adDescription": "A CRM",
  "adButtonText": "Try it", "adImageUrl": "", "displayConditions": {"showAfterBulkValidation": false,
  "showAfterValidationCount": 25, "maxShowsPerUser": 5, "daysBetweenShows": 2}}') as id;
select is(
  private.save_affiliate_setting('{"crmType": "hubspot", "adTitle": "HubSpot CRM", "adDescription": "A CRM"}'),
  (select id from hubspot), 'saving the same crm_type again updates its row');
select is(
  private.save_affiliate_setting(jsonb_build_object('id', (select id from zoho), 'crmType', 'zoho',
    'affiliateUrl', 'https://www.zoho.com/crm/signup', 'isActive', true, 'adTitle', 'Zoho', 'adDescription', 'Zoho CRM')),
  (select id from zoho), 'an id with its own crm_type updates that row');
select throws_ok(
  $$ select private.save_affiliate_setting(jsonb_build_object('id', (select id from zoho), 'crmType', 'hubspot',
       'adTitle', 'Zoho', 'adDescription', 'Zoho CRM')) $$,
  'P0409', 'crm_type_locked', 'an id with another crm_type is refused');
select throws_ok(
  $$ select private.save_affiliate_setting('{"id": "00000000-0000-4000-a000-0000000000ff", "crmType": "pipedrive",
       "adTitle": "Pipedrive", "adDescription": "CRM"}') $$,
  'P0404', 'affiliate_not_found', 'an unknown id is refused');
select throws_ok($$ select private.save_affiliate_setting('{"crmType": "pipedrive"}') $$,
  'P0422', 'setting_invalid', 'an ad has a title and a description');
reset role;

select results_eq(
  $$ select crm_type, affiliate_url, is_active, ad_title, ad_button_text, ad_image_url, show_after_bulk_validation,
            show_after_validation_count, max_shows_per_user, days_between_shows
       from public.affiliate_settings order by crm_type $$,
  $$ values ('hubspot', null::text, false, 'HubSpot CRM', 'Sign Up', null::text, true, 10, 3, 7),
            ('zoho', 'https://www.zoho.com/crm/signup', true, 'Zoho', 'Sign Up', null, true, 10, 3, 7) $$,
  'a save sets every field, the defaults for those left out'
);
select is(
  (select count(*)::integer from public.admin_audit_log
    where id > (select id from audit_mark) and action = 'marketing.affiliate_settings_updated'),
  2, 'each update is audited');

select * from finish();
rollback;
