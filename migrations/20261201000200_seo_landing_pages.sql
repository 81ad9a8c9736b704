-- SEO landing pages: the server-rendered pages search engines read at /validate/<slug>, /tools/mx-checker/<slug> and
-- /verify/<slug>, made by generation from a keyword target and a template.
--
-- Everyone (visitors and users) reads the published pages: indexable and not removed. Of those, the columns that
-- only generation and admins need (the variables rendered, which target and template made it, the content hash,
-- when generation last looked) are not granted to visitors or users; admins read them through the trusted server.
-- Nobody but admins writes a page; views and conversions move only through private.record_seo_visit. A removed
-- page (removal request, suppression) keeps its row with removed_at set, so its address answers 410.
-- A slug is unique per page type: /verify/a.com and /tools/mx-checker/a.com are two pages.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.seo_landing_pages (
  id uuid primary key default gen_random_uuid(),
  page_type text not null
    constraint seo_landing_pages_page_type check (page_type in ('email_validate', 'mx_checker', 'domain_verify')),
  slug text not null constraint seo_landing_pages_slug_length check (char_length(slug) between 1 and 400),
  target_keyword text not null
    constraint seo_landing_pages_target_keyword_length check (char_length(target_keyword) between 1 and 200),
  entity_domain text not null
    constraint seo_landing_pages_entity_domain check (entity_domain ~ '^[a-z0-9._-]{1,253}$'),
  target_entity text not null
    constraint seo_landing_pages_target_entity_length check (char_length(target_entity) between 1 and 320),
  title text not null constraint seo_landing_pages_title_length check (char_length(title) between 1 and 200),
  meta_description text not null
    constraint seo_landing_pages_meta_description_length check (char_length(meta_description) <= 160),
  h1 text not null constraint seo_landing_pages_h1_length check (char_length(h1) between 1 and 200),
  content text not null,
  schema_markup jsonb not null default '{}'
    constraint seo_landing_pages_schema_markup_object check (jsonb_typeof(schema_markup) = 'object'),
  is_indexable boolean not null default true,
  priority numeric(2, 1) not null default 0.5 constraint seo_landing_pages_priority check (priority between 0 and 1),
  change_freq text not null default 'monthly'
    constraint seo_landing_pages_change_freq
      check (change_freq in ('always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never')),
  views integer not null default 0 constraint seo_landing_pages_views check (views >= 0),
  conversions integer not null default 0 constraint seo_landing_pages_conversions check (conversions >= 0),
  keyword_target_id uuid references public.seo_keyword_targets (id) on delete set null,
  template_id uuid references public.seo_content_templates (id) on delete set null,
  variables jsonb not null default '{}'
    constraint seo_landing_pages_variables_object check (jsonb_typeof(variables) = 'object'),
  content_hash text not null default ''
    constraint seo_landing_pages_content_hash check (content_hash ~ '^([0-9a-f]{64})?$'),
  last_updated timestamptz not null default now(),
  created_at timestamptz not null default now(),
  removed_at timestamptz,
  refreshed_at timestamptz not null default now(),
  constraint seo_landing_pages_page_type_slug_key unique (page_type, slug)
);

comment on table public.seo_landing_pages is
  'Server-rendered landing pages; everyone reads the indexable, unremoved ones, admins all of them.';
comment on column public.seo_landing_pages.slug is 'The entity in canonical form; unique per page type.';
comment on column public.seo_landing_pages.entity_domain is
  'The entity''s domain, lower-case ASCII: how suppressions and figures find the pages of a domain.';
comment on column public.seo_landing_pages.target_entity is
  'What the page publishes: a domain, a role address in full, or a masked address (j***@acme.com); never a personal '
  'address in full.';
comment on column public.seo_landing_pages.meta_description is 'At most 160 characters, cut at a word.';
comment on column public.seo_landing_pages.content is 'Sanitised HTML.';
comment on column public.seo_landing_pages.schema_markup is 'JSON-LD (an object, usually a @graph).';
comment on column public.seo_landing_pages.priority is 'The sitemap''s priority, 0.0 to 1.0.';
comment on column public.seo_landing_pages.change_freq is
  'The sitemap''s change frequency; generation refreshes the page when it is older than this.';
