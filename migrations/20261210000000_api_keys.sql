-- API keys: a signed-in user's keys for calling /api/integrations from their own servers.
--
-- A key is only ever stored as the SHA-256 of its text (key_hash): it is 256 random bits, so its hash cannot be turned
-- back into it and one unique index finds it per call, where a slow salted hash would cost tens of milliseconds of CPU
-- on every call for no gain. key_prefix (its first 10 characters) is kept for recognising which key is which.
-- Keys are made only by private.create_api_key and private.rotate_api_key (the key creation migration), which draw
-- the bytes in the database and answer the secret once: no caller, PostgREST included, chooses a key, so no API role
-- inserts. Nobody deletes a key either: revoking keeps it (and its usage) for the record.
--
-- Owners read their keys, rename them and revoke them; admins read every key, revoke any and change its rate limit;
-- other users and anon see nothing. Nobody reads key_hash through the API, owners and admins alike: a select naming
-- it is a permission error. The trigger below refuses un-revoking and a non-admin's rate limit change.
--
-- "Active" everywhere means: revoked_at is null, expires_at is null or in the future, and replaced_by is null (a key
-- replaced by a rotation keeps working until its shortened expires_at, but no longer counts toward the 10 a user may
-- hold).

-- Table -----------------------------------------------------------------------------------------------------------

create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  key_name text not null constraint api_keys_key_name_length check (char_length(key_name) between 1 and 100),
  key_hash text not null constraint api_keys_key_hash_key unique
    constraint api_keys_key_hash_format check (key_hash ~ '^[0-9a-f]{64}$'),
  key_prefix text not null constraint api_keys_key_prefix_length check (char_length(key_prefix) <= 10),
  is_active boolean generated always as (revoked_at is null) stored,
  rate_limit integer not null default 60 constraint api_keys_rate_limit_range check (rate_limit between 1 and 6000),
  usage_count bigint not null default 0 constraint api_keys_usage_count check (usage_count >= 0),
  last_used_at timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid references public.profiles (id) on delete set null,
  replaced_by uuid references public.api_keys (id) on delete set null,
  expiry_notice_sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.api_keys is
  'A user''s API keys, stored as SHA-256 hashes; made only by private.create_api_key / rotate_api_key.';
comment on column public.api_keys.key_hash is
  'SHA-256 (lower-case hex) of the whole key text; unique. Unreadable through the API, owners and admins alike.';
comment on column public.api_keys.key_prefix is 'The key''s first 10 characters (msk_ and 6 more), shown for recognition.';
comment on column public.api_keys.is_active is 'Not revoked. Whether the key works also depends on expires_at.';
comment on column public.api_keys.rate_limit is 'Calls per minute this key may make; only an admin changes it.';
comment on column public.api_keys.usage_count is
  'Calls made with the key, folded in from private.api_key_calls once a minute (never written per call).';
comment on column public.api_keys.last_used_at is 'The latest call folded in so far.';
comment on column public.api_keys.expires_at is
  'When the key stops working (null: never). A rotation shortens it to the end of the grace period.';
comment on column public.api_keys.revoked_at is 'When the key was revoked; once set it never changes (no un-revoking).';
comment on column public.api_keys.revoked_by is 'Who revoked it: the owner, an admin, or null for the system.';
comment on column public.api_keys.replaced_by is
  'The key a rotation made in its place; this one works until its expires_at and no longer counts as active.';
comment on column public.api_keys.expiry_notice_sent_at is 'When the owner was emailed that the key expires soon.';

-- Indexes and upkeep ------------------------------------------------------------------------------------------------

-- A user's keys, newest first (their list and the active-key count).
create index api_keys_user_id_created_at_idx on public.api_keys (user_id, created_at desc);
-- The foreign keys' other ends, so deleting a profile or a key does not scan the table.
create index api_keys_revoked_by_idx on public.api_keys (revoked_by) where revoked_by is not null;
create index api_keys_replaced_by_idx on public.api_keys (replaced_by) where replaced_by is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users read every column but key_hash and write the three they may change (which rows: the policies; the
-- rate limit only for admins: the trigger). The service role reads the same columns and marks expiry notices sent.

revoke all on table public.api_keys from anon, authenticated, service_role;
grant select (
  id, user_id, key_name, key_prefix, is_active, rate_limit, usage_count, last_used_at, expires_at, revoked_at,
  revoked_by, replaced_by, expiry_notice_sent_at, created_at, updated_at
) on table public.api_keys to authenticated, service_role;
grant update (key_name, revoked_at, rate_limit) on table public.api_keys to authenticated;
grant update (expiry_notice_sent_at) on table public.api_keys to service_role;

-- Protective trigger ------------------------------------------------------------------------------------------------
-- A revocation is final: clearing revoked_at is refused, and revoking a revoked key again keeps the first time (so a
-- repeated revoke is harmless). A revocation is stamped with the transaction's time and the signed-in user, whatever
-- the caller wrote. Only admins (and trusted callers: the service role, definer functions) change rate_limit.
-- updated_at moves with every change but the once-a-minute usage fold's.

create or replace function private.protect_api_key()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.revoked_at is not null then
    if new.revoked_at is null then
      raise exception 'A revoked API key cannot be restored' using errcode = 'insufficient_privilege';
    end if;
    new.revoked_at := old.revoked_at;
    new.revoked_by := old.revoked_by;
  elsif new.revoked_at is not null then
    new.revoked_at := pg_catalog.now();
    new.revoked_by := (select auth.uid());
  end if;

  -- Two checks, not one `or`: the service role may not execute is_admin(), and execute rights are checked up front.
  if new.rate_limit is distinct from old.rate_limit and current_user in ('anon', 'authenticated') then
    if not (select private.is_admin()) then
      raise exception 'Only an admin can change an API key''s rate limit' using errcode = 'insufficient_privilege';
    end if;
  end if;

  -- is_active is left out too: a generated column is computed after this trigger, so new's is not current yet.
  if (pg_catalog.to_jsonb(new) - array['usage_count', 'last_used_at', 'is_active'])
     is distinct from (pg_catalog.to_jsonb(old) - array['usage_count', 'last_used_at', 'is_active']) then
    new.updated_at := pg_catalog.now();
  end if;
  return new;
end;
$$;
comment on function private.protect_api_key() is
  'Trigger: refuses un-revoking and non-admin rate limit changes, stamps revocations, keeps updated_at.';
revoke execute on function private.protect_api_key() from public;

create trigger api_keys_protect
  before update on public.api_keys
  for each row execute function private.protect_api_key();

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.api_keys enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Users can read their own API keys and admins every key"
  on public.api_keys for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Users can update their own API keys and admins any key"
  on public.api_keys for update
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_admin()));
