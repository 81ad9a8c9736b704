-- User activity: a validation, an admitted exploration or a sign-in makes a user active on that UTC day and moves
-- profiles.last_activity_at forward (at most once a minute, never waiting for a lock); the distinct count over a
-- window counts each user once, keeps its answer for days before today and forgets it when those days change.
-- No API role reaches the tables.
begin;
select plan(40);

create extension if not exists dblink with schema extensions;

select tests.create_user('validator');
select tests.create_user('explorer');
select tests.create_user('signer');
select tests.create_user('idle');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

select private.utc_day(now()) as today \gset

create function pg_temp.active_days(who text) returns setof date language sql as $$
  select day from private.user_active_days where user_id = tests.get_user_id(who) order by day
$$;
create function pg_temp.last_activity(who text) returns timestamptz language sql as $$
  select last_activity_at from public.profiles where id = tests.get_user_id(who)
$$;

-- Act 1: no API role reaches the tables or the helpers ------------------------------------------------------------

select tests.clear_authentication();
select throws_ok('select * from private.user_active_days', '42501', null, 'anon cannot read active days');
select throws_ok('select * from private.active_user_counts', '42501', null, 'anon cannot read the kept counts');
select tests.authenticate_as('validator');
select throws_ok('select * from private.user_active_days', '42501', null, 'a user cannot read active days');
select throws_ok(
  format($$ insert into private.user_active_days values (%L, current_date) $$, tests.get_user_id('validator')),
  '42501', null, 'a user cannot make themselves active');
select throws_ok('select * from private.active_user_counts', '42501', null, 'a user cannot read the kept counts');
select throws_ok(
  format($$ select private.record_user_activity(array[row(%L, now())::private.user_activity]) $$, tests.get_user_id('validator')),
  '42501', null, 'a user cannot record activity');
select throws_ok($$ select private.active_users_between(current_date, current_date + 1) $$, '42501', null,
  'a user cannot count active users');
select tests.authenticate_as('site_admin');
select throws_ok('select * from private.user_active_days', '42501', null,
  'an admin reads activity only through the figures');
select throws_ok('delete from private.active_user_counts', '42501', null, 'an admin cannot change the kept counts');
select tests.authenticate_as_service_role();
select throws_ok('select * from private.user_active_days', '42501', null, 'the service role cannot read active days');
reset role;

-- Act 2: validations ------------------------------------------------------------------------------------------------

insert into public.validation_logs (user_id, validation_type, emails_processed)
values (tests.get_user_id('validator'), 'single', 1);
select results_eq($$ select pg_temp.active_days('validator') $$, array[:'today'::date],
  'a validation makes its user active today');
select is(pg_temp.last_activity('validator'), now(), 'and sets their last activity');
select count(*) as days_before from private.user_active_days \gset
insert into public.validation_logs (user_id, validation_type, emails_processed, session_id)
values (null, 'single', 1, 'visitor-session');
select is((select count(*) from private.user_active_days), :days_before::bigint, 'an anonymous validation makes nobody active');

insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('validator'), 'single', 1, now() + interval '30 seconds');
select is(pg_temp.last_activity('validator'), now(), 'activity within a minute leaves the last activity as it was');
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('validator'), 'bulk', 40, now() + interval '2 minutes');
select is(pg_temp.last_activity('validator'), now() + interval '2 minutes', 'a minute later it moves on');
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('validator'), 'single', 1, now() - interval '3 days');
select results_eq($$ select pg_temp.active_days('validator') $$, array[:'today'::date - 3, :'today'::date],
  'a validation logged for an earlier day makes its user active that day');
select is(pg_temp.last_activity('validator'), now() + interval '2 minutes', 'but never moves the last activity back');
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
select tests.get_user_id('validator'), 'single', 1, now() - make_interval(days => 3, secs => n) from generate_series(1, 5) as n;
select results_eq($$ select pg_temp.active_days('validator') $$, array[:'today'::date - 3, :'today'::date],
  'one row per user and day, however much they did');

-- Act 3: explorations, as the api admits them ------------------------------------------------------------------------

select lives_ok(format($$ select private.admit_user_request(%L, 'exploration') $$, tests.get_user_id('explorer')),
  'the api admits an exploration');
select results_eq($$ select pg_temp.active_days('explorer') $$, array[:'today'::date],
  'an admitted exploration makes its user active today');
select is(pg_temp.last_activity('explorer'), now(), 'and sets their last activity');
select is((private.admit_user_request(tests.get_user_id('idle'), 'validation')).allowed, true,
  'a validation''s admission is admitted');
insert into public.admin_settings (setting_key, setting_value) values ('rate_limit_explorations_per_minute', '0')
on conflict (setting_key) do update set setting_value = excluded.setting_value;
select is((private.admit_user_request(tests.get_user_id('idle'), 'exploration')).allowed, false,
  'an exploration past the limit is refused');
select is_empty($$ select pg_temp.active_days('idle') $$,
  'neither makes anyone active: a validation counts by its log, a refused exploration not at all');
