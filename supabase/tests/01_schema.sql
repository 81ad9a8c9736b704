-- Structure every feature relies on: Supabase's roles and auth helpers, and the rules each public table and helper
-- function must follow. The last act is written over the catalogue, so it covers tables added later.
begin;
select plan(28);

-- Act 1: the API roles, as Supabase's image creates them -----------------------------------------------------------

select has_role('anon');
select has_role('authenticated');
select has_role('service_role');
select has_role('authenticator');

select results_eq(
  $$ select rolname, rolcanlogin, rolinherit, rolbypassrls
     from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname $$,
  $$ values ('anon'::name, false, false, false),
            ('authenticated', false, false, false),
            ('authenticator', true, false, false),
            ('service_role', false, false, true) $$,
  'only authenticator logs in, and only service_role bypasses RLS'
);

select ok(
  pg_has_role('authenticator', 'anon', 'member')
    and pg_has_role('authenticator', 'authenticated', 'member')
    and pg_has_role('authenticator', 'service_role', 'member'),
  'authenticator may become each API role'
);

-- Act 2: schemas and extensions -------------------------------------------------------------------------------------

select has_schema('auth');
select has_schema('extensions');
select has_schema('private');

select results_eq(
  $$ select extname, extnamespace::regnamespace::text from pg_extension
     where extname in ('pgcrypto', 'uuid-ossp') order by extname $$,
  $$ values ('pgcrypto'::name, 'extensions'), ('uuid-ossp', 'extensions') $$,
  'pgcrypto and uuid-ossp live in the extensions schema'
);

select ok(exists (select from pg_publication where pubname = 'supabase_realtime'), 'the supabase_realtime publication exists');

-- Act 3: the auth schema is Auth's alone ----------------------------------------------------------------------------

select tables_are(
  'auth', array['users', 'identities', 'sessions', 'refresh_tokens'],
  'auth holds the tables Auth reads and writes'
);

select is_empty(
  $$ select relname from pg_class
     where relnamespace = 'auth'::regnamespace and relkind = 'r' and not relrowsecurity $$,
  'every auth table has RLS enabled'
);

select is_empty(
  $$ select table_name, grantee from information_schema.role_table_grants
     where table_schema = 'auth' and grantee in ('anon', 'authenticated', 'service_role') $$,
  'API roles have no privileges on auth tables'
);

insert into auth.users (id, email, email_confirmed_at)
values ('33333333-3333-4333-8333-333333333333', 'confirmed@test.example', '2026-01-02T03:04:05Z');
select is(
  (select confirmed_at from auth.users where id = '33333333-3333-4333-8333-333333333333'),
  '2026-01-02T03:04:05Z'::timestamptz,
  'auth.users.confirmed_at is generated from email_confirmed_at, as GoTrue has it'
);

-- Act 4: auth.uid(), auth.role(), auth.email(), auth.jwt() read the request's claims as on Supabase ------------------

select is(auth.uid(), null, 'auth.uid() is null outside a request');
select is(auth.jwt(), null, 'auth.jwt() is null outside a request');

set local request.jwt.claims to
  '{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "claims@test.example"}';

select is(auth.uid(), '11111111-1111-4111-8111-111111111111'::uuid, 'auth.uid() reads sub from request.jwt.claims');
select is(auth.role(), 'authenticated', 'auth.role() reads role from request.jwt.claims');
select is(auth.email(), 'claims@test.example', 'auth.email() reads email from request.jwt.claims');
select is(
  auth.jwt() ->> 'email', 'claims@test.example',
  'auth.jwt() is the whole claim set from request.jwt.claims'
);

-- Realtime still sets the legacy one-claim settings; they win when present.
set local request.jwt.claim.sub to '22222222-2222-4222-8222-222222222222';
set local request.jwt.claim.role to 'service_role';
select is(auth.uid(), '22222222-2222-4222-8222-222222222222'::uuid, 'auth.uid() prefers request.jwt.claim.sub');
select is(auth.role(), 'service_role', 'auth.role() prefers request.jwt.claim.role');

set local request.jwt.claim.sub to '';
select is(
  auth.uid(), '11111111-1111-4111-8111-111111111111'::uuid,
  'auth.uid() falls back to request.jwt.claims when the legacy setting is empty'
);

-- Act 5: rules every public table and helper function follows (covers tables added later) --------------------------

select is_empty(
  $$ select relname from pg_class
     where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relrowsecurity $$,
  'every public table has RLS enabled'
);

select is_empty(
  $$ select proname from pg_proc where pronamespace = 'public'::regnamespace and prosecdef $$,
  'no security definer function sits in the API''s public schema'
);

select is_empty(
  $$ select pronamespace::regnamespace::text || '.' || proname from pg_proc
     where pronamespace in ('public'::regnamespace, 'private'::regnamespace)
       and not coalesce(proconfig, '{}') @> array['search_path=""'] $$,
  'every public and private function pins search_path to empty'
);

select is_empty(
  $$ select p.oid::regprocedure::text from pg_proc as p
     where p.pronamespace = 'private'::regnamespace and has_function_privilege('anon', p.oid, 'execute') $$,
  'anon cannot execute private helpers'
);

select * from finish();
rollback;
