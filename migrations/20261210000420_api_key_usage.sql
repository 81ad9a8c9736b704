-- API key usage per key and day (UTC): calls, addresses validated and error answers, for the owner's chart and the
-- admin's busiest keys. Rows come only from private.fold_api_key_calls (the API key calls migration), which sums the
-- per-call log into them once a minute. The owner reads their keys' days, admins every key's; no API role writes.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.api_key_usage (
  key_id uuid not null references public.api_keys (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  day date not null,
  requests integer not null default 0 constraint api_key_usage_requests check (requests >= 0),
  emails integer not null default 0 constraint api_key_usage_emails check (emails >= 0),
  errors integer not null default 0 constraint api_key_usage_errors check (errors between 0 and requests),
  primary key (key_id, day)
);

comment on table public.api_key_usage is 'Calls per API key and UTC day, folded in from private.api_key_calls.';
comment on column public.api_key_usage.user_id is 'The key''s owner, so the policy and a user''s total need no join.';
comment on column public.api_key_usage.emails is 'Addresses validated through the key (a bulk call counts each).';
comment on column public.api_key_usage.errors is 'Calls answered with a status of 400 or more.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- A user's days across their keys (the chart without a key), and the owner's foreign key.
create index api_key_usage_user_id_day_idx on public.api_key_usage (user_id, day);
-- The platform's busiest keys today.
create index api_key_usage_day_idx on public.api_key_usage (day);

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table public.api_key_usage from anon, authenticated, service_role;
grant select on table public.api_key_usage to authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.api_key_usage enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Users can read their own API keys' usage and admins every key's"
  on public.api_key_usage for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
