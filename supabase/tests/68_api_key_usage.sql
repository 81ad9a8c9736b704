-- API key usage: who reads the per-day usage, that the per-call log is out of every API role's reach, that a call is
-- logged by the api's role only, and that the once-a-minute fold sums the log into the days and the keys' counters
-- (usage_count and last_used_at move only by it) and deletes what it summed.
begin;
select plan(43);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

create temporary table made (name text primary key, id uuid) on commit drop;
grant all on table made to anon, authenticated, service_role;
select tests.authenticate_as('owner');
insert into made select 'main', k.id from private.create_api_key('Main') as k;
insert into made select 'spare', k.id from private.create_api_key('Spare') as k;
reset role;
select tests.authenticate_as('stranger');
insert into made select 'stranger', k.id from private.create_api_key('Theirs') as k;
reset role;

insert into public.api_key_usage (key_id, user_id, day, requests, emails, errors)
values ((select id from made where name = 'main'), tests.get_user_id('owner'), '2026-01-01', 5, 40, 1);

-- Access ------------------------------------------------------------------------------------------------------------

select * from tests.assert_access('public.api_key_usage', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['owner',        'all',     'denied',  'denied',  'denied'],
  ['stranger',     'none',    'denied',  'denied',  'denied'],
  ['site_admin',   'all',     'denied',  'denied',  'denied'],
  ['service_role', 'all',     'denied',  'denied',  'denied']
],
rows_where => $$ user_id = tests.get_user_id('owner') $$,
insert_sql => $$ insert into public.api_key_usage (key_id, user_id, day)
                 values ((select id from made where name = 'main'), tests.get_user_id('owner'), '2026-01-02') $$,
update_set => $$ requests = 0 $$);

select tests.clear_authentication();
select throws_ok($$ select from private.api_key_calls $$, '42501', null, 'a visitor cannot read the call log');
reset role;
select tests.authenticate_as('owner');
select throws_ok($$ select from private.api_key_calls $$, '42501', 'permission denied for table api_key_calls',
  'nor a signed-in user');
select throws_ok(format('select private.record_api_key_call(%L, 1, 200)', (select id from made where name = 'main')),
  '42501', null, 'who may not log a call either');
select throws_ok($$ select private.fold_api_key_calls() $$, '42501', null, 'nor fold the log');
reset role;
select tests.authenticate_as_service_role();
select throws_ok($$ select from private.api_key_calls $$, '42501', 'permission denied for table api_key_calls',
  'the service role does not read the log');
select throws_ok($$ insert into private.api_key_calls (key_id, user_id, status) values (gen_random_uuid(), gen_random_uuid(), 200) $$,
  '42501', 'permission denied for table api_key_calls', 'nor write it but through record_api_key_call');

-- Logging calls -----------------------------------------------------------------------------------------------------

select lives_ok(format('select private.record_api_key_call(%L, 1, 200)', (select id from made where name = 'main')),
  'the service role logs a call');
select private.record_api_key_call((select id from made where name = 'main'), 250, 200);
select private.record_api_key_call((select id from made where name = 'main'), 0, 429);
select private.record_api_key_call((select id from made where name = 'main'), null, 401);
select private.record_api_key_call((select id from made where name = 'spare'), 3, 500);
select private.record_api_key_call((select id from made where name = 'stranger'), 1, 200);
select private.record_api_key_call(gen_random_uuid(), 1, 200);
reset role;

select results_eq(
  $$ select key_id, user_id, emails, status, called_at from private.api_key_calls order by id $$,
  $$ select * from (values
       ((select id from made where name = 'main'), tests.get_user_id('owner'), 1, 200::smallint, now()),
       ((select id from made where name = 'main'), tests.get_user_id('owner'), 250, 200::smallint, now()),
       ((select id from made where name = 'main'), tests.get_user_id('owner'), 0, 429::smallint, now()),
       ((select id from made where name = 'main'), tests.get_user_id('owner'), 0, 401::smallint, now()),
       ((select id from made where name = 'spare'), tests.get_user_id('owner'), 3, 500::smallint, now()),
       ((select id from made where name = 'stranger'), tests.get_user_id('stranger'), 1, 200::smallint, now())
     ) as calls(key_id, user_id, emails, status, called_at) $$,
  'each call is one row with the key''s owner; no emails counts 0, an unknown key logs nothing'
);
select results_eq(
  $$ select sum(usage_count)::integer, count(last_used_at)::integer from public.api_keys $$,
  $$ values (0, 0) $$,
  'logging a call leaves the keys'' rows alone'
);
select throws_ok(
  format('select private.record_api_key_call(%L, -1, 200)', (select id from made where name = 'main')),
  '23514', null, 'a negative number of emails is refused'
);
select throws_ok(
  format('select private.record_api_key_call(%L, 1, 99)', (select id from made where name = 'main')),
  '23514', null, 'as is a status that is not HTTP''s'
);

