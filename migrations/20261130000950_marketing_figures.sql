-- Marketing's figures for admins: the totals over every kind of campaign, the top campaigns, the audience and (with
-- user segmentation on) events by segment.
--
-- Every kind of campaign is one row of private.campaign_performance(): a marketing campaign (a push or email one
-- with its linked notification's deliveries or email's sends as impressions, and its clicks), a banner ad, a popup
-- campaign, and a push notification or email campaign of its own (one no marketing campaign links, so a linked one
-- is not counted twice). Impressions are displays, push deliveries and emails sent; the click rate is
-- private.campaign_ctr, as everywhere. Affiliate ads have their own page and are not among these figures.
-- Admins only (definer, private.require_admin() first).

-- Helpers ---------------------------------------------------------------------------------------------------------

-- Whether a marketing campaign is live by its status: active, or scheduled and its first day (in its time zone)
-- has come. Without a start date a scheduled campaign has started.
create or replace function private.campaign_started(p_status text, p_start date, p_timezone text, p_now timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_status = 'active'
      or (p_status = 'scheduled' and (p_start is null or p_start <= (p_now at time zone p_timezone)::date))
$$;
comment on function private.campaign_started(text, date, text, timestamptz) is
  'True for an active campaign, or a scheduled one whose start date (in its time zone) has come at p_now.';
revoke execute on function private.campaign_started(text, date, text, timestamptz) from public;

create or replace function private.campaign_performance()
returns table (
  campaign_type text,
  id uuid,
  name text,
  impressions bigint,
  clicks bigint,
  conversions bigint,
  revenue_cents bigint,
  active boolean
)
language sql
stable
set search_path = ''
as $$
  select m.type, m.id, m.name,
         case m.type when 'push_notification' then coalesce(push.delivered_count, 0)
                     when 'email' then coalesce(email.sent_count, 0) else m.impressions end,
         case m.type when 'push_notification' then coalesce(push.click_count, 0)
                     when 'email' then coalesce(email.click_count, 0) else m.clicks end,
         m.conversions, m.revenue_cents,
         private.campaign_started(m.status, m.start_date, m.timezone, pg_catalog.now())
    from public.marketing_campaigns as m
    left join public.push_notifications as push on push.id = m.push_notification_id
    left join public.email_campaigns as email on email.id = m.email_campaign_id
  union all
  select 'banner', b.id, b.title, b.impression_count, b.click_count, 0, 0, b.is_active
    from public.banner_ads as b
  union all
  select 'popup', p.id, p.title, p.show_count, p.click_count, p.conversion_count, p.revenue_cents, p.is_active
    from public.popup_campaigns as p
  union all
  select 'push_notification', n.id, n.title, n.delivered_count, n.click_count, 0, 0, n.is_active
    from public.push_notifications as n
   where not exists (select from public.marketing_campaigns as m where m.push_notification_id = n.id)
  union all
  select 'email', e.id, e.name, e.sent_count, e.click_count, 0, 0, e.is_active
    from public.email_campaigns as e
   where not exists (select from public.marketing_campaigns as m where m.email_campaign_id = e.id)
$$;
comment on function private.campaign_performance() is
  'Every campaign of every kind once, with its impressions (displays, deliveries or sends), clicks, conversions, '
  'revenue and whether it is live.';
revoke execute on function private.campaign_performance() from public;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.marketing_stats()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  figures jsonb;
begin
  perform private.require_admin();
  select pg_catalog.jsonb_build_object(
    'totalCampaigns', pg_catalog.count(*),
    'activeCampaigns', pg_catalog.count(*) filter (where c.active),
    'totalImpressions', coalesce(pg_catalog.sum(c.impressions), 0),
    'avgClickRate', private.campaign_ctr(coalesce(pg_catalog.sum(c.clicks), 0)::bigint,
                                         coalesce(pg_catalog.sum(c.impressions), 0)::bigint),
    'totalClicks', coalesce(pg_catalog.sum(c.clicks), 0),
    'revenue', coalesce(pg_catalog.sum(c.revenue_cents), 0),
    'totalConversions', coalesce(pg_catalog.sum(c.conversions), 0)
  )
  into figures
  from private.campaign_performance() as c;
  return figures;
end;
$$;
comment on function private.marketing_stats() is
  'Admins: MarketingStats over marketing campaigns, banners, popups, pushes and emails (revenue in cents).';
revoke execute on function private.marketing_stats() from public;
grant execute on function private.marketing_stats() to authenticated;

-- The audience comes from the visitors' segments (the audience migrations' private.visitor_segments), the rule that
-- targets campaigns, so the figures describe the people campaigns reach. Percents use the click rate's rounding.
create or replace function private.marketing_analytics()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  top jsonb;
  audience jsonb;
  by_segment jsonb;
begin
  perform private.require_admin();

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'campaignType', c.campaign_type, 'id', c.id, 'name', c.name, 'impressions', c.impressions,
           'clicks', c.clicks, 'conversions', c.conversions, 'ctr', private.campaign_ctr(c.clicks, c.impressions))
           order by c.impressions desc, c.clicks desc, c.id), '[]')
    into top
    from (select * from private.campaign_performance() as p
           order by p.impressions desc, p.clicks desc, p.id
           limit 5) as c;

  select pg_catalog.jsonb_build_object(
           'freePercent', private.campaign_ctr(pg_catalog.count(*) filter (where 'free' = any (u.segments)), pg_catalog.count(*)),
           'paidPercent', private.campaign_ctr(pg_catalog.count(*) filter (where 'paid' = any (u.segments)), pg_catalog.count(*)),
           'newUsers30Days', pg_catalog.count(*) filter (where u.created_at >= pg_catalog.now() - interval '30 days'),
           'returningPercent',
             private.campaign_ctr(pg_catalog.count(*) filter (where 'returning' = any (u.segments)), pg_catalog.count(*)))
    into audience
    from (select p.created_at, private.visitor_segments(p.id, null) as segments from public.profiles as p) as u;

  if private.marketing_setting('marketing_user_segmentation') then
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
             'segment', s.segment, 'impressions', s.impressions, 'clicks', s.clicks, 'conversions', s.conversions,
             'ctr', private.campaign_ctr(s.clicks, s.impressions))
             order by s.position)
      into by_segment
      from (select known.segment, known.position,
                   pg_catalog.count(a.id) filter (where a.event_type = 'impression') as impressions,
                   pg_catalog.count(a.id) filter (where a.event_type = 'click') as clicks,
                   pg_catalog.count(a.id) filter (where a.event_type = 'conversion') as conversions
              from pg_catalog.unnest(array['free', 'paid', 'new', 'returning', 'admin', 'anonymous'])
                     with ordinality as known (segment, position)
              left join public.campaign_analytics as a on a.segment = known.segment
             group by known.segment, known.position) as s;
  end if;

  return pg_catalog.jsonb_build_object('campaigns', top, 'audience', audience, 'bySegment', by_segment);
end;
$$;
comment on function private.marketing_analytics() is
  'Admins: MarketingAnalytics: the 5 campaigns with most impressions, the audience by segment, and events by the '
  'visitor''s segment when user segmentation is on (else null).';
revoke execute on function private.marketing_analytics() from public;
grant execute on function private.marketing_analytics() to authenticated;
