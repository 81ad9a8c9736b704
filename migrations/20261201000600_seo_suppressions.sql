-- SEO suppressions: addresses and domains that get no landing page.
--
-- A confirmed or approved removal request suppresses the page's full address (an address page) or its domain (a
-- domain page), and takes down every other page the suppression covers. Generation skips a suppressed entity
-- (skip reason suppressed) and the renderer treats one as removed; both ask private.seo_entity_suppressed. Admins
-- read, add, change and delete suppressions; visitors and users reach nothing.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.seo_suppressions (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint seo_suppressions_kind check (kind in ('address', 'domain')),
  value text not null
    constraint seo_suppressions_value check (
      value = lower(btrim(value))
      and case kind
        when 'domain' then value ~ '^[a-z0-9._-]{1,253}$'
        else char_length(value) between 3 and 320 and value like '_%@_%'
      end
    ),
  reason text constraint seo_suppressions_reason_length check (char_length(reason) <= 1000),
  removal_request_id uuid references public.seo_removal_requests (id) on delete set null,
  created_at timestamptz not null default now(),
  created_by uuid references public.profiles (id) on delete set null,
  constraint seo_suppressions_kind_value_key unique (kind, value)
);

comment on table public.seo_suppressions is 'Addresses and domains that get no landing page.';
comment on column public.seo_suppressions.value is 'The full address or the ASCII domain, lower-case.';
comment on column public.seo_suppressions.removal_request_id is 'The removal request that led to it, if any.';
comment on column public.seo_suppressions.created_by is 'The admin who approved it or added it, if any.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- The foreign keys' lookups.
create index seo_suppressions_removal_request_id_idx
  on public.seo_suppressions (removal_request_id) where removal_request_id is not null;
create index seo_suppressions_created_by_idx on public.seo_suppressions (created_by) where created_by is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may attempt every command, which the policies allow to admins only; visitors get nothing.

revoke all on table public.seo_suppressions from anon, authenticated, service_role;
grant select, insert, update, delete on table public.seo_suppressions to authenticated;
grant select, insert, update, delete on table public.seo_suppressions to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.seo_suppressions enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read SEO suppressions"
  on public.seo_suppressions for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can add SEO suppressions"
  on public.seo_suppressions for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change SEO suppressions"
  on public.seo_suppressions for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove SEO suppressions"
  on public.seo_suppressions for delete
  to authenticated
  using ((select private.is_admin()));

-- Functions -------------------------------------------------------------------------------------------------------

-- Definer: generation and the renderer ask as the trusted server, whatever the table's grants.
create or replace function private.seo_entity_suppressed(p_address text, p_domain text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.seo_suppressions as s
     where s.kind = 'address' and s.value = pg_catalog.lower(pg_catalog.btrim(p_address))
        or s.kind = 'domain' and s.value = pg_catalog.lower(pg_catalog.btrim(coalesce(
             p_domain, pg_catalog.substring(p_address, '@([^@]*)$')
           )))
  )
$$;
comment on function private.seo_entity_suppressed(text, text) is
  'Whether the address (kind address) or the domain (kind domain; the address''s own when null) is suppressed.';
revoke execute on function private.seo_entity_suppressed(text, text) from public, anon, authenticated;
grant execute on function private.seo_entity_suppressed(text, text) to service_role;
