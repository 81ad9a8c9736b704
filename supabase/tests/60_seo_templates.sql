-- SEO's seeded templates: two active ones per page type, each using only the variables generation fills, each with
-- a fallback for every variable it uses, and short enough once filled: a title within 60 characters and a description
-- within 160 for an ordinary domain and address, whether the data is there or the fallbacks stand in.
begin;
select plan(10);

-- {name} takes the value, else the template's fallback (which may itself name a value), else nothing: the rule
-- generation renders by.
create function pg_temp.fill(p_text text, p_values jsonb, p_fallbacks jsonb)
returns text
language plpgsql
as $$
declare
  name text;
  filled text := p_text;
begin
  for name in select distinct m[1] from regexp_matches(p_text, '\{([A-Za-z][A-Za-z0-9_]*)\}', 'g') as m loop
    filled := replace(filled, '{' || name || '}',
      coalesce(p_values ->> name, pg_temp.fill(p_fallbacks ->> name, p_values, '{}'), ''));
  end loop;
  return filled;
end;
$$;

create temporary table used_variable as
select t.page_type, t.template_name, m[1] as name
  from public.seo_content_templates as t,
       regexp_matches(concat_ws(' ', t.title_template, t.meta_template, t.h1_template, t.content_template,
                                t.schema_template::text), '\{([A-Za-z][A-Za-z0-9_]*)\}', 'g') as m
 group by 1, 2, 3;

-- An ordinary domain and address, with every value present, and with only the entity known.
create temporary table sample (label text, vals jsonb);
insert into sample values
  ('with data', '{"domain": "example-company.com", "address": "support@example-company.com", "checkedAt": "2026-11-26",
                  "provider": "Google Workspace", "mxCount": "5"}'),
  ('without data', '{"domain": "example-company.com", "address": "support@example-company.com"}');

select results_eq(
  $$ select page_type, count(*)::integer from public.seo_content_templates where is_active group by page_type
     order by page_type $$,
  $$ values ('domain_verify', 2), ('email_validate', 2), ('mx_checker', 2) $$,
  'two active templates are seeded per page type');

select is_empty(
  $$ select page_type, template_name, name from used_variable
      where name <> all (array['domain', 'address', 'provider', 'mxCount', 'mxTable', 'mxSummary', 'spf', 'dmarc',
                               'validationStats', 'verdict', 'reasons', 'checkedAt']) $$,
  'templates use only the variables generation fills');
select is_empty(
  $$ select page_type, template_name, name from used_variable
      where name in ('address', 'verdict', 'reasons') and page_type <> 'email_validate' $$,
  'only address pages use the address, its verdict and reasons');
select is_empty(
  $$ select u.page_type, u.template_name, u.name
       from used_variable as u
       join public.seo_content_templates as t using (page_type, template_name)
      where coalesce(btrim(t.variables ->> u.name), '') = '' $$,
  'every variable a template uses has a fallback sentence');
select is_empty(
  $$ select t.page_type, t.template_name, v.key
       from public.seo_content_templates as t, jsonb_each(t.variables) as v
      where not exists (select from used_variable as u
                         where (u.page_type, u.template_name, u.name) = (t.page_type, t.template_name, v.key))
         or jsonb_typeof(v.value) <> 'string' $$,
  'and every fallback is a sentence for a variable the template uses');

select is_empty(
  $$ select t.template_name, s.label, pg_temp.fill(t.title_template, s.vals, t.variables)
       from public.seo_content_templates as t, sample as s
      where char_length(pg_temp.fill(t.title_template, s.vals, t.variables)) > 60 $$,
  'every title fits 60 characters once filled, with or without the data');
select is_empty(
  $$ select t.template_name, s.label, pg_temp.fill(t.meta_template, s.vals, t.variables)
       from public.seo_content_templates as t, sample as s
      where char_length(pg_temp.fill(t.meta_template, s.vals, t.variables)) > 160 $$,
  'every description fits 160 characters once filled, with or without the data');
select is_empty(
  $$ select t.template_name
       from public.seo_content_templates as t, sample as s
      where pg_temp.fill(concat_ws(' ', t.title_template, t.meta_template, t.h1_template, t.content_template,
                                   t.schema_template::text), s.vals, t.variables) ~ '\{[A-Za-z]' $$,
  'no {name} is left once filled');
select is_empty(
  $$ select t.template_name
       from public.seo_content_templates as t
      where jsonb_typeof(t.schema_template -> 'faq') <> 'array'
         or exists (select from jsonb_array_elements(t.schema_template -> 'faq') as q
                     where jsonb_typeof(q -> 'question') <> 'string' or jsonb_typeof(q -> 'answer') <> 'string') $$,
  'each template''s JSON-LD names its questions and answers');
-- The content goes through the campaign allowlist: a tag it would drop, or a link it could not keep, has no place here.
select is_empty(
  $$ select t.template_name, m[1]
       from public.seo_content_templates as t, regexp_matches(t.content_template, '<([a-zA-Z0-9]+)', 'g') as m
      where m[1] <> all (array['h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'table', 'thead', 'tbody', 'tr',
                               'th', 'td']) $$,
  'the content uses only plain markup the sanitiser keeps');

select * from finish();
rollback;
