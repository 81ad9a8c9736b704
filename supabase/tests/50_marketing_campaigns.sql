-- Marketing's campaign tables (marketing campaigns, banner ads, popup campaigns, push notifications, email
-- campaigns, affiliate settings): admins alone read and edit them, visitors and users reach nothing; counters,
-- revenue and send results are the system's (refused to admins), a partner's crm_type never changes, and every edit
-- but a counter's is audited. Events and their counters are 51's, the functions 52 to 54's.
begin;
select plan(146);

-- What a refusal says to people: its DETAIL.
create function pg_temp.refusal_detail(statement text)
returns text
language plpgsql
as $$
declare
  detail text;
begin
  execute statement;
  return null;
exception
  when others then
    get stacked diagnostics detail = pg_exception_detail;
    return detail;
end;
$$;

select tests.create_user('member');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.push_notifications (id, title, message)
values ('00000000-0000-4000-a000-000000000001', 'New feature', 'Bulk exports are here');
insert into public.email_campaigns (id, name, subject, content)
values ('00000000-0000-4000-a000-000000000002', 'November news', 'What is new', '<p>Hello</p>');
insert into public.marketing_campaigns (id, name, title, content, action_text, created_by)
values ('00000000-0000-4000-a000-000000000003', 'Spring sale', 'Save 20%', 'This week only', 'Upgrade',
        tests.get_user_id('site_admin'));
insert into public.banner_ads (id, title) values ('00000000-0000-4000-a000-000000000004', 'Header banner');
insert into public.popup_campaigns (id, title, content)
values ('00000000-0000-4000-a000-000000000005', 'Stay a while', 'Join the newsletter');
insert into public.affiliate_settings (id, crm_type, ad_title, ad_description)
values ('00000000-0000-4000-a000-000000000006', 'hubspot', 'HubSpot', 'Your CRM');

-- Act 1: who may do what ----------------------------------------------------------------------------------------------
-- Users (whether or not they created anything) and visitors reach nothing; admins and trusted servers everything.

select * from tests.assert_access('public.marketing_campaigns', array[
  --               select    insert     update    delete
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'refused', 'none',   'none'],
  ['stranger',     'none',   'refused', 'none',   'none'],
  ['site_admin',   'all',    'all',     'all',    'all'],
  ['service_role', 'all',    'all',     'all',    'all']
],
  insert_sql => $$ insert into public.marketing_campaigns (name, title, content, action_text)
                   values ('Matrix', 'Matrix', 'Matrix', 'Go') $$,
  update_set => 'name = name || $x$!$x$');

select * from tests.assert_access('public.banner_ads', array[
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'refused', 'none',   'none'],
  ['stranger',     'none',   'refused', 'none',   'none'],
  ['site_admin',   'all',    'all',     'all',    'all'],
  ['service_role', 'all',    'all',     'all',    'all']
],
  insert_sql => $$ insert into public.banner_ads (title) values ('Matrix') $$,
  update_set => 'priority = 2');

select * from tests.assert_access('public.popup_campaigns', array[
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'refused', 'none',   'none'],
  ['stranger',     'none',   'refused', 'none',   'none'],
  ['site_admin',   'all',    'all',     'all',    'all'],
  ['service_role', 'all',    'all',     'all',    'all']
],
  insert_sql => $$ insert into public.popup_campaigns (title, content) values ('Matrix', 'Matrix') $$,
  update_set => 'is_active = true');

select * from tests.assert_access('public.push_notifications', array[
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'refused', 'none',   'none'],
  ['stranger',     'none',   'refused', 'none',   'none'],
  ['site_admin',   'all',    'all',     'all',    'all'],
  ['service_role', 'all',    'all',     'all',    'all']
],
  insert_sql => $$ insert into public.push_notifications (title, message) values ('Matrix', 'Matrix') $$,
  update_set => $$ message = 'Changed' $$);

