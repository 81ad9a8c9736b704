-- SEO metrics: a landing page's figures per UTC day.
--
-- views and conversions move with the page's own counters, in the same transaction (private.record_seo_visit), so
-- the days add up to the page. The search-engine columns (impressions, clicks, ctr, position, bounce rate, time on
-- page, conversion rate) stay null until a Search Console import exists: nothing is invented. Admins read and edit
-- the rows; visitors and users reach nothing.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.seo_metrics (
  id uuid primary key default gen_random_uuid(),
  page_id uuid not null references public.seo_landing_pages (id) on delete cascade,
  date date not null,
  impressions integer constraint seo_metrics_impressions check (impressions >= 0),
  clicks integer constraint seo_metrics_clicks check (clicks >= 0),
  ctr numeric(5, 2) constraint seo_metrics_ctr check (ctr between 0 and 100),
  avg_position numeric(6, 2) constraint seo_metrics_avg_position check (avg_position >= 0),
  bounce_rate numeric(5, 2) constraint seo_metrics_bounce_rate check (bounce_rate between 0 and 100),
  time_on_page integer constraint seo_metrics_time_on_page check (time_on_page >= 0),
  conversion_rate numeric(5, 1) constraint seo_metrics_conversion_rate check (conversion_rate between 0 and 100),
  views integer not null default 0 constraint seo_metrics_views check (views >= 0),
  conversions integer not null default 0 constraint seo_metrics_conversions check (conversions >= 0),
  constraint seo_metrics_page_id_date_key unique (page_id, date)
);

comment on table public.seo_metrics is
  'A landing page''s figures per UTC day; the search-engine columns stay null until a Search Console import exists.';
comment on column public.seo_metrics.impressions is 'Search impressions (Search Console), or null.';
comment on column public.seo_metrics.ctr is 'Search click-through rate in percent (Search Console), or null.';
comment on column public.seo_metrics.time_on_page is 'Seconds, or null.';
comment on column public.seo_metrics.views is 'Counted views that day: one per visitor.';
comment on column public.seo_metrics.conversions is 'Counted conversions that day: one per visitor.';

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may attempt every command, which the policies allow to admins only; visitors get nothing.

revoke all on table public.seo_metrics from anon, authenticated, service_role;
grant select, insert, update, delete on table public.seo_metrics to authenticated;
grant select, insert, update, delete on table public.seo_metrics to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.seo_metrics enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read SEO metrics"
  on public.seo_metrics for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can add SEO metrics"
  on public.seo_metrics for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change SEO metrics"
  on public.seo_metrics for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove SEO metrics"
  on public.seo_metrics for delete
  to authenticated
  using ((select private.is_admin()));
