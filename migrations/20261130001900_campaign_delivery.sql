-- Campaign delivery: what a visitor is shown on a page view (banners, a popup, in-app messages, an affiliate ad).
--
-- GET /api/campaign-delivery calls private.campaign_delivery on the API's privileged connection for every page view,
-- so it reads the marketing switches and the visitor (segments, validations, plan) once, then answers in one
-- statement: the visitor's own impressions and dismissals through campaign_analytics' visitor index (never a scan of
-- every event), and the running campaigns of each kind, which are few. The rules, for marketing campaigns: running
-- (active, or scheduled and started), within their dates and active hours in their own time zone, on a page they
-- name, after an action they wait for, for a visitor of their audience with enough validations, within their display
-- caps and not dismissed. Banner ads, popup campaigns and affiliate settings follow their manager's simpler rules.
-- p_now pins the time (the tests' clock); the API leaves it to now().

-- Delivery ------------------------------------------------------------------------------------------------------------

create or replace function private.campaign_delivery(
  p_user uuid,
  p_session text,
  p_page text,
  p_after text[],
  p_visit text,
  p_now timestamptz default now()
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  visitor_key constant text := coalesce(p_user::text, p_session);
  today constant date := (p_now at time zone 'utc')::date;
  actions constant text[] := coalesce(p_after, '{}');
  segments text[];
  validations bigint;
  plan text;
  respect_dnd boolean;
begin
  if not private.marketing_setting('marketing_enabled') then
    return '{"banners": [], "popup": null, "inAppMessages": [], "affiliateAd": null}'::jsonb;
  end if;
  segments := coalesce(private.visitor_segments(p_user, p_session, p_now), '{}');
  validations := coalesce(private.visitor_validations(p_user, p_session), 0);
  plan := (select p.subscription_status from public.profiles as p where p.id = p_user);
  respect_dnd := private.marketing_setting('marketing_respect_dnd');

  -- One statement, whose plan PL/pgSQL keeps between calls; its rules are written out rather than called as
  -- functions, which the planner could not inline (they would run once per campaign).
  return (
    -- The visitor's history per campaign, from their own events only (the visitor index).
    with seen as materialized (
      select a.campaign_type, a.campaign_id,
        pg_catalog.count(*) filter (where a.event_type = 'impression') as shows,
        pg_catalog.max(a.visit_day) filter (where a.event_type = 'impression') as last_day,
        coalesce(pg_catalog.bool_or(a.event_type = 'impression' and a.visit_id = p_visit), false) as shown_this_visit,
        coalesce(pg_catalog.bool_or(a.event_type = 'dismiss'), false) as dismissed,
        pg_catalog.max(a.created_at) filter (where a.event_type = 'dismiss') as dismissed_at
      from public.campaign_analytics as a
      where a.visitor = visitor_key and a.event_type in ('impression', 'dismiss')
      group by a.campaign_type, a.campaign_id
    ),
    campaigns as (
      select m.*, case m.type when 'promotional_banner' then 'banner' else m.type end as kind,
        (p_now at time zone m.timezone)::date as local_day,
        pg_catalog.date_trunc('minute', p_now at time zone m.timezone)::time as local_minute
      from public.marketing_campaigns as m
      where m.type in ('banner', 'promotional_banner', 'popup', 'in_app_message', 'affiliate_ad')
        and m.status in ('active', 'scheduled')
    ),
    -- Each kind's candidates with the display caps that apply to them (none for banner ads and popup campaigns).
    candidates as (
      select c.kind, 1 as source, c.id, c.title, c.content, c.image_url, c.action_text, c.action_url as link,
        c.priority, c.created_at, 'inline' as placement, null::text as crm_type,
        '{"trigger": {"type": "time_delay", "value": 5}, "frequency": "once_per_session",
          "backgroundColor": "#ffffff", "textColor": "#000000"}'::jsonb as popup,
        c.max_shows_per_user as max_shows, c.days_between_shows as days_between, s.shows, s.last_day
      from campaigns as c
      left join seen as s on s.campaign_type = c.kind and s.campaign_id = c.id
      where (c.status = 'active' or c.start_date <= c.local_day)
        and (c.start_date is null or c.start_date <= c.local_day)
        and (c.end_date is null or c.end_date >= c.local_day)
        -- By the minute, so the end minute is inclusive; an end before the start spans midnight.
        and case
          when c.active_hours_start <= c.active_hours_end
            then c.local_minute between c.active_hours_start and c.active_hours_end
          else c.local_minute >= c.active_hours_start or c.local_minute <= c.active_hours_end
        end
        -- An exact path, or a prefix ending in * ("/blog/*", or "*" for every page).
        and exists (
          select from pg_catalog.unnest(c.show_on_pages) as pattern
          where pattern = p_page
            or pg_catalog.right(pattern, 1) = '*' and pg_catalog.starts_with(p_page, pg_catalog.left(pattern, -1))
        )
        and (c.show_after_action is null or c.show_after_action = any (actions)
          or c.show_after_action = 'any' and pg_catalog.cardinality(actions) > 0)
        and ('all' = any (c.user_types) or c.user_types && segments)
        -- Plans matter to signed-in visitors only: a paid visitor's plan, or free, among the campaign's.
        and (p_user is null or case when 'paid' = any (segments) then plan = any (c.subscription_types)
                                    else 'free' = any (c.subscription_types) end)
        and validations >= c.validation_threshold
        and not coalesce(s.dismissed, false)
        and (c.kind <> 'popup' or not coalesce(s.shown_this_visit, false))
      union all
      select 'banner', 0, b.id, b.title, b.content, b.image_url, null, b.target_url, b.priority, b.created_at,
        b.placement, null, null, null, null, null, null
      from public.banner_ads as b
      left join seen as s on s.campaign_type = 'banner' and s.campaign_id = b.id
      where b.is_active
        and (b.start_date is null or b.start_date <= today)
        and (b.end_date is null or b.end_date >= today)
        and not coalesce(s.dismissed, false)
      union all
      -- Popup campaigns have no priority of their own: they rank as a campaign of the default priority.
      select 'popup', 0, p.id, p.title, p.content, null, p.button_text, p.button_url, 5, p.created_at, null, null,
        pg_catalog.jsonb_build_object('trigger', pg_catalog.jsonb_build_object('type', p.trigger_type,
          'value', p.trigger_value), 'frequency', p.display_frequency, 'backgroundColor', p.background_color,
          'textColor', p.text_color),
        null, null, null, null
      from public.popup_campaigns as p
      left join seen as s on s.campaign_type = 'popup' and s.campaign_id = p.id
      where p.is_active
        and case p.target_audience
          when 'new_users' then 'new' = any (segments)
          when 'returning_users' then 'returning' = any (segments)
          else true
        end
        and case p.display_frequency
          when 'once_per_session' then not coalesce(s.shown_this_visit, false)
          when 'once_per_day' then s.last_day is distinct from today
          else true
        end
      union all
      -- A CRM partner's ad comes before marketing campaigns of type affiliate_ad (source 0), whatever their priority.
      select 'affiliate_ad', 0, a.id, a.ad_title, a.ad_description, a.ad_image_url, a.ad_button_text,
        a.affiliate_url, 5, a.created_at, null, a.crm_type, null, a.max_shows_per_user, a.days_between_shows, s.shows,
        s.last_day
      from public.affiliate_settings as a
      left join seen as s on s.campaign_type = 'affiliate_ad' and s.campaign_id = a.id
      where a.is_active
        and (a.show_after_bulk_validation and 'bulk_validation' = any (actions)
          or validations >= a.show_after_validation_count)
        and not coalesce(s.dismissed, false)
    ),
    delivered as (
      select i.kind, i.source, i.priority, i.created_at, i.placement,
        pg_catalog.jsonb_build_object(
          'campaignType', i.kind,
          'campaignId', i.id,
          'title', i.title,
          'content', i.content,
          'imageUrl', i.image_url,
          'actionText', i.action_text,
          'clickUrl', case when i.link is not null then '/api/campaign-delivery/click/' || i.kind || '/' || i.id end,
          'priority', i.priority
        ) || case i.kind
          when 'banner' then pg_catalog.jsonb_build_object('placement', i.placement)
          when 'affiliate_ad' then pg_catalog.jsonb_build_object('crmType', i.crm_type)
          when 'popup' then i.popup
          else '{}'::jsonb
        end as item
      from candidates as i
      -- Display caps: a day's shows are one impression, so an item shown today may show again today; on a new day,
      -- while under its maximum and days_between after the last.
      where i.max_shows is null
        or i.last_day = today
        or coalesce(i.shows, 0) < i.max_shows and (i.last_day is null or i.last_day + i.days_between <= today)
    )
    select pg_catalog.jsonb_build_object(
      'banners', coalesce((
        select pg_catalog.jsonb_agg(b.item order by b.priority desc, b.created_at desc)
        from (
          select distinct on (d.placement) d.item, d.priority, d.created_at
          from delivered as d
          where d.kind = 'banner'
          order by d.placement, d.priority desc, d.created_at desc
        ) as b
      ), '[]'::jsonb),
      -- Do not disturb: no popup within 24 hours of the visitor's last dismissal of anything.
      'popup', (
        select d.item from delivered as d
        where d.kind = 'popup'
          and not (respect_dnd and exists (select from seen as s where s.dismissed_at > p_now - interval '24 hours'))
        order by d.priority desc, d.created_at desc
        limit 1
      ),
      'inAppMessages', coalesce((
        select pg_catalog.jsonb_agg(d.item order by d.priority desc, d.created_at desc)
        from delivered as d where d.kind = 'in_app_message'
      ), '[]'::jsonb),
      'affiliateAd', (
        select d.item from delivered as d
        where d.kind = 'affiliate_ad'
        order by d.source, d.priority desc, d.created_at desc
        limit 1
      )
    )
  );
end;
$$;
comment on function private.campaign_delivery(uuid, text, text, text[], text, timestamptz) is
  'What the visitor (user, else anonymous session) is shown on p_page after the actions p_after in visit p_visit at '
  'p_now: the contract''s DeliveryAnswer {banners (one per placement), popup, inAppMessages, affiliateAd}; empty while '
  'marketing is switched off.';
revoke execute on function private.campaign_delivery(uuid, text, text, text[], text, timestamptz) from public;
grant execute on function private.campaign_delivery(uuid, text, text, text[], text, timestamptz) to service_role;