select * from tests.assert_access('public.email_campaigns', array[
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'refused', 'none',   'none'],
  ['stranger',     'none',   'refused', 'none',   'none'],
  ['site_admin',   'all',    'all',     'all',    'all'],
  ['service_role', 'all',    'all',     'all',    'all']
],
  insert_sql => $$ insert into public.email_campaigns (name, subject, content) values ('Matrix', 'Matrix', 'Matrix') $$,
  update_set => $$ subject = 'Changed' $$);

select * from tests.assert_access('public.affiliate_settings', array[
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['member',       'none',   'refused', 'none',   'none'],
  ['stranger',     'none',   'refused', 'none',   'none'],
  ['site_admin',   'all',    'all',     'all',    'all'],
  ['service_role', 'all',    'all',     'all',    'all']
],
  insert_sql => $$ insert into public.affiliate_settings (crm_type, ad_title, ad_description)
                   values ('pipedrive', 'Matrix', 'Matrix') $$,
  update_set => 'is_active = true');

-- Act 2: counters, revenue and send results are the system's ------------------------------------------------------------

select tests.authenticate_as('site_admin');
select throws_ok($$ update public.marketing_campaigns set impressions = 1000 $$, 'P0409', 'counter_read_only',
  'an admin may not set a campaign''s impressions');
select throws_ok($$ update public.marketing_campaigns set revenue_cents = 500 $$, 'P0409', 'counter_read_only',
  'nor its revenue');
select throws_ok($$ update public.banner_ads set dismiss_count = 3 $$, 'P0409', 'counter_read_only',
  'nor a banner''s dismissals');
select throws_ok($$ update public.popup_campaigns set show_count = 0, revenue_cents = 1 $$, 'P0409', 'counter_read_only',
  'nor a popup''s revenue');
select throws_ok($$ update public.push_notifications set sent_at = now() $$, 'P0409', 'counter_read_only',
  'nor mark a push sent');
select throws_ok($$ update public.email_campaigns set links = '{https://example.com}' $$, 'P0409', 'counter_read_only',
  'nor change an email''s links');
select throws_ok($$ update public.affiliate_settings set click_count = click_count + 1 $$, 'P0409',
  'counter_read_only', 'nor count an affiliate click');
select throws_ok(
  $$ insert into public.banner_ads (title, impression_count) values ('Inflated', 99) $$, 'P0409', 'counter_read_only',
  'an admin''s new row starts from nothing counted');
select throws_ok(
  $$ insert into public.email_campaigns (name, subject, content, sent_at) values ('Sent', 'Sent', 'Sent', now()) $$,
  'P0409', 'counter_read_only', 'and nothing sent');
select lives_ok(
  $$ update public.marketing_campaigns set impressions = impressions, name = 'Spring sale 2' $$,
  'an edit that leaves the counters as they are goes through');
select throws_ok($$ update public.affiliate_settings set crm_type = 'salesforce' $$, 'P0409', 'crm_type_locked',
  'a partner''s crm_type never changes');
reset role;

select throws_ok($$ update public.affiliate_settings set crm_type = 'salesforce' $$, 'P0409', 'crm_type_locked',
  'not even by the owner');
select is(pg_temp.refusal_detail($$ update public.banner_ads set click_count = 7 $$), null,
  'the system (the owner) moves counters');
select is(pg_temp.refusal_detail($$ update public.affiliate_settings set crm_type = 'salesforce' $$),
  'CRM type cannot be changed', 'the refusal says so');
select tests.authenticate_as('site_admin');
select is(pg_temp.refusal_detail($$ update public.banner_ads set click_count = 8 $$), 'Counters are read only',
  'the counters'' refusal says so');
reset role;

-- Act 3: a campaign's time zone is one PostgreSQL knows ------------------------------------------------------------------

select throws_ok($$ update public.marketing_campaigns set timezone = 'Mars/Olympus_Mons' $$, 'P0400', 'invalid_timezone',
  'an unknown time zone is refused');
