-- The probe workers' side of the queue: claiming the due probes of one domain under a lease (never before not_before,
-- never past the deadline), renewing it, deferring greylisted probes once, releasing after an error (the third attempt
-- ends the probe), completing (the lease holder only: the result stored, the address's cached validation updated, each
-- waiting user told over Realtime), and the schedule's sweep that expires what no worker finished.
begin;
select plan(51);

select tests.create_user('member');
select tests.create_user('stranger');
select private.probe_worker_heartbeat('00000000-0000-4000-8000-00000000000a', 'worker-a');
select private.probe_worker_heartbeat('00000000-0000-4000-8000-00000000000b', 'worker-b');
\set worker_a '00000000-0000-4000-8000-00000000000a'
\set worker_b '00000000-0000-4000-8000-00000000000b'

create function pg_temp.item(p_email text, p_domain text)
returns jsonb
language sql
as $$
  select jsonb_build_object('email', p_email, 'domain', p_domain, 'dnsResult', jsonb_build_object(
    'email', p_email, 'verdict', 'deliverable', 'reasons', '["free_provider"]'::jsonb, 'riskScore', 10,
    'deliverabilityScore', 90, 'smtp', jsonb_build_object('status', 'not_checked', 'reason', 'not_requested')))
$$;

-- The final result a worker stores: the DNS result moved by what the server said.
create function pg_temp.checked(p_email text, p_outcome text, p_verdict text, p_reasons jsonb)
returns jsonb
language sql
as $$
  select (pg_temp.item(p_email, split_part(p_email, '@', 2)) -> 'dnsResult') || jsonb_build_object(
    'verdict', p_verdict, 'reasons', p_reasons, 'riskScore', 100, 'deliverabilityScore', 0,
    'smtp', jsonb_build_object('status', 'checked', 'outcome', p_outcome, 'smtpConnectable', true,
      'smtpDeliverable', false, 'isCatchAll', false, 'catchAllConfidence', 0, 'mxHost', 'mx.mailbox.test',
      'tls', 'verified', 'reply', jsonb_build_object('code', 550, 'enhancedCode', '5.1.1', 'text', 'User unknown'),
      'provider', null, 'checkedAt', '2026-12-20T10:00:00.000Z'))
$$;

-- Two addresses at mailbox.test asked first, then two at slow.test (a before b); one user waits for jane.
select probe_id as jane from private.request_mailbox_probes(
  jsonb_build_array(pg_temp.item('jane@mailbox.test', 'mailbox.test')), tests.get_user_id('member'), null) \gset
select probe_id as nobody from private.request_mailbox_probes(
  jsonb_build_array(pg_temp.item('nobody@mailbox.test', 'mailbox.test')), tests.get_user_id('stranger'), null) \gset
select private.request_mailbox_probes(
  jsonb_build_array(pg_temp.item('a@slow.test', 'slow.test'), pg_temp.item('b@slow.test', 'slow.test')), null, null);
update public.mailbox_probes set created_at = now() - interval '2 minutes', not_before = now() - interval '2 minutes'
where domain = 'mailbox.test';
update public.mailbox_probes set created_at = now() - interval '1 minute' where email = 'a@slow.test';

-- Act 1: claiming ---------------------------------------------------------------------------------------------------

select tests.authenticate_as_service_role();
create temporary table claimed_a as select * from private.claim_mailbox_probes(:'worker_a', 30, 10);
reset role;
select results_eq(
  $$ select email, domain, dns_result = pg_temp.item(email, domain) -> 'dnsResult', greylisted
     from claimed_a order by email $$,
  $$ values ('jane@mailbox.test', 'mailbox.test', true, false), ('nobody@mailbox.test', 'mailbox.test', true, false) $$,
  'a worker claims the due probes of one domain, the oldest due probe''s, with their DNS results'
);
select results_eq(
  format($$ select status, lease_owner, lease_expires_at = now() + interval '30 seconds', attempts
            from public.mailbox_probes where id in (%L, %L) $$, :'jane', :'nobody'),
  format($$ values ('running', %L::uuid, true, 1), ('running', %L::uuid, true, 1) $$, :'worker_a', :'worker_a'),
  'they run under its lease, their first attempt'
);
select results_eq(
  $$ select email from private.claim_mailbox_probes('00000000-0000-4000-8000-00000000000b', 30, 1) $$,
  $$ values ('a@slow.test') $$,
  'another worker gets the next domain, no more than its limit'
);
select results_eq(
  $$ select email from private.claim_mailbox_probes('00000000-0000-4000-8000-00000000000b', 30, 5) $$,
  $$ values ('b@slow.test') $$,
  'and the rest of it next time'
);
select is_empty($$ select * from private.claim_mailbox_probes('00000000-0000-4000-8000-00000000000b', 30, 5) $$,
  'leased probes are not claimed twice');

