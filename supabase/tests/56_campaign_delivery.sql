-- Campaign delivery: what a visitor is shown, as a table of cases. Each case puts one marketing campaign (the
-- defaults, changed by the case's fields) before one visitor with a history of impressions and dismissals, at a
-- pinned time, and asks whether it is delivered. Then the managers' own rules: banner ads one per placement, popup
-- campaigns by audience and frequency, do-not-disturb, affiliate ads, and marketing switched off.
begin;
select plan(69);

-- Arrange: visitors as of the pinned time, 2026-06-15 12:00 UTC ------------------------------------------------------

select tests.create_user('member');
select tests.create_user('newbie');
select tests.create_user('payer');
select tests.create_user('validator');
select tests.create_user('site_admin');
update public.profiles set created_at = '2026-01-01' where id <> tests.get_user_id('newbie');
update public.profiles set created_at = '2026-06-10' where id = tests.get_user_id('newbie');
update public.profiles set subscription_status = 'professional' where id = tests.get_user_id('payer');
update public.profiles set total_validations_ever = 3 where id = tests.get_user_id('member');
update public.profiles set total_validations_ever = 12 where id = tests.get_user_id('validator');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');
insert into public.anonymous_sessions (session_id, created_at) values
  ('returningvisitor00001', '2026-06-01 10:00Z'),
  ('newvisitor00000000001', '2026-06-15 08:00Z');

-- What a visitor named 'session:<id>' or by a test user's name is shown.
create function pg_temp.delivery(p_visitor text, p_page text, p_after text[], p_visit text, p_now timestamptz)
returns jsonb
language sql
as $$
  select private.campaign_delivery(
    case when p_visitor not like 'session:%' then tests.get_user_id(p_visitor) end,
    case when p_visitor like 'session:%' then pg_catalog.substr(p_visitor, 9) end,
    p_page, p_after, p_visit, p_now)
$$;

-- The visitor's past events on a campaign: [{"event": "impression", "day": "2026-06-14", "visit": "...", "at": "..."}].
create function pg_temp.remember(p_visitor text, p_type text, p_campaign uuid, p_history jsonb)
returns void
language sql
as $$
  insert into public.campaign_analytics (campaign_type, campaign_id, event_type, user_id, session_id, visit_id,
    visit_day, created_at)
  select p_type, p_campaign, h.event,
    case when p_visitor not like 'session:%' then tests.get_user_id(p_visitor) end,
    case when p_visitor like 'session:%' then pg_catalog.substr(p_visitor, 9) end,
    h.visit, coalesce(h.day, h.at::date), coalesce(h.at, h.day::timestamptz)
  from pg_catalog.jsonb_to_recordset(p_history) as h (event text, day date, visit text, at timestamptz)
$$;

-- Whether one campaign (the defaults with the case's fields) is delivered to the visitor; it is gone afterwards.
create function pg_temp.delivers(p_fields jsonb, p_visitor text, p_page text, p_after text[], p_now timestamptz,
  p_history jsonb)
returns boolean
language plpgsql
as $$
declare
  campaign public.marketing_campaigns;
  answer jsonb;
begin
  insert into public.marketing_campaigns (name, type, status, title, content, action_text, action_url)
  values ('Case', 'in_app_message', 'active', 'Case', 'Content', 'Go', '/pricing')
  returning * into campaign;
  campaign := pg_catalog.jsonb_populate_record(campaign, p_fields);
  delete from public.marketing_campaigns where id = campaign.id;
  insert into public.marketing_campaigns select (campaign).*;
  perform pg_temp.remember(p_visitor, case campaign.type when 'promotional_banner' then 'banner' else campaign.type end,
    campaign.id, p_history);
  answer := pg_temp.delivery(p_visitor, p_page, p_after, 'visit-now-0001', p_now);
  delete from public.campaign_analytics where campaign_id = campaign.id;
  delete from public.marketing_campaigns where id = campaign.id;
  return pg_catalog.strpos(answer::text, campaign.id::text) > 0;
end;
$$;

create temporary table delivery_cases (
  n serial,
  description text,
  fields jsonb,
  visitor text default 'member',
  page text default '/',
  after text[] default '{}',
  at timestamptz default '2026-06-15 12:00Z',
  history jsonb default '[]',
  expected boolean
);

insert into delivery_cases (description, fields, visitor, page, after, at, history, expected) values
  ('an active campaign with the defaults reaches a member', '{}', default, default, default, default, default, true),
  ('a draft does not', '{"status": "draft"}', default, default, default, default, default, false),
  ('nor a paused one', '{"status": "paused"}', default, default, default, default, default, false),
  ('a scheduled one waits for its start date', '{"status": "scheduled", "start_date": "2026-06-16"}',
    default, default, default, default, default, false),
  ('and runs from it', '{"status": "scheduled", "start_date": "2026-06-15"}', default, default, default, default,
    default, true),
  ('an end date is inclusive in the campaign''s time zone (New York, still the 15th)',
    '{"end_date": "2026-06-15", "timezone": "America/New_York"}', default, default, default, '2026-06-16 02:00Z',
    default, true),
  ('and over once the day ends there (Auckland, already the 16th)',
    '{"end_date": "2026-06-15", "timezone": "Pacific/Auckland"}', default, default, default, '2026-06-15 23:30Z',
    default, false),
  ('a start date is the campaign''s local day too (Auckland''s 16th)',
    '{"start_date": "2026-06-16", "timezone": "Pacific/Auckland"}', default, default, default, '2026-06-15 23:30Z',
    default, true),
  ('active hours in winter time (09:30 EST)',
    '{"timezone": "America/New_York", "active_hours_start": "09:00", "active_hours_end": "17:00"}',
    default, default, default, '2026-03-07 14:30Z', default, true),
  ('before them in winter time (08:30 EST)',
    '{"timezone": "America/New_York", "active_hours_start": "09:00", "active_hours_end": "17:00"}',
    default, default, default, '2026-03-07 13:30Z', default, false),
  ('the same UTC time after the change to summer time is 09:30 EDT: inside',
    '{"timezone": "America/New_York", "active_hours_start": "09:00", "active_hours_end": "17:00"}',
    default, default, default, '2026-03-09 13:30Z', default, true),
  ('the end minute of active hours is included',
    '{"active_hours_start": "09:00", "active_hours_end": "17:00"}', default, default, default, '2026-06-15 17:00:59Z',
    default, true),
  ('the minute after it is not', '{"active_hours_start": "09:00", "active_hours_end": "17:00"}',
    default, default, default, '2026-06-15 17:01Z', default, false),
  ('overnight hours include the late evening', '{"active_hours_start": "22:00", "active_hours_end": "02:00"}',
    default, default, default, '2026-06-15 23:00Z', default, true),
  ('and the small hours', '{"active_hours_start": "22:00", "active_hours_end": "02:00"}',
    default, default, default, '2026-06-15 01:30Z', default, true),
  ('but not the day', '{"active_hours_start": "22:00", "active_hours_end": "02:00"}',
    default, default, default, '2026-06-15 12:00Z', default, false),
  ('a page not named gets nothing', '{"show_on_pages": ["/pricing"]}', default, '/', default, default, default, false),
  ('a page named exactly does', '{"show_on_pages": ["/pricing"]}', default, '/pricing', default, default, default, true),
  ('a prefix with * covers the pages under it', '{"show_on_pages": ["/blog/*"]}', default, '/blog/post', default,
    default, default, true),
  ('but not a longer name', '{"show_on_pages": ["/blog/*"]}', default, '/blogger', default, default, default, false),
  ('waiting for a validation: not before one', '{"show_after_action": "validation"}', default, default, '{}',
    default, default, false),
  ('and after one', '{"show_after_action": "validation"}', default, default, '{login,validation}', default, default,
    true),
  ('after any action: not before one', '{"show_after_action": "any"}', default, default, '{}', default, default, false),
  ('and after any', '{"show_after_action": "any"}', default, default, '{login}', default, default, true),
  ('paid users only: not a free member', '{"user_types": ["paid"], "subscription_types": ["professional"]}',
    default, default, default, default, default, false),
  ('but a paid user on a listed plan', '{"user_types": ["paid"], "subscription_types": ["professional"]}',
    'payer', default, default, default, default, true),
  ('a paid user whose plan is not listed gets nothing', '{"user_types": ["all"], "subscription_types": ["free"]}',
    'payer', default, default, default, default, false),
  ('new users: a new account', '{"user_types": ["new"]}', 'newbie', default, default, default, default, true),
  ('not an old one', '{"user_types": ["new"]}', default, default, default, default, default, false),
  ('returning users: an old account', '{"user_types": ["returning"]}', default, default, default, default, default,
    true),
  ('admins only: an admin', '{"user_types": ["admin"]}', 'site_admin', default, default, default, default, true),
  ('not a member', '{"user_types": ["admin"]}', default, default, default, default, default, false),
  ('an anonymous visitor is reached by all', '{}', 'session:returningvisitor00001', default, default, default,
    default, true),
  ('whatever the plans listed', '{"subscription_types": ["business"]}', 'session:returningvisitor00001', default,
    default, default, default, true),
  ('an anonymous visitor on their first day is new', '{"user_types": ["new"]}', 'session:newvisitor00000000001',
    default, default, default, default, true),
  ('not returning', '{"user_types": ["returning"]}', 'session:newvisitor00000000001', default, default, default,
    default, false),
  ('an anonymous visitor from earlier days is returning', '{"user_types": ["returning"]}',
    'session:returningvisitor00001', default, default, default, default, true),
  ('and not free', '{"user_types": ["free"]}', 'session:returningvisitor00001', default, default, default, default,
    false),
  ('too few validations', '{"validation_threshold": 10}', default, default, default, default, default, false),
  ('enough validations', '{"validation_threshold": 10}', 'validator', default, default, default, default, true),
  ('shown today already: shown again today, at the maximum', '{"max_shows_per_user": 3, "days_between_shows": 1}',
    default, default, default, default,
    '[{"event": "impression", "day": "2026-06-01"}, {"event": "impression", "day": "2026-06-08"},
      {"event": "impression", "day": "2026-06-15"}]', true),
  ('at the maximum on a new day: not shown', '{"max_shows_per_user": 3, "days_between_shows": 1}',
    default, default, default, default,
    '[{"event": "impression", "day": "2026-05-20"}, {"event": "impression", "day": "2026-05-28"},
      {"event": "impression", "day": "2026-06-05"}]', false),
  ('too soon after the last show', '{"days_between_shows": 7}', default, default, default, default,
    '[{"event": "impression", "day": "2026-06-10"}]', false),
  ('days between shows have passed', '{"days_between_shows": 7}', default, default, default, default,
    '[{"event": "impression", "day": "2026-06-08"}]', true),
  ('dismissed by the visitor: never again', '{}', default, default, default, default,
    '[{"event": "dismiss", "at": "2026-05-01 10:00Z"}]', false),
  ('a popup campaign shown in this visit waits for the next', '{"type": "popup"}', default, default, default, default,
    '[{"event": "impression", "day": "2026-06-15", "visit": "visit-now-0001"}]', false),
  ('and shows in a new visit', '{"type": "popup"}', default, default, default, default,
    '[{"event": "impression", "day": "2026-06-15", "visit": "visit-earlier-01"}]', true),
  ('a promotional banner is delivered as a banner', '{"type": "promotional_banner"}', default, default, default,
    default, default, true),
  ('an email campaign is not delivered on pages', '{"type": "email"}', default, default, default, default, default,
    false);

select is(pg_temp.delivers(fields, visitor, page, after, at, history), expected, description)
from delivery_cases order by n;

-- Answer shapes -----------------------------------------------------------------------------------------------------

insert into public.marketing_campaigns (name, type, status, title, content, action_text, action_url, priority, image_url)
values ('Low', 'in_app_message', 'active', 'Low', 'C', 'Go', null, 2, null),
       ('High', 'in_app_message', 'active', 'High', 'C', 'Read', 'https://example.com/x', 9, '/i.png');
select is(
  pg_temp.delivery('member', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'inAppMessages',
  (select jsonb_agg(jsonb_build_object('campaignType', 'in_app_message', 'campaignId', id, 'title', title,
     'content', 'C', 'imageUrl', image_url, 'actionText', action_text,
     'clickUrl', case when action_url is not null then '/api/campaign-delivery/click/in_app_message/' || id end,
     'priority', priority) order by priority desc)
   from public.marketing_campaigns),
  'in-app messages come highest priority first, with a click path only when they have a link'
);
delete from public.marketing_campaigns;

-- Banner ads: one per placement, by priority; a marketing banner competes inline --------------------------------------

insert into public.banner_ads (title, placement, is_active, priority, target_url, start_date, end_date) values
  ('Header low', 'header', true, 2, '/a', null, null),
  ('Header high', 'header', true, 8, '/a', null, null),
  ('Header off', 'header', false, 10, '/a', null, null),
  ('Header later', 'header', true, 10, '/a', '2026-06-16', null),
  ('Header ended', 'header', true, 10, '/a', null, '2026-06-14'),
  ('Footer today', 'footer', true, 1, null, '2026-06-15', '2026-06-15'),
  ('Inline ad', 'inline', true, 3, '/a', null, null),
  ('Sidebar dismissed', 'sidebar', true, 5, '/a', null, null);
insert into public.marketing_campaigns (name, type, status, title, content, action_text, priority)
values ('Inline campaign', 'banner', 'active', 'Inline campaign', 'C', 'Go', 4);
select pg_temp.remember('member', 'banner', (select id from public.banner_ads where title = 'Sidebar dismissed'),
  '[{"event": "dismiss", "at": "2026-06-01 10:00Z"}]');
select results_eq(
  $$ select b ->> 'placement', b ->> 'title', b ->> 'clickUrl' is not null
     from jsonb_array_elements(pg_temp.delivery('member', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z')
       -> 'banners') as b $$,
  $$ values ('header', 'Header high', true), ('inline', 'Inline campaign', false), ('footer', 'Footer today', false) $$,
  'one banner per placement, highest priority first: inactive, out-of-date and dismissed ones left out, the marketing '
  'banner beating the inline ad'
);
select ok(
  pg_temp.delivery('member', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'banners' -> 0 ? 'placement',
  'a banner says its placement'
);
delete from public.marketing_campaigns;

-- Popup campaigns: audience, frequency, do-not-disturb --------------------------------------------------------------

insert into public.popup_campaigns (title, content, is_active, display_frequency, target_audience)
values ('Welcome', 'Hi', true, 'once_per_session', 'new_users') returning id as welcome \gset
select is(pg_temp.delivery('newbie', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'popup' ->> 'title', 'Welcome',
  'a popup for new users reaches a new user');
select is(pg_temp.delivery('member', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'popup' ->> 'title', null,
  'not a returning one');
select pg_temp.remember('newbie', 'popup', :'welcome', '[{"event": "impression", "day": "2026-06-15", "visit": "visit-now-0001"}]');
select is(pg_temp.delivery('newbie', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'popup' ->> 'title', null,
  'once per session: not again in the visit it showed in');
select is(pg_temp.delivery('newbie', '/', '{}', 'visit-next-0001', '2026-06-15 12:30Z') -> 'popup' ->> 'title', 'Welcome',
  'but in the next visit');
update public.popup_campaigns set display_frequency = 'once_per_day';
select is(pg_temp.delivery('newbie', '/', '{}', 'visit-next-0001', '2026-06-15 12:30Z') -> 'popup' ->> 'title', null,
  'once per day: not again that day');
select is(pg_temp.delivery('newbie', '/', '{}', 'visit-next-0001', '2026-06-16 09:00Z') -> 'popup' ->> 'title', 'Welcome',
  'but the next day');
update public.popup_campaigns set display_frequency = 'always';
select is(
  pg_temp.delivery('newbie', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'popup',
  jsonb_build_object('campaignType', 'popup', 'campaignId', :'welcome', 'title', 'Welcome', 'content', 'Hi',
    'imageUrl', null, 'actionText', 'Learn More', 'clickUrl', null, 'priority', 5,
    'trigger', jsonb_build_object('type', 'time_delay', 'value', 5), 'frequency', 'always',
    'backgroundColor', '#ffffff', 'textColor', '#000000'),
  'always: every page view, with its trigger, frequency and colours'
);
select pg_temp.remember('newbie', 'banner', (select id from public.banner_ads where title = 'Header low'),
  '[{"event": "dismiss", "at": "2026-06-15 10:00Z"}]');
select is(pg_temp.delivery('newbie', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'popup' ->> 'title', null,
  'do not disturb: no popup within 24 hours of dismissing anything');
select is(pg_temp.delivery('newbie', '/', '{}', 'visit-now-0001', '2026-06-16 10:01Z') -> 'popup' ->> 'title', 'Welcome',
  'a popup again once the 24 hours are over');
update public.admin_settings set setting_value = 'false' where setting_key = 'marketing_respect_dnd';
select is(pg_temp.delivery('newbie', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'popup' ->> 'title', 'Welcome',
  'with do-not-disturb switched off, a dismissal does not hold popups back');
update public.admin_settings set setting_value = 'true' where setting_key = 'marketing_respect_dnd';

-- Affiliate ads ---------------------------------------------------------------------------------------------------------

insert into public.affiliate_settings (crm_type, affiliate_url, is_active, ad_title, ad_description,
  show_after_validation_count)
values ('zoho', 'https://www.zoho.com/crm/', true, 'Try Zoho', 'A CRM', 10) returning id as zoho \gset
insert into public.marketing_campaigns (name, type, status, title, content, action_text, priority)
values ('Partner', 'affiliate_ad', 'active', 'Partner campaign', 'C', 'Go', 10);
select is(pg_temp.delivery('member', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'affiliateAd' ->> 'title',
  'Partner campaign', 'before 10 validations or a bulk validation only the affiliate_ad campaign shows');
select is(pg_temp.delivery('member', '/', '{bulk_validation}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'affiliateAd',
  jsonb_build_object('campaignType', 'affiliate_ad', 'campaignId', :'zoho', 'title', 'Try Zoho', 'content', 'A CRM',
    'imageUrl', null, 'actionText', 'Sign Up', 'clickUrl', '/api/campaign-delivery/click/affiliate_ad/' || :'zoho',
    'priority', 5, 'crmType', 'zoho'),
  'after a bulk validation the CRM partner''s ad comes first');
select is(pg_temp.delivery('validator', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'affiliateAd' ->> 'crmType',
  'zoho', 'and after 10 validations');
update public.affiliate_settings set show_after_bulk_validation = false;
select is(pg_temp.delivery('member', '/', '{bulk_validation}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'affiliateAd' ->> 'crmType',
  null, 'not after a bulk validation when it does not wait for one');
select pg_temp.remember('validator', 'affiliate_ad', :'zoho', '[{"event": "impression", "day": "2026-06-14"}]');
select is(pg_temp.delivery('validator', '/', '{}', 'visit-now-0001', '2026-06-15 12:00Z') -> 'affiliateAd' ->> 'crmType',
  null, 'within its days between shows it waits');
select pg_temp.remember('validator', 'affiliate_ad', :'zoho', '[{"event": "dismiss", "at": "2026-06-14 12:00Z"}]');
select is(pg_temp.delivery('validator', '/', '{}', 'visit-now-0001', '2026-06-30 12:00Z') -> 'affiliateAd' ->> 'crmType',
  null, 'dismissed, it never shows again');

-- Marketing switched off ----------------------------------------------------------------------------------------------

update public.admin_settings set setting_value = 'false' where setting_key = 'marketing_enabled';
select is(pg_temp.delivery('validator', '/', '{bulk_validation}', 'visit-now-0001', '2026-06-15 12:00Z'),
  '{"banners": [], "popup": null, "inAppMessages": [], "affiliateAd": null}'::jsonb,
  'marketing switched off: nothing is delivered');

select * from finish();
rollback;