select lives_ok($$ update public.marketing_campaigns set timezone = 'Europe/Paris' $$, 'an IANA time zone is kept');
select throws_ok(
  $$ insert into public.marketing_campaigns (name, title, content, action_text, start_date, end_date)
     values ('Reversed', 'Reversed', 'Reversed', 'Go', '2026-12-10', '2026-12-01') $$,
  '23514', null, 'an end before the start is refused');
select throws_ok(
  $$ insert into public.marketing_campaigns (name, title, content, action_text, user_types)
     values ('Nobody', 'Nobody', 'Nobody', 'Go', '{}') $$,
  '23514', null, 'a campaign names at least one user type');
select throws_ok(
  $$ insert into public.popup_campaigns (title, content, trigger_type, trigger_value)
     values ('Deep', 'Deep', 'scroll_percentage', 150) $$,
  '23514', null, 'a scroll trigger is a percentage');
select throws_ok($$ insert into public.popup_campaigns (title, content, text_color) values ('Red', 'Red', 'red') $$,
  '23514', null, 'colours are #rrggbb');

-- Act 4: what the audit log keeps, and what updated_at follows --------------------------------------------------------

update public.banner_ads set updated_at = '2026-01-01 00:00+00';
update public.banner_ads set impression_count = impression_count + 1, click_count = click_count + 1;
select is((select updated_at from public.banner_ads), '2026-01-01 00:00+00'::timestamptz,
  'counted events leave updated_at alone');
update public.banner_ads set priority = 9;
select is((select updated_at from public.banner_ads), now(), 'an edit moves it');

create temporary table audit_mark as select coalesce(max(id), 0) as id from public.admin_audit_log;
select tests.authenticate_as('site_admin');
insert into public.banner_ads (id, title, placement)
values ('00000000-0000-4000-a000-000000000014', 'Footer banner', 'footer');
update public.banner_ads set title = 'Footer banner, new' where id = '00000000-0000-4000-a000-000000000014';
reset role;
update public.banner_ads set impression_count = impression_count + 1 where id = '00000000-0000-4000-a000-000000000014';
select tests.authenticate_as('site_admin');
delete from public.banner_ads where id = '00000000-0000-4000-a000-000000000014';
update public.push_notifications set is_active = true;
reset role;

select results_eq(
  $$ select actor_id, action, target_type, target_id, before ->> 'title', after ->> 'title'
       from public.admin_audit_log where id > (select id from audit_mark) order by id $$,
  $$ values
    (tests.get_user_id('site_admin'), 'marketing.banner_ads_created', 'banner_ads',
     '00000000-0000-4000-a000-000000000014', null, 'Footer banner'),
    (tests.get_user_id('site_admin'), 'marketing.banner_ads_updated', 'banner_ads',
     '00000000-0000-4000-a000-000000000014', 'Footer banner', 'Footer banner, new'),
    (tests.get_user_id('site_admin'), 'marketing.banner_ads_deleted', 'banner_ads',
     '00000000-0000-4000-a000-000000000014', 'Footer banner, new', null),
    (tests.get_user_id('site_admin'), 'marketing.push_notifications_updated', 'push_notifications',
     '00000000-0000-4000-a000-000000000001', null, null) $$,
  'creations, edits and removals are audited by the admin who made them; counted events are not'
);
select results_eq(
  $$ select before, after from public.admin_audit_log
     where id > (select id from audit_mark) and action like '%_updated' order by id $$,
  $$ values ('{"title": "Footer banner"}'::jsonb, '{"title": "Footer banner, new"}'::jsonb),
            ('{"is_active": false}', '{"is_active": true}') $$,
  'an edit keeps only the fields it changed'
);
select is(
  (select after - 'id' - 'created_at' from public.admin_audit_log
    where id > (select id from audit_mark) and action = 'marketing.banner_ads_created'),
  '{"title": "Footer banner", "content": "", "image_url": null, "target_url": null, "placement": "footer",
    "is_active": false, "priority": 1, "start_date": null, "end_date": null}'::jsonb,
  'a creation keeps what an admin edits, without the counters'
);

select * from finish();
rollback;
