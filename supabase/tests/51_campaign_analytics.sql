-- Campaign events and affiliate clicks: admins read them, nobody else reaches them and no API role writes them; each
-- stored event moves its campaign's counter at once, impressions once per visitor and UTC day, pushes' and emails'
-- deliveries, opens and clicks once per recipient, dismissals once per visitor; a rebuild from the events gives the
-- same counters.
begin;
select plan(60);

-- A test user's id; null for an anonymous visitor.
create function pg_temp.user_of(actor text)
returns uuid
language sql
as $$
  select case when actor is not null then tests.get_user_id(actor) end
$$;

-- Every counter of every campaign, in one line per campaign.
create function pg_temp.counters()
returns setof text
language sql
as $$
  select format('marketing %s %s/%s/%s/%s', name, impressions, clicks, conversions, revenue_cents)
    from public.marketing_campaigns
  union all
  select format('banner %s %s/%s/%s', title, impression_count, click_count, dismiss_count) from public.banner_ads
  union all
  select format('popup %s %s/%s/%s/%s/%s', title, show_count, click_count, conversion_count, dismiss_count, revenue_cents)
    from public.popup_campaigns
  union all
  select format('affiliate %s %s/%s/%s/%s', crm_type, impression_count, click_count, conversion_count, revenue_cents)
    from public.affiliate_settings
  union all
  select format('push %s %s/%s', title, delivered_count, click_count) from public.push_notifications
  union all
  select format('email %s %s/%s/%s/%s', name, sent_count, open_count, click_count, unsubscribe_count)
    from public.email_campaigns
  order by 1
$$;

-- What the event writers run: an impression counts once per visitor and UTC day; a repeat only notes when and in
-- which visit it was seen last.
create function pg_temp.impression(campaign_type text, campaign uuid, actor text, session text,
  day date default (now() at time zone 'utc')::date, visit text default 'visit-0001')
returns void
language sql
as $$
  insert into public.campaign_analytics as a (campaign_type, campaign_id, event_type, user_id, session_id, visit_day,
    visit_id)
  values (campaign_type, campaign, 'impression', pg_temp.user_of(actor), session, day, visit)
  on conflict (campaign_type, campaign_id, visitor, visit_day) where event_type = 'impression'
  do update set last_seen_at = now(), visit_id = excluded.visit_id
$$;

-- A recipient's push or email event, or any unsubscribe: once per recipient.
create function pg_temp.recipient_event(campaign_type text, campaign uuid, event text, actor text)
returns void
language sql
as $$
  insert into public.campaign_analytics (campaign_type, campaign_id, event_type, user_id)
  values (campaign_type, campaign, event, tests.get_user_id(actor))
  on conflict (campaign_type, campaign_id, user_id, event_type)
    where (campaign_type in ('push_notification', 'email') and event_type in ('delivered', 'open', 'click'))
       or event_type = 'unsubscribe'
  do nothing
$$;

-- Any other event, as the writers store it.
create function pg_temp.event(campaign_type text, campaign uuid, event text, actor text, session text default null,
  revenue bigint default null)
returns void
language sql
as $$
  insert into public.campaign_analytics (campaign_type, campaign_id, event_type, user_id, session_id, revenue_cents)
  values (campaign_type, campaign, event, pg_temp.user_of(actor), session, revenue)
  on conflict (campaign_type, campaign_id, visitor) where event_type = 'dismiss' do nothing
$$;

select tests.create_user('member');
select tests.create_user('stranger');
select tests.create_user('site_admin');
select tests.create_user('departing');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.marketing_campaigns (id, name, type, title, content, action_text)
values ('00000000-0000-4000-a000-000000000001', 'Inline promo', 'banner', 'Promo', 'Promo', 'Go'),
       ('00000000-0000-4000-a000-000000000002', 'Welcome popup', 'popup', 'Welcome', 'Welcome', 'Go');