select is(pg_temp.last_activity('idle'), null, 'and the last activity stays unset');

-- Act 4: sign-ins --------------------------------------------------------------------------------------------------

update auth.users set raw_user_meta_data = raw_user_meta_data || '{"theme": "dark"}' where id = tests.get_user_id('signer');
select is_empty($$ select pg_temp.active_days('signer') $$, 'a change to the auth user that is not a sign-in is nothing');
update auth.users set last_sign_in_at = now() - interval '1 day' where id = tests.get_user_id('signer');
select results_eq($$ select pg_temp.active_days('signer') $$, array[:'today'::date - 1],
  'a sign-in makes its user active on its day');
select is(pg_temp.last_activity('signer'), now() - interval '1 day', 'and sets their last activity');

-- Act 5: counting distinct users ------------------------------------------------------------------------------------

create function pg_temp.counted(p_from date, p_to date) returns bigint language sql as $$
  select count(distinct user_id) from private.user_active_days where day >= p_from and day < p_to
$$;
select is(private.active_users_between(:'today'::date - 3, :'today'::date + 1), pg_temp.counted(:'today'::date - 3, :'today'::date + 1),
  'a window reaching today counts each user once, by their last active day: the validator once');
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('explorer'), 'single', 1, now() - interval '2 days'), (tests.get_user_id('explorer'), 'single', 1, now() + interval '3 days');
select is(private.active_users_between(:'today'::date - 3, :'today'::date + 1), pg_temp.counted(:'today'::date - 3, :'today'::date + 1),
  'a user whose last active day lies after the window still counts when active in it');
select is(private.active_users_between(:'today'::date + 10, :'today'::date + 17), 0::bigint, 'the future has nobody');
select is(private.active_users_between(:'today'::date - 10, :'today'::date), pg_temp.counted(:'today'::date - 10, :'today'::date),
  'a window of past days counts its rows');
select is(private.active_users_between(:'today'::date - 60, :'today'::date), pg_temp.counted(:'today'::date - 60, :'today'::date),
  'a window of more than a month of past days counts the same, user by user');
select isnt_empty(
  format($$ select from private.active_user_counts where from_day = %L and to_day = %L $$,
         :'today'::date - 10, :'today'::date),
  'the count of a window of past days is kept'
);
select is(private.active_users_between(:'today'::date - 10, :'today'::date), pg_temp.counted(:'today'::date - 10, :'today'::date),
  'and answered again the same');
delete from auth.users where id = tests.get_user_id('signer');
select is_empty(
  format($$ select from private.active_user_counts where from_day = %L and to_day = %L $$,
         :'today'::date - 10, :'today'::date),
  'a deleted account takes its active days with it and the kept counts holding them are forgotten'
);
select is(private.active_users_between(:'today'::date - 10, :'today'::date), pg_temp.counted(:'today'::date - 10, :'today'::date),
  'the window counts one user fewer');

-- Act 6: the last activity never waits for a lock -------------------------------------------------------------------
-- pgTAP runs in one session: the recording runs in another (dblink), committed, while this session holds the profile
-- the way a concurrent update of it does. A wait would end in the other session's statement timeout and fail here.

select format('host=127.0.0.1 port=%s dbname=%s user=postgres password=postgres',
  current_setting('port'), current_database()) as conninfo \gset
select dblink_connect('other', :'conninfo');
select dblink_exec('other', 'set statement_timeout = ''5s''');
select dblink_exec('other', $$ delete from auth.users where raw_app_meta_data ->> 'test_user' = 'busy_user' $$);
select t.id as busy_id from dblink('other', $$ select tests.create_user('busy_user') $$) as t (id uuid) \gset

-- A statement's first column, as text, run on the other session.
create function pg_temp.on(conn text, statement text) returns text language sql as $$
  select t.value from dblink(conn, statement) as t (value text) limit 1
$$;
select format($$ select private.record_user_activity(array[row(%L, now())::private.user_activity])::text $$, :'busy_id')
  as record_busy \gset

savepoint holding;
update public.profiles set requests_this_minute = requests_this_minute + 1 where id = :'busy_id';
select lives_ok(format('select pg_temp.on(%L, %L)', 'other', :'record_busy'),
  'activity is recorded while another transaction holds the profile, without waiting');
select is(
  pg_temp.on('other', format($$ select (last_activity_at is null)::text || ' ' || (select count(*) from
    private.user_active_days where user_id = %1$L)::text from public.profiles where id = %1$L $$, :'busy_id')),
  'true 1',
  'the held profile''s last activity is skipped; the active day is recorded'
);
rollback to savepoint holding;
select pg_temp.on('other', :'record_busy');
select is(
  pg_temp.on('other', format($$ select (last_activity_at is not null)::text from public.profiles where id = %L $$, :'busy_id')),
  'true',
  'once the profile is free, the next activity sets it'
);

select dblink_exec('other', format($$ delete from auth.users where id = %L $$, :'busy_id'));
select dblink_disconnect('other');

select * from finish();
rollback;
