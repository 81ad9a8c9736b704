-- Mail domain cache: server-only. No API role but the service role can read or write it, not even an admin.
begin;
select plan(34);

select tests.create_user('reader');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.mail_domain_cache (domain, lookup, expires_at)
values ('cached.test', '{"kind": "mx", "mxRecords": [{"exchange": "mx.cached.test", "priority": 10}]}',
        now() + interval '1 hour');

-- Act 1: the table, its grants and its row level security ----------------------------------------------------------

select has_table('public', 'mail_domain_cache', 'public.mail_domain_cache exists');
select columns_are(
  'public', 'mail_domain_cache', array['domain', 'lookup', 'expires_at', 'created_at', 'updated_at'],
  'it holds the domain, the lookup, its expiry and timestamps'
);
select col_is_pk('public', 'mail_domain_cache', 'domain', 'one row per domain');
select has_index('public', 'mail_domain_cache', 'mail_domain_cache_expires_at_idx', array['expires_at'],
  'expired rows can be found by index');
select ok(
  (select relrowsecurity from pg_class where oid = 'public.mail_domain_cache'::regclass),
  'RLS is enabled'
);
select is_empty(
  $$ select policyname from pg_policies where schemaname = 'public' and tablename = 'mail_domain_cache' $$,
  'no policy lets any API role see a row'
);
select table_privs_are('public', 'mail_domain_cache', 'anon', array[]::text[], 'anon has no privileges at all');
select table_privs_are(
  'public', 'mail_domain_cache', 'authenticated', array[]::text[], 'authenticated has no privileges at all'
);
select table_privs_are(
  'public', 'mail_domain_cache', 'service_role', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  'the service role reads and writes rows, and nothing more'
);

-- Act 2: what a row may hold ----------------------------------------------------------------------------------------

select throws_ok(
  $$ insert into public.mail_domain_cache (domain, lookup, expires_at)
     values ('broken.test', '{"kind": "error", "detail": "SERVFAIL"}', now()) $$,
  '23514', 'new row for relation "mail_domain_cache" violates check constraint "mail_domain_cache_lookup_kind"',
  'DNS errors are never stored'
);
select lives_ok(
  $$ insert into public.mail_domain_cache (domain, lookup, expires_at) values
       ('unresolved-mx.test',
        '{"kind": "mx_host_unresolved", "mxRecords": [{"exchange": "mx.unresolved-mx.test", "priority": 10}]}', now()),
       ('private-mx.test',
        '{"kind": "mx_private_address", "mxRecords": [{"exchange": "mx.private-mx.test", "priority": 10}]}', now());
     delete from public.mail_domain_cache where domain in ('unresolved-mx.test', 'private-mx.test') $$,
  'MX hosts without addresses, or only private ones, are answers kept like the others'
);
select throws_ok(
  $$ insert into public.mail_domain_cache (domain, lookup, expires_at)
     values ('Upper.test', '{"kind": "not_found"}', now()) $$,
  '23514', 'new row for relation "mail_domain_cache" violates check constraint "mail_domain_cache_domain_form"',
  'domains are stored lower-case'
);
select throws_ok(
  $$ insert into public.mail_domain_cache (domain, lookup, expires_at) values ('', '{"kind": "not_found"}', now()) $$,
  '23514', 'new row for relation "mail_domain_cache" violates check constraint "mail_domain_cache_domain_form"',
  'a domain is never empty'
);

-- Act 3: no API role but the service role reads or writes it --------------------------------------------------------
-- Not even an admin: the cache is the server's, not a feature of the admin area.

select * from tests.assert_access('public.mail_domain_cache', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['reader',     'denied', 'denied', 'denied', 'denied'],
  ['site_admin', 'denied', 'denied', 'denied', 'denied']
],
  insert_sql => $$ insert into public.mail_domain_cache (domain, lookup, expires_at)
                   values ('x.test', '{"kind": "not_found"}', now()) $$,
  update_set => $$ lookup = '{"kind": "not_found"}' $$);

-- Act 4: the service role reads and writes, as the resolver's store does (edge-functions/_shared/dns/db-store.ts) ---

select tests.authenticate_as_service_role();

select results_eq(
  $$ select lookup, expires_at > now() from public.mail_domain_cache where domain = 'cached.test' $$,
  $$ values ('{"kind": "mx", "mxRecords": [{"exchange": "mx.cached.test", "priority": 10}]}'::jsonb, true) $$,
  'the service role reads a cached answer'
);
select results_eq(
  $$ insert into public.mail_domain_cache (domain, lookup, expires_at)
     values ('gone.test', '{"kind": "not_found"}', now() + interval '15 minutes')
     on conflict (domain) do update set lookup = excluded.lookup, expires_at = excluded.expires_at
     returning domain, lookup ->> 'kind' $$,
  $$ values ('gone.test', 'not_found') $$,
  'the service role stores a new answer'
);
select results_eq(
  $$ insert into public.mail_domain_cache (domain, lookup, expires_at)
     values ('cached.test', '{"kind": "null_mx"}', now() + interval '1 day')
     on conflict (domain) do update set lookup = excluded.lookup, expires_at = excluded.expires_at
     returning lookup ->> 'kind', expires_at = now() + interval '1 day' $$,
  $$ values ('null_mx', true) $$,
  'storing a domain again replaces its answer and expiry'
);
select results_eq(
  $$ update public.mail_domain_cache set expires_at = now() where domain = 'gone.test' returning domain $$,
  $$ values ('gone.test') $$,
  'the service role changes an expiry'
);
-- Only this play's rows: a database the API tests already used holds expired answers of its own.
select results_eq(
  $$ delete from public.mail_domain_cache
     where expires_at <= now() and domain in ('gone.test', 'cached.test') returning domain $$,
  $$ values ('gone.test') $$,
  'the service role prunes expired answers'
);

-- Act 5: what really happened -----------------------------------------------------------------------------------------

reset role;

select results_eq(
  $$ select domain, lookup ->> 'kind' from public.mail_domain_cache order by domain $$,
  $$ values ('cached.test', 'null_mx') $$,
  'only the service role''s changes took effect'
);
select is(
  (select count(*)::int from public.mail_domain_cache where domain = 'x.test'),
  0,
  'nothing anon, the user or the admin tried to write is there'
);

-- Act 6: the api's own connection, the table owner, works past RLS -------------------------------------------------

select is(
  (select count(*)::int from pg_class where oid = 'public.mail_domain_cache'::regclass and relforcerowsecurity),
  0,
  'RLS is not forced, so the table owner (the api''s privileged connection) reads and writes past it'
);
select results_eq(
  $$ update public.mail_domain_cache set updated_at = '2000-01-01' where domain = 'cached.test'
     returning updated_at = now() $$,
  $$ values (true) $$,
  'updated_at records the refresh, whatever the writer sent'
);

select * from finish();
rollback;
