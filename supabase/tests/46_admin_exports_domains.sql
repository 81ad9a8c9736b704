-- Exports (a database export at most once a minute per admin, users unlimited, both audited) and the domain tab:
-- the known domains as one keyset list, counts per verdict, purge with its counts, re-explore recorded.
begin;
select plan(37);

select tests.create_user('member');
select tests.create_user('site_admin');
select tests.create_user('other_admin');
update public.profiles set is_admin = true
where id in (tests.get_user_id('site_admin'), tests.get_user_id('other_admin'));

-- Act 1: exports ----------------------------------------------------------------------------------------------------------

select * from tests.assert_admin_only($$ select private.admin_record_export('users') $$,
  users => array['member'], admin => 'site_admin');

select tests.authenticate_as('site_admin');
select lives_ok($$ select private.admin_record_export('database') $$, 'an admin exports the database');
select throws_ok($$ select private.admin_record_export('database') $$, 'P0429', 'export_too_soon',
  'a second database export within the minute is refused');
select lives_ok($$ select private.admin_record_export('users') $$, 'the users CSV has no such limit');
select lives_ok($$ select private.admin_record_export('users') $$, 'none at all');
select throws_ok($$ select private.admin_record_export('contacts') $$, 'P0422', 'kind_invalid',
  'only the two kinds of export exist');
select tests.authenticate_as('other_admin');
select lives_ok($$ select private.admin_record_export('database') $$, 'another admin has their own minute');
reset role;

-- The refusal's DETAIL, as the api reads it.
create function pg_temp.export_refusal_detail() returns text language plpgsql as $$
declare
  detail text;
begin
  perform private.admin_record_export('database');
  return null;
exception when sqlstate 'P0429' then
  get stacked diagnostics detail = pg_exception_detail;
  return detail;
end;
$$;
update private.rate_limit_counters set window_ends_at = now() + interval '42 seconds'
where subject = 'user:' || tests.get_user_id('site_admin') and action = 'export_database';
select tests.authenticate_as('site_admin');
select results_eq(
  $$ select pg_temp.export_refusal_detail() $$,
  $$ values ('42') $$,
  'the refusal''s DETAIL says how many seconds until the next export is allowed'
);
reset role;
update private.rate_limit_counters set window_ends_at = now() - interval '1 second'
where subject = 'user:' || tests.get_user_id('site_admin') and action = 'export_database';
select tests.authenticate_as('site_admin');
select lives_ok($$ select private.admin_record_export('database') $$, 'after the minute, the admin exports again');
reset role;

select results_eq(
  $$ select actor_id, action, target_type, target_id from public.admin_audit_log order by id $$,
  $$ values (tests.get_user_id('site_admin'), 'export.database', null::text, null::text),
            (tests.get_user_id('site_admin'), 'export.users', null, null),
            (tests.get_user_id('site_admin'), 'export.users', null, null),
            (tests.get_user_id('other_admin'), 'export.database', null, null),
            (tests.get_user_id('site_admin'), 'export.database', null, null) $$,
  'each export is audited; refused ones are not'
);

-- Act 2: the domains an admin sees ----------------------------------------------------------------------------------------

insert into public.scraped_domains (domain, domain_info, detected_technologies, partial, scraped_at) values
  ('acme-corp.test', '{}', '{}', false, now() - interval '1 day'),
  ('beta.test', '{}', '{}', true, now() - interval '2 days'),
  ('delta.test', '{}', '{}', false, now());
insert into public.discovered_emails (domain_id, email, found_on)
select s.id, e.email, 'https://acme-corp.test/team' from public.scraped_domains as s,
  (values ('ada@acme-corp.test'), ('grace@acme-corp.test')) as e (email)
where s.domain = 'acme-corp.test';
insert into public.mail_domain_cache (domain, lookup, expires_at) values
  ('acme-corp.test', '{"kind": "mx"}', now() + interval '1 hour'),
  ('charlie.test', '{"kind": "null_mx"}', now() + interval '2 hours'),
  ('echo_1.test', '{"kind": "not_found"}', now() + interval '3 hours'),
  ('echo21.test', '{"kind": "mx"}', now() + interval '3 hours');
insert into public.email_validations (email, domain, is_valid, format_valid, verdict) values
  ('ada@acme-corp.test', 'acme-corp.test', true, true, 'deliverable'),
  ('bob@acme-corp.test', 'acme-corp.test', false, true, 'undeliverable'),
  ('carol@beta.test', 'beta.test', true, true, 'deliverable');

