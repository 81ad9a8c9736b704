-- SEO figures: counting a landing page's views and conversions, and the dashboard's totals.
--
-- The api counts a view (GET /api/seo/{pageType}/{slug}) or a conversion (POST /api/seo/conversion/{pageId}) once
-- per visitor, page and UTC day, bots excluded, through private.record_seo_visit: the visit row, the page's counter
-- and the day's seo_metrics row move in one transaction, so the days always add up to the page. The dashboard's
-- stats and its pages list share one conversion-rate formula. All three run as the trusted server (service_role)
-- only.

-- Counting --------------------------------------------------------------------------------------------------------

create or replace function private.record_seo_visit(
  p_page_id uuid,
  p_visitor_hash text,
  p_kind text,
  p_day date default current_date
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  visit_day constant date := coalesce(p_day, current_date);
  is_view constant integer := (p_kind = 'view')::integer;
  is_conversion constant integer := (p_kind = 'conversion')::integer;
  inserted integer;
begin
  -- A removed or switched-off page counts nothing. Its row stays locked until the counts are in: concurrent visits
  -- of one page queue here rather than deadlock on the page's counter.
  perform from public.seo_landing_pages as p
   where p.id = p_page_id and p.is_indexable and p.removed_at is null
     for no key update;
  if not found then
    return false;
  end if;

  insert into public.seo_page_visits (page_id, day, visitor_hash, kind)
  values (p_page_id, visit_day, p_visitor_hash, p_kind)
  on conflict do nothing;
  get diagnostics inserted = row_count;
  if inserted = 0 then
    return false;
  end if;

  update public.seo_landing_pages as p
     set views = p.views + is_view, conversions = p.conversions + is_conversion
   where p.id = p_page_id;
  insert into public.seo_metrics as m (page_id, date, views, conversions)
  values (p_page_id, visit_day, is_view, is_conversion)
  on conflict (page_id, date) do update
    set views = m.views + excluded.views, conversions = m.conversions + excluded.conversions;
  return true;
end;
$$;
comment on function private.record_seo_visit(uuid, text, text, date) is
  'Counts a view or conversion (p_kind) of a published page once per visitor and day: the visit row, the page''s '
  'counter and the day''s seo_metrics row together. Answers whether it counted.';
revoke execute on function private.record_seo_visit(uuid, text, text, date) from public, anon, authenticated;
grant execute on function private.record_seo_visit(uuid, text, text, date) to service_role;

-- Figures ---------------------------------------------------------------------------------------------------------

-- Reads no table: nothing to run as the owner for.
create or replace function private.seo_conversion_rate(p_conversions integer, p_views integer)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case
    when p_views > 0 then pg_catalog.round(p_conversions::numeric / p_views * 100, 1)
    else 0.0
  end
$$;
comment on function private.seo_conversion_rate(integer, integer) is
  'Conversions per view in percent, 1 decimal; 0.0 with no views. The dashboard''s one formula.';
revoke execute on function private.seo_conversion_rate(integer, integer) from public, anon, authenticated;
grant execute on function private.seo_conversion_rate(integer, integer) to service_role;

create or replace function private.seo_stats()
returns table (total_pages bigint, total_views bigint, total_conversions bigint, avg_conversion_rate numeric)
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.count(*),
         coalesce(pg_catalog.sum(p.views), 0)::bigint,
         coalesce(pg_catalog.sum(p.conversions), 0)::bigint,
         -- The mean of the pages' exact rates (rounded once, at the end), over pages someone has seen.
         coalesce(
           pg_catalog.round(pg_catalog.avg(p.conversions::numeric / p.views * 100) filter (where p.views > 0), 1),
           0.0
         )
    from public.seo_landing_pages as p
   where p.removed_at is null
$$;
comment on function private.seo_stats() is
  'The SEO dashboard''s totals over pages not removed: pages, views, conversions, and the mean conversion rate of '
  'the pages with views (1 decimal, 0.0 with none).';
revoke execute on function private.seo_stats() from public, anon, authenticated;
grant execute on function private.seo_stats() to service_role;
