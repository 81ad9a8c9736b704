-- Help articles: the product's help texts as data, in one place, for everyone to read and for the support center to
-- search. A new ticket is matched against them (private.support_search_help) and, when one answers it well, the api
-- posts it as the ticket's automatic first answer with a link to where the text lives in the app (path).
--
-- Everyone may read them (anonymous visitors too: they are the public help). They are written only by migrations
-- (the next one holds the texts), because they ship with the product: seed.sql runs once per database, and a change
-- to it is never applied to a database that has already run it. A later change to a text is a new migration that
-- upserts the changed articles by slug.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.help_articles (
  id bigint generated always as identity primary key,
  slug text not null constraint help_articles_slug_key unique
    constraint help_articles_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null constraint help_articles_title_length check (char_length(title) between 1 and 200),
  body text not null constraint help_articles_body_length check (char_length(body) between 1 and 10000),
  path text not null constraint help_articles_path_format check (path ~ '^/'),
  -- The title weighs more than the body: a question that names an article's subject should find that article first.
  search tsvector not null generated always as (
    setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B')
  ) stored
);

comment on table public.help_articles is
  'The product''s help texts (the Help dialog, the bulk validation FAQ, the verdicts'' reasons, accounts, pricing, '
  'support), read by everyone and searched for automatic answers to support tickets.';
comment on column public.help_articles.slug is 'A stable name: links and later migrations refer to it.';
comment on column public.help_articles.body is 'Plain text; paragraphs separated by a blank line.';
comment on column public.help_articles.path is
  'Where the text lives in the app: a page, with the slug as its anchor (the section''s id).';
comment on column public.help_articles.search is 'English full-text vector: the title weighted A, the body B.';

create index help_articles_search_idx on public.help_articles using gin (search);

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table public.help_articles from anon, authenticated, service_role;
grant select on table public.help_articles to anon, authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.help_articles enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Everyone can read the help articles"
  on public.help_articles for select
  to anon, authenticated
  using (true);

-- Functions -------------------------------------------------------------------------------------------------------

-- A question in a person's words rarely has every one of its words in one article, so any of them may match
-- (websearch_to_tsquery's terms joined with "or"), and the rank says how much of the question an article covers:
-- the share of the question's terms it contains, each term weighed by how rare it is among the articles (a word
-- every article has, like "email", tells little; BM25's inverse document frequency) and counting fully in the title,
-- 0.6 in the body. A term no article has counts against every article. So the rank runs from 0 to 1 and means the same
-- for any question, which lets the api keep one threshold for "this answers it".
create or replace function private.support_search_help(p_query text, p_limit integer default 3)
returns table (slug text, title text, path text, rank real)
language sql
stable
set search_path = ''
-- A question of stop words only is no question: PostgreSQL's notice saying so would only fill the api's log.
set client_min_messages = warning
as $$
  with question as (
    select pg_catalog.replace(pg_catalog.websearch_to_tsquery('english', p_query)::text, ' & ', ' | ') as any_term
  ),
  term as (
    select distinct w.lexeme
    from pg_catalog.unnest(pg_catalog.to_tsvector('english', p_query)) as w
  ),
  candidate as (
    select a.id, a.search
    from public.help_articles as a, question as q
    where q.any_term <> '' and a.search @@ q.any_term::tsquery
  ),
  hit as (
    select c.id, w.lexeme, case when 'A' = any (w.weights) then 1.0 else 0.6 end as place
    from candidate as c, pg_catalog.unnest(c.search) as w
    where w.lexeme in (select t.lexeme from term as t)
  ),
  idf as (
    select t.lexeme,
      pg_catalog.ln(1 + (n.articles - pg_catalog.count(distinct h.id) + 0.5) / (pg_catalog.count(distinct h.id) + 0.5))
        as weight
    from term as t
    cross join (select pg_catalog.count(*) as articles from public.help_articles) as n
    left join hit as h on h.lexeme = t.lexeme
    group by t.lexeme, n.articles
  ),
  score as (
    select h.id, pg_catalog.sum(i.weight * h.place) / (select pg_catalog.sum(i2.weight) from idf as i2) as rank
    from hit as h
    join idf as i on i.lexeme = h.lexeme
    group by h.id
  )
  select a.slug, a.title, a.path, s.rank::real
  from score as s
  join public.help_articles as a on a.id = s.id
  order by s.rank desc, a.slug
  limit greatest(coalesce(p_limit, 3), 0)
$$;
comment on function private.support_search_help(text, integer) is
  'The help articles that share terms with a question, best first, ranked 0 to 1 by the share of the question''s '
  'terms (weighed by rarity, title above body) each covers.';
revoke execute on function private.support_search_help(text, integer) from public;
grant execute on function private.support_search_help(text, integer) to service_role;