insert into public.banner_ads (id, title) values ('00000000-0000-4000-a000-000000000003', 'Header');
insert into public.popup_campaigns (id, title, content) values ('00000000-0000-4000-a000-000000000004', 'Exit', 'Exit');
insert into public.affiliate_settings (id, crm_type, ad_title, ad_description)
values ('00000000-0000-4000-a000-000000000005', 'zoho', 'Zoho', 'Zoho CRM');
insert into public.push_notifications (id, title, message) values ('00000000-0000-4000-a000-000000000006', 'Push', 'Push');
insert into public.email_campaigns (id, name, subject, content)
values ('00000000-0000-4000-a000-000000000007', 'News', 'News', 'News');

-- Act 1: impressions count once per visitor and UTC day -----------------------------------------------------------------

select pg_temp.impression('banner', '00000000-0000-4000-a000-000000000003', 'member', 'session-a');
select pg_temp.impression('banner', '00000000-0000-4000-a000-000000000003', 'member', 'session-b', visit => 'visit-0002');
select results_eq(
  $$ select count(*)::integer, max(visit_id), max(visitor) from public.campaign_analytics
      where campaign_id = '00000000-0000-4000-a000-000000000003' $$,
  $$ values (1, 'visit-0002', tests.get_user_id('member')::text) $$,
  'two impressions by one user on one UTC day are one row, which notes the latest visit'
);
select is((select impression_count from public.banner_ads), 1::bigint, 'and count once');

select pg_temp.impression('banner', '00000000-0000-4000-a000-000000000003', 'member', null,
  day => (now() at time zone 'utc')::date + 1);
select is((select impression_count from public.banner_ads), 2::bigint, 'the next UTC day counts again');

select pg_temp.impression('banner', '00000000-0000-4000-a000-000000000003', null, 'session-a');
select pg_temp.impression('banner', '00000000-0000-4000-a000-000000000003', null, 'session-a');
select pg_temp.impression('banner', '00000000-0000-4000-a000-000000000003', null, 'session-c');
select is((select impression_count from public.banner_ads), 4::bigint,
  'anonymous visitors count once each per day, by session');

select pg_temp.impression('popup', '00000000-0000-4000-a000-000000000004', 'stranger', null);
select pg_temp.impression('banner', '00000000-0000-4000-a000-000000000001', 'stranger', null);
select pg_temp.impression('popup', '00000000-0000-4000-a000-000000000002', 'stranger', null);
select pg_temp.impression('affiliate_ad', '00000000-0000-4000-a000-000000000005', 'stranger', null);
select results_eq(
  $$ select * from pg_temp.counters() $$,
  $$ values ('affiliate zoho 1/0/0/0'), ('banner Header 4/0/0'), ('email News 0/0/0/0'),
            ('marketing Inline promo 1/0/0/0'), ('marketing Welcome popup 1/0/0/0'), ('popup Exit 1/0/0/0/0'),
            ('push Push 0/0') $$,
  'an impression moves the counter of its own campaign, found by id: a manager''s or a marketing campaign''s'
);

-- Act 2: clicks, conversions and dismissals ---------------------------------------------------------------------------

select pg_temp.event('banner', '00000000-0000-4000-a000-000000000003', 'click', 'member');
select pg_temp.event('banner', '00000000-0000-4000-a000-000000000003', 'click', 'member');
select pg_temp.event('popup', '00000000-0000-4000-a000-000000000004', 'click', 'stranger');
select pg_temp.event('popup', '00000000-0000-4000-a000-000000000004', 'conversion', 'stranger', revenue => 1500);
select pg_temp.event('popup', '00000000-0000-4000-a000-000000000002', 'click', 'stranger');
select pg_temp.event('popup', '00000000-0000-4000-a000-000000000002', 'conversion', 'stranger', revenue => 2900);
select pg_temp.event('popup', '00000000-0000-4000-a000-000000000002', 'conversion', null, 'session-a', 0);
select pg_temp.event('affiliate_ad', '00000000-0000-4000-a000-000000000005', 'click', null, 'session-a');
select pg_temp.event('affiliate_ad', '00000000-0000-4000-a000-000000000005', 'conversion', null, 'session-a', 700);
select pg_temp.event('banner', '00000000-0000-4000-a000-000000000003', 'dismiss', 'member');
select pg_temp.event('banner', '00000000-0000-4000-a000-000000000003', 'dismiss', 'member');
select pg_temp.event('banner', '00000000-0000-4000-a000-000000000003', 'dismiss', null, 'session-a');
select pg_temp.event('popup', '00000000-0000-4000-a000-000000000004', 'dismiss', 'member');
select results_eq(
  $$ select * from pg_temp.counters() $$,
  $$ values ('affiliate zoho 1/1/1/700'), ('banner Header 4/2/2'), ('email News 0/0/0/0'),
            ('marketing Inline promo 1/0/0/0'), ('marketing Welcome popup 1/1/2/2900'), ('popup Exit 1/1/1/1/1500'),
            ('push Push 0/0') $$,
  'clicks count each time, conversions with their revenue, dismissals once per visitor'
);

