-- Payment provider settings: one row per provider, its credentials sealed by the api.
--
-- The api encrypts a provider's credentials (AES-GCM, under a key kept in its environment, never in the database) and
-- stores only that envelope, credentials_sealed, beside hints an admin may see: for each credential field its last
-- four characters behind a mask, or null. No API role can select credentials_sealed (its column is left out of every
-- grant); the api reads it on its trusted connection through private.payment_config_sealed(). Admins read the rest.
-- Rows change only through the two functions below, both audited with the hints and never the sealed text:
--   admin_save_payment_config     an admin sets a provider's credentials and whether it is active
--   admin_reseal_payment_config   the same credentials sealed again under a new key (key rotation); an admin, or a
--                                 trusted server acting as the system
--
-- Refusals (SQLSTATE and reason):
--   P0404 provider_not_found    resealing a provider that has no settings yet
--   P0422 provider_invalid      not stripe, paypal, venmo, cashapp or crypto
--   P0422 sealed_invalid        no envelope, or one over 20,000 characters
--   P0422 hints_invalid         hints not an object of masked last-four strings ("••••1a2b") or nulls
--   P0422 is_active_invalid     no active flag

-- Table -----------------------------------------------------------------------------------------------------------

create table public.payment_config (
  id bigint generated always as identity primary key,
  provider text not null
    constraint payment_config_provider check (provider in ('stripe', 'paypal', 'venmo', 'cashapp', 'crypto')),
  credentials_sealed text not null
    constraint payment_config_credentials_sealed_length check (char_length(credentials_sealed) between 1 and 20000),
  credential_hints jsonb not null default '{}'
    constraint payment_config_credential_hints_object check (jsonb_typeof(credential_hints) = 'object'),
  is_active boolean not null default false,
  updated_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payment_config_provider_key unique (provider)
);

comment on table public.payment_config is
  'A payment provider''s sealed credentials, what admins may see of them, and whether it is active.';
comment on column public.payment_config.credentials_sealed is
  'The credentials as the api''s AES-GCM envelope; no API role may select it.';
comment on column public.payment_config.credential_hints is
  'Per credential field, its last four characters behind a mask ("••••1a2b"), or null when not set.';
comment on column public.payment_config.updated_by is 'The admin who last saved it (a reseal changes nothing an admin chose).';

create index payment_config_updated_by_idx on public.payment_config (updated_by) where updated_by is not null;

create trigger payment_config_touch_updated_at
  before update on public.payment_config
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Every column but the sealed credentials, to read; nothing to write.

revoke all on table public.payment_config from anon, authenticated, service_role;
grant select (id, provider, credential_hints, is_active, updated_by, created_at, updated_at)
  on table public.payment_config to authenticated;
grant select (id, provider, credential_hints, is_active, updated_by, created_at, updated_at)
  on table public.payment_config to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.payment_config enable row level security;

-- Helpers ---------------------------------------------------------------------------------------------------------

create or replace function private.require_payment_provider(p_provider text)
returns void
language sql
immutable
set search_path = ''
as $$
  select private.require_valid(p_provider in ('stripe', 'paypal', 'venmo', 'cashapp', 'crypto'), 'provider_invalid')
$$;
comment on function private.require_payment_provider(text) is 'Raises P0422 provider_invalid for an unknown provider.';
revoke execute on function private.require_payment_provider(text) from public;

create or replace function private.require_sealed_credentials(p_sealed text)
returns void
language sql
immutable
set search_path = ''
as $$
  select private.require_valid(pg_catalog.char_length(p_sealed) between 1 and 20000, 'sealed_invalid')
$$;
comment on function private.require_sealed_credentials(text) is 'Raises P0422 sealed_invalid for a missing or huge envelope.';
revoke execute on function private.require_sealed_credentials(text) from public;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read payment settings"
  on public.payment_config for select
  to authenticated
  using ((select private.is_admin()));

-- Functions -------------------------------------------------------------------------------------------------------
-- Definer: they write a table no API role may write.

