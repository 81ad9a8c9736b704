-- Asking for mailbox probes (private.request_mailbox_probes), per address: nothing queued while no probe worker beats;
-- a new probe with its waiter; an unfinished probe joined, never doubled; a probe done within a week answered from the
-- cache; a known catch-all domain answered from its finding; an unfinished probe past its deadline ended (its waiters
-- told) and queued afresh. Also the workers' heartbeat and the catch-all tally behind those answers.
begin;
select plan(47);

select tests.create_user('member');
select tests.create_user('stranger');

-- The engine's DNS-only answer for an address, as the api hands it over.
create function pg_temp.item(p_email text, p_domain text default 'mailbox.test')
returns jsonb
language sql
as $$
  select jsonb_build_object('email', p_email, 'domain', p_domain, 'dnsResult', jsonb_build_object(
    'email', p_email, 'verdict', 'deliverable', 'reasons', '[]'::jsonb, 'riskScore', 10, 'deliverabilityScore', 90,
    'smtp', jsonb_build_object('status', 'not_checked', 'reason', 'not_requested')))
$$;

-- Act 1: no worker, then a heartbeat --------------------------------------------------------------------------------

select results_eq(
  $$ select email_key, status, probe_id, smtp
     from private.request_mailbox_probes(jsonb_build_array(pg_temp.item('Jane@mailbox.test')), null, null) $$,
  $$ values ('jane@mailbox.test', 'no_worker', null::uuid, null::jsonb) $$,
  'with no probe worker, nothing is queued: the mailbox will not be checked'
);
select is_empty($$ select from public.mailbox_probes $$, 'no probe was made');

select is(private.probe_worker_alive(), false, 'no worker has beaten');
select lives_ok($$ select private.probe_worker_heartbeat('00000000-0000-4000-8000-00000000000a', 'host-1:1234') $$,
  'a worker beats');
select is(private.probe_worker_alive(), true, 'so one is alive');
update public.probe_workers set last_seen_at = now() - interval '31 seconds' where id = '00000000-0000-4000-8000-00000000000a';
select is(private.probe_worker_alive(), false, 'silent for over 30 s, it counts as gone');
select private.probe_worker_heartbeat('00000000-0000-4000-8000-00000000000a', 'host-1:5678');
select results_eq(
  $$ select name, last_seen_at = now(), started_at <= now() from public.probe_workers $$,
  $$ values ('host-1:5678', true, true) $$,
  'its next beat brings it back, one row per worker'
);
select throws_ok($$ select private.probe_worker_heartbeat(null, 'x') $$, '22023', null, 'a worker beats with its id');

-- Act 2: new, joined ------------------------------------------------------------------------------------------------

select probe_id as jane from private.request_mailbox_probes(
  jsonb_build_array(pg_temp.item('Jane@mailbox.test')), tests.get_user_id('member'), null) \gset
select results_eq(
  format($$ select email, email_key, domain, status, attempts, greylisted, deadline = now() + interval '900 seconds',
              not_before <= now(), dns_result = (pg_temp.item('Jane@mailbox.test') -> 'dnsResult'), result, outcome
            from public.mailbox_probes where id = %L $$, :'jane'),
  $$ values ('Jane@mailbox.test', 'jane@mailbox.test', 'mailbox.test', 'pending', 0, false, true, true, true,
             null::jsonb, null::text) $$,
  'a new probe is pending, due now, with its DNS result and a deadline smtp_probe_deadline_seconds away'
);
select results_eq(
  format($$ select user_id, bulk_session_id from public.mailbox_probe_waiters where probe_id = %L $$, :'jane'),
  format($$ values (%L::uuid, null::uuid) $$, tests.get_user_id('member')),
  'the user who asked waits for it'
);