select private.request_mailbox_probes(jsonb_build_array(pg_temp.item('later@tls.test', 'tls.test'),
  pg_temp.item('late@busy.test', 'busy.test')), null, null);
update public.mailbox_probes set not_before = now() + interval '5 seconds' where domain = 'tls.test';
update public.mailbox_probes set deadline = now() - interval '1 second' where domain = 'busy.test';
select is_empty($$ select * from private.claim_mailbox_probes('00000000-0000-4000-8000-00000000000b', 30, 5) $$,
  'nor one whose not_before is to come, nor one past its deadline');
update public.mailbox_probes set not_before = now() where domain = 'tls.test';
select results_eq(
  $$ select email from private.claim_mailbox_probes('00000000-0000-4000-8000-00000000000b', 30, 5) $$,
  $$ values ('later@tls.test') $$,
  'its time come, it is claimed'
);
select throws_ok($$ select * from private.claim_mailbox_probes(gen_random_uuid(), 0, 5) $$, '22023', null,
  'a lease lasts a second at least');
select throws_ok($$ select * from private.claim_mailbox_probes(gen_random_uuid(), 30, 0) $$, '22023', null,
  'a claim takes one probe at least');

-- Act 2: renewing ---------------------------------------------------------------------------------------------------

select is(private.renew_mailbox_probe_leases(:'worker_a',
  array(select id from public.mailbox_probes where domain in ('mailbox.test', 'slow.test')), 60), 2,
  'a worker renews the leases it holds, and only those');
select results_eq(
  $$ select domain, bool_and(lease_expires_at = now() + interval '60 seconds') from public.mailbox_probes
     where domain in ('mailbox.test', 'slow.test') group by domain order by domain $$,
  $$ values ('mailbox.test', true), ('slow.test', false) $$,
  'its leases run 60 s from now; the other worker''s are untouched'
);
select throws_ok(format($$ select private.renew_mailbox_probe_leases(%L, array[%L::uuid], 0) $$, :'worker_a', :'jane'),
  '22023', null, 'a renewal lasts a second at least');

-- Act 3: deferring a greylisted probe -------------------------------------------------------------------------------

select is(private.defer_mailbox_probes(:'worker_b', array[:'jane'::uuid], now() + interval '2 seconds'), 0,
  'a worker cannot defer another''s probe');
select is(private.defer_mailbox_probes(:'worker_a', array[:'jane'::uuid], now() + interval '2 seconds'), 1,
  'the lease holder defers a greylisted probe');
select results_eq(
  format($$ select status, greylisted, not_before = now() + interval '2 seconds', lease_owner, lease_expires_at
            from public.mailbox_probes where id = %L $$, :'jane'),
  $$ values ('pending', true, true, null::uuid, null::timestamptz) $$,
  'it waits, unleased, for the server''s delay, its one retry spent'
);
select is_empty($$ select * from private.claim_mailbox_probes('00000000-0000-4000-8000-00000000000b', 30, 5) $$,
  'not claimed before the delay');
update public.mailbox_probes set not_before = now() where id = :'jane';
select results_eq(
  $$ select email, greylisted from private.claim_mailbox_probes('00000000-0000-4000-8000-00000000000a', 30, 5) $$,
  $$ values ('jane@mailbox.test', true) $$,
  'after it, claimed again, saying its retry is spent'
);
select throws_ok(format($$ select private.defer_mailbox_probes(%L, array[%L::uuid], null) $$, :'worker_a', :'jane'),
  '22023', null, 'a deferral says until when');

-- Act 4: releasing after errors -------------------------------------------------------------------------------------

delete from realtime.messages;
select is(private.release_mailbox_probes(:'worker_b', array[:'nobody'::uuid]), 0,
  'a worker cannot release another''s probe');