-- Act 3: pushes' and emails' events count once per recipient ---------------------------------------------------------

select pg_temp.recipient_event('push_notification', '00000000-0000-4000-a000-000000000006', 'delivered', 'member');
select pg_temp.recipient_event('push_notification', '00000000-0000-4000-a000-000000000006', 'delivered', 'member');
select pg_temp.recipient_event('push_notification', '00000000-0000-4000-a000-000000000006', 'delivered', 'stranger');
select pg_temp.recipient_event('push_notification', '00000000-0000-4000-a000-000000000006', 'click', 'member');
select pg_temp.recipient_event('push_notification', '00000000-0000-4000-a000-000000000006', 'click', 'member');
select pg_temp.recipient_event('email', '00000000-0000-4000-a000-000000000007', 'open', 'member');
select pg_temp.recipient_event('email', '00000000-0000-4000-a000-000000000007', 'open', 'member');
select pg_temp.recipient_event('email', '00000000-0000-4000-a000-000000000007', 'open', 'stranger');
select pg_temp.recipient_event('email', '00000000-0000-4000-a000-000000000007', 'click', 'stranger');
select pg_temp.recipient_event('email', '00000000-0000-4000-a000-000000000007', 'click', 'stranger');
select pg_temp.recipient_event('email', '00000000-0000-4000-a000-000000000007', 'unsubscribe', 'stranger');
select pg_temp.recipient_event('email', '00000000-0000-4000-a000-000000000007', 'unsubscribe', 'stranger');
select results_eq(
  $$ select c from pg_temp.counters() as c where c ~ '^(push|email) ' $$,
  $$ values ('email News 0/2/1/1'), ('push Push 2/1') $$,
  'deliveries, opens, clicks and unsubscribes count distinct recipients'
);
select throws_ok(
  $$ insert into public.campaign_analytics (campaign_type, campaign_id, event_type, user_id)
     values ('email', '00000000-0000-4000-a000-000000000007', 'open', tests.get_user_id('member')) $$,
  '23505', null, 'a second open by the same recipient cannot be stored');

-- Act 4: what an event may hold ----------------------------------------------------------------------------------------

select throws_ok(
  $$ insert into public.campaign_analytics (campaign_type, campaign_id, event_type, session_id, revenue_cents)
     values ('banner', '00000000-0000-4000-a000-000000000003', 'click', 'session-z', 100) $$,
  '23514', null, 'only a conversion has revenue');
select throws_ok(
  $$ insert into public.campaign_analytics (campaign_type, campaign_id, event_type, session_id, ip_address)
     values ('banner', '00000000-0000-4000-a000-000000000003', 'click', 'session-z', '203.0.113.7') $$,
  '23514', null, 'a visitor''s own IPv4 address is never stored');
select throws_ok(
  $$ insert into public.campaign_analytics (campaign_type, campaign_id, event_type, session_id, ip_address)
     values ('banner', '00000000-0000-4000-a000-000000000003', 'click', 'session-z', '2001:db8:1:2::7') $$,
  '23514', null, 'nor their IPv6 address');
select lives_ok(
  $$ insert into public.campaign_analytics (campaign_type, campaign_id, event_type, session_id, ip_address)
     values ('banner', '00000000-0000-4000-a000-000000000003', 'click', 'session-z', '203.0.113.0'),
            ('banner', '00000000-0000-4000-a000-000000000003', 'click', 'session-z', '2001:db8:1::') $$,
  'their networks are');
