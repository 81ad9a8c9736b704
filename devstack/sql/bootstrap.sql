-- devstack bootstrap: what Supabase's Postgres image, GoTrue's and Realtime's own migrations create before ours run.
--
-- On Supabase these objects exist before `supabase db push`; our migrations, seed and policies rely on them. The
-- devstack runs plain PostgreSQL, so this file recreates only the subset we use, with Supabase's names and semantics:
-- the API roles and their grants, the extensions schema, the auth schema (the tables the Auth stand-in reads and writes,
-- with GoTrue's column names, and the claim helpers policies call), the empty supabase_realtime publication and the
-- realtime schema (realtime.messages, send, broadcast_changes).
-- Sources: supabase/postgres migrations/db/init-scripts/00000000000000-initial-schema.sql and -auth-schema.sql;
-- supabase/auth migrations/*.up.sql; supabase/realtime lib/realtime/tenants/repo/migrations/ (noted per object).
--
-- Run as the superuser (psql -v ON_ERROR_STOP=1 -f ...), in one transaction. Plain SQL, no psql meta-commands, so any
-- client can run it. It runs on a new database before migrations, and again on an existing one whenever this file
-- changes (src/db/database.ts), after migrations have built on it: every statement must be safe to run again (if not
-- exists, create or replace, guarded creates) and must only add or restore what Supabase provides.

-- Roles -----------------------------------------------------------------------------------------------------------
-- anon and authenticated are what PostgREST/Realtime switch to per request; service_role bypasses RLS for trusted
-- servers; authenticator is the login role that may become any of them. Cluster-wide, so they may already exist.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- Supabase caps API statements so a bad query cannot hold the database.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- Schema public: usable by the API roles. Like Supabase's image, whatever the migration role (postgres) creates here is
-- granted to them by default; each migration then revokes what a table must not expose.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- Extensions ------------------------------------------------------------------------------------------------------
-- Supabase installs extensions into their own schema so they stay out of the API's public schema.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
-- As on Supabase (post-setup.sql), the postgres role finds extension functions (pgTAP's too) without a schema prefix.
alter role postgres set search_path = "$user", public, extensions;

-- Schema auth -----------------------------------------------------------------------------------------------------
-- The API roles may call the claim helpers but get no table grants: auth tables are read only by Auth (here, the
-- stand-in connected as the superuser) and by security definer functions.
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- GoTrue's session assurance level (migrations/20221003041349_add_mfa_schema.up.sql).
do $$
begin
  if not exists (select from pg_type where typname = 'aal_level' and typnamespace = 'auth'::regnamespace) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
end
$$;

-- auth.users: 00_init_auth_schema plus later GoTrue migrations (columns renamed or added since are noted).
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz, -- renamed from confirmed_at (20210710035447)
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb, -- the user's app_metadata
  raw_user_meta_data jsonb, -- the user's user_metadata; profile triggers read it
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  -- 20210722035447: generated, never inserted.
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';
comment on column auth.users.is_sso_user is
  'Auth: Set this column to true when the account comes from SSO. These accounts can have duplicate emails.';

-- Email is unique only among non-SSO users (20221215195500); GoTrue stores it lower-cased.
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

-- auth.identities: one row per sign-in method (20210909172000, 20231117164230 made id a surrogate key).
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  -- 20221215195800: generated from identity_data, never inserted.
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
comment on table auth.identities is 'Auth: Stores identities associated to a user.';
comment on column auth.identities.email is
  'Auth: Email is a generated column that references the optional email property in the identity_data';
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

-- auth.sessions: one row per signed-in device; the access token's session_id claim points here (20220811173540 and
-- later: aal, not_after, refreshed_at, user_agent, ip, tag).
create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default current_timestamp,
  updated_at timestamptz default current_timestamp,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp without time zone,
  user_agent text,
  ip inet,
  tag text
);
comment on table auth.sessions is 'Auth: Stores session data associated to a user.';
comment on column auth.sessions.not_after is
  'Auth: Not after is a nullable column that contains a timestamp after which the session should be regarded as expired.';
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

-- auth.refresh_tokens: rotating refresh tokens; parent links a token to the one it replaced, so reuse of a revoked
-- token can be detected. user_id is text in GoTrue (a historical choice), not a foreign key.
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) constraint refresh_tokens_token_unique unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';
create index if not exists refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

-- GoTrue enables RLS on every auth table and adds no policy (20240612123726): the API roles see nothing even if
-- someone grants them a table.
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;

-- Claim helpers (20240624145325_recreate_auth_functions). Each reads the legacy per-claim GUC first (still set by
-- Realtime), then the claim set PostgREST puts in request.jwt.claims. NULL when neither is set.
create or replace function auth.uid()
returns uuid
language sql stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';

create or replace function auth.role()
returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';

create or replace function auth.email()
returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

create or replace function auth.jwt()
returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

-- Realtime ------------------------------------------------------------------------------------------------------------
-- Supabase creates this publication empty; migrations opt tables in with `alter publication ... add table`.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- The realtime schema as Realtime's own tenant migrations leave it (supabase/realtime
-- lib/realtime/tenants/repo/migrations/, named per object): what private channels are authorised by and what
-- migrations broadcast through. supabase_realtime_admin owns it there (20240401105812, 20260707120000).
do $$
begin
  if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit noreplication;
  end if;
end
$$;

create schema if not exists realtime;
-- 20231204144023_set_required_grants.
grant usage on schema realtime to postgres, anon, authenticated, service_role;

-- realtime.messages: one row per broadcast, and the table whose RLS policies decide who may join a private channel
-- (select: receive, insert: send). Supabase partitions it by day (20241030150047, uuid ids since 20241108114728,
-- binary_payload since 20260514120000) and drops partitions older than 72 hours; here it is one table that
-- devstack's Realtime prunes on the same schedule.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_payload_exclusive check (payload is null or binary_payload is null),
  primary key (id, inserted_at)
);
alter table realtime.messages owner to supabase_realtime_admin;
-- 20250905041441_create_messages_replay_index.
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
-- Grants let every API role try; the project's policies decide (20241030150047).
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;

-- The channel being joined, set by Realtime for the policy check (20240523004032).
create or replace function realtime.topic()
returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;

-- Broadcasts a JSON payload to a topic from SQL; private (the default) reaches only private channels. Adds the row's id
-- to the payload unless it has one, and never fails the caller's transaction: an error is a WARNING
-- (20260605120000_rename_broadcast_send_warning).
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    execute format('SET LOCAL realtime.topic TO %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

-- The same for raw bytes, which clients receive as an ArrayBuffer (20260605120000).
create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
begin
  begin
    generated_id := gen_random_uuid();
    execute format('SET LOCAL realtime.topic TO %L', topic);
    insert into realtime.messages (id, binary_payload, event, topic, private, extension)
    values (generated_id, payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

-- For row triggers: broadcasts {old_record, record, operation, table, schema} as a private message
-- (20240919163303_add_payload_to_messages).
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text, new record, old record,
  level text default 'ROW'
)
returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object(
      'old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema
    );
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;

alter function realtime.topic() owner to supabase_realtime_admin;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.send_binary(bytea, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  owner to supabase_realtime_admin;
grant execute on all functions in schema realtime to postgres, anon, authenticated, service_role;

-- devstack only: how new messages reach devstack's Realtime. Supabase's Realtime tails realtime.messages through
-- logical replication; devstack listens instead. NOTIFY is transactional: it is delivered when the sending transaction
-- commits, in commit order, and never if it rolls back, which is what a broadcast from a trigger needs. A payload may
-- not exceed 8000 bytes, so a larger row is announced by its keys and read back (src/realtime/database-messages.ts).
create or replace function realtime.devstack_announce_message()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  announcement text := json_build_object(
    'id', new.id, 'topic', new.topic, 'event', new.event, 'private', new.private, 'payload', new.payload,
    'binary_payload', encode(new.binary_payload, 'base64')
  )::text;
begin
  if octet_length(announcement) > 7900 then
    announcement := json_build_object('id', new.id, 'inserted_at', new.inserted_at)::text;
  end if;
  perform pg_notify('devstack_realtime_messages', announcement);
  return null;
end;
$$;
alter function realtime.devstack_announce_message() owner to supabase_realtime_admin;
create or replace trigger devstack_announce_message
  after insert on realtime.messages
  for each row execute function realtime.devstack_announce_message();

-- Environment marker (devstack only) -----------------------------------------------------------------------------
-- seed.sql creates its demo users only where this says development; production databases never run this file.
alter database postgres set mailscout.environment = 'development';
