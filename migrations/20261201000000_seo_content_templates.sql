-- SEO content templates: the wording a landing page is generated from, per page type.
--
-- Generation picks one of the page type's active templates (by a stable hash of the slug, so pages differ), fills
-- its {variables} with real data, and renders a variable's fallback sentence (from `variables`) when the data is
-- missing. Admins read and edit templates; visitors and users never see them, only the pages made from them.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.seo_content_templates (
  id uuid primary key default gen_random_uuid(),
  page_type text not null
    constraint seo_content_templates_page_type check (page_type in ('email_validate', 'mx_checker', 'domain_verify')),
  template_name text not null
    constraint seo_content_templates_template_name_length check (char_length(template_name) between 1 and 100),
  title_template text not null
    constraint seo_content_templates_title_template_length check (char_length(title_template) between 1 and 200),
  meta_template text not null
    constraint seo_content_templates_meta_template_length check (char_length(meta_template) between 1 and 300),
  h1_template text not null
    constraint seo_content_templates_h1_template_length check (char_length(h1_template) between 1 and 200),
  content_template text not null
    constraint seo_content_templates_content_template_length check (char_length(content_template) between 1 and 100000),
  schema_template jsonb not null default '{}'
    constraint seo_content_templates_schema_template_object check (jsonb_typeof(schema_template) = 'object'),
  variables jsonb not null default '{}'
    constraint seo_content_templates_variables_object check (jsonb_typeof(variables) = 'object'),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint seo_content_templates_page_type_name_key unique (page_type, template_name)
);

comment on table public.seo_content_templates is 'The wording landing pages are generated from, per page type.';
comment on column public.seo_content_templates.meta_template is
  'The meta description''s template; its rendering is cut to 160 characters at a word.';
comment on column public.seo_content_templates.content_template is 'HTML with {variables}; sanitised once rendered.';
comment on column public.seo_content_templates.schema_template is
  'JSON-LD pieces the generated schema markup starts from (an object; strings may hold {variables}).';
comment on column public.seo_content_templates.variables is
  'Variable name → the fallback sentence rendered when the data for it is missing.';
comment on column public.seo_content_templates.is_active is 'Only active templates are picked for new pages.';

create trigger seo_content_templates_touch_updated_at
  before update on public.seo_content_templates
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may attempt every command, which the policies allow to admins only; visitors get nothing.

revoke all on table public.seo_content_templates from anon, authenticated, service_role;
grant select, insert, update, delete on table public.seo_content_templates to authenticated;
grant select, insert, update, delete on table public.seo_content_templates to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.seo_content_templates enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read SEO templates"
  on public.seo_content_templates for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can add SEO templates"
  on public.seo_content_templates for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change SEO templates"
  on public.seo_content_templates for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove SEO templates"
  on public.seo_content_templates for delete
  to authenticated
  using ((select private.is_admin()));