select results_eq(
  $$ select email_key, status, probe_id
     from private.request_mailbox_probes(jsonb_build_array(pg_temp.item('jane@mailbox.test')),
       tests.get_user_id('stranger'), null) $$,
  format($$ values ('jane@mailbox.test', 'pending', %L::uuid) $$, :'jane'),
  'another user asking for the same address (in any case) joins the unfinished probe'
);
select results_eq(
  $$ select status, count(*)::integer from private.request_mailbox_probes(
       jsonb_build_array(pg_temp.item('jane@mailbox.test'), pg_temp.item('JANE@mailbox.test')),
       tests.get_user_id('member'), null) group by status $$,
  $$ values ('pending', 2) $$,
  'the same user again, twice in one call'
);
select results_eq(
  $$ select status from private.request_mailbox_probes(jsonb_build_array(pg_temp.item('jane@mailbox.test')), null, null) $$,
  $$ values ('pending') $$,
  'and an anonymous visitor'
);
select is((select count(*)::integer from public.mailbox_probes), 1, 'one probe for them all');
select is((select count(*)::integer from public.mailbox_probe_waiters), 2,
  'each user waits once; the visitor polls instead of waiting');

update public.admin_settings set setting_value = '60' where setting_key = 'smtp_probe_deadline_seconds';
create temporary table asked as
select row_number() over () as n, * from private.request_mailbox_probes(
  jsonb_build_array(pg_temp.item('john@mailbox.test'), pg_temp.item('info@mailbox.test')), null, null);
select results_eq(
  $$ select r.email_key, r.status, p.deadline = now() + interval '60 seconds', p.email
     from asked as r join public.mailbox_probes as p on p.id = r.probe_id order by r.n $$,
  $$ values ('john@mailbox.test', 'pending', true, 'john@mailbox.test'),
            ('info@mailbox.test', 'pending', true, 'info@mailbox.test') $$,
  'several addresses in one call, each answered in order; the deadline follows its setting'
);
select is_empty($$ select from public.mailbox_probe_waiters as w join public.mailbox_probes as p on p.id = w.probe_id
                   where p.email_key in ('john@mailbox.test', 'info@mailbox.test') $$,
  'an anonymous visitor''s probe has no waiter');

select throws_ok($$ select * from private.request_mailbox_probes('{"email": "a@b.test"}', null, null) $$, '22023',
  'Items are [{email, domain, dnsResult}]', 'items come as an array');
select throws_ok($$ select * from private.request_mailbox_probes('[{"email": "a@b.test", "domain": "b.test"}]', null, null) $$,
  '22023', null, 'each with its DNS result');
select throws_ok($$ select * from private.request_mailbox_probes('[{"email": 1, "domain": "b.test", "dnsResult": {}}]',
  null, null) $$, '22023', null, 'and its address as text');

-- Act 3: answered from the cache ------------------------------------------------------------------------------------

-- A probe finished six days ago, another eight days ago, a third expired yesterday.
insert into public.mailbox_probes (email, email_key, domain, dns_result, deadline, status, result, outcome, done_at)
values
  ('ann@mailbox.test', 'ann@mailbox.test', 'mailbox.test', '{}', now() - interval '6 days', 'done',
   '{"verdict": "deliverable", "smtp": {"status": "checked", "outcome": "exists", "mxHost": "mx.mailbox.test"}}',
   'exists', now() - interval '6 days'),
  ('bob@mailbox.test', 'bob@mailbox.test', 'mailbox.test', '{}', now() - interval '8 days', 'done',
   '{"verdict": "undeliverable", "smtp": {"status": "checked", "outcome": "not_found"}}',
   'not_found', now() - interval '8 days'),
  ('cy@mailbox.test', 'cy@mailbox.test', 'mailbox.test', '{}', now() - interval '1 day', 'expired',
   '{"verdict": "deliverable", "smtp": {"status": "not_checked", "reason": "expired"}}', null, now() - interval '1 day');

select results_eq(
  $$ select email_key, status, probe_id, smtp from private.request_mailbox_probes(
       jsonb_build_array(pg_temp.item('Ann@mailbox.test')), tests.get_user_id('member'), null) $$,
  $$ values ('ann@mailbox.test', 'done', null::uuid,
             '{"status": "checked", "outcome": "exists", "mxHost": "mx.mailbox.test"}'::jsonb) $$,
  'a probe done within 7 days answers at once with its check'
);
select is_empty($$ select from public.mailbox_probes where email_key = 'ann@mailbox.test' and status = 'pending' $$,
  'nothing is queued for it');
