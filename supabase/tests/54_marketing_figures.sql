-- Marketing's figures: the one click-through rate, the totals over every kind of campaign (a push or email campaign
-- counted once, through its notification or email), the top five campaigns, the audience, and events by segment
-- while user segmentation is on. Admins only.
begin;
select plan(15);

-- The audience is over every account: only this file's.
delete from auth.users where raw_app_meta_data ->> 'test_user' is null;
select tests.create_user('member');
select tests.create_user('payer');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');
update public.profiles set subscription_status = 'professional' where id = tests.get_user_id('payer');
update public.profiles set created_at = now() - interval '90 days'
 where id in (tests.get_user_id('member'), tests.get_user_id('site_admin'));

-- Act 1: the click-through rate ------------------------------------------------------------------------------------------

select results_eq(
  $$ select private.campaign_ctr(0, 0), private.campaign_ctr(5, 0), private.campaign_ctr(1, 3), private.campaign_ctr(2, 3),
            private.campaign_ctr(3, 3), private.campaign_ctr(1, 8), private.campaign_ctr(null, 10) $$,
  $$ values (0::numeric, 0::numeric, 33.33, 66.67, 100.00, 12.50, 0::numeric) $$,
  'clicks per hundred, 2 decimals; 0 without a base'
);
select is(private.campaign_ctr(1, 3)::text, '33.33', 'with exactly two decimals');

-- Act 2: who may read the figures --------------------------------------------------------------------------------------

select * from tests.assert_admin_only($$ select private.marketing_stats() $$,
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only($$ select private.marketing_analytics() $$,
  users => array['member'], admin => 'site_admin');

-- Act 3: with no campaigns ---------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select is(private.marketing_stats(),
  '{"totalCampaigns": 0, "activeCampaigns": 0, "totalImpressions": 0, "avgClickRate": 0, "totalClicks": 0,
    "revenue": 0, "totalConversions": 0}'::jsonb,
  'no campaigns: every figure is 0');
select is(private.marketing_analytics() -> 'campaigns', '[]'::jsonb, 'and no top campaigns');
reset role;

-- Act 4: campaigns of every kind ----------------------------------------------------------------------------------------
-- Counters are set as the system (the owner) would have moved them.

insert into public.push_notifications (id, title, message, is_active, delivered_count, click_count)
values ('00000000-0000-4000-a000-000000000001', 'Linked push', 'Push', false, 40, 4),
       ('00000000-0000-4000-a000-000000000002', 'Own push', 'Push', true, 10, 1);
insert into public.email_campaigns (id, name, subject, content, is_active, sent_count, click_count)
values ('00000000-0000-4000-a000-000000000003', 'Own email', 'Email', 'Email', false, 200, 6);
insert into public.marketing_campaigns (id, name, type, status, title, content, action_text, push_notification_id,
  start_date, impressions, clicks, conversions, revenue_cents)
values
  ('00000000-0000-4000-a000-000000000004', 'Push campaign', 'push_notification', 'active', 'P', 'P', 'Go',
   '00000000-0000-4000-a000-000000000001', null, 0, 0, 0, 0),
  ('00000000-0000-4000-a000-000000000005', 'Sale banner', 'banner', 'scheduled', 'S', 'S', 'Go', null,
   (now() at time zone 'utc')::date - 1, 100, 10, 2, 5800),
  ('00000000-0000-4000-a000-000000000006', 'Later banner', 'banner', 'scheduled', 'L', 'L', 'Go', null,
   (now() at time zone 'utc')::date + 30, 0, 0, 0, 0),
  ('00000000-0000-4000-a000-000000000007', 'Draft message', 'in_app_message', 'draft', 'D', 'D', 'Go', null,
   null, 5, 0, 0, 0);
insert into public.banner_ads (id, title, is_active, impression_count, click_count)
values ('00000000-0000-4000-a000-000000000008', 'Header', true, 300, 3);
insert into public.popup_campaigns (id, title, content, is_active, show_count, click_count, conversion_count,
  revenue_cents)
