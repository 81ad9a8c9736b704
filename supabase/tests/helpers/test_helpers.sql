-- pgTAP helpers: create users and act as them the way PostgREST does, inside a test's transaction.
--
-- Not a test file. The test runner applies it once, as the superuser, after
-- `create extension if not exists pgtap with schema extensions`. Written in the spirit of usebasejump's
-- supabase-test-helpers: a test names its actors ('owner', 'stranger'), and switches between them with
-- tests.authenticate_as(name), tests.authenticate_as_service_role() and tests.clear_authentication() (anonymous).
-- `reset role` returns to the superuser, for arranging data and checking what really happened.
-- Test users are told apart by app_metadata.test_user, which no test changes.

create schema if not exists tests;
comment on schema tests is 'pgTAP helpers; exists only in databases the test runner prepared.';

-- Tests call these while acting as any API role.
grant usage on schema tests to anon, authenticated, service_role;

-- Creates a confirmed email user the way Auth does; the profile trigger runs as it would on sign-up. Metadata
-- defaults to {"username": name}; email defaults to name@test.example.
create or replace function tests.create_user(name text, user_metadata jsonb default null, email text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  user_id uuid := gen_random_uuid();
begin
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at
  )
  values (
    '00000000-0000-0000-0000-000000000000', user_id, 'authenticated', 'authenticated',
    lower(coalesce(email, name || '@test.example')), '', now(),
    jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'), 'test_user', name),
    coalesce(user_metadata, jsonb_build_object('username', name)),
    now(), now()
  );
  return user_id;
end;
$$;
comment on function tests.create_user(text, jsonb, text) is
  'Creates an auth user named for the test. Definer: tests acting as an API role cannot write auth.users.';

create or replace function tests.get_user_id(name text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  user_id uuid;
begin
  select u.id into user_id from auth.users as u where u.raw_app_meta_data ->> 'test_user' = name;
  if user_id is null then
    raise exception 'No test user named %', name;
  end if;
  return user_id;
end;
$$;
comment on function tests.get_user_id(text) is
  'The id of a test user. Definer: called while acting as an API role, which cannot read auth.users.';

-- The claims GoTrue puts in an access token for this user.
create or replace function tests.claims_for(name text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'sub', u.id,
    'role', 'authenticated',
    'aud', 'authenticated',
    'email', u.email,
    'app_metadata', u.raw_app_meta_data,
    'user_metadata', u.raw_user_meta_data,
    'aal', 'aal1',
    'is_anonymous', false
  )
  from auth.users as u
  where u.id = tests.get_user_id(name)
$$;
comment on function tests.claims_for(text) is
  'Access-token claims for a test user. Definer: called while acting as an API role, which cannot read auth.users.';

-- What PostgREST does for a request with the user's token: set local role and request.jwt.claims. Not security
-- definer, because set role is not allowed there.
create or replace function tests.authenticate_as(name text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  claims constant jsonb := tests.claims_for(name);
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', claims::text, true);
end;
$$;

-- A request with the service-role key.
create or replace function tests.authenticate_as_service_role()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
end;
$$;

-- A request with only the anon key: nobody signed in.
create or replace function tests.clear_authentication()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '{"role": "anon"}', true);
end;
$$;

-- Acting as a matrix's actor: 'anon' (only the anon key), 'service_role', or a test user's name.
create or replace function tests.act_as(actor text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  case actor
    when 'anon' then perform tests.clear_authentication();
    when 'service_role' then perform tests.authenticate_as_service_role();
    else perform tests.authenticate_as(actor);
  end case;
end;
$$;

-- The access matrix helper, tests.assert_access (psql includes it relative to this file).
\ir access_matrix.sql

-- Who may receive and send on a Realtime topic, tests.receives and tests.sends.
\ir realtime.sql

-- Uploads, answers and a stand-in worker for the bulk validation tests.
\ir bulk_validation.sql

-- Who may run an admin function, tests.assert_admin_only.
\ir admin_functions.sql

-- Other sessions through dblink, and whether one waits for a lock.
\ir sessions.sql
