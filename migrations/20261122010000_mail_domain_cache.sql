-- Mail domain cache: what DNS said about a domain as a mail destination, shared by every edge function instance.
--
-- The resolver (edge-functions/_shared/dns/) keeps answers in memory per instance; this table lets instances and cold
-- starts share them, so a domain is looked up once per TTL rather than once per instance. Only privileged server code
-- reads and writes it (the api's own connection, or the service role): RLS is on with no policy for anon or
-- authenticated, and those roles have no grants either. DNS errors are never stored (the resolver keeps them briefly
-- in memory), which the kind check below enforces. A domain whose MX hosts have no address at all, or only loopback or
-- private ones, cannot receive mail: the resolver stores that as its own kind (mx_host_unresolved, mx_private_address).

-- Table -----------------------------------------------------------------------------------------------------------

create table public.mail_domain_cache (
  domain text primary key
    constraint mail_domain_cache_domain_form check (domain = lower(domain) and char_length(domain) between 1 and 253),
  lookup jsonb not null
    constraint mail_domain_cache_lookup_kind
    check (lookup ->> 'kind' in (
      'mx', 'mx_host_unresolved', 'mx_private_address', 'null_mx', 'implicit', 'no_mail_server', 'not_found'
    )),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.mail_domain_cache is
  'DNS answers about domains as mail destinations, shared by edge function instances until expires_at. Server only.';
comment on column public.mail_domain_cache.domain is 'Lower-case ASCII (A-label) domain, without the trailing dot.';
comment on column public.mail_domain_cache.lookup is
  'The MailDomainLookup (edge-functions/_shared/dns/mail-domain-lookup.ts): kind, plus mxRecords or addresses.';
comment on column public.mail_domain_cache.expires_at is
  'When the answer goes stale: its DNS TTL within the resolver''s bounds (5 min to 1 day; negative 1 min to 1 hour).';
comment on column public.mail_domain_cache.updated_at is 'When the answer was last refreshed from DNS.';

-- Finding expired rows to prune.
create index mail_domain_cache_expires_at_idx on public.mail_domain_cache (expires_at);

create trigger mail_domain_cache_touch_updated_at
  before update on public.mail_domain_cache
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Nothing for anon and authenticated (Supabase's default privileges grant every API role everything on new public
-- tables); the service role may read and write rows, as the api's privileged connection does, and nothing more.

revoke all on table public.mail_domain_cache from anon, authenticated, service_role;
grant select, insert, update, delete on table public.mail_domain_cache to service_role;

-- Row level security ----------------------------------------------------------------------------------------------
-- Enabled with no policies: even if a grant to anon or authenticated slipped in later, they would see no rows.

alter table public.mail_domain_cache enable row level security;