values ('00000000-0000-4000-a000-000000000009', 'Exit', 'Exit', false, 50, 5, 1, 1200);
insert into public.affiliate_settings (crm_type, ad_title, ad_description, is_active, impression_count, click_count)
values ('zoho', 'Zoho', 'Zoho', true, 1000, 100);

select tests.authenticate_as('site_admin');
select is(private.marketing_stats(),
  '{"totalCampaigns": 8, "activeCampaigns": 4, "totalImpressions": 705, "avgClickRate": 4.11, "totalClicks": 29,
    "revenue": 7000, "totalConversions": 3}'::jsonb,
  'totals over campaigns, banners, popups, pushes and emails: a linked push once, deliveries and sends as impressions');
select is(private.marketing_analytics() -> 'campaigns',
  '[{"campaignType": "banner", "id": "00000000-0000-4000-a000-000000000008", "name": "Header", "impressions": 300,
     "clicks": 3, "conversions": 0, "ctr": 1.00},
    {"campaignType": "email", "id": "00000000-0000-4000-a000-000000000003", "name": "Own email", "impressions": 200,
     "clicks": 6, "conversions": 0, "ctr": 3.00},
    {"campaignType": "banner", "id": "00000000-0000-4000-a000-000000000005", "name": "Sale banner", "impressions": 100,
     "clicks": 10, "conversions": 2, "ctr": 10.00},
    {"campaignType": "popup", "id": "00000000-0000-4000-a000-000000000009", "name": "Exit", "impressions": 50,
     "clicks": 5, "conversions": 1, "ctr": 10.00},
    {"campaignType": "push_notification", "id": "00000000-0000-4000-a000-000000000004", "name": "Push campaign",
     "impressions": 40, "clicks": 4, "conversions": 0, "ctr": 10.00}]'::jsonb,
  'the five campaigns with most impressions, a push campaign with its notification''s deliveries');
select is(private.marketing_analytics() -> 'audience',
  '{"freePercent": 66.67, "paidPercent": 33.33, "newUsers30Days": 1, "returningPercent": 66.67}'::jsonb,
  'the audience: free and paid shares, new accounts in 30 days, the returning share');
select is(private.marketing_analytics() -> 'bySegment', 'null'::jsonb, 'no segments while segmentation is off');
reset role;

-- Act 5: events by segment ----------------------------------------------------------------------------------------------

update public.admin_settings set setting_value = 'true' where setting_key = 'marketing_user_segmentation';
insert into public.campaign_analytics (campaign_type, campaign_id, event_type, session_id, segment, revenue_cents)
values ('banner', '00000000-0000-4000-a000-000000000008', 'impression', 'session-a', 'anonymous', null),
       ('banner', '00000000-0000-4000-a000-000000000008', 'impression', 'session-b', 'anonymous', null),
       ('banner', '00000000-0000-4000-a000-000000000008', 'click', 'session-b', 'anonymous', null),
       ('banner', '00000000-0000-4000-a000-000000000008', 'impression', 'session-c', 'paid', null),
       ('popup', '00000000-0000-4000-a000-000000000009', 'conversion', 'session-c', 'paid', 900),
       ('banner', '00000000-0000-4000-a000-000000000008', 'impression', 'session-d', null, null);
select tests.authenticate_as('site_admin');
select is(private.marketing_analytics() -> 'bySegment',
  '[{"segment": "free", "impressions": 0, "clicks": 0, "conversions": 0, "ctr": 0},
    {"segment": "paid", "impressions": 1, "clicks": 0, "conversions": 1, "ctr": 0.00},
    {"segment": "new", "impressions": 0, "clicks": 0, "conversions": 0, "ctr": 0},
    {"segment": "returning", "impressions": 0, "clicks": 0, "conversions": 0, "ctr": 0},
    {"segment": "admin", "impressions": 0, "clicks": 0, "conversions": 0, "ctr": 0},
    {"segment": "anonymous", "impressions": 2, "clicks": 1, "conversions": 0, "ctr": 50.00}]'::jsonb,
  'with segmentation on, every segment''s events, events stored without one left out');
reset role;

select * from finish();
rollback;