create or replace function private.admin_save_payment_config(
  p_provider text,
  p_sealed text,
  p_hints jsonb,
  p_is_active boolean
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous public.payment_config;
  saved public.payment_config;
begin
  perform private.require_admin();
  perform private.require_payment_provider(p_provider);
  perform private.require_sealed_credentials(p_sealed);
  -- Hints are shown to every admin, so only the masked form passes: a secret can never land here by mistake. A value
  -- too short to show its last four is masked whole ("••••").
  if p_hints is null or pg_catalog.jsonb_typeof(p_hints) <> 'object' or exists (
    select from pg_catalog.jsonb_each(p_hints) as hint
    where hint.key !~ '^[A-Za-z]{1,40}$'
       or pg_catalog.jsonb_typeof(hint.value) not in ('null', 'string')
       or (pg_catalog.jsonb_typeof(hint.value) = 'string' and (hint.value #>> '{}') !~ '^••••[^•]{0,4}$')
  ) then
    raise exception 'hints_invalid' using errcode = 'P0422';
  end if;
  perform private.require_valid(p_is_active is not null, 'is_active_invalid');

  select * into previous from public.payment_config as c where c.provider = p_provider for update;
  insert into public.payment_config as c (provider, credentials_sealed, credential_hints, is_active, updated_by)
  values (p_provider, p_sealed, p_hints, p_is_active, (select auth.uid()))
  on conflict (provider) do update
    set credentials_sealed = excluded.credentials_sealed,
        credential_hints = excluded.credential_hints,
        is_active = excluded.is_active,
        updated_by = excluded.updated_by
  returning * into saved;

  perform private.write_admin_audit(
    'payment_config.saved', 'payment_config', p_provider,
    case when previous.id is not null then
      pg_catalog.jsonb_build_object('credentialHints', previous.credential_hints, 'isActive', previous.is_active)
    end,
    pg_catalog.jsonb_build_object('credentialHints', saved.credential_hints, 'isActive', saved.is_active)
  );
  return pg_catalog.jsonb_build_object(
    'provider', saved.provider, 'credentialHints', saved.credential_hints, 'isActive', saved.is_active,
    'updatedAt', saved.updated_at, 'updatedBy', saved.updated_by
  );
end;
$$;
comment on function private.admin_save_payment_config(text, text, jsonb, boolean) is
  'Admins: sets a provider''s sealed credentials, hints and active flag; answers what admins may see of the row.';
revoke execute on function private.admin_save_payment_config(text, text, jsonb, boolean) from public;
grant execute on function private.admin_save_payment_config(text, text, jsonb, boolean) to authenticated;

-- A signed-in caller must be an admin; a trusted server (the service role, or the api's own connection, which has no
-- user) rotating the key acts as the system.
create or replace function private.admin_reseal_payment_config(p_provider text, p_sealed text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if pg_catalog.current_setting('role') in ('anon', 'authenticated') then
    perform private.require_admin();
  end if;
  perform private.require_payment_provider(p_provider);
  perform private.require_sealed_credentials(p_sealed);
  update public.payment_config as c
  set credentials_sealed = p_sealed
  where c.provider = p_provider;
  if not found then
    raise exception 'provider_not_found' using errcode = 'P0404';
  end if;
  perform private.write_admin_audit('payment_config.resealed', 'payment_config', p_provider, null, null);
end;
$$;
comment on function private.admin_reseal_payment_config(text, text) is
  'Admins or trusted servers: replaces a provider''s sealed credentials with the same ones under a new key.';
revoke execute on function private.admin_reseal_payment_config(text, text) from public;
grant execute on function private.admin_reseal_payment_config(text, text) to authenticated, service_role;

create or replace function private.payment_config_sealed()
returns table (provider text, credentials_sealed text)
language sql
stable
security definer
set search_path = ''
as $$
  select c.provider, c.credentials_sealed from public.payment_config as c order by c.provider
$$;
comment on function private.payment_config_sealed() is
  'Trusted servers: every provider''s sealed credentials, for the api to open where it uses them.';
revoke execute on function private.payment_config_sealed() from public;
grant execute on function private.payment_config_sealed() to service_role;
