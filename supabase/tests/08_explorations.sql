-- Domain explorations: a shared cache of what each domain's website holds. Only server code writes it; admins read it;
-- nobody else sees a row, not even whoever asked for the exploration.
begin;
select plan(66);

select tests.create_user('explorer');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: the tables, their grants and their row level security ------------------------------------------------------

select has_table('public', 'scraped_domains', 'public.scraped_domains exists');
select has_table('public', 'discovered_emails', 'public.discovered_emails exists');
select columns_are(
  'public', 'scraped_domains',
  array['id', 'domain', 'domain_info', 'detected_technologies', 'partial', 'pages_visited', 'scraped_at'],
  'an exploration keeps the domain, its info and technologies, whether it was cut short, the pages read and when'
);
select columns_are(
  'public', 'discovered_emails',
  array['id', 'domain_id', 'email', 'name', 'position', 'phone', 'found_on', 'external', 'discovered_at'],
  'an address keeps its exploration, the person and page it came with, whether it is external, and when'
);
select col_is_unique('public', 'scraped_domains', 'domain', 'one exploration per domain');
select fk_ok('public', 'discovered_emails', 'domain_id', 'public', 'scraped_domains', 'id',
  'each address belongs to an exploration');
select results_eq(
  $$ select confdeltype::text from pg_constraint
     where conrelid = 'public.discovered_emails'::regclass and contype = 'f' $$,
  $$ values ('c') $$,
  'an exploration''s addresses go with it (on delete cascade)'
);

select ok(
  (select bool_and(relrowsecurity) from pg_class
   where oid in ('public.scraped_domains'::regclass, 'public.discovered_emails'::regclass)),
  'RLS is enabled on both'
);
select policies_are('public', 'scraped_domains', array['Admins can read every explored domain'],
  'the only policy on explorations lets admins read');
select policies_are('public', 'discovered_emails', array['Admins can read every discovered address'],
  'the only policy on addresses lets admins read');
select policy_cmd_is('public', 'scraped_domains', 'Admins can read every explored domain', 'select',
  'the explorations policy is for select');
select policy_cmd_is('public', 'discovered_emails', 'Admins can read every discovered address', 'select',
  'the addresses policy is for select');

select table_privs_are('public', t, 'anon', array[]::text[], format('anon has no privileges on %s', t))
from unnest(array['scraped_domains', 'discovered_emails']) as t;
select table_privs_are('public', t, 'authenticated', array['SELECT'],
  format('signed-in users may only query %s (rows: the policy)', t))
