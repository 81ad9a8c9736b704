-- Banner ads: the admin's banners in the header, sidebar, footer or inline on pages, each in its UTC days.
--
-- Delivery shows the active banner of highest priority per placement within its start and end days (UTC, both
-- inclusive) to every visitor who did not dismiss it; impressions (one per visitor and UTC day), clicks and
-- dismissals are events that move the counts (campaign_analytics' counter trigger). Admins read and edit rows; only
-- the system moves the counts (marketing_guards). Visitors never read the table: delivery answers what they see.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.banner_ads (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint banner_ads_title_length check (char_length(title) between 1 and 255),
  content text not null default '' constraint banner_ads_content_length check (char_length(content) <= 1000),
  image_url text constraint banner_ads_image_url_length check (char_length(image_url) <= 500),
  target_url text constraint banner_ads_target_url_length check (char_length(target_url) <= 500),
  placement text not null default 'header'
    constraint banner_ads_placement check (placement in ('header', 'sidebar', 'footer', 'inline')),
  is_active boolean not null default false,
  priority integer not null default 1 constraint banner_ads_priority check (priority between 1 and 10),
  start_date date,
  end_date date,
  impression_count bigint not null default 0 constraint banner_ads_impression_count check (impression_count >= 0),
  click_count bigint not null default 0 constraint banner_ads_click_count check (click_count >= 0),
  dismiss_count bigint not null default 0 constraint banner_ads_dismiss_count check (dismiss_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint banner_ads_dates check (end_date >= start_date)
);

comment on table public.banner_ads is 'Admins'' banners by placement, with their counts.';
comment on column public.banner_ads.target_url is 'Where a click leads, or null for a banner without a link.';
comment on column public.banner_ads.placement is 'Where it shows: header, sidebar, footer or inline.';
comment on column public.banner_ads.priority is 'Higher shows first; one banner per placement.';
comment on column public.banner_ads.start_date is 'First UTC day it shows (inclusive), or null for from now.';
comment on column public.banner_ads.end_date is 'Last UTC day it shows (inclusive), or null for no end.';
comment on column public.banner_ads.impression_count is 'Counted impressions: one per visitor and UTC day.';
comment on column public.banner_ads.click_count is 'Clicks through its link.';
comment on column public.banner_ads.dismiss_count is 'Visitors who closed it.';

-- Delivery's pick per placement.
create index banner_ads_active_idx on public.banner_ads (placement, priority desc, created_at desc) where is_active;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may attempt every command, which the policies allow to admins only; visitors get nothing.

revoke all on table public.banner_ads from anon, authenticated, service_role;
grant select, insert, update, delete on table public.banner_ads to authenticated;
grant select, insert, update, delete on table public.banner_ads to service_role;

-- Protective trigger ----------------------------------------------------------------------------------------------

create trigger banner_ads_guard
  before insert or update on public.banner_ads
  for each row execute function private.guard_campaign_row('impression_count', 'click_count', 'dismiss_count');

create trigger banner_ads_audit
  after insert or update or delete on public.banner_ads
  for each row execute function private.audit_campaign_change('impression_count', 'click_count', 'dismiss_count');

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.banner_ads enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read banner ads"
  on public.banner_ads for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can add banner ads"
  on public.banner_ads for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change banner ads"
  on public.banner_ads for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove banner ads"
  on public.banner_ads for delete
  to authenticated
  using ((select private.is_admin()));
