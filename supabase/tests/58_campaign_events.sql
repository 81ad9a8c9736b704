-- Campaign events: impressions and dismissals counted once, clicks leading to the stored link, conversions only
-- within 7 days of a click (with a payment's revenue), tracking switches that store nothing, email opens, clicks and
-- unsubscribes by token (once per recipient, the unsubscribe holding until the owner subscribes again), and push
-- deliveries once per recipient.
begin;
select plan(51);

select tests.create_user('owner');
select tests.create_user('stranger');

insert into public.marketing_campaigns (name, type, status, title, content, action_text, action_url)
values ('Sale', 'in_app_message', 'active', 'Sale', 'C', 'Go', '/pricing') returning id as sale \gset
insert into public.marketing_campaigns (name, type, status, title, content, action_text)
values ('Paused', 'in_app_message', 'paused', 'Paused', 'C', 'Go') returning id as paused \gset
insert into public.affiliate_settings (crm_type, affiliate_url, is_active, ad_title, ad_description)
values ('zoho', 'https://www.zoho.com/crm/', true, 'Try Zoho', 'A CRM') returning id as zoho \gset

create function pg_temp.event(p_type text, p_id uuid, p_event text, p_visitor text)
returns text
language sql
as $$
  select private.record_campaign_event(jsonb_build_object('campaignType', p_type, 'campaignId', p_id,
    'eventType', p_event, 'page', '/', 'visitId', 'visit-0000001', 'ip', '203.0.113.0', 'userAgent', 'Test',
    'userId', case when p_visitor not like 'session:%' then tests.get_user_id(p_visitor) end,
    'sessionId', case when p_visitor like 'session:%' then substr(p_visitor, 9) end))
$$;
create function pg_temp.click(p_type text, p_id uuid, p_visitor text)
returns text
language sql
as $$
  select private.record_campaign_click(jsonb_build_object('campaignType', p_type, 'campaignId', p_id, 'page', '/',
    'ip', '203.0.113.0', 'userAgent', 'Test',
    'userId', case when p_visitor not like 'session:%' then tests.get_user_id(p_visitor) end,
    'sessionId', case when p_visitor like 'session:%' then substr(p_visitor, 9) end))
$$;

-- Act 1: impressions and dismissals -----------------------------------------------------------------------------------

select is(pg_temp.event('in_app_message', :'sale', 'impression', 'owner'), 'stored', 'an impression is stored');
select is(pg_temp.event('in_app_message', :'sale', 'impression', 'owner'), 'duplicate',
  'the same visitor''s second impression that day is not counted again');
select is(pg_temp.event('in_app_message', :'sale', 'impression', 'session:anonymousvisitor0001'), 'stored',
  'another visitor''s is');
select is((select impressions from public.marketing_campaigns where id = :'sale'), 2::bigint,
  'the campaign counts two impressions');
select is(pg_temp.event('in_app_message', :'sale', 'dismiss', 'owner'), 'stored', 'a dismissal is stored');
select is(pg_temp.event('in_app_message', :'sale', 'dismiss', 'owner'), 'duplicate', 'once');
select throws_ok($$ select pg_temp.event('in_app_message', gen_random_uuid(), 'impression', 'owner') $$, 'P0404',
  'campaign_not_found', 'an unknown campaign''s events are refused');
select throws_ok(format($$ select pg_temp.event('in_app_message', %L, 'impression', 'owner') $$, :'paused'), 'P0409',
  'campaign_not_active', 'and impressions of one not running');
select throws_ok(format($$ select private.record_campaign_event('{"campaignType": "in_app_message",
  "campaignId": "%s", "eventType": "impression"}') $$, :'sale'), 'P0400', 'visitor_required',
  'an event needs a visitor');

-- Act 2: clicks -----------------------------------------------------------------------------------------------------

select is(pg_temp.click('in_app_message', :'sale', 'owner'), '/pricing', 'a click leads to the campaign''s link');
select is(pg_temp.click('affiliate_ad', :'zoho', 'session:anonymousvisitor0001'), 'https://www.zoho.com/crm/',
  'an affiliate ad''s click to the partner');
select results_eq(
  $$ select crm_type, session_id, ip_address::text, referrer_page from public.affiliate_clicks $$,
  $$ values ('zoho', 'anonymousvisitor0001', '203.0.113.0/32', '/') $$,
  'which is also an affiliate click'
);
select results_eq(
  format($$ select (select clicks from public.marketing_campaigns where id = %L),
                   (select click_count from public.affiliate_settings where id = %L) $$, :'sale', :'zoho'),
  $$ values (1::bigint, 1::bigint) $$,
  'each counts its click'
);
select is(pg_temp.click('in_app_message', gen_random_uuid(), 'owner'), null, 'an unknown campaign leads nowhere');
update public.admin_settings set setting_value = 'false' where setting_key = 'marketing_click_tracking';
select is(pg_temp.click('in_app_message', :'sale', 'stranger'), '/pricing', 'with click tracking off a click still leads on');
select is(pg_temp.event('in_app_message', :'sale', 'click', 'stranger'), 'ignored', 'but no click is stored');
select is((select count(*)::integer from public.campaign_analytics where event_type = 'click'), 2,
  'nothing was stored');
update public.admin_settings set setting_value = 'true' where setting_key = 'marketing_click_tracking';

-- Act 3: conversions --------------------------------------------------------------------------------------------------

select is(pg_temp.event('in_app_message', :'sale', 'conversion', 'stranger'), 'ignored',
  'a conversion without a click is not stored');
select is(pg_temp.event('in_app_message', :'sale', 'conversion', 'owner'), 'stored',
  'a conversion after a click is');
select is(pg_temp.event('in_app_message', :'sale', 'conversion', 'owner'), 'ignored', 'once per click');
-- The stranger clicked 8 days ago: out of the window. Then a payment of theirs completes.
insert into public.campaign_analytics (campaign_type, campaign_id, event_type, user_id, created_at, visit_day)
values ('in_app_message', :'sale', 'click', tests.get_user_id('stranger'), now() - interval '8 days',
  current_date - 8);
insert into public.payments (user_id, amount_cents, status) values (tests.get_user_id('stranger'), 1500, 'completed');
select is((select count(*)::integer from public.campaign_analytics where event_type = 'conversion'
  and user_id = tests.get_user_id('stranger')), 0, 'a payment 8 days after the click is no conversion');
-- Within the window (6 days ago), a payment pending, then completed.
insert into public.campaign_analytics (campaign_type, campaign_id, event_type, user_id, created_at, visit_day)
values ('in_app_message', :'sale', 'click', tests.get_user_id('stranger'), now() - interval '6 days',
  current_date - 6);
insert into public.payments (user_id, amount_cents, status) values (tests.get_user_id('stranger'), 2900, 'pending')
returning id as payment \gset
select is((select count(*)::integer from public.campaign_analytics where event_type = 'conversion'
  and user_id = tests.get_user_id('stranger')), 0, 'a pending payment is none yet');
update public.payments set status = 'completed' where id = :'payment';
select results_eq(
  $$ select campaign_id, revenue_cents from public.campaign_analytics where event_type = 'conversion'
     and user_id = tests.get_user_id('stranger') $$,
  format($$ values (%L::uuid, 2900::bigint) $$, :'sale'),
  'its completion within 7 days of the click is the campaign''s conversion, with the revenue'
);
select results_eq(
  format($$ select conversions, revenue_cents from public.marketing_campaigns where id = %L $$, :'sale'),
  $$ values (2::bigint, 2900::bigint) $$,
  'the campaign counts both conversions and the revenue'
);
select is(private.record_conversion(null, 'anonymousvisitor0001', null), 'stored',
  'a sign-up converts for the campaign its session last clicked');
select is((select conversion_count from public.affiliate_settings where id = :'zoho'), 1::bigint,
  'the partner''s ad counts it');
update public.admin_settings set setting_value = 'false' where setting_key = 'marketing_conversion_tracking';
select is(private.record_conversion(tests.get_user_id('owner'), null, 100), 'ignored',
  'with conversion tracking off no conversion is stored');
select is(pg_temp.event('in_app_message', :'sale', 'conversion', 'owner'), 'ignored', 'reported ones neither');
update public.admin_settings set setting_value = 'true' where setting_key = 'marketing_conversion_tracking';

-- Act 4: segments -----------------------------------------------------------------------------------------------------

select is((select count(*)::integer from public.campaign_analytics where segment is not null), 0,
  'without user segmentation no segment is kept');
update public.admin_settings set setting_value = 'true' where setting_key = 'marketing_user_segmentation';
select pg_temp.event('in_app_message', :'sale', 'impression', 'stranger');
select pg_temp.event('in_app_message', :'sale', 'impression', 'session:otheranonymous0001');
select results_eq(
  $$ select segment from public.campaign_analytics where event_type = 'impression' and segment is not null
     order by segment $$,
  $$ values ('anonymous'), ('paid') $$,
  'with it, each event keeps the visitor''s segment (the stranger paid above)'
);

-- Act 5: email tracking -----------------------------------------------------------------------------------------------

insert into public.email_campaigns (name, subject, content, is_active, links)
values ('News', 'News', '<p>Hi</p>', true, '{https://example.com/a,https://example.com/b}') returning id as news \gset
insert into public.email_recipients (email_campaign_id, user_id, email, batch_no, status)
values (:'news', tests.get_user_id('owner'), 'owner@test.example', 0, 'sent') returning token as token \gset

select ok(private.email_open(:'token'), 'an open is recorded');
select ok(private.email_open(:'token'), 'a second load too');
select ok(not private.email_open('unknown'), 'an unknown token is not');
select is(private.email_click(:'token', 1), 'https://example.com/b', 'a click leads to the link as sent');
select is(private.email_click(:'token', 0), 'https://example.com/a', 'each link by its number from 0');
select is(private.email_click(:'token', 2), null, 'a number past the links leads nowhere');
select is(private.email_click('unknown', 0), null, 'nor does an unknown token');
select results_eq(
  format($$ select open_count, click_count from public.email_campaigns where id = %L $$, :'news'),
  $$ values (1::bigint, 1::bigint) $$,
  'opens and clicks count recipients, not loads'
);
select ok(
  (select opened_at is not null and clicked_at is not null from public.email_recipients where token = :'token'),
  'the recipient''s first open and click are kept'
);

select ok(private.marketing_emails_subscribed(tests.get_user_id('owner')), 'the owner receives marketing emails');
select ok(private.email_unsubscribe(:'token'), 'the unsubscribe link works');
select ok(private.email_unsubscribe(:'token'), 'and again, changing nothing');
select ok(not private.email_unsubscribe('unknown'), 'an unknown token unsubscribes nobody');
select results_eq(
  format($$ select (select count(*)::integer from public.email_suppressions where email_key = 'owner@test.example'),
                   (select unsubscribe_count from public.email_campaigns where id = %L) $$, :'news'),
  $$ values (1, 1::bigint) $$,
  'one suppression and one unsubscribe counted'
);
select ok(not private.marketing_emails_subscribed(tests.get_user_id('owner')), 'the owner is unsubscribed');
insert into public.email_campaigns (name, subject, content, is_active) values ('Next', 'Next', '<p>Hi</p>', true)
returning id as next_news \gset
select is_empty(format($$ select from private.email_audience(%L) where user_id = tests.get_user_id('owner') $$,
  :'next_news'), 'and the next send leaves them out');
select is(private.set_marketing_emails(tests.get_user_id('owner'), true), true, 'the owner subscribes again');
select isnt_empty(format($$ select from private.email_audience(%L) where user_id = tests.get_user_id('owner') $$,
  :'next_news'), 'and gets the next send');

-- Act 6: push deliveries ----------------------------------------------------------------------------------------------

insert into public.push_notifications (title, message, is_active) values ('Hello', 'A push', true)
returning id as push \gset
insert into public.user_notifications (user_id, push_notification_id, title, body)
values (tests.get_user_id('owner'), :'push', 'Hello', 'A push') returning id as notification \gset
select ok(not private.acknowledge_notification(tests.get_user_id('stranger'), :'notification'),
  'another user cannot acknowledge the owner''s notification');
select ok(private.acknowledge_notification(tests.get_user_id('owner'), :'notification'), 'the owner''s browser does');
select private.acknowledge_notification(tests.get_user_id('owner'), :'notification');
select private.push_delivered(:'push', tests.get_user_id('owner'));
select results_eq(
  format($$ select delivered_count from public.push_notifications where id = %L $$, :'push'),
  $$ values (1::bigint) $$,
  'however often it is reported, the push is delivered once to the owner'
);

select * from finish();
rollback;
