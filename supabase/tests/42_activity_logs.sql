-- Activity logs: sign-ins and the limiter's refusals (bursts, failed sign-ins, many anonymous sessions from one
-- network), written only by the database, read only by admins, in keyset pages; pruned after 90 days.
begin;
select plan(44);

select tests.create_user('member');
select tests.create_user('other_member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: sign-ins, recorded by the api's login on its trusted connection ----------------------------------------------

select tests.authenticate_as('member');
select throws_ok(format($$ select private.record_sign_in(%L, '192.0.2.1', 'Firefox') $$, tests.get_user_id('member')),
  '42501', null, 'a user cannot record a sign-in');
select tests.authenticate_as_service_role();
select lives_ok(
  format($$ select private.record_sign_in(%L, '192.0.2.1', %L) $$, tests.get_user_id('member'), repeat('u', 600)),
  'the service role records a sign-in');
reset role;
select results_eq(
  $$ select user_id, ip_address, char_length(user_agent), endpoint, request_count, time_window, is_anomalous,
            anomaly_reason, notification_sent
     from public.activity_logs $$,
  $$ values (tests.get_user_id('member'), '192.0.2.1'::inet, 512, 'sign_in', 1, date_trunc('minute', now()), false,
             null::text, false) $$,
  'a sign-in is one plain row, its user agent cut to 512 characters'
);

-- Act 2: who may do what --------------------------------------------------------------------------------------------

select * from tests.assert_access('public.activity_logs', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['member',       'none',   'denied', 'denied', 'denied'],
  ['other_member', 'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('member') $$,
  insert_sql => $$ insert into public.activity_logs (endpoint) values ('sign_in') $$,
  update_set => $$ notification_sent = true $$);

-- Act 3: the throttle's and the actions' refusals are bursts ----------------------------------------------------------

update public.profiles set throttle_enabled = true, max_requests_per_minute = 2, current_throttle_level = 100
where id = tests.get_user_id('member');
select private.admit_user_request(tests.get_user_id('member')) from generate_series(1, 2);
select is_empty(
  $$ select from public.activity_logs where is_anomalous $$,
  'requests within the throttle record nothing'
);
select private.admit_user_request(tests.get_user_id('member')) from generate_series(1, 3);
select results_eq(
  $$ select user_id, ip_address, endpoint, request_count, time_window, anomaly_reason from public.activity_logs
     where is_anomalous $$,
  $$ values (tests.get_user_id('member'), null::inet, 'throttle', 3, date_trunc('minute', now()), 'burst') $$,
  'three refused requests in a minute are one burst row counting three'
);

update public.admin_settings set setting_value = '1' where setting_key = 'rate_limit_explorations_per_minute';
select private.admit_user_request(tests.get_user_id('other_member'), 'exploration') from generate_series(1, 3);
select results_eq(
  $$ select endpoint, request_count, anomaly_reason from public.activity_logs
     where is_anomalous and user_id = tests.get_user_id('other_member') $$,
  $$ values ('exploration', 2, 'burst') $$,
  'an action''s limit records its refusals under the action'
);
select results_eq(
  $$ select day from private.user_active_days where user_id = tests.get_user_id('other_member') $$,
  $$ values ((now() at time zone 'utc')::date) $$,
  'the admitted exploration still makes the user active'
);
select results_eq(
  $$ select (a).refused_by, (a).allowed, (a).max_hits
     from (select private.admit_user_request(tests.get_user_id('other_member'), 'exploration') as a) as admitted $$,
  $$ values ('exploration', false, 1) $$,
  'the admission answers as before'
);

update public.profiles set suspended_until = now() + interval '1 day' where id = tests.get_user_id('other_member');
select private.admit_user_request(tests.get_user_id('other_member'));
select is(
  (select sum(request_count)::integer from public.activity_logs where user_id = tests.get_user_id('other_member')), 3,
  'a suspended user''s refusals are not anomalies'
);

-- Act 4: failed sign-ins ----------------------------------------------------------------------------------------------

select private.record_sign_in_failure('Member', '198.51.100.7') from generate_series(1, 4);
select is_empty(
  $$ select from public.activity_logs where anomaly_reason = 'failed_sign_ins' $$,
  'failures before a lock record nothing'
);
select private.record_sign_in_failure('member', '198.51.100.7');
select results_eq(
  $$ select user_id, ip_address, endpoint, request_count from public.activity_logs
     where anomaly_reason = 'failed_sign_ins' $$,
  $$ values (tests.get_user_id('member'), '198.51.100.7'::inet, 'sign_in', 1) $$,
  'the failure that locks an identifier is recorded against its account and the client''s address'
);
select private.sign_in_refusal(' MEMBER ', '198.51.100.7') from generate_series(1, 2);
select results_eq(
  $$ select request_count from public.activity_logs where anomaly_reason = 'failed_sign_ins' $$,
  $$ values (3) $$,
  'each attempt the lock refuses in that minute counts on the same row'
);
select is_empty(
  $$ select from private.sign_in_refusal('other_member', '198.51.100.8') $$,
  'an attempt nothing refuses'
);
select is(
  (select count(*)::integer from public.activity_logs where anomaly_reason = 'failed_sign_ins'), 1,
  'records nothing'
);

select private.record_sign_in_failure('ghost-' || n || '@nowhere.test', '203.0.113.9') from generate_series(1, 5) as n;
select private.record_sign_in_failure('ghost@nowhere.test', '203.0.113.9') from generate_series(1, 5);
select results_eq(
  $$ select user_id, ip_address, request_count from public.activity_logs
     where anomaly_reason = 'failed_sign_ins' and ip_address = '203.0.113.9' $$,
  $$ values (null::uuid, '203.0.113.9'::inet, 1) $$,
  'a lock of an identifier no account has names no account (and never the identifier)'
);
update public.admin_settings set setting_value = '3' where setting_key = 'rate_limit_sign_in_failures_per_network_per_minute';
select private.record_sign_in_failure('guess-' || n, '2001:db8:7:7::' || n) from generate_series(1, 3) as n;
select results_eq(
  $$ select user_id, ip_address from public.activity_logs
     where anomaly_reason = 'failed_sign_ins' and family(ip_address) = 6 $$,
  $$ values (null::uuid, '2001:db8:7:7::3'::inet) $$,
  'a network''s lock names no account'
);

-- Act 5: many anonymous sessions from one network ---------------------------------------------------------------------

update public.admin_settings set setting_value = '3' where setting_key = 'anomaly_sessions_per_hour';
select private.open_anonymous_session(format('session-%s-aaaaaaaaaaa', n), ('2001:db8:5:5::' || n)::inet, 'Bot')
from generate_series(1, 3) as n;
select is_empty(
  $$ select from public.activity_logs where anomaly_reason = 'many_sessions' $$,
  'sessions up to the hourly setting record nothing'
);
select private.open_anonymous_session(format('session-%s-aaaaaaaaaaa', n), ('2001:db8:5:5::' || n)::inet, 'Bot')
from generate_series(4, 6) as n;
select private.open_anonymous_session('session-1-aaaaaaaaaaa', '2001:db8:5:5::1', 'Bot');
select results_eq(
  $$ select user_id, ip_address, endpoint, request_count from public.activity_logs
     where anomaly_reason = 'many_sessions' $$,
  $$ values (null::uuid, '2001:db8:5:5::/64'::inet, 'anonymous_session', 3) $$,
  'each new session past it is counted on one row for the network (an IPv6 /64); a returning session is not new'
);
select private.count_anonymous_validation('session-9-aaaaaaaaaaa', '192.0.2.200', 'Bot', 100);
select is_empty(
  $$ select from public.activity_logs where anomaly_reason = 'many_sessions' and ip_address = '192.0.2.200' $$,
  'another network has its own count'
);

-- Act 6: the security tab's pages -------------------------------------------------------------------------------------

select * from tests.assert_admin_only($$ select * from private.admin_activity(null, 10, false) $$,
  users => array['member'], admin => 'site_admin');

select tests.authenticate_as('site_admin');
select results_eq(
  $$ select endpoint, user_email from private.admin_activity(null, 2, false) $$,
  $$ select endpoint, p.email from public.activity_logs as l left join public.profiles as p on p.id = l.user_id
     order by l.id desc limit 2 $$,
  'the first page is the newest rows, with the user''s email'
);
select results_eq(
  $$ select id from private.admin_activity((select min(id) from private.admin_activity(null, 2, false)), 200, false) $$,
  $$ select id from public.activity_logs order by id desc offset 2 $$,
  'the next page starts after the last row of the one before'
);
select results_eq(
  $$ select id from private.admin_activity(null, 200, true) $$,
  $$ select id from public.activity_logs where is_anomalous order by id desc $$,
  'anomalies only, on request'
);
reset role;

-- Act 7: 90 days ----------------------------------------------------------------------------------------------------------

update public.activity_logs set created_at = now() - interval '91 days' where endpoint = 'throttle';
select is(private.prune_activity_logs(), 1, 'rows older than 90 days are pruned');
select is_empty($$ select from public.activity_logs where endpoint = 'throttle' $$, 'and gone');
select results_eq(
  $$ select schedule, command from cron.job where jobname = 'activity-logs-retention' $$,
  $$ values ('29 3 * * *'::text, 'select private.prune_activity_logs()'::text) $$,
  'pg_cron prunes daily'
);

select * from finish();
rollback;
