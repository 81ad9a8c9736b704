-- Mailbox probing's tables and functions: who may read or write what (admins read every table, nobody writes one
-- through the API, the privileged connection works only through the definer functions), which functions the service
-- role may call and that no API role may, the settings with their defaults, the expiry schedule, and the stored
-- verdict taking the mailbox check's reasons.
begin;
select plan(128);

select tests.create_user('member');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- One row in every table, arranged as the superuser.
insert into public.probe_workers (id, name) values ('00000000-0000-4000-8000-00000000000a', 'worker-a');
insert into public.mailbox_probes (email, email_key, domain, dns_result, deadline)
values ('jane@mailbox.test', 'jane@mailbox.test', 'mailbox.test', '{}', now() + interval '15 minutes')
returning id as probe \gset
insert into public.mailbox_probe_waiters (probe_id, user_id) values (:'probe', tests.get_user_id('member'));
insert into public.mail_domain_catch_all (domain, samples, accepted, expires_at)
values ('catch-all.test', 2, 2, now() + interval '7 days');
insert into public.smtp_hosts (host, last_connect_at) values ('mx.mailbox.test', now());
insert into public.smtp_host_slots (host, slot, lease_owner, lease_expires_at)
values ('mx.mailbox.test', 1, '00000000-0000-4000-8000-00000000000a', now() + interval '30 seconds');

-- Act 1: the tables -------------------------------------------------------------------------------------------------

