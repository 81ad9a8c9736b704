-- Marketing campaigns: the admin's targeted campaigns of every type, with their audience, display rules and schedule.
--
-- Banners (banner, promotional_banner), popups, in-app messages and affiliate ads are delivered to visitors on the
-- pages and after the actions named here, to the user types, plans and validation counts named here, at most
-- max_shows_per_user times days_between_shows apart, while active (or scheduled and started), within their dates and
-- active hours in their time zone. Push and email campaigns deliver through a push_notifications or email_campaigns
-- row the api creates with them (push_notification_id, email_campaign_id), whose counts they show. Events on a
-- campaign move its counters (campaign_analytics' counter trigger). Admins read and edit rows; only the system moves
-- the counters and revenue (marketing_guards). Visitors never read the table: delivery answers what they may see.
--
-- Refusals (SQLSTATE and reason):
--   P0400 invalid_timezone   a time zone PostgreSQL does not know

-- Table -----------------------------------------------------------------------------------------------------------

create table public.marketing_campaigns (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint marketing_campaigns_name_length check (char_length(name) between 1 and 255),
  type text not null default 'banner' constraint marketing_campaigns_type check (
    type in ('banner', 'popup', 'push_notification', 'email', 'in_app_message', 'affiliate_ad', 'promotional_banner')),
  status text not null default 'draft'
    constraint marketing_campaigns_status check (status in ('draft', 'active', 'paused', 'scheduled')),
  title text not null constraint marketing_campaigns_title_length check (char_length(title) between 1 and 255),
  content text not null constraint marketing_campaigns_content_length check (char_length(content) between 1 and 5000),
  action_text text not null
    constraint marketing_campaigns_action_text_length check (char_length(action_text) between 1 and 100),
  action_url text constraint marketing_campaigns_action_url_length check (char_length(action_url) <= 500),
  image_url text constraint marketing_campaigns_image_url_length check (char_length(image_url) <= 500),
  user_types text[] not null default '{all}' constraint marketing_campaigns_user_types check (
    cardinality(user_types) between 1 and 6
    and user_types <@ array['all', 'free', 'paid', 'new', 'returning', 'admin']),
  validation_threshold integer not null default 0
    constraint marketing_campaigns_validation_threshold check (validation_threshold >= 0),
  subscription_types text[] not null default '{free}' constraint marketing_campaigns_subscription_types check (
    cardinality(subscription_types) <= 4 and subscription_types <@ array['free', 'starter', 'professional', 'business']),
  max_shows_per_user integer not null default 3
    constraint marketing_campaigns_max_shows_per_user check (max_shows_per_user between 1 and 1000),
  days_between_shows integer not null default 7
    constraint marketing_campaigns_days_between_shows check (days_between_shows between 1 and 1000),
  show_on_pages text[] not null default '{/}' constraint marketing_campaigns_show_on_pages check (
    cardinality(show_on_pages) between 1 and 50 and array_position(show_on_pages, null) is null),
  show_after_action text constraint marketing_campaigns_show_after_action check (
    show_after_action in ('validation', 'bulk_validation', 'login', 'signup', 'payment', 'any')),
  priority integer not null default 5 constraint marketing_campaigns_priority check (priority between 1 and 10),
  start_date date,
  end_date date,
  timezone text not null default 'UTC' constraint marketing_campaigns_timezone_length check (char_length(timezone) <= 64),
  active_hours_start time not null default '00:00',
  active_hours_end time not null default '23:59',
  push_notification_id uuid references public.push_notifications (id) on delete set null,
  email_campaign_id uuid references public.email_campaigns (id) on delete set null,
  impressions bigint not null default 0 constraint marketing_campaigns_impressions check (impressions >= 0),
  clicks bigint not null default 0 constraint marketing_campaigns_clicks check (clicks >= 0),
  conversions bigint not null default 0 constraint marketing_campaigns_conversions check (conversions >= 0),
  revenue_cents bigint not null default 0 constraint marketing_campaigns_revenue_cents check (revenue_cents >= 0),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint marketing_campaigns_dates check (end_date >= start_date)
);

comment on table public.marketing_campaigns is
  'Admins'' targeted campaigns (banners, popups, in-app messages, affiliate ads, pushes, emails) and their counts.';
comment on column public.marketing_campaigns.status is
  'draft, active, paused, or scheduled (delivered from start_date on); only active and started scheduled ones show.';
comment on column public.marketing_campaigns.user_types is 'Who sees it: any of all, free, paid, new, returning, admin.';
comment on column public.marketing_campaigns.validation_threshold is 'Validations a visitor must have made to see it.';
comment on column public.marketing_campaigns.subscription_types is 'The plans a signed-in user must be on to see it.';
comment on column public.marketing_campaigns.max_shows_per_user is 'Days with an impression a visitor gets at most.';
comment on column public.marketing_campaigns.days_between_shows is 'Days from one day it was shown to the next.';
comment on column public.marketing_campaigns.show_on_pages is 'Paths it shows on: exact, or a prefix ending in *.';
comment on column public.marketing_campaigns.show_after_action is
  'Shown only after this action in the visit (any: after any), or always when null.';
comment on column public.marketing_campaigns.start_date is 'First day it is delivered, in its time zone (inclusive).';
comment on column public.marketing_campaigns.end_date is 'Last day it is delivered, in its time zone (inclusive).';
comment on column public.marketing_campaigns.timezone is 'The IANA time zone of its dates and active hours.';
comment on column public.marketing_campaigns.active_hours_start is 'Daily start of delivery in its time zone.';
comment on column public.marketing_campaigns.active_hours_end is
  'Daily end of delivery in its time zone, its minute included; before the start, the hours span midnight.';
comment on column public.marketing_campaigns.push_notification_id is 'A push campaign''s notification, whose counts it shows.';
comment on column public.marketing_campaigns.email_campaign_id is 'An email campaign''s email, whose counts it shows.';
comment on column public.marketing_campaigns.impressions is 'Counted impressions: one per visitor and UTC day.';
comment on column public.marketing_campaigns.clicks is 'Clicks through its link.';
comment on column public.marketing_campaigns.conversions is 'Sign-ups and payments within 7 days of a click on it.';
comment on column public.marketing_campaigns.revenue_cents is 'What those conversions paid, in cents.';
comment on column public.marketing_campaigns.created_by is 'The admin who created it.';

-- Indexes ---------------------------------------------------------------------------------------------------------

-- Delivery reads the campaigns that may show, by kind.
create index marketing_campaigns_deliverable_idx on public.marketing_campaigns (type, priority desc, created_at desc)
  where status in ('active', 'scheduled');
-- The admin list, newest first.
create index marketing_campaigns_created_at_idx on public.marketing_campaigns (created_at desc);
-- The foreign keys' lookups when a linked row or an admin goes.
create index marketing_campaigns_push_notification_id_idx on public.marketing_campaigns (push_notification_id)
  where push_notification_id is not null;
create index marketing_campaigns_email_campaign_id_idx on public.marketing_campaigns (email_campaign_id)
  where email_campaign_id is not null;
create index marketing_campaigns_created_by_idx on public.marketing_campaigns (created_by) where created_by is not null;

-- Time zone check -------------------------------------------------------------------------------------------------
-- A check constraint cannot read pg_timezone_names, so a trigger does; the api's own check uses the same IANA names.

create or replace function private.check_campaign_timezone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select from pg_catalog.pg_timezone_names as z where z.name = new.timezone) then
    raise exception 'invalid_timezone' using errcode = 'P0400', detail = pg_catalog.format('Unknown time zone %s', new.timezone);
  end if;
  return new;