-- A call logged just before midnight UTC yesterday, and one long ago on a day that already has usage.
insert into private.api_key_calls (key_id, user_id, called_at, emails, status)
values ((select id from made where name = 'main'), tests.get_user_id('owner'),
        (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') - interval '1 second', 7, 200),
       ((select id from made where name = 'main'), tests.get_user_id('owner'), '2026-01-01 12:00+00', 10, 404);

-- Folding -------------------------------------------------------------------------------------------------------------

-- The keys' updated_at set back (triggers off for that), to see whether the fold moves it.
set local session_replication_role = replica;
update public.api_keys set updated_at = '2026-01-01 00:00+00';
set local session_replication_role = origin;

select tests.authenticate_as_service_role();
select lives_ok($$ select private.fold_api_key_calls() $$, 'the service role (and pg_cron) folds the log');
reset role;

select is_empty($$ select from private.api_key_calls $$, 'the fold deletes what it summed');
select results_eq(
  $$ select m.name, u.day, u.requests, u.emails, u.errors, u.user_id
     from public.api_key_usage as u join made as m on m.id = u.key_id order by m.name, u.day $$,
  $$ select * from (values
       ('main', '2026-01-01'::date, 6, 50, 2, tests.get_user_id('owner')),
       ('main', (now() at time zone 'UTC')::date - 1, 1, 7, 0, tests.get_user_id('owner')),
       ('main', (now() at time zone 'UTC')::date, 4, 251, 2, tests.get_user_id('owner')),
       ('spare', (now() at time zone 'UTC')::date, 1, 3, 1, tests.get_user_id('owner')),
       ('stranger', (now() at time zone 'UTC')::date, 1, 1, 0, tests.get_user_id('stranger'))
     ) as usage(name, day, requests, emails, errors, user_id) $$,
  'calls are summed per key and UTC day (errors: 400 and over), added to a day already counted'
);
select results_eq(
  $$ select m.name, k.usage_count, k.last_used_at from public.api_keys as k join made as m on m.id = k.id order by m.name $$,
  $$ values ('main', 6::bigint, now()), ('spare', 1::bigint, now()), ('stranger', 1::bigint, now()) $$,
  'and counted on each key, with its latest call'
);
select is_empty($$ select from public.api_keys where updated_at <> '2026-01-01 00:00+00' $$,
  'the fold leaves updated_at alone: it is not an edit of the key');

select private.fold_api_key_calls();
select results_eq(
  $$ select (select sum(requests) from public.api_key_usage)::integer, (select sum(usage_count) from public.api_keys)::integer $$,
  $$ values (13, 8) $$,
  'a fold with nothing logged changes nothing'
);

update public.api_keys set last_used_at = now() + interval '1 hour' where id = (select id from made where name = 'spare');
insert into private.api_key_calls (key_id, user_id, emails, status)
values ((select id from made where name = 'spare'), tests.get_user_id('owner'), 0, 200);
select private.fold_api_key_calls();
select results_eq(
  $$ select usage_count, last_used_at from public.api_keys where id = (select id from made where name = 'spare') $$,
  $$ values (2::bigint, now() + interval '1 hour') $$,
  'last_used_at never moves back'
);

select tests.authenticate_as('owner');
select results_eq(
  $$ select sum(requests)::integer from public.api_key_usage $$, $$ values (13) $$,
  'the owner reads their keys'' days only'
);
select results_eq(
  $$ select key_name, usage_count from public.api_keys order by key_name $$,
  $$ values ('Main', 6::bigint), ('Spare', 2::bigint) $$,
  'and the folded counts on their keys'
);
reset role;
select tests.authenticate_as('site_admin');
select results_eq($$ select sum(requests)::integer from public.api_key_usage $$, $$ values (14) $$,
  'an admin reads every key''s days');
reset role;

delete from public.api_keys where id = (select id from made where name = 'stranger');
select is_empty($$ select from public.api_key_usage where user_id = tests.get_user_id('stranger') $$,
  'a key''s usage goes with it');

select results_eq(
  $$ select schedule, command from cron.job where jobname = 'api-key-usage-fold' $$,
  $$ values ('* * * * *', 'select private.fold_api_key_calls()') $$,
  'pg_cron folds the log every minute'
);

select * from finish();
rollback;