select * from tests.assert_access('public.mailbox_probes', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['member',       'none',    'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
insert_sql => $$ insert into public.mailbox_probes (email, email_key, domain, dns_result, deadline)
                 values ('john@mailbox.test', 'john@mailbox.test', 'mailbox.test', '{}', now()) $$,
update_set => $$ status = 'expired', result = '{}', done_at = now() $$);

select * from tests.assert_access('public.mailbox_probe_waiters', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['member',       'none',    'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
insert_sql => format($$ insert into public.mailbox_probe_waiters (probe_id, user_id)
                 values (%L, tests.get_user_id('stranger')) $$, :'probe'),
update_set => $$ user_id = tests.get_user_id('stranger') $$);

select * from tests.assert_access('public.mail_domain_catch_all', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['member',       'none',    'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
insert_sql => $$ insert into public.mail_domain_catch_all (domain, samples, accepted, expires_at)
                 values ('mailbox.test', 1, 0, now()) $$,
update_set => $$ accepted = 0 $$);

select * from tests.assert_access('public.smtp_hosts', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['member',       'none',    'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
insert_sql => $$ insert into public.smtp_hosts (host) values ('mx.catch-all.test') $$,
update_set => $$ last_connect_at = null $$);

select * from tests.assert_access('public.smtp_host_slots', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['member',       'none',    'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
insert_sql => $$ insert into public.smtp_host_slots (host, slot, lease_owner, lease_expires_at)
                 values ('mx.mailbox.test', 2, gen_random_uuid(), now()) $$,
update_set => $$ lease_expires_at = now() $$);

select * from tests.assert_access('public.probe_workers', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['member',       'none',    'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
insert_sql => $$ insert into public.probe_workers (id, name) values (gen_random_uuid(), 'planted') $$,
update_set => $$ last_seen_at = now() $$);

-- Act 2: the functions ----------------------------------------------------------------------------------------------

select results_eq(
  $$ select p.oid::regprocedure::text,
       has_function_privilege('anon', p.oid, 'execute'),
       has_function_privilege('authenticated', p.oid, 'execute'),
       has_function_privilege('service_role', p.oid, 'execute'),
       p.proconfig @> array['search_path=""']
     from pg_proc as p
     where p.pronamespace = 'private'::regnamespace
       and p.proname in ('probe_worker_heartbeat', 'probe_worker_alive', 'remove_probe_worker', 'take_smtp_host_slot',
         'release_smtp_host_slot', 'catch_all_confidence', 'domain_catch_all', 'record_domain_catch_all',
         'tell_mailbox_probe_waiters', 'end_mailbox_probes', 'request_mailbox_probes', 'mailbox_probe_claimable',
         'claim_mailbox_probes', 'renew_mailbox_probe_leases', 'hand_back_mailbox_probes', 'defer_mailbox_probes',
         'release_mailbox_probes', 'complete_mailbox_probe', 'expire_mailbox_probes')
     order by 1 $$,
  $$ values
       ('private.catch_all_confidence(integer,integer)', false, false, false, true),
       ('private.claim_mailbox_probes(uuid,integer,integer)', false, false, true, true),
       ('private.complete_mailbox_probe(uuid,uuid,jsonb)', false, false, true, true),
       ('private.defer_mailbox_probes(uuid,uuid[],timestamp with time zone)', false, false, true, true),
       ('private.domain_catch_all(text)', false, false, true, true),
       ('private.end_mailbox_probes(uuid[])', false, false, false, true),
       ('private.expire_mailbox_probes()', false, false, true, true),
       ('private.hand_back_mailbox_probes(uuid,uuid[],timestamp with time zone,boolean)', false, false, false, true),
       ('private.mailbox_probe_claimable(mailbox_probes)', false, false, false, true),
       ('private.probe_worker_alive()', false, false, true, true),
       ('private.probe_worker_heartbeat(uuid,text)', false, false, true, true),
       ('private.record_domain_catch_all(text,integer,integer)', false, false, true, true),
       ('private.release_mailbox_probes(uuid,uuid[])', false, false, true, true),
       ('private.release_smtp_host_slot(text,uuid)', false, false, true, true),
       ('private.remove_probe_worker(uuid)', false, false, true, true),
       ('private.renew_mailbox_probe_leases(uuid,uuid[],integer)', false, false, true, true),
       ('private.request_mailbox_probes(jsonb,uuid,uuid)', false, false, true, true),
       ('private.take_smtp_host_slot(text,uuid,integer)', false, false, true, true),
       ('private.tell_mailbox_probe_waiters(mailbox_probes)', false, false, false, true) $$,
  'the queue''s functions are the service role''s alone, their helpers nobody''s; all with an empty search_path'
);

select tests.authenticate_as('site_admin');
select throws_ok($$ select * from private.request_mailbox_probes('[]', null, null) $$, '42501', null,
  'not even an admin asks for probes through the API');
select throws_ok($$ select private.expire_mailbox_probes() $$, '42501', null, 'nor sweeps the queue');
reset role;
select tests.clear_authentication();
select throws_ok($$ select private.probe_worker_heartbeat(gen_random_uuid(), 'fake') $$, '42501', null,
  'a visitor cannot pose as a probe worker');
reset role;

-- Act 3: settings, schedule, stored reasons -------------------------------------------------------------------------

select results_eq(
  $$ select setting_key, setting_value from public.admin_settings where setting_key like 'smtp_probe_%' order by 1 $$,
  $$ values ('smtp_probe_deadline_seconds', '900'), ('smtp_probe_host_concurrency', '2'),
            ('smtp_probe_host_interval_ms', '250') $$,
  'the probes'' settings are admin settings with their defaults'
);
select results_eq(
  $$ select schedule, command from cron.job where jobname = 'mailbox-probes-expiry' $$,
  $$ values ('* * * * *'::text, 'select private.expire_mailbox_probes()'::text) $$,
  'every minute, probes past their deadline expire'
);

insert into public.email_validations (email, domain, is_valid, format_valid, verdict, reasons)
values ('jane@mailbox.test', 'mailbox.test', true, true, 'deliverable', array['mailbox_exists', 'free_provider']);
select lives_ok(
  $$ update public.email_validations set reasons = array['mailbox_not_found', 'mailbox_full', 'catch_all',
       'smtp_blocked', 'smtp_unavailable', 'greylisted', 'mailbox_unverifiable'] where email = 'jane@mailbox.test' $$,
  'a stored verdict may carry every mailbox reason'
);
select throws_ok(
  $$ update public.email_validations set reasons = array['mailbox_vanished'] where email = 'jane@mailbox.test' $$,
  '23514', null, 'and still no code the contract does not know'
);

select * from finish();
rollback;