select is(private.release_mailbox_probes(:'worker_a', array[:'nobody'::uuid]), 1, 'the lease holder releases one');
select results_eq(
  format($$ select status, attempts, lease_owner from public.mailbox_probes where id = %L $$, :'nobody'),
  $$ values ('pending', 1, null::uuid) $$,
  'it waits for the next claim'
);
select results_eq(
  $$ select email from private.claim_mailbox_probes('00000000-0000-4000-8000-00000000000b', 30, 5) $$,
  $$ values ('nobody@mailbox.test') $$,
  'any worker claims it'
);
select private.release_mailbox_probes(:'worker_b', array[:'nobody'::uuid]);
select email from private.claim_mailbox_probes(:'worker_b', 30, 5);
select is((select attempts from public.mailbox_probes where id = :'nobody'), 3, 'its third attempt');
select is_empty($$ select from realtime.messages $$, 'nobody is told anything yet');
select is(private.release_mailbox_probes(:'worker_b', array[:'nobody'::uuid]), 1, 'released a third time');
select results_eq(
  format($$ select status, result, done_at = now(), lease_owner from public.mailbox_probes where id = %L $$, :'nobody'),
  $$ values ('expired', pg_temp.item('nobody@mailbox.test', 'mailbox.test') -> 'dnsResult'
               || '{"smtp": {"status": "not_checked", "reason": "expired"}}', true, null::uuid) $$,
  'it is given up: expired, its DNS result saying the mailbox was not checked'
);
select results_eq(
  $$ select topic, event, payload - 'id' from realtime.messages $$,
  format($$ values ('user:' || %L, 'validation_updated', jsonb_build_object('probeId', %L::uuid,
              'email', 'nobody@mailbox.test', 'result', (select result from public.mailbox_probes where id = %L))) $$,
    tests.get_user_id('stranger'), :'nobody', :'nobody'),
  'and its waiter is told'
);
select is_empty(format($$ select from public.mailbox_probe_waiters where probe_id = %L $$, :'nobody'),
  'who then waits no more');

-- Act 5: a lease that ran out ---------------------------------------------------------------------------------------

update public.mailbox_probes set lease_expires_at = now() - interval '1 second' where id = :'jane';
select results_eq(
  $$ select email from private.claim_mailbox_probes('00000000-0000-4000-8000-00000000000b', 30, 5) $$,
  $$ values ('jane@mailbox.test') $$,
  'a probe whose lease ran out is claimed by another worker'
);
select results_eq(
  format($$ select lease_owner, attempts from public.mailbox_probes where id = %L $$, :'jane'),
  format($$ values (%L::uuid, 3) $$, :'worker_b'),
  'which now holds it'
);

-- Act 6: completing -------------------------------------------------------------------------------------------------

insert into public.email_validations (email, domain, is_valid, format_valid, mx_records_found, verdict, reasons,
  risk_score, deliverability_score)
values ('jane@mailbox.test', 'mailbox.test', true, true, true, 'deliverable', array['free_provider'], 10, 90);
delete from realtime.messages;

select is(private.complete_mailbox_probe(:'worker_a', :'jane',
  pg_temp.checked('jane@mailbox.test', 'not_found', 'undeliverable', '["free_provider", "mailbox_not_found"]')), false,
  'the worker that lost the lease completes nothing');
select is((select status from public.mailbox_probes where id = :'jane'), 'running', 'the probe still runs');
select throws_ok(format($$ select private.complete_mailbox_probe(%L, %L, %L) $$, :'worker_b', :'jane',
    pg_temp.item('jane@mailbox.test', 'mailbox.test') -> 'dnsResult'),
  '22023', null, 'a probe completes with a checked mailbox');
