-- Campaign analytics: every counted event on a campaign (impression, click, dismiss, conversion, delivered, open,
-- unsubscribe), the source of the campaigns' counters.
--
-- A visitor is the signed-in user, else the anonymous session; `visitor` keeps which one when the row is written
-- (a trigger sets it), so a user's deletion, which clears user_id, never merges their rows with a session's. The
-- writers (db-delivery's event, click, email and push functions, definer as the owner) insert with ON CONFLICT
-- against these unique partial indexes, so repeats do not count again:
--   impressions   (campaign_type, campaign_id, visitor, visit_day) where event_type = 'impression': one per visitor
--                 and UTC day; a repeat updates last_seen_at and visit_id only
--   recipients    (campaign_type, campaign_id, user_id, event_type) where a push or email delivered, open or click,
--                 or any unsubscribe: distinct recipients
--   dismissals    (campaign_type, campaign_id, visitor) where event_type = 'dismiss': one per visitor
-- Each inserted row moves its campaign's counter in the same transaction (the AFTER INSERT trigger below), through
-- the one map of events to counters, private.campaign_counters(), which private.rebuild_campaign_counters()
-- recomputes from. A campaign id alone finds its table: ids are uuids, unique across the campaign tables.
-- Admins read the events; no API role writes, changes or removes one.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.campaign_analytics (
  id bigint generated always as identity primary key,
  campaign_type text not null constraint campaign_analytics_campaign_type check (
    campaign_type in ('banner', 'popup', 'push_notification', 'email', 'in_app_message', 'affiliate_ad')),
  campaign_id uuid not null,
  event_type text not null constraint campaign_analytics_event_type check (
    event_type in ('impression', 'click', 'dismiss', 'conversion', 'delivered', 'open', 'unsubscribe')),
  user_id uuid references public.profiles (id) on delete set null,
  session_id text constraint campaign_analytics_session_id_length check (char_length(session_id) <= 200),
  visitor text constraint campaign_analytics_visitor_length check (char_length(visitor) <= 200),
  visit_id text constraint campaign_analytics_visit_id_format check (visit_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  page text constraint campaign_analytics_page_length check (char_length(page) <= 500),
  ip_address inet constraint campaign_analytics_ip_address_truncated check (private.is_truncated_ip(ip_address)),
  user_agent text constraint campaign_analytics_user_agent_length check (char_length(user_agent) <= 500),
  revenue_cents bigint constraint campaign_analytics_revenue_cents check (
    revenue_cents is null or (event_type = 'conversion' and revenue_cents >= 0)),
  segment text constraint campaign_analytics_segment check (
    segment in ('free', 'paid', 'new', 'returning', 'admin', 'anonymous')),
  visit_day date not null default (now() at time zone 'utc')::date,
  last_seen_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);

comment on table public.campaign_analytics is
  'Counted campaign events; each inserted row moves its campaign''s counter. Written only by definer functions.';
comment on column public.campaign_analytics.campaign_type is 'The delivered type: a promotional banner''s events are banner.';
comment on column public.campaign_analytics.campaign_id is
  'The campaign: a marketing campaign, banner ad, popup campaign, affiliate setting, push notification or email campaign.';
comment on column public.campaign_analytics.user_id is 'The signed-in visitor or recipient, or null.';
comment on column public.campaign_analytics.session_id is 'The anonymous visitor''s session (X-Session-ID), or null.';
comment on column public.campaign_analytics.visitor is
  'Who counts as one visitor: user_id as text, else session_id; set on insert and kept when the user goes.';
comment on column public.campaign_analytics.visit_id is 'The SPA''s visit (renewed after 30 idle minutes) of the latest show.';
comment on column public.campaign_analytics.page is 'The page the event happened on.';
comment on column public.campaign_analytics.ip_address is 'The visitor''s network only: /24 for IPv4, /48 for IPv6.';
comment on column public.campaign_analytics.revenue_cents is 'For a conversion, what it paid in cents; else null.';
comment on column public.campaign_analytics.segment is
  'The visitor''s segment at the time (free, paid, new, returning, admin, anonymous), with user segmentation on.';
comment on column public.campaign_analytics.visit_day is 'The UTC day it happened; impressions count once per visitor and day.';
comment on column public.campaign_analytics.last_seen_at is 'For an impression, the latest time it was shown that day.';

-- Indexes ---------------------------------------------------------------------------------------------------------

create unique index campaign_analytics_impression_key
  on public.campaign_analytics (campaign_type, campaign_id, visitor, visit_day)
  where event_type = 'impression';
create unique index campaign_analytics_recipient_key
  on public.campaign_analytics (campaign_type, campaign_id, user_id, event_type)
  where (campaign_type in ('push_notification', 'email') and event_type in ('delivered', 'open', 'click'))
     or event_type = 'unsubscribe';
create unique index campaign_analytics_dismiss_key
  on public.campaign_analytics (campaign_type, campaign_id, visitor)
  where event_type = 'dismiss';
-- Delivery's reads of one visitor's history (shows, caps, dismissals, recent clicks).
create index campaign_analytics_visitor_idx
  on public.campaign_analytics (visitor, campaign_type, campaign_id, event_type, visit_day);
-- A campaign's events by kind: the counters' rebuild and the figures.
create index campaign_analytics_campaign_idx on public.campaign_analytics (campaign_type, campaign_id, event_type);
-- The foreign key's lookup when a user goes.
create index campaign_analytics_user_id_idx on public.campaign_analytics (user_id) where user_id is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Read only, by admins through the policy and trusted servers; rows come from the event functions.

revoke all on table public.campaign_analytics from anon, authenticated, service_role;
grant select on table public.campaign_analytics to authenticated;
grant select on table public.campaign_analytics to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.campaign_analytics enable row level security;

-- Helpers ---------------------------------------------------------------------------------------------------------

-- THE click-through rate: every list and figure uses it (impressions or shows as the base; for pushes deliveries,
-- for emails sends).
create or replace function private.campaign_ctr(clicks bigint, base bigint)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case when coalesce(base, 0) = 0 then 0::numeric
              else pg_catalog.round(coalesce(clicks, 0) * 100.0 / base, 2) end
$$;
comment on function private.campaign_ctr(bigint, bigint) is
  'Clicks per hundred of the base, rounded to 2 decimals; 0 when the base is 0.';
revoke execute on function private.campaign_ctr(bigint, bigint) from public;
grant execute on function private.campaign_ctr(bigint, bigint) to authenticated, service_role;

-- The one map of events to counters: which table's column an event of a campaign type moves, by one or by its
-- revenue. Both the counting trigger and the rebuild read it, so they cannot disagree.
create or replace function private.campaign_counters()
returns table (table_name text, campaign_types text[], event_type text, counter text, adds_revenue boolean)
language sql
immutable
set search_path = ''
as $$
  values
    ('marketing_campaigns', '{banner,popup,in_app_message,affiliate_ad}'::text[], 'impression', 'impressions', false),
    ('marketing_campaigns', '{banner,popup,in_app_message,affiliate_ad}', 'click', 'clicks', false),
    ('marketing_campaigns', '{banner,popup,in_app_message,affiliate_ad}', 'conversion', 'conversions', false),
    ('marketing_campaigns', '{banner,popup,in_app_message,affiliate_ad}', 'conversion', 'revenue_cents', true),
    ('banner_ads', '{banner}', 'impression', 'impression_count', false),
    ('banner_ads', '{banner}', 'click', 'click_count', false),
    ('banner_ads', '{banner}', 'dismiss', 'dismiss_count', false),
    ('popup_campaigns', '{popup}', 'impression', 'show_count', false),
    ('popup_campaigns', '{popup}', 'click', 'click_count', false),
    ('popup_campaigns', '{popup}', 'conversion', 'conversion_count', false),
    ('popup_campaigns', '{popup}', 'conversion', 'revenue_cents', true),
    ('popup_campaigns', '{popup}', 'dismiss', 'dismiss_count', false),
    ('affiliate_settings', '{affiliate_ad}', 'impression', 'impression_count', false),
    ('affiliate_settings', '{affiliate_ad}', 'click', 'click_count', false),
    ('affiliate_settings', '{affiliate_ad}', 'conversion', 'conversion_count', false),
    ('affiliate_settings', '{affiliate_ad}', 'conversion', 'revenue_cents', true),
    ('push_notifications', '{push_notification}', 'delivered', 'delivered_count', false),
    ('push_notifications', '{push_notification}', 'click', 'click_count', false),
    ('email_campaigns', '{email}', 'open', 'open_count', false),
    ('email_campaigns', '{email}', 'click', 'click_count', false),
    ('email_campaigns', '{email}', 'unsubscribe', 'unsubscribe_count', false)
$$;
comment on function private.campaign_counters() is
  'Which counter (table, column) an event of a campaign type moves, by one or (adds_revenue) by its revenue_cents.';
revoke execute on function private.campaign_counters() from public;

-- Triggers --------------------------------------------------------------------------------------------------------

create or replace function private.set_campaign_visitor()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.visitor := coalesce(new.user_id::text, new.session_id);
  return new;
end;
$$;
comment on function private.set_campaign_visitor() is 'Trigger: the event''s visitor is its user, else its session.';
revoke execute on function private.set_campaign_visitor() from public;

create trigger campaign_analytics_set_visitor
  before insert on public.campaign_analytics
  for each row execute function private.set_campaign_visitor();

-- Definer: the counters are refused to the API roles, whichever role wrote the event.
create or replace function private.count_campaign_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  target record;
begin
  for target in
    select c.table_name, c.counter, c.adds_revenue from private.campaign_counters() as c
     where new.campaign_type = any (c.campaign_types) and c.event_type = new.event_type
  loop
    execute pg_catalog.format('update public.%I set %I = %I + $1 where id = $2', target.table_name, target.counter,
      target.counter)
      using case when target.adds_revenue then coalesce(new.revenue_cents, 0) else 1 end, new.campaign_id;
  end loop;
  return null;
end;
$$;
comment on function private.count_campaign_event() is
  'Trigger: moves the counter(s) of the event''s campaign, found by id in the tables its type may live in.';
revoke execute on function private.count_campaign_event() from public;

create trigger campaign_analytics_count
  after insert on public.campaign_analytics
  for each row execute function private.count_campaign_event();

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read campaign events"
  on public.campaign_analytics for select
  to authenticated
  using ((select private.is_admin()));