select results_eq(
  $$ select status from private.request_mailbox_probes(
       jsonb_build_array(pg_temp.item('bob@mailbox.test'), pg_temp.item('cy@mailbox.test')), null, null) $$,
  $$ values ('pending'), ('pending') $$,
  'a week-old answer is asked again, and an expired probe answers nothing'
);

-- Act 4: a known catch-all domain -----------------------------------------------------------------------------------

select is(private.record_domain_catch_all('catch-all.test', 2, 2), 1.00, 'both made-up addresses accepted: 1.00');
select results_eq(
  $$ select email_key, status, probe_id, smtp from private.request_mailbox_probes(
       jsonb_build_array(pg_temp.item('jane@catch-all.test', 'catch-all.test')), tests.get_user_id('member'), null) $$,
  $$ values ('jane@catch-all.test', 'done', null::uuid, jsonb_build_object(
       'status', 'checked', 'outcome', 'catch_all', 'smtpConnectable', true, 'smtpDeliverable', null,
       'isCatchAll', true, 'catchAllConfidence', 1.00, 'mxHost', null, 'tls', null, 'reply', null, 'provider', null,
       'checkedAt', private.iso_timestamp(now()))) $$,
  'an address at a known catch-all domain is answered catch_all without a probe'
);
select is_empty($$ select from public.mailbox_probes where domain = 'catch-all.test' $$, 'nothing is queued for it');

select is(private.record_domain_catch_all('catch-all.test', 2, 1), 0.75, 'samples add up while fresh: 3 of 4');
select is(private.record_domain_catch_all('half.test', 3, 1), 0.33, 'one of three: 0.33, rounded to 0.01');
select results_eq(
  $$ select status from private.request_mailbox_probes(jsonb_build_array(pg_temp.item('jane@half.test', 'half.test')),
       null, null) $$,
  $$ values ('pending') $$,
  'under 0.5 the domain is not known catch-all: the address is probed'
);
select is(private.record_domain_catch_all('mailbox.test', 2, 0), 0.00, 'a domain that refused both: 0.00');
select is(private.record_domain_catch_all('mailbox.test', 0, 0), 0.00, 'a probe that tried none adds nothing');
select is(private.record_domain_catch_all('unknown.test', 0, 0), null, 'and knows nothing of a domain without a tally');
select results_eq(
  $$ select samples, accepted, expires_at = now() + interval '7 days' from public.mail_domain_catch_all
     where domain = 'mailbox.test' $$,
  $$ values (2, 0, true) $$,
  'a tally is kept for a week'
);
update public.mail_domain_catch_all set expires_at = now() - interval '1 second' where domain = 'catch-all.test';
select is(private.domain_catch_all('catch-all.test'), null, 'a week on, the finding is stale');
select results_eq(
  $$ select status from private.request_mailbox_probes(
       jsonb_build_array(pg_temp.item('john@catch-all.test', 'catch-all.test')), null, null) $$,
  $$ values ('pending') $$,
  'so the next address there is probed'
);
select is(private.record_domain_catch_all('catch-all.test', 1, 0), 0.00, 'and the next samples start a new tally');
select throws_ok($$ select private.record_domain_catch_all('x.test', 1, 2) $$, '22023', null,
  'no more accepted than tried');
select throws_ok($$ select private.record_domain_catch_all('x.test', -1, 0) $$, '22023', null, 'no fewer than none');

-- Act 5: an unfinished probe past its deadline ----------------------------------------------------------------------

delete from realtime.messages;
update public.mailbox_probes set deadline = now() - interval '1 second' where id = :'jane';
select probe_id as jane_again from private.request_mailbox_probes(
  jsonb_build_array(pg_temp.item('jane@mailbox.test')), tests.get_user_id('stranger'), null) \gset
