-- Domain explorations: what MailScout found on a domain's website, shared by everyone who explores it.
--
-- POST /api/scrape-domain crawls a domain's site and answers its contacts and company facts. The answer is kept here,
-- one row per domain with its discovered addresses, and reused for 24 hours unless the caller asks for a fresh crawl.
-- Like email_validations it is nobody's own data (anonymous visitors explore too, and a site's contacts belong to no
-- user): only trusted server code writes it (the api function's owner connection, or the service role), only admins
-- read it, and users get results through the API's answer. Besides the spec's columns it keeps the answer's
-- detectedTechnologies, whether the crawl ran out of time (partial), the pages it read, and each address's name and
-- whether it belongs to another domain (external).

-- Tables ----------------------------------------------------------------------------------------------------------

create table public.scraped_domains (
  id bigint generated always as identity primary key,
  domain text not null
    constraint scraped_domains_domain_form check (domain = lower(domain) and char_length(domain) between 1 and 253),
  domain_info jsonb not null
    constraint scraped_domains_domain_info_object check (jsonb_typeof(domain_info) = 'object'),
  detected_technologies jsonb not null
    constraint scraped_domains_detected_technologies_object check (jsonb_typeof(detected_technologies) = 'object'),
  partial boolean not null default false,
  pages_visited text[] not null default '{}',
  scraped_at timestamptz not null default now(),
  constraint scraped_domains_domain_key unique (domain)
);

comment on table public.scraped_domains is
  'The latest exploration of each domain''s website (POST /api/scrape-domain), reused for 24 hours; server-written.';
comment on column public.scraped_domains.domain is
  'The explored domain as the contract normalises it: lower-case, without www.';
comment on column public.scraped_domains.domain_info is
  'The answer''s domainInfo (edge-functions/_shared/explorations/contract.ts): registration facts, website status, company facts, pattern.';
comment on column public.scraped_domains.detected_technologies is
  'The answer''s detectedTechnologies: JavaScript rendering, website builder, recommendations and tips.';
comment on column public.scraped_domains.partial is
  'The crawl''s time budget ran out before every planned page was read.';
comment on column public.scraped_domains.pages_visited is 'The URLs the crawl read, in the order it read them.';
comment on column public.scraped_domains.scraped_at is 'When the crawl ran; a result younger than 24 hours is reused.';

create table public.discovered_emails (
  id bigint generated always as identity primary key,
  domain_id bigint not null references public.scraped_domains (id) on delete cascade,
  email text not null constraint discovered_emails_email_length check (char_length(email) between 3 and 320),
  name text,
  position text,
  phone text,
  found_on text not null,
  external boolean not null default false,
  discovered_at timestamptz not null default now()
);

comment on table public.discovered_emails is
  'Addresses found on an explored domain''s website, with the person and page they came with; server-written.';
comment on column public.discovered_emails.domain_id is
  'The exploration (scraped_domains) that found the address.';
comment on column public.discovered_emails.email is
  'As found (lower-cased domain); unique per domain regardless of case.';
comment on column public.discovered_emails.name is 'The person''s name found next to the address, if any.';
comment on column public.discovered_emails.position is
  'The person''s position or title found next to the address, if any.';
comment on column public.discovered_emails.phone is
  'A phone number found next to the address, E.164 where the country was known.';
comment on column public.discovered_emails.found_on is 'The URL of the page the address was found on.';
comment on column public.discovered_emails.external is
  'The address belongs to another domain than the explored one.';
comment on column public.discovered_emails.discovered_at is
  'When the exploration that found it ran (a fresh crawl replaces the domain''s addresses).';

-- An address is kept once per domain whatever its case: the upsert's conflict target. Its leading column also serves
-- the foreign key (deletes cascading from scraped_domains, reading a domain's addresses).
create unique index discovered_emails_domain_email_key on public.discovered_emails (domain_id, lower(email));

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may query the tables (the policies let only admins see rows); nobody but the server writes them.

revoke all on table public.scraped_domains from anon, authenticated, service_role;
revoke all on table public.discovered_emails from anon, authenticated, service_role;
grant select on table public.scraped_domains to authenticated;
grant select on table public.discovered_emails to authenticated;
grant select, insert, update, delete on table public.scraped_domains to service_role;
grant select, insert, update, delete on table public.discovered_emails to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.scraped_domains enable row level security;
alter table public.discovered_emails enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read every explored domain"
  on public.scraped_domains for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can read every discovered address"
  on public.discovered_emails for select
  to authenticated
  using ((select private.is_admin()));