comment on column public.seo_landing_pages.views is 'Counted views: one per visitor, page and day.';
comment on column public.seo_landing_pages.conversions is 'Counted conversions: one per visitor, page and day.';
comment on column public.seo_landing_pages.variables is 'The template variables the page was rendered with.';
comment on column public.seo_landing_pages.content_hash is
  'SHA-256 (hex) of title, meta description, h1, content and schema markup: a refresh moves last_updated only when '
  'it changes.';
comment on column public.seo_landing_pages.last_updated is 'When the content last changed: the sitemap''s lastmod.';
comment on column public.seo_landing_pages.removed_at is
  'When a removal or suppression took the page down (it answers 410), or null.';
comment on column public.seo_landing_pages.refreshed_at is 'When generation last looked at the page.';

-- The target's page, now that the table exists: deleting a page leaves its target generated, without a page.
alter table public.seo_keyword_targets
  add constraint seo_keyword_targets_page_id_fkey
  foreign key (page_id) references public.seo_landing_pages (id) on delete set null;

-- Indexes -----------------------------------------------------------------------------------------------------------

-- The admin list, newest first.
create index seo_landing_pages_created_at_idx on public.seo_landing_pages (created_at desc);
-- The sitemap: the published pages in path order.
create index seo_landing_pages_sitemap_idx on public.seo_landing_pages (page_type, slug)
  where is_indexable and removed_at is null;
-- A domain suppression takes down every page of that domain.
create index seo_landing_pages_entity_domain_idx on public.seo_landing_pages (entity_domain);
-- The foreign keys' lookups.
create index seo_landing_pages_keyword_target_id_idx
  on public.seo_landing_pages (keyword_target_id) where keyword_target_id is not null;
create index seo_landing_pages_template_id_idx on public.seo_landing_pages (template_id) where template_id is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Visitors and users read the published columns of published pages; generation's bookkeeping stays hidden from
-- them. Signed-in users may attempt every write, which the policies allow to admins only.

revoke all on table public.seo_landing_pages from anon, authenticated, service_role;
grant select (
  id, page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content,
  schema_markup, is_indexable, priority, change_freq, views, conversions, last_updated, created_at, removed_at
) on table public.seo_landing_pages to anon, authenticated;
grant insert, update, delete on table public.seo_landing_pages to authenticated;
grant select, insert, update, delete on table public.seo_landing_pages to service_role;

-- Protective trigger ----------------------------------------------------------------------------------------------
-- Views and conversions move only through private.record_seo_visit (run as the owner), in step with seo_metrics:
-- an API role, admins included, neither sets nor changes them.

create or replace function private.guard_seo_page_counters()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and (
    tg_op = 'INSERT' and (new.views <> 0 or new.conversions <> 0)
    or tg_op = 'UPDATE' and (new.views, new.conversions) is distinct from (old.views, old.conversions)
  ) then
    raise exception 'counter_read_only' using errcode = 'P0409', detail = 'Counters are read only';
  end if;
  return new;
end;
$$;
comment on function private.guard_seo_page_counters() is
  'Trigger: API roles may not set or change a landing page''s views or conversions.';
revoke execute on function private.guard_seo_page_counters() from public, anon, authenticated;

create trigger seo_landing_pages_guard_counters
  before insert or update on public.seo_landing_pages
  for each row execute function private.guard_seo_page_counters();

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.seo_landing_pages enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------
-- One read policy per role, so a signed-in read checks one expression.

create policy "Visitors can read published SEO pages"
  on public.seo_landing_pages for select
  to anon
  using (is_indexable and removed_at is null);

create policy "Users read published SEO pages, admins every page"
  on public.seo_landing_pages for select
  to authenticated
  using (is_indexable and removed_at is null or (select private.is_admin()));

create policy "Admins can add SEO pages"
  on public.seo_landing_pages for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change SEO pages"
  on public.seo_landing_pages for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove SEO pages"
  on public.seo_landing_pages for delete
  to authenticated
  using ((select private.is_admin()));