select isnt(:'jane_again'::uuid, :'jane'::uuid, 'a probe past its deadline is not joined: a new one is queued');
select results_eq(
  format($$ select status, result, done_at = now() from public.mailbox_probes where id = %L $$, :'jane'),
  $$ values ('expired', pg_temp.item('Jane@mailbox.test') -> 'dnsResult'
               || '{"smtp": {"status": "not_checked", "reason": "expired"}}', true) $$,
  'the old one expired: its DNS result, saying the mailbox was not checked'
);
select results_eq(
  $$ select topic, event, payload - 'id', private from realtime.messages order by topic $$,
  format($$ select 'user:' || u, 'validation_updated', jsonb_build_object('probeId', %L::uuid,
              'email', 'Jane@mailbox.test', 'result', (select result from public.mailbox_probes where id = %L)), true
            from unnest(array[tests.get_user_id('member'), tests.get_user_id('stranger')]) as u order by 1 $$,
    :'jane', :'jane'),
  'its waiters are told'
);
select results_eq(
  format($$ select probe_id, user_id from public.mailbox_probe_waiters where probe_id in (%L, %L) $$,
    :'jane', :'jane_again'),
  format($$ values (%L::uuid, %L::uuid) $$, :'jane_again', tests.get_user_id('stranger')),
  'they wait no more for it; the asker waits for the new one'
);

-- Act 6: an idle worker is woken ------------------------------------------------------------------------------------

-- Notifications leave at commit: the requests run on sessions of their own, and what they commit is removed after.
-- After each request the api session sends a marker; the listener reads until the marker comes (in commit order), so
-- it has seen whatever the request sent.
create extension if not exists dblink with schema extensions;
create function pg_temp.wake_calls_until_marker()
returns integer
language plpgsql
as $$
declare
  wakes integer := 0;
  marked boolean := false;
  note record;
begin
  perform tests.on_session('api', $q$ select pg_notify('mailbox_probes', 'marker') $q$);
  for attempt in 1 .. 2000 loop
    for note in select * from extensions.dblink_get_notify('listener') loop
      if note.notify_name = 'mailbox_probes' and note.extra = 'marker' then
        marked := true;
      elsif note.notify_name = 'mailbox_probes' then
        wakes := wakes + 1;
      end if;
    end loop;
    exit when marked;
    perform pg_sleep(0.01);
  end loop;
  return case when marked then wakes end;
end;
$$;
select tests.open_sessions(array['listener', 'api']);
select dblink_exec('listener', 'listen mailbox_probes');
select tests.on_session('api', $$ select private.probe_worker_heartbeat('00000000-0000-4000-8000-0000000000bb', 'woken') $$);
select tests.on_session('api', $$ select status from private.request_mailbox_probes(
  '[{"email": "wake@woken.test", "domain": "woken.test", "dnsResult": {}}]', null, null) $$);
select is(pg_temp.wake_calls_until_marker(), 1, 'queueing a probe wakes a listening worker');
select tests.on_session('api', $$ select status from private.request_mailbox_probes(
  '[{"email": "wake@woken.test", "domain": "woken.test", "dnsResult": {}}]', null, null) $$);
select is(pg_temp.wake_calls_until_marker(), 0, 'joining one does not');
select tests.on_session('api', $$ select count(*) from private.request_mailbox_probes(
  '[{"email": "one@woken.test", "domain": "woken.test", "dnsResult": {}},
    {"email": "two@woken.test", "domain": "woken.test", "dnsResult": {}}]', null, null) $$);
select is(pg_temp.wake_calls_until_marker(), 1, 'a call queueing several wakes once');
select tests.on_session('api', $$ select count(*) from private.claim_mailbox_probes(
  '00000000-0000-4000-8000-0000000000bb', 30, 10) $$);
select is(pg_temp.wake_calls_until_marker(), 0, 'claiming wakes nobody');
select tests.on_session('api', $$ select private.release_mailbox_probes('00000000-0000-4000-8000-0000000000bb',
  array(select id from public.mailbox_probes where domain = 'woken.test')) $$);
select is(pg_temp.wake_calls_until_marker(), 1, 'probes given back after an error wake a listening worker');
select tests.on_session('api', $$ with gone as (delete from public.mailbox_probes where domain = 'woken.test' returning 1)
  select count(*) from gone $$);
select tests.on_session('api', $$ select private.remove_probe_worker('00000000-0000-4000-8000-0000000000bb') $$);
select tests.close_sessions(array['listener', 'api']);

select * from finish();
rollback;
