-- SEO removal requests: someone asks for a landing page to come down.
--
-- The public form (POST /api/seo/removal-requests, rate-limited) files a request through private.request_seo_removal:
-- when the address given is at the page's domain, a link with a token is mailed to it (only the token's SHA-256 is
-- kept) and following it within 48 hours removes the page (private.confirm_seo_removal); otherwise an admin decides
-- (private.decide_seo_removal). Either way a removal suppresses the page's address or domain. Admins read the
-- requests and may change their status; the token's hash is hidden from every API role, and nobody but the definer
-- functions files one.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.seo_removal_requests (
  id uuid primary key default gen_random_uuid(),
  url text not null constraint seo_removal_requests_url_length check (char_length(url) between 1 and 2000),
  page_id uuid references public.seo_landing_pages (id) on delete set null,
  email text not null constraint seo_removal_requests_email_length check (char_length(email) between 3 and 320),
  reason text not null constraint seo_removal_requests_reason_length check (char_length(reason) between 1 and 1000),
  status text not null
    constraint seo_removal_requests_status
      check (status in ('awaiting_confirmation', 'pending_review', 'removed', 'rejected')),
  token_hash text unique constraint seo_removal_requests_token_hash check (token_hash ~ '^[0-9a-f]{64}$'),
  token_expires_at timestamptz,
  client_network text
    constraint seo_removal_requests_client_network_length check (char_length(client_network) <= 64),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid references public.profiles (id) on delete set null
);

comment on table public.seo_removal_requests is
  'Requests to take a landing page down; filed, confirmed and decided through the private.*_seo_removal functions.';
comment on column public.seo_removal_requests.url is 'The page''s address as the requester gave it.';
comment on column public.seo_removal_requests.page_id is 'The page the address names, when there is one.';
comment on column public.seo_removal_requests.email is 'The requester''s address: the confirmation link goes there.';
comment on column public.seo_removal_requests.status is
  'awaiting_confirmation (a link was mailed), pending_review (an admin decides), removed or rejected.';
comment on column public.seo_removal_requests.token_hash is 'SHA-256 (hex) of the mailed token; never the token.';
comment on column public.seo_removal_requests.token_expires_at is 'The mailed link works until then (48 hours).';
comment on column public.seo_removal_requests.client_network is
  'The requester''s network (/24 or /48), for spotting abuse; never their full address.';
comment on column public.seo_removal_requests.decided_by is 'The admin who approved or rejected it, if one did.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- The admin list by status, newest first.
create index seo_removal_requests_status_created_at_idx on public.seo_removal_requests (status, created_at desc);
create index seo_removal_requests_created_at_idx on public.seo_removal_requests (created_at desc);
-- The foreign keys' lookups.
create index seo_removal_requests_page_id_idx on public.seo_removal_requests (page_id) where page_id is not null;
create index seo_removal_requests_decided_by_idx
  on public.seo_removal_requests (decided_by) where decided_by is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Admins read every column but the token's hash and change the status; rows come from the definer functions.

revoke all on table public.seo_removal_requests from anon, authenticated, service_role;
grant select (
  id, url, page_id, email, reason, status, token_expires_at, client_network, created_at, decided_at, decided_by
) on table public.seo_removal_requests to authenticated, service_role;
grant update (status) on table public.seo_removal_requests to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.seo_removal_requests enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read SEO removal requests"
  on public.seo_removal_requests for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can change SEO removal requests"
  on public.seo_removal_requests for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
