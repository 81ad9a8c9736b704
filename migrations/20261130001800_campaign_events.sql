-- Campaign events: what visitors do with campaigns (impressions, dismissals, clicks, conversions), recorded for the
-- counters and the figures.
--
-- The API records them on its privileged connection (service_role's grants); no visitor writes campaign_analytics.
-- A visitor is the signed-in user, else the anonymous session (X-Session-ID). The marketing settings decide what is
-- kept: with click tracking off no click is stored, with conversion tracking off no conversion; with user
-- segmentation on each event keeps the visitor's segment at the time. A conversion belongs to the campaign the visitor
-- last clicked within 7 days: reported by the browser for a campaign it clicked, or found here for a sign-up (the API
-- passes the session) or a payment that completes (a trigger on payments).

-- Campaigns -------------------------------------------------------------------------------------------------------

-- The campaign an event names, whichever table holds it (ids are unique across them): whether it runs now, where a
-- click on it leads, and the CRM partner of an affiliate ad.
create or replace function private.find_campaign(p_type text, p_id uuid)
returns table (is_active boolean, link text, crm_type text)
language sql
stable
security definer
set search_path = ''
as $$
  select b.is_active, b.target_url, null::text from public.banner_ads as b where p_type = 'banner' and b.id = p_id
  union all
  select p.is_active, p.button_url, null from public.popup_campaigns as p where p_type = 'popup' and p.id = p_id
  union all
  select a.is_active, a.affiliate_url, a.crm_type
  from public.affiliate_settings as a where p_type = 'affiliate_ad' and a.id = p_id
  union all
  select n.is_active, n.action_url, null
  from public.push_notifications as n where p_type = 'push_notification' and n.id = p_id
  union all
  select c.is_active, null, null from public.email_campaigns as c where p_type = 'email' and c.id = p_id
  union all
  select m.status in ('active', 'scheduled'), m.action_url, null
  from public.marketing_campaigns as m
  where m.id = p_id and case p_type
    when 'banner' then m.type in ('banner', 'promotional_banner')
    when 'popup' then m.type = 'popup'
    when 'in_app_message' then m.type = 'in_app_message'
    when 'affiliate_ad' then m.type = 'affiliate_ad'
    else false
  end
  limit 1
$$;
comment on function private.find_campaign(text, uuid) is
  'The campaign of a delivered type and id: whether it is running, its link and (affiliate ads) its CRM type; no row '
  'for an unknown one.';
revoke execute on function private.find_campaign(text, uuid) from public;

-- Writing -----------------------------------------------------------------------------------------------------------

-- One event row, deduplicated by campaign_analytics' unique indexes: 'stored', or 'duplicate' when it was there
-- (a repeated impression the same day moves its last_seen_at and visit id, and counts nothing).
create or replace function private.store_campaign_event(
  p_type text,
  p_campaign uuid,
  p_event text,
  p_user uuid,
  p_session text,
  p jsonb,
  p_revenue bigint default null
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  segments text[];
  segment text;
  inserted boolean;
begin
  if p_user is null and p_session is null then
    raise exception 'visitor_required' using errcode = 'P0400';
  end if;
  if private.marketing_setting('marketing_user_segmentation') then
    segments := private.visitor_segments(p_user, p_session);
    segment := case when 'admin' = any (segments) then 'admin' else segments[1] end;
  end if;
  if p_event = 'impression' then
    insert into public.campaign_analytics as a (campaign_type, campaign_id, event_type, user_id, session_id, visit_id,
      page, ip_address, user_agent, segment)
    values (p_type, p_campaign, p_event, p_user, p_session, p ->> 'visitId', p ->> 'page', (p ->> 'ip')::inet,
      pg_catalog.left(p ->> 'userAgent', 500), segment)
    on conflict (campaign_type, campaign_id, visitor, visit_day) where event_type = 'impression'
    do update set last_seen_at = pg_catalog.now(), visit_id = coalesce(excluded.visit_id, a.visit_id)
    returning a.xmax = 0 into inserted;
  else
    insert into public.campaign_analytics (campaign_type, campaign_id, event_type, user_id, session_id, visit_id,
      page, ip_address, user_agent, segment, revenue_cents)
    values (p_type, p_campaign, p_event, p_user, p_session, p ->> 'visitId', p ->> 'page', (p ->> 'ip')::inet,
      pg_catalog.left(p ->> 'userAgent', 500), segment, p_revenue)
    on conflict do nothing
    returning true into inserted;
  end if;
  return case when inserted then 'stored' else 'duplicate' end;
end;
$$;
comment on function private.store_campaign_event(text, uuid, text, uuid, text, jsonb, bigint) is
  'Writes one event (p gives visitId, page, ip, userAgent) with the visitor''s segment when segmentation is on; '
  '''stored'' or ''duplicate''. visitor_required (P0400) without a user or session.';
revoke execute on function private.store_campaign_event(text, uuid, text, uuid, text, jsonb, bigint) from public;

-- The campaign the visitor (as a user or as their session) last clicked within the conversion window.
create or replace function private.last_campaign_click(p_user uuid, p_session text)
returns table (campaign_type text, campaign_id uuid, clicked_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select a.campaign_type, a.campaign_id, a.created_at
  from public.campaign_analytics as a
  where a.visitor in (p_user::text, p_session) and a.event_type = 'click'
    and a.created_at > pg_catalog.now() - interval '7 days'
  order by a.created_at desc
  limit 1
$$;
comment on function private.last_campaign_click(uuid, text) is
  'The visitor''s last campaign click within the 7-day conversion window, by user or by session; none without one.';
revoke execute on function private.last_campaign_click(uuid, text) from public;

create or replace function private.record_campaign_event(p jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  kind constant text := p ->> 'campaignType';
  target constant uuid := (p ->> 'campaignId')::uuid;
  event constant text := p ->> 'eventType';
  visitor_user constant uuid := (p ->> 'userId')::uuid;
  visitor_session constant text := p ->> 'sessionId';
  running boolean;
begin
  select c.is_active into running from private.find_campaign(kind, target) as c;
  if not found then
    raise exception 'campaign_not_found' using errcode = 'P0404';
  end if;
  if event in ('impression', 'click') and not running then
    raise exception 'campaign_not_active' using errcode = 'P0409';
  end if;
  if event = 'click' and not private.marketing_setting('marketing_click_tracking')
    or event = 'conversion' and not private.marketing_setting('marketing_conversion_tracking') then
    return 'ignored';
  end if;
  -- A conversion counts for a campaign the visitor clicked within the window, once per click.
  if event = 'conversion' and not exists (
    select from private.last_campaign_click(visitor_user, visitor_session) as l
    where l.campaign_type = kind and l.campaign_id = target
      and not exists (
        select from public.campaign_analytics as a
        where a.visitor in (visitor_user::text, visitor_session) and a.event_type = 'conversion'
          and a.campaign_type = l.campaign_type and a.campaign_id = l.campaign_id and a.created_at >= l.clicked_at
      )
  ) then
    return 'ignored';
  end if;
  return private.store_campaign_event(kind, target, event, visitor_user, visitor_session, p);
end;
$$;
comment on function private.record_campaign_event(jsonb) is
  'Records a visitor''s event {campaignType, campaignId, eventType, userId, sessionId, visitId, page, ip (truncated), '
  'userAgent}: ''stored'', ''duplicate'' (already counted) or ''ignored'' (tracking off; a conversion without a click '
  'within 7 days). campaign_not_found (P0404); campaign_not_active (P0409) for an impression or click of a campaign '
  'not running.';
revoke execute on function private.record_campaign_event(jsonb) from public;
grant execute on function private.record_campaign_event(jsonb) to service_role;

create or replace function private.record_campaign_click(p jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  kind constant text := p ->> 'campaignType';
  target constant uuid := (p ->> 'campaignId')::uuid;
  visitor_user constant uuid := (p ->> 'userId')::uuid;
  visitor_session constant text := p ->> 'sessionId';
  campaign record;
begin
  select c.* into campaign from private.find_campaign(kind, target) as c;
  if not found or campaign.link is null then
    return null;
  end if;
  if private.marketing_setting('marketing_click_tracking')
    and (visitor_user is not null or visitor_session is not null) then
    perform private.store_campaign_event(kind, target, 'click', visitor_user, visitor_session, p);
    if campaign.crm_type is not null then
      insert into public.affiliate_clicks (affiliate_setting_id, crm_type, user_id, session_id, ip_address, user_agent,
        referrer_page)
      values (target, campaign.crm_type, visitor_user, visitor_session, (p ->> 'ip')::inet,
        pg_catalog.left(p ->> 'userAgent', 500), pg_catalog.left(p ->> 'page', 500));
    end if;
  end if;
  return campaign.link;
end;
$$;
comment on function private.record_campaign_click(jsonb) is
  'A click through a campaign''s redirect (p as record_campaign_event''s, without eventType): records the click while '
  'click tracking is on (and an affiliate_clicks row for a CRM partner''s ad) and answers where it leads; null for an '
  'unknown campaign or one without a link.';
revoke execute on function private.record_campaign_click(jsonb) from public;
grant execute on function private.record_campaign_click(jsonb) to service_role;

create or replace function private.record_conversion(p_user uuid, p_session text, p_revenue_cents bigint)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  click record;
begin
  if not private.marketing_setting('marketing_conversion_tracking') then
    return 'ignored';
  end if;
  select l.* into click from private.last_campaign_click(p_user, p_session) as l;
  if not found then
    return 'ignored';
  end if;
  return private.store_campaign_event(click.campaign_type, click.campaign_id, 'conversion', p_user, p_session, '{}',
    p_revenue_cents);
end;
$$;
comment on function private.record_conversion(uuid, text, bigint) is
  'A sign-up or payment by the visitor: one conversion (with the payment''s revenue in cents) for the campaign they '
  'last clicked within 7 days; ''stored'', or ''ignored'' without such a click or with conversion tracking off.';
revoke execute on function private.record_conversion(uuid, text, bigint) from public;
grant execute on function private.record_conversion(uuid, text, bigint) to service_role;

-- Payments ------------------------------------------------------------------------------------------------------------

create or replace function private.convert_completed_payment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.record_conversion(new.user_id, null, new.amount_cents);
  return null;
end;
$$;
comment on function private.convert_completed_payment() is
  'Trigger: a payment that completes is a conversion of the campaign its payer last clicked within 7 days.';
revoke execute on function private.convert_completed_payment() from public;

create trigger payments_campaign_conversion_on_insert
  after insert on public.payments
  for each row
  when (new.user_id is not null and new.status in ('completed', 'verified'))
  execute function private.convert_completed_payment();

create trigger payments_campaign_conversion_on_update
  after update of status on public.payments
  for each row
  when (new.user_id is not null and new.status in ('completed', 'verified')
    and old.status not in ('completed', 'verified'))
  execute function private.convert_completed_payment();
