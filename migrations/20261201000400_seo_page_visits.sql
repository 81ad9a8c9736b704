-- SEO page visits: who has been counted on a landing page today, so a view or a conversion counts once per visitor,
-- page and UTC day.
--
-- private.record_seo_visit writes a row (and moves the counters) only when the visitor has none for that page, day
-- and kind. visitor_hash is the marketing session id or a daily-salted hash of the network and user agent, never an
-- address. Rows are needed only while their day can still be counted: pg_cron deletes those older than two days
-- every hour. Admins read the rows; nobody else reads them and no API role writes them.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.seo_page_visits (
  page_id uuid not null references public.seo_landing_pages (id) on delete cascade,
  day date not null,
  visitor_hash text not null
    constraint seo_page_visits_visitor_hash_length check (char_length(visitor_hash) between 1 and 128),
  kind text not null constraint seo_page_visits_kind check (kind in ('view', 'conversion')),
  created_at timestamptz not null default now(),
  primary key (page_id, day, visitor_hash, kind)
);

comment on table public.seo_page_visits is
  'Visitors counted per landing page, UTC day and kind (view, conversion); kept two days. Written by '
  'private.record_seo_visit only.';
comment on column public.seo_page_visits.visitor_hash is
  'The visitor''s session id, or a daily-salted hash of their network and user agent.';

-- The prune's scan.
create index seo_page_visits_day_idx on public.seo_page_visits (day);

-- Grants ----------------------------------------------------------------------------------------------------------
-- Read only, by admins through the policy and trusted servers; rows come from private.record_seo_visit.

revoke all on table public.seo_page_visits from anon, authenticated, service_role;
grant select on table public.seo_page_visits to authenticated;
grant select on table public.seo_page_visits to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.seo_page_visits enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read SEO page visits"
  on public.seo_page_visits for select
  to authenticated
  using ((select private.is_admin()));

-- Prune -----------------------------------------------------------------------------------------------------------

-- Run hourly by pg_cron as the owner (no API role may call it). A row only deduplicates its own day; the two days'
-- margin keeps it for a request of that day still in flight at midnight. The counts stay in the pages and metrics.
create or replace function private.prune_seo_page_visits()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  pruned integer;
begin
  delete from public.seo_page_visits as v where v.day < current_date - 2;
  get diagnostics pruned = row_count;
  return pruned;
end;
$$;
comment on function private.prune_seo_page_visits() is
  'Hourly: deletes SEO visit rows older than two days (they can no longer deduplicate a count); answers how many.';
revoke execute on function private.prune_seo_page_visits() from public, anon, authenticated;

-- Schedule ------------------------------------------------------------------------------------------------------------
-- cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.

select cron.schedule('seo-visits-prune', '23 * * * *', $$select private.prune_seo_page_visits()$$);
