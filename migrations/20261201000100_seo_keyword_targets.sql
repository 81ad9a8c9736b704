-- SEO keyword targets: the searches admins want a landing page for, and the queue bulk generation works through.
--
-- A target yields one entity (an address or a domain) and one page, or a skip reason when the privacy rule or the data
-- forbids a page. Generation takes targets not yet generated and not skipped, by priority (10 first), then search
-- volume, locked with SKIP LOCKED so concurrent runs never share one. A keyword is unique per page type with case and
-- spaces ignored (keyword_key). `entity` may be a private person's full address: admins alone read the table.
-- page_id's foreign key is added with seo_landing_pages, which refers back here.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.seo_keyword_targets (
  id uuid primary key default gen_random_uuid(),
  keyword text not null
    constraint seo_keyword_targets_keyword_length check (char_length(btrim(keyword)) between 1 and 200),
  keyword_key text generated always as (lower(regexp_replace(btrim(keyword), '\s+', ' ', 'g'))) stored,
  page_type text not null
    constraint seo_keyword_targets_page_type check (page_type in ('email_validate', 'mx_checker', 'domain_verify')),
  search_volume integer not null default 0 constraint seo_keyword_targets_search_volume check (search_volume >= 0),
  difficulty integer not null default 50 constraint seo_keyword_targets_difficulty check (difficulty between 0 and 100),
  cpc numeric(8, 2) not null default 0.00 constraint seo_keyword_targets_cpc check (cpc >= 0),
  intent text not null default 'informational'
    constraint seo_keyword_targets_intent
      check (intent in ('informational', 'navigational', 'commercial', 'transactional')),
  priority integer not null default 5 constraint seo_keyword_targets_priority check (priority between 1 and 10),
  is_generated boolean not null default false,
  skip_reason text
    constraint seo_keyword_targets_skip_reason check (skip_reason in (
      'no_entity', 'free_mail_domain', 'disposable_domain', 'mail_less_domain', 'suppressed', 'no_template'
    )),
  entity text constraint seo_keyword_targets_entity_length check (char_length(entity) between 1 and 320),
  page_id uuid,
  created_at timestamptz not null default now(),
  generated_at timestamptz,
  constraint seo_keyword_targets_keyword_key_page_type_key unique (keyword_key, page_type)
);

comment on table public.seo_keyword_targets is
  'Searches admins want a landing page for; the bulk generation queue. Admins only: entity may be a private address.';
comment on column public.seo_keyword_targets.keyword_key is
  'The keyword trimmed, lower-cased and with runs of spaces made one: what makes a keyword unique per page type.';
comment on column public.seo_keyword_targets.priority is 'Generation order: 10 first.';
comment on column public.seo_keyword_targets.is_generated is
  'Generation has handled the target: it made or linked its page (page_id), or the page was deleted since.';
comment on column public.seo_keyword_targets.skip_reason is 'Why the target yields no page; null while it may.';
comment on column public.seo_keyword_targets.entity is
  'The full address or domain the keyword yields: what a suppression of an address is matched against, in any case.';
comment on column public.seo_keyword_targets.page_id is 'The page made or linked for the target, if any.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- The generation queue: what is next, in order.
create index seo_keyword_targets_queue_idx
  on public.seo_keyword_targets (priority desc, search_volume desc, created_at)
  where not is_generated and skip_reason is null;
-- The admin list, newest last among equals.
create index seo_keyword_targets_list_idx on public.seo_keyword_targets (priority desc, search_volume desc, created_at desc);
-- The foreign key's lookup, and a page's targets.
create index seo_keyword_targets_page_id_idx on public.seo_keyword_targets (page_id) where page_id is not null;
-- An address suppression finds every page made for that address.
create index seo_keyword_targets_entity_idx on public.seo_keyword_targets (lower(entity)) where entity is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may attempt every command, which the policies allow to admins only; visitors get nothing.

revoke all on table public.seo_keyword_targets from anon, authenticated, service_role;
grant select, insert, update, delete on table public.seo_keyword_targets to authenticated;
grant select, insert, update, delete on table public.seo_keyword_targets to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.seo_keyword_targets enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read SEO keyword targets"
  on public.seo_keyword_targets for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can add SEO keyword targets"
  on public.seo_keyword_targets for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change SEO keyword targets"
  on public.seo_keyword_targets for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove SEO keyword targets"
  on public.seo_keyword_targets for delete
  to authenticated
  using ((select private.is_admin()));
