-- Politeness towards a mail server across probe workers: at most smtp_probe_host_concurrency conversations with an MX
-- host at once, at least smtp_probe_host_interval_ms between two connections to it, a slot freed when given back or
-- when its lease runs out, and a stopping worker's slots all given back. Time is moved in SQL (the last connection
-- stamped earlier, a lease run out) rather than waited for; the take's queueing on the host's row is checked with two
-- sessions, read from the lock manager.
begin;
select plan(23);

\set worker_a '00000000-0000-4000-8000-00000000000a'
\set worker_b '00000000-0000-4000-8000-00000000000b'
select private.probe_worker_heartbeat(:'worker_a', 'worker-a');

-- The last connection to the host, moved into the past by this many milliseconds.
create function pg_temp.connected_ago(p_host text, p_ms integer)
returns void
language sql
as $$
  update public.smtp_hosts set last_connect_at = now() - make_interval(secs => p_ms / 1000.0) where host = p_host
$$;

select is(private.take_smtp_host_slot('mx.mailbox.test', :'worker_a', 30), 0, 'a first connection to a host may go');
select results_eq(
  $$ select h.last_connect_at = now(), s.slot, s.lease_owner, s.lease_expires_at = now() + interval '30 seconds'
     from public.smtp_hosts as h join public.smtp_host_slots as s using (host) where host = 'mx.mailbox.test' $$,
  format($$ values (true, 1, %L::uuid, true) $$, :'worker_a'),
  'it holds slot 1 under its lease, and the connection is stamped'
);
select is(private.take_smtp_host_slot('mx.mailbox.test', :'worker_b', 30), 250,
  'the next connection waits for the 250 ms interval');
select is(private.take_smtp_host_slot('mx.other.test', :'worker_b', 30), 0, 'another host''s does not');
select pg_temp.connected_ago('mx.mailbox.test', 100);
select is(private.take_smtp_host_slot('mx.mailbox.test', :'worker_b', 30), 150, 'the wait counts from the last connection');
select pg_temp.connected_ago('mx.mailbox.test', 250);
select is(private.take_smtp_host_slot('mx.mailbox.test', :'worker_b', 30), 0, 'after it, the second slot is taken');
select pg_temp.connected_ago('mx.mailbox.test', 1000);
select is(private.take_smtp_host_slot('mx.mailbox.test', :'worker_b', 30), 250,
  'with both slots held, a third waits (asking again after the interval)');
update public.smtp_host_slots set lease_expires_at = now() + interval '100 milliseconds'
where host = 'mx.mailbox.test' and slot = 1;
select is(private.take_smtp_host_slot('mx.mailbox.test', :'worker_b', 30), 100,
  'or when the first lease runs out, if sooner');

update public.admin_settings set setting_value = '3' where setting_key = 'smtp_probe_host_concurrency';
select is(private.take_smtp_host_slot('mx.mailbox.test', :'worker_b', 30), 0, 'the concurrency follows its setting');
update public.admin_settings set setting_value = '2' where setting_key = 'smtp_probe_host_concurrency';
select results_eq(
  $$ select slot, lease_owner from public.smtp_host_slots where host = 'mx.mailbox.test' order by slot $$,
  format($$ values (1, %L::uuid), (2, %L::uuid), (3, %L::uuid) $$, :'worker_a', :'worker_b', :'worker_b'),
  'three slots held'
);

select private.release_smtp_host_slot('mx.mailbox.test', :'worker_b');
select pg_temp.connected_ago('mx.mailbox.test', 1000);
select is(private.take_smtp_host_slot('mx.mailbox.test', :'worker_a', 30), 100,
  'the setting lowered to 2, one slot given back leaves two held: still full');
select private.release_smtp_host_slot('mx.mailbox.test', :'worker_b');
select is((select count(*)::integer from public.smtp_host_slots where host = 'mx.mailbox.test'), 1,
  'each release gives back one of the worker''s slots');
select private.release_smtp_host_slot('mx.mailbox.test', :'worker_b');
select is((select count(*)::integer from public.smtp_host_slots where host = 'mx.mailbox.test'), 1,
  'a worker holding none gives back nothing');
select is(private.take_smtp_host_slot('mx.mailbox.test', :'worker_b', 30), 0, 'a slot given back is free');

select pg_temp.connected_ago('mx.mailbox.test', 1000);
update public.smtp_host_slots set lease_expires_at = now() - interval '1 second'
where host = 'mx.mailbox.test' and lease_owner = :'worker_a';
select is(private.take_smtp_host_slot('mx.mailbox.test', :'worker_b', 30), 0,
  'a slot whose lease ran out (its worker died) is free again');
select results_eq(
  $$ select slot, lease_owner from public.smtp_host_slots where host = 'mx.mailbox.test' order by slot $$,
  format($$ values (1, %L::uuid), (2, %L::uuid) $$, :'worker_b', :'worker_b'),
  'taken over in its place'
);

update public.admin_settings set setting_value = '1000' where setting_key = 'smtp_probe_host_interval_ms';
select pg_temp.connected_ago('mx.other.test', 400);
select is(private.take_smtp_host_slot('mx.other.test', :'worker_a', 30), 600, 'the interval follows its setting');
select pg_temp.connected_ago('mx.other.test', 1000);
select is(private.take_smtp_host_slot('mx.other.test', :'worker_a', 30), 0, 'and once it has passed, a slot is taken');

select private.remove_probe_worker(:'worker_b');
select results_eq(
  $$ select host, lease_owner from public.smtp_host_slots order by host $$,
  format($$ values ('mx.other.test', %L::uuid) $$, :'worker_a'),
  'a stopping worker gives every slot back'
);
select results_eq($$ select name from public.probe_workers $$, $$ values ('worker-a') $$,
  'and its heartbeat row goes; others stay');

select throws_ok(format($$ select private.take_smtp_host_slot('mx.x.test', %L, 0) $$, :'worker_a'), '22023', null,
  'a slot''s lease lasts a second at least');

-- Two workers at once for the last slot: the second queues on the host's row, then finds the slot taken.
create extension if not exists dblink with schema extensions;
select tests.open_sessions(array['setup', 'worker_a', 'worker_b']);
select tests.on_session('worker_b', 'select pg_backend_pid()::text') as b_pid \gset
select tests.on_session('setup', $$ select private.take_smtp_host_slot('mx.race.test', gen_random_uuid(), 30) $$);
select tests.on_session('setup', $$ update public.smtp_hosts set last_connect_at = now() - interval '1 hour'
  where host = 'mx.race.test' returning 1 $$);
select dblink_exec('worker_a', 'begin');
select tests.on_session('worker_a', $$ select private.take_smtp_host_slot('mx.race.test', '00000000-0000-4000-8000-0000000000a1', 30) $$)
  as first_take \gset
select dblink_send_query('worker_b',
  $$ select private.take_smtp_host_slot('mx.race.test', '00000000-0000-4000-8000-0000000000b1', 30) $$);
select ok(tests.waits_for_lock(:b_pid),
  'the second take waits for the first''s transaction');
select dblink_exec('worker_a', 'commit');
select is(tests.session_result('worker_b')::integer > 0 and :first_take = 0, true,
  'the first takes the last slot; the second is told to wait');
select tests.on_session('setup', $$ with gone as (delete from public.smtp_hosts where host = 'mx.race.test' returning 1)
  select count(*) from gone $$);
select tests.close_sessions(array['setup', 'worker_a', 'worker_b']);

select * from finish();
rollback;
