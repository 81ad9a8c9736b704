-- Migrations are append-only: once a migration is on main, it is never edited, renamed or removed. A change to an
-- existing object is a new migration with a later timestamp (see migrations/README.md).
--
-- Private schema: helpers that policies and triggers call, kept out of the API.
--
-- The API exposes only `public` (supabase/config.toml [api] schemas), so nothing here can be called as an RPC.
-- Policies and triggers still run these functions as the querying role, which therefore needs usage on the schema.
-- Execute is revoked from public and granted function by function (a per-schema default privilege cannot revoke
-- PostgreSQL's built-in execute-to-public, so each function says so itself).

create schema if not exists private;
comment on schema private is 'Helpers for policies and triggers; not exposed by the API.';

grant usage on schema private to authenticated, service_role;

-- Shared trigger function: every table with an updated_at column keeps it current through this.
create or replace function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end;
$$;
comment on function private.touch_updated_at() is 'Trigger: sets updated_at to the transaction time on every update.';
revoke execute on function private.touch_updated_at() from public;
