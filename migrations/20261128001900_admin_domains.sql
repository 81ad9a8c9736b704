-- What the platform knows about domains, for the admins' domain tab: explorations (scraped_domains with their
-- discovered_emails) and cached DNS verdicts (mail_domain_cache), listed as one, counted by verdict, purged on request
-- (which also serves a domain owner's removal request) and re-explored (the api runs the explorer; this records it).
--
-- Refusals (SQLSTATE and reason):
--   P0404 domain_not_found   a purge of a domain nothing is known about
--   P0422 domain_invalid     not 1 to 253 characters
--   P0422 limit_invalid      a page of other than 1 to 200 rows

-- Indexes -------------------------------------------------------------------------------------------------------------

-- The search: a substring of the domain (names are stored lower-case).
create index scraped_domains_domain_trgm_idx on public.scraped_domains using gin (domain extensions.gin_trgm_ops);
create index mail_domain_cache_domain_trgm_idx on public.mail_domain_cache using gin (domain extensions.gin_trgm_ops);
-- A purge finds the domain's validated addresses.
create index email_validations_domain_idx on public.email_validations (domain);

-- Helpers ---------------------------------------------------------------------------------------------------------

create or replace function private.admin_domain_name(p_domain text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  name constant text := pg_catalog.lower(pg_catalog.btrim(p_domain));
begin
  perform private.require_valid(pg_catalog.char_length(name) between 1 and 253, 'domain_invalid');
  return name;
end;
$$;
comment on function private.admin_domain_name(text) is
  'A domain as stored (trimmed, lower-case); raises P0422 domain_invalid when empty or over 253 characters.';
revoke execute on function private.admin_domain_name(text) from public;

-- Functions -------------------------------------------------------------------------------------------------------
-- Definer: the DNS cache is closed to every API role, and a purge deletes rows nobody may delete through the API.

-- Keyset pages in domain order: p_after is the last domain of the previous page (null for the first). The first
-- p_limit domains of the union are among the first p_limit of each side, so each side is read only that far.
create or replace function private.admin_domains(p_search text, p_after text, p_limit integer)
returns table (
  domain text,
  dns_kind text,
  dns_expires_at timestamptz,
  explored_at timestamptz,
  partial boolean,
  discovered_emails bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern constant text := '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
    pg_catalog.lower(coalesce(p_search, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
begin
  perform private.require_admin();
  perform private.require_page_limit(p_limit);
  -- Planned for each call: with a search the trigram indexes find the matches, without it the key order is read.
  return query execute $query$
    select
      coalesce(explored.domain, cached.domain),
      cached.lookup ->> 'kind',
      cached.expires_at,
      explored.scraped_at,
      explored.partial,
      case when explored.id is not null then
        (select pg_catalog.count(*) from public.discovered_emails as e where e.domain_id = explored.id)
      end
    from (
      select s.id, s.domain, s.scraped_at, s.partial from public.scraped_domains as s
      where s.domain > $1 and s.domain like $2
      order by s.domain
      limit $3
    ) as explored
    full join (
      select c.domain, c.lookup, c.expires_at from public.mail_domain_cache as c
      where c.domain > $1 and c.domain like $2
      order by c.domain
      limit $3
    ) as cached on cached.domain = explored.domain
    order by 1
    limit $3
  $query$ using coalesce(p_after, ''), pattern, p_limit;
end;
$$;
comment on function private.admin_domains(text, text, integer) is
  'Admins: known domains in order after p_after (explored and DNS-cached as one), searched by substring, with the '
  'DNS verdict kind and expiry, exploration time, partial flag and discovered email count.';
revoke execute on function private.admin_domains(text, text, integer) from public;
grant execute on function private.admin_domains(text, text, integer) to authenticated;

create or replace function private.admin_domain_counts()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return (
    select pg_catalog.jsonb_object_agg(kinds.kind, coalesce(counted.domains, 0))
    from pg_catalog.unnest(array[
      'mx', 'mx_host_unresolved', 'mx_private_address', 'null_mx', 'implicit', 'no_mail_server', 'not_found'
    ]) as kinds (kind)
    left join (
      select c.lookup ->> 'kind' as kind, pg_catalog.count(*) as domains from public.mail_domain_cache as c group by 1
    ) as counted on counted.kind = kinds.kind
  ) || pg_catalog.jsonb_build_object('explored', (select pg_catalog.count(*) from public.scraped_domains));
end;
$$;
comment on function private.admin_domain_counts() is
  'Admins: cached DNS verdicts per kind (every kind, zeros included) and the number of explored domains (explored).';
revoke execute on function private.admin_domain_counts() from public;
grant execute on function private.admin_domain_counts() to authenticated;

create or replace function private.admin_purge_domain(p_domain text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target text;
  counts jsonb;
begin
  perform private.require_admin();
  target := private.admin_domain_name(p_domain);
  with explored as (
    delete from public.scraped_domains as s where s.domain = target returning s.id
  ), emails as (
    -- Counted before their domain row's deletion cascades to them.
    select pg_catalog.count(*) as n from public.discovered_emails as e where e.domain_id in (select id from explored)
  ), cached as (
    delete from public.mail_domain_cache as c where c.domain = target returning 1
  ), validated as (
    delete from public.email_validations as v where v.domain = target returning 1
  )
  select pg_catalog.jsonb_build_object(
    'scrapedDomains', (select pg_catalog.count(*) from explored),
    'discoveredEmails', (select n from emails),
    'mailDomainCache', (select pg_catalog.count(*) from cached),
    'emailValidations', (select pg_catalog.count(*) from validated)
  ) into counts;
  if counts = '{"scrapedDomains": 0, "discoveredEmails": 0, "mailDomainCache": 0, "emailValidations": 0}'::jsonb then
    raise exception 'domain_not_found' using errcode = 'P0404';
  end if;
  perform private.write_admin_audit('domain.purged', 'domain', target, counts, null);
  return counts;
end;
$$;
comment on function private.admin_purge_domain(text) is
  'Admins: deletes what is known about a domain (exploration with its emails, DNS verdict, validated addresses); '
  'answers the counts deleted of each.';
revoke execute on function private.admin_purge_domain(text) from public;
grant execute on function private.admin_purge_domain(text) to authenticated;

create or replace function private.admin_record_reexplore(p_domain text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  perform private.write_admin_audit('domain.reexplored', 'domain', private.admin_domain_name(p_domain), null, null);
end;
$$;
comment on function private.admin_record_reexplore(text) is
  'Admins: records in the audit log that an admin had a domain explored again (the api runs the explorer).';
revoke execute on function private.admin_record_reexplore(text) from public;
grant execute on function private.admin_record_reexplore(text) to authenticated;
