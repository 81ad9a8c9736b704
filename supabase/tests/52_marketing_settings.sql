-- Marketing's switches: seeded on, segmentation off; read by the system (a missing or unreadable one counts as on);
-- admins alone save them, all five together, audited.
begin;
select plan(14);

select tests.create_user('member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: the seeded switches -------------------------------------------------------------------------------------------

select results_eq(
  $$ select setting_key, setting_value from public.admin_settings where setting_key like 'marketing%' order by 1 $$,
  $$ values ('marketing_click_tracking', 'true'), ('marketing_conversion_tracking', 'true'),
            ('marketing_enabled', 'true'), ('marketing_respect_dnd', 'true'), ('marketing_user_segmentation', 'false') $$,
  'marketing ships on, with tracking and do-not-disturb, and without segmentation'
);
select is(private.marketing_settings(),
  '{"marketingEnabled": true, "respectDoNotDisturb": true, "abTesting": false, "clickTracking": true,
    "conversionTracking": true, "userSegmentation": false}'::jsonb,
  'as MarketingSettings, A/B testing always off');

delete from public.admin_settings where setting_key = 'marketing_enabled';
update public.admin_settings set setting_value = 'maybe' where setting_key = 'marketing_click_tracking';
update public.admin_settings set setting_value = ' FALSE ' where setting_key = 'marketing_respect_dnd';
select results_eq(
  $$ select private.marketing_setting('marketing_enabled'), private.marketing_setting('marketing_click_tracking'),
            private.marketing_setting('marketing_respect_dnd') $$,
  $$ values (true, true, false) $$,
  'a missing or unreadable switch counts as on; false is read whatever its case and spaces'
);

-- Act 2: who may save them ----------------------------------------------------------------------------------------------

select * from tests.assert_admin_only(
  $$ select private.save_marketing_settings('{"marketingEnabled": false, "respectDoNotDisturb": true, "clickTracking": true, "conversionTracking": true, "userSegmentation": false}') $$,
  users => array['member'], admin => 'site_admin');
select tests.authenticate_as('member');
select throws_ok($$ select private.marketing_setting('marketing_enabled') $$, '42501', null,
  'users do not read the switches directly');
reset role;

-- Act 3: saving ---------------------------------------------------------------------------------------------------------

create temporary table audit_mark as select coalesce(max(id), 0) as id from public.admin_audit_log;
select tests.authenticate_as('site_admin');
select is(
  private.save_marketing_settings('{"marketingEnabled": false, "respectDoNotDisturb": true, "abTesting": false,
    "clickTracking": false, "conversionTracking": true, "userSegmentation": true}'),
  '{"marketingEnabled": false, "respectDoNotDisturb": true, "abTesting": false, "clickTracking": false,
    "conversionTracking": true, "userSegmentation": true}'::jsonb,
  'an admin saves the switches and gets them back as saved');
select throws_ok(
  $$ select private.save_marketing_settings('{"marketingEnabled": true, "respectDoNotDisturb": true,
       "abTesting": true, "clickTracking": true, "conversionTracking": true, "userSegmentation": true}') $$,
  'P0422', 'settings_invalid', 'A/B testing cannot be switched on');
select throws_ok(
  $$ select private.save_marketing_settings('{"marketingEnabled": true}') $$,
  'P0422', 'settings_invalid', 'the switches are saved all together');
select throws_ok(
  $$ select private.save_marketing_settings('{"marketingEnabled": "yes", "respectDoNotDisturb": true,
       "clickTracking": true, "conversionTracking": true, "userSegmentation": true}') $$,
  'P0422', 'settings_invalid', 'each one true or false');
select throws_ok(
  $$ select private.save_marketing_settings('{"marketingEnabled": true, "respectDoNotDisturb": true,
       "clickTracking": true, "conversionTracking": true, "userSegmentation": true, "popups": true}') $$,
  'P0422', 'settings_invalid', 'and nothing else');
reset role;

select results_eq(
  $$ select setting_key, setting_value from public.admin_settings where setting_key like 'marketing%' order by 1 $$,
  $$ values ('marketing_click_tracking', 'false'), ('marketing_conversion_tracking', 'true'),
            ('marketing_enabled', 'false'), ('marketing_respect_dnd', 'true'), ('marketing_user_segmentation', 'true') $$,
  'the rows hold the saved values, a missing one written again'
);
select results_eq(
  $$ select actor_id, action, target_type, target_id, before ->> 'marketingEnabled', after ->> 'marketingEnabled'
       from public.admin_audit_log where id > (select id from audit_mark) $$,
  $$ values (tests.get_user_id('site_admin'), 'marketing.settings_saved', 'admin_settings', 'marketing', 'true', 'false') $$,
  'the save is audited with the switches before and after'
);

select * from finish();
rollback;