select throws_ok(format($$ select private.complete_mailbox_probe(%L, %L, %L) $$, :'worker_b', :'jane',
    pg_temp.checked('jane@mailbox.test', 'exists', 'deliverable', '[]') #- '{smtp,outcome}'),
  '22023', null, 'and the outcome the server''s answer came to');
select is(private.complete_mailbox_probe(:'worker_b', :'jane',
  pg_temp.checked('jane@mailbox.test', 'not_found', 'undeliverable', '["free_provider", "mailbox_not_found"]')), true,
  'the lease holder completes it');
select results_eq(
  format($$ select status, outcome, mx_host, result = pg_temp.checked('jane@mailbox.test', 'not_found', 'undeliverable',
              '["free_provider", "mailbox_not_found"]'), done_at = now(), lease_owner, lease_expires_at
            from public.mailbox_probes where id = %L $$, :'jane'),
  $$ values ('done', 'not_found', 'mx.mailbox.test', true, true, null::uuid, null::timestamptz) $$,
  'done, with its outcome, MX host and final result'
);
select results_eq(
  $$ select verdict, reasons, risk_score, deliverability_score, smtp_connectable, smtp_deliverable, is_catch_all,
       catch_all_confidence from public.email_validations where email = 'jane@mailbox.test' $$,
  $$ values ('undeliverable', array['free_provider', 'mailbox_not_found'], 100, 0, true, false, false, 0.00) $$,
  'the address''s cached validation takes the verdict, reasons, scores and mailbox columns'
);
select results_eq(
  $$ select topic, event, payload - 'id', private from realtime.messages $$,
  format($$ values ('user:' || %L, 'validation_updated', jsonb_build_object('probeId', %L::uuid,
              'email', 'jane@mailbox.test', 'result', pg_temp.checked('jane@mailbox.test', 'not_found',
              'undeliverable', '["free_provider", "mailbox_not_found"]')), true) $$,
    tests.get_user_id('member'), :'jane'),
  'the waiting user is told on their private topic, with the result'
);
select is_empty(format($$ select from public.mailbox_probe_waiters where probe_id = %L $$, :'jane'),
  'and waits no more');
select is(private.complete_mailbox_probe(:'worker_b', :'jane',
  pg_temp.checked('jane@mailbox.test', 'exists', 'deliverable', '["mailbox_exists"]')), false,
  'a probe completes once');
select results_eq(
  $$ select status, smtp ->> 'outcome' from private.request_mailbox_probes(
       jsonb_build_array(pg_temp.item('jane@mailbox.test', 'mailbox.test')), null, null) $$,
  $$ values ('done', 'not_found') $$,
  'the next request is answered from it'
);

select private.request_mailbox_probes(jsonb_build_array(pg_temp.item('solo@anon.test', 'anon.test')), null, null);
select probe_id as solo from private.claim_mailbox_probes(:'worker_a', 30, 5) \gset
select is(private.complete_mailbox_probe(:'worker_a', :'solo',
  pg_temp.checked('solo@anon.test', 'exists', 'deliverable', '[]')), true,
  'a probe nobody waits for (a visitor polls it) and whose address has no cached row completes too');

-- Act 7: the sweep ------------------------------------------------------------------------------------------------------

delete from realtime.messages;
select probe_id as stale from private.request_mailbox_probes(
  jsonb_build_array(pg_temp.item('stale@mailbox.test', 'mailbox.test')), tests.get_user_id('member'), null) \gset
update public.mailbox_probes set deadline = now() - interval '1 second' where id = :'stale';
-- b@slow.test runs under worker b's lease, on its first attempt; a@slow.test's third lease ran out.
update public.mailbox_probes set attempts = 3, lease_expires_at = now() - interval '1 second' where email = 'a@slow.test';
insert into public.mailbox_probes (email, email_key, domain, dns_result, deadline, status, result, outcome, done_at)
values
  ('old@mailbox.test', 'old@mailbox.test', 'mailbox.test', '{}', now(), 'done', '{}', 'exists', now() - interval '31 days'),
  ('gone@mailbox.test', 'gone@mailbox.test', 'mailbox.test', '{}', now(), 'expired', '{}', null, now() - interval '31 days'),
  ('kept@mailbox.test', 'kept@mailbox.test', 'mailbox.test', '{}', now(), 'done', '{}', 'exists', now() - interval '29 days');
insert into public.smtp_hosts (host) values ('mx.slow.test');
insert into public.smtp_host_slots (host, slot, lease_owner, lease_expires_at)
values ('mx.slow.test', 1, :'worker_a', now() - interval '1 second'),
  ('mx.slow.test', 2, :'worker_b', now() + interval '9 seconds');

insert into public.mail_domain_catch_all (domain, samples, accepted, expires_at)
values ('stale.test', 1, 1, now() - interval '1 second'), ('fresh.test', 1, 1, now() + interval '1 day');
select private.probe_worker_heartbeat('00000000-0000-4000-8000-00000000000c', 'killed');
update public.probe_workers set last_seen_at = now() - interval '25 hours' where name = 'killed';

select is(private.expire_mailbox_probes(), 3,
  'the sweep expires what is past its deadline (busy.test''s and stale) and a probe whose third lease ran out');
select results_eq(
  $$ select email, status from public.mailbox_probes
     where email in ('stale@mailbox.test', 'late@busy.test', 'a@slow.test', 'b@slow.test') order by email $$,
  $$ values ('a@slow.test', 'expired'), ('b@slow.test', 'running'), ('late@busy.test', 'expired'),
            ('stale@mailbox.test', 'expired') $$,
  'a probe still leased on time runs on'
);
select results_eq(
  $$ select topic, payload ->> 'email', payload -> 'result' -> 'smtp' from realtime.messages $$,
  format($$ values ('user:' || %L, 'stale@mailbox.test', '{"status": "not_checked", "reason": "expired"}'::jsonb) $$,
    tests.get_user_id('member')),
  'an expired probe''s waiters are told, as on completion'
);
select results_eq(
  $$ select email from public.mailbox_probes where email in ('old@mailbox.test', 'gone@mailbox.test', 'kept@mailbox.test') $$,
  $$ values ('kept@mailbox.test') $$,
  'probes finished over 30 days ago are deleted'
);
select results_eq(
  $$ select slot from public.smtp_host_slots where host = 'mx.slow.test' $$,
  $$ values (2) $$,
  'and so are MX host slots whose lease ran out'
);
select results_eq($$ select domain from public.mail_domain_catch_all $$, $$ values ('fresh.test') $$,
  'stale catch-all findings'
);
select results_eq($$ select name from public.probe_workers order by name $$, $$ values ('worker-a'), ('worker-b') $$,
  'and workers silent for a day (killed without stopping)'
);

-- Act 8: two workers claiming at once ---------------------------------------------------------------------------------

-- On sessions of their own (what they commit is removed after): the first worker's claim is still uncommitted when the
-- second claims, which skips the rows it holds rather than waiting for them.
create extension if not exists dblink with schema extensions;
select tests.open_sessions(array['setup', 'worker_a', 'worker_b']);
select tests.on_session('setup', $$ select private.probe_worker_heartbeat('00000000-0000-4000-8000-0000000000cc', 'race') $$);
select tests.on_session('setup', $$ select count(*) from private.request_mailbox_probes(
  '[{"email": "one@race-a.test", "domain": "race-a.test", "dnsResult": {}},
    {"email": "two@race-a.test", "domain": "race-a.test", "dnsResult": {}}]', null, null) $$);
select tests.on_session('setup', $$ select count(*) from private.request_mailbox_probes(
  '[{"email": "one@race-b.test", "domain": "race-b.test", "dnsResult": {}}]', null, null) $$);
select tests.on_session('setup', $$ update public.mailbox_probes set created_at = created_at - interval '1 minute'
  where domain = 'race-a.test' returning 1 $$);
select dblink_exec('worker_a', 'begin');
select is(tests.on_session('worker_a', $$ select string_agg(distinct domain, ',') || ' ' || count(*)
    from private.claim_mailbox_probes('00000000-0000-4000-8000-0000000000a1', 30, 10) $$), 'race-a.test 2',
  'the first worker claims the older domain''s probes');
select is(tests.on_session('worker_b', $$ select string_agg(distinct domain, ',') || ' ' || count(*)
    from private.claim_mailbox_probes('00000000-0000-4000-8000-0000000000b1', 30, 10) $$), 'race-b.test 1',
  'the second, at the same time, skips them and claims the next domain''s without waiting');
select dblink_exec('worker_a', 'commit');
select tests.on_session('setup', $$ with gone as (delete from public.mailbox_probes where domain like 'race-_.test'
  returning 1) select count(*) from gone $$);
select tests.on_session('setup', $$ select private.remove_probe_worker('00000000-0000-4000-8000-0000000000cc') $$);
select tests.close_sessions(array['setup', 'worker_a', 'worker_b']);

select * from finish();
rollback;