end;
$$;
comment on function private.check_campaign_timezone() is 'Trigger: refuses a time zone PostgreSQL does not know (P0400).';
revoke execute on function private.check_campaign_timezone() from public;

create trigger marketing_campaigns_check_timezone
  before insert or update of timezone on public.marketing_campaigns
  for each row execute function private.check_campaign_timezone();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may attempt every command, which the policies allow to admins only; visitors get nothing.

revoke all on table public.marketing_campaigns from anon, authenticated, service_role;
grant select, insert, update, delete on table public.marketing_campaigns to authenticated;
grant select, insert, update, delete on table public.marketing_campaigns to service_role;

-- Protective trigger ----------------------------------------------------------------------------------------------

create trigger marketing_campaigns_guard
  before insert or update on public.marketing_campaigns
  for each row execute function private.guard_campaign_row('impressions', 'clicks', 'conversions', 'revenue_cents');

create trigger marketing_campaigns_audit
  after insert or update or delete on public.marketing_campaigns
  for each row execute function private.audit_campaign_change('impressions', 'clicks', 'conversions', 'revenue_cents');

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.marketing_campaigns enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read marketing campaigns"
  on public.marketing_campaigns for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can add marketing campaigns"
  on public.marketing_campaigns for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change marketing campaigns"
  on public.marketing_campaigns for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove marketing campaigns"
  on public.marketing_campaigns for delete
  to authenticated
  using ((select private.is_admin()));