select * from tests.assert_admin_only($$ select * from private.admin_domains(null, null, 10) $$,
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only($$ select private.admin_domain_counts() $$,
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only($$ select private.admin_purge_domain('beta.test') $$,
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only($$ select private.admin_record_reexplore('beta.test') $$,
  users => array['member'], admin => 'site_admin');

select tests.authenticate_as('site_admin');
select results_eq(
  $$ select domain, dns_kind, dns_expires_at, explored_at, partial, discovered_emails
     from private.admin_domains(null, null, 4) where domain like '%.test' $$,
  $$ values ('acme-corp.test', 'mx', now() + interval '1 hour', now() - interval '1 day', false, 2::bigint),
            ('beta.test', null, null, now() - interval '2 days', true, 0::bigint),
            ('charlie.test', 'null_mx', now() + interval '2 hours', null, null, null),
            ('delta.test', null, null, now(), false, 0::bigint) $$,
  'explored and DNS-cached domains are one list in domain order, a domain known both ways once'
);
select results_eq(
  $$ select domain from private.admin_domains(null, 'delta.test', 10) where domain like '%.test' $$,
  $$ values ('echo21.test'), ('echo_1.test') $$,
  'the next page starts after the last domain of the one before'
);
select results_eq(
  $$ select domain from private.admin_domains('ACME', null, 10) $$,
  $$ values ('acme-corp.test') $$,
  'a search is a substring, in any case'
);
select results_eq(
  $$ select domain from private.admin_domains('o_', null, 10) $$,
  $$ values ('echo_1.test') $$,
  'in which _ is only an _'
);
select throws_ok($$ select * from private.admin_domains(null, null, 0) $$, 'P0422', 'limit_invalid',
  'a page holds at least one domain');
select results_eq(
  $$ select private.admin_domain_counts() $$,
  $$ values ('{"mx": 2, "mx_host_unresolved": 0, "mx_private_address": 0, "null_mx": 1, "implicit": 0,
              "no_mail_server": 0, "not_found": 1, "explored": 3}'::jsonb) $$,
  'the counts hold every verdict kind, zeros included, and the explored domains'
);

-- Act 3: purge and re-explore ---------------------------------------------------------------------------------------------

select results_eq(
  $$ select private.admin_purge_domain(' ACME-corp.test ') $$,
  $$ values ('{"scrapedDomains": 1, "discoveredEmails": 2, "mailDomainCache": 1, "emailValidations": 2}'::jsonb) $$,
  'a purge deletes the exploration with its emails, the DNS verdict and the validated addresses, and counts them'
);
select results_eq(
  $$ select private.admin_purge_domain('charlie.test') $$,
  $$ values ('{"scrapedDomains": 0, "discoveredEmails": 0, "mailDomainCache": 1, "emailValidations": 0}'::jsonb) $$,
  'a domain known one way only is purged too'
);
select throws_ok($$ select private.admin_purge_domain('acme-corp.test') $$, 'P0404', 'domain_not_found',
  'a domain nothing is known about cannot be purged');
select throws_ok($$ select private.admin_purge_domain('') $$, 'P0422', 'domain_invalid', 'a domain has a name');
select private.admin_record_reexplore('Beta.test');
reset role;
select is_empty(
  $$ select from public.scraped_domains where domain = 'acme-corp.test'
     union all select from public.discovered_emails where email like '%@acme-corp.test'
     union all select from public.mail_domain_cache where domain in ('acme-corp.test', 'charlie.test')
     union all select from public.email_validations where domain = 'acme-corp.test' $$,
  'nothing is left of the purged domains'
);
select results_eq(
  $$ select count(*)::integer from public.email_validations where domain = 'beta.test' $$,
  $$ values (1) $$,
  'other domains are untouched'
);
select results_eq(
  $$ select actor_id, action, target_type, target_id, before, after from public.admin_audit_log
     where action like 'domain.%' order by id $$,
  $$ values
    (tests.get_user_id('site_admin'), 'domain.purged', 'domain', 'acme-corp.test',
     '{"scrapedDomains": 1, "discoveredEmails": 2, "mailDomainCache": 1, "emailValidations": 2}'::jsonb, null::jsonb),
    (tests.get_user_id('site_admin'), 'domain.purged', 'domain', 'charlie.test',
     '{"scrapedDomains": 0, "discoveredEmails": 0, "mailDomainCache": 1, "emailValidations": 0}'::jsonb, null),
    (tests.get_user_id('site_admin'), 'domain.reexplored', 'domain', 'beta.test', null, null) $$,
  'purges are audited with what they deleted, re-explorations with the domain'
);

select * from finish();
rollback;