from unnest(array['scraped_domains', 'discovered_emails']) as t;
select table_privs_are('public', t, 'service_role', array['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  format('the service role reads and writes %s rows, and nothing more', t))
from unnest(array['scraped_domains', 'discovered_emails']) as t;

-- Act 2: the server (service role) records an exploration and its addresses -----------------------------------------

select tests.authenticate_as_service_role();

select lives_ok(
  $$ insert into public.scraped_domains (domain, domain_info, detected_technologies, pages_visited)
     values ('pgtap-acme.test',
             '{"domain": "pgtap-acme.test", "websiteStatus": "live", "statusMessage": "The website is live."}',
             '{"hasJavaScriptRendering": false, "hasWebsiteBuilder": false}',
             '{https://pgtap-acme.test/,https://pgtap-acme.test/contact}') $$,
  'the service role records an exploration'
);

select lives_ok(
  $$ insert into public.discovered_emails (domain_id, email, name, position, phone, found_on)
     select id, 'ada.lovelace@pgtap-acme.test', 'Ada Lovelace', 'Chief Engineer', '+12025550101',
            'https://pgtap-acme.test/about/team'
     from public.scraped_domains where domain = 'pgtap-acme.test' $$,
  'the service role records a discovered address'
);

select results_eq(
  $$ insert into public.discovered_emails as e (domain_id, email, position, found_on)
     select id, 'ADA.LOVELACE@pgtap-acme.test', 'Head of Engineering', 'https://pgtap-acme.test/contact'
     from public.scraped_domains where domain = 'pgtap-acme.test'
     on conflict (domain_id, lower(email)) do update set position = excluded.position
     returning email, position $$,
  $$ values ('ada.lovelace@pgtap-acme.test', 'Head of Engineering') $$,
  'an address found again in another case updates its row'
);

select throws_ok(
  $$ insert into public.discovered_emails (domain_id, email, found_on)
     select id, 'Ada.Lovelace@Pgtap-Acme.test', 'https://pgtap-acme.test/'
     from public.scraped_domains where domain = 'pgtap-acme.test' $$,
  '23505', 'duplicate key value violates unique constraint "discovered_emails_domain_email_key"',
  'an address is kept once per domain regardless of case'
);

select lives_ok(
  $$ insert into public.discovered_emails (domain_id, email, found_on, external)
     select id, 'press@agency.test', 'https://pgtap-acme.test/contact', true
     from public.scraped_domains where domain = 'pgtap-acme.test' $$,
  'an address at another domain is kept, marked external'
);

select throws_ok(
  $$ insert into public.scraped_domains (domain, domain_info, detected_technologies)
     values ('pgtap-acme.test', '{}', '{}') $$,
  '23505', 'duplicate key value violates unique constraint "scraped_domains_domain_key"',
  'a domain has one exploration (a fresh crawl replaces it)'
);

select throws_ok(
  $$ insert into public.scraped_domains (domain, domain_info, detected_technologies)
     values ('Acme-Corp.test', '{}', '{}') $$,
  '23514', 'new row for relation "scraped_domains" violates check constraint "scraped_domains_domain_form"',
  'domains are stored lower-case'
);

select throws_ok(
  $$ insert into public.scraped_domains (domain, domain_info, detected_technologies)
     values ('list.test', '[]', '{}') $$,
  '23514', 'new row for relation "scraped_domains" violates check constraint "scraped_domains_domain_info_object"',
  'domain_info is an object'
);

select throws_ok(
  $$ insert into public.scraped_domains (domain, domain_info, detected_technologies)
     values ('list.test', '{}', '"none"') $$,
  '23514',
  'new row for relation "scraped_domains" violates check constraint "scraped_domains_detected_technologies_object"',
  'detected_technologies is an object'
);

select throws_ok(
  $$ insert into public.discovered_emails (domain_id, email, found_on)
     select id, '', 'https://pgtap-acme.test/' from public.scraped_domains where domain = 'pgtap-acme.test' $$,
  '23514', 'new row for relation "discovered_emails" violates check constraint "discovered_emails_email_length"',
  'an empty address is not recorded'
);

select throws_ok(
  $$ insert into public.discovered_emails (domain_id, email, found_on) values (-1, 'x@y.zz', 'https://y.zz/') $$,
  '23503',
  'insert or update on table "discovered_emails" violates foreign key constraint "discovered_emails_domain_id_fkey"',
  'an address needs an exploration'
);

select lives_ok(
  $$ update public.scraped_domains set partial = true, scraped_at = now() where domain = 'pgtap-acme.test' $$,
  'the service role replaces an exploration with a fresh crawl'
);

-- Act 3: explorations are the server's to write; only an admin reads them ------------------------------------------
-- The user who explored a domain does not own its row: anyone may explore the same domain, and users get the result
-- from the API's answer.

reset role;

select * from tests.assert_access('public.scraped_domains', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['explorer',   'none',   'denied', 'denied', 'denied'],
  ['stranger',   'none',   'denied', 'denied', 'denied'],
  ['site_admin', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ domain = 'pgtap-acme.test' $$,
  insert_sql => $$ insert into public.scraped_domains (domain, domain_info, detected_technologies)
                   values ('evil.test', '{}', '{}') $$,
  update_set => $$ scraped_at = now() - interval '2 days' $$);

select * from tests.assert_access('public.discovered_emails', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['explorer',   'none',   'denied', 'denied', 'denied'],
  ['stranger',   'none',   'denied', 'denied', 'denied'],
  ['site_admin', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ email like '%@pgtap-acme.test' $$,
  insert_sql => $$ insert into public.discovered_emails (domain_id, email, found_on)
                   values (1, 'fake@pgtap-acme.test', 'https://pgtap-acme.test/') $$,
  update_set => $$ position = 'CEO' $$);

select tests.authenticate_as('site_admin');

select results_eq(
  $$ select domain, partial, pages_visited, domain_info ->> 'websiteStatus' from public.scraped_domains
     where domain = 'pgtap-acme.test' $$,
  $$ values ('pgtap-acme.test', true, '{https://pgtap-acme.test/,https://pgtap-acme.test/contact}'::text[], 'live') $$,
  'an admin reads every exploration'
);
select results_eq(
  $$ select e.email, e.name, e.position, e.external from public.discovered_emails as e
     join public.scraped_domains as d on d.id = e.domain_id
     where d.domain = 'pgtap-acme.test' order by e.email $$,
  $$ values ('ada.lovelace@pgtap-acme.test', 'Ada Lovelace', 'Head of Engineering', false),
            ('press@agency.test', null, null, true) $$,
  'an admin reads every discovered address'
);

-- Act 4: deleting an exploration takes its addresses with it --------------------------------------------------------

select tests.authenticate_as_service_role();

select lives_ok($$ delete from public.scraped_domains where domain = 'pgtap-acme.test' $$,
  'the service role deletes an exploration');

reset role;

select is_empty(
  $$ select * from public.discovered_emails where email in ('ada.lovelace@pgtap-acme.test', 'press@agency.test') $$,
  'its addresses are gone with it');

select * from finish();
rollback;