select throws_ok(
  $$ insert into public.campaign_analytics (campaign_type, campaign_id, event_type, session_id)
     values ('promotional_banner', '00000000-0000-4000-a000-000000000001', 'click', 'session-z') $$,
  '23514', null, 'events name the delivered type (a promotional banner is a banner)');
select throws_ok(
  $$ insert into public.affiliate_clicks (affiliate_setting_id, crm_type, ip_address)
     values ('00000000-0000-4000-a000-000000000005', 'zoho', '198.51.100.23') $$,
  '23514', null, 'an affiliate click keeps only the network too');
insert into public.affiliate_clicks (affiliate_setting_id, crm_type, user_id, ip_address, referrer_page)
values ('00000000-0000-4000-a000-000000000005', 'zoho', tests.get_user_id('member'), '198.51.100.0', '/bulk');

-- Act 5: who may do what ----------------------------------------------------------------------------------------------
-- The member's own events and clicks included: only admins and trusted servers read them, and nobody writes directly.

select * from tests.assert_access('public.campaign_analytics', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['member',       'none',   'denied', 'denied', 'denied'],
  ['stranger',     'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('member') $$,
  insert_sql => $$ insert into public.campaign_analytics (campaign_type, campaign_id, event_type, user_id)
                   values ('banner', '00000000-0000-4000-a000-000000000003', 'click', tests.get_user_id('member')) $$,
  update_set => $$ page = '/' $$);

select * from tests.assert_access('public.affiliate_clicks', array[
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['member',       'none',   'denied', 'denied', 'denied'],
  ['stranger',     'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('member') $$,
  insert_sql => $$ insert into public.affiliate_clicks (affiliate_setting_id, crm_type, user_id)
                   values ('00000000-0000-4000-a000-000000000005', 'zoho', tests.get_user_id('member')) $$,
  update_set => $$ referrer_page = '/' $$);

-- Act 6: the counters rebuilt from the events are the live ones ---------------------------------------------------------

create temporary table live as select * from pg_temp.counters() as line;
select private.rebuild_campaign_counters();
select results_eq($$ select * from pg_temp.counters() $$, $$ select line from live order by line $$,
  'a rebuild on agreeing counters changes nothing');

update public.banner_ads set impression_count = 40, click_count = 0, dismiss_count = 9;
update public.marketing_campaigns set impressions = 7, revenue_cents = 1;
update public.popup_campaigns set revenue_cents = 0, conversion_count = 5;
update public.affiliate_settings set click_count = 3;
update public.push_notifications set delivered_count = 0;
update public.email_campaigns set open_count = 11, unsubscribe_count = 0;
select private.rebuild_campaign_counters();
select results_eq($$ select * from pg_temp.counters() $$, $$ select line from live order by line $$,
  'after drifting counters, a rebuild gives back exactly what the events say');

select tests.authenticate_as('site_admin');
select throws_ok($$ select private.rebuild_campaign_counters() $$, '42501', null,
  'no API role runs the rebuild, admins included');
reset role;

-- Act 7: a deleted user's events stay, counted as they were ------------------------------------------------------------

create temporary table departing as select tests.get_user_id('departing')::text as visitor;
select pg_temp.impression('banner', '00000000-0000-4000-a000-000000000003', 'departing', 'session-d');
select pg_temp.impression('banner', '00000000-0000-4000-a000-000000000003', null, 'session-d');
select lives_ok($$ delete from auth.users where id = tests.get_user_id('departing') $$,
  'deleting a user whose session also saw the campaign that day goes through');
select results_eq(
  $$ select user_id, session_id, visitor from public.campaign_analytics where session_id = 'session-d' order by visitor $$,
  $$ values (null::uuid, 'session-d', (select visitor from departing)), (null, 'session-d', 'session-d') $$,
  'both impressions stay, the user''s without the user but still its own visitor'
);
select is((select impression_count from public.banner_ads), 6::bigint, 'and still counted');

select * from finish();
rollback;
