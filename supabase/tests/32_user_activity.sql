-- User activity: a validation, an admitted exploration or a sign-in makes a user active on that UTC day (a bit in the
-- user's bitmap of days) and moves profiles.last_activity_at forward (at most once a minute, never waiting for a
-- lock); the count over a window counts each user once, as counting the rows themselves does, for windows reaching
-- today and windows long past. Recording never waits for another recording of the same user: its days wait in the
-- pending table, count from there, and are folded in by a later recording. No API role reaches the tables.
begin;
select plan(54);

create extension if not exists dblink with schema extensions;

select tests.create_user('validator');
select tests.create_user('explorer');
select tests.create_user('signer');
select tests.create_user('idle');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

select private.utc_day(now()) as today \gset

-- A user's active days, read bit by bit from their bitmap, and any pending ones.
create function pg_temp.days_of(p_user_id uuid) returns setof date language sql as $$
  select b.first_day + (i - 1) from private.user_activity_bitmaps as b, generate_series(1, length(b.days)) as i
  where b.user_id = p_user_id and substring(b.days, i, 1) = B'1'
  union
  select p.day from private.user_activity_pending as p where p.user_id = p_user_id
  order by 1
$$;
create function pg_temp.active_days(who text) returns setof date language sql as $$
  select pg_temp.days_of(tests.get_user_id(who))
$$;
create function pg_temp.bitmap(who text) returns text language sql as $$
  select first_day || ' ' || days::text from private.user_activity_bitmaps where user_id = tests.get_user_id(who)
$$;
create function pg_temp.last_activity(who text) returns timestamptz language sql as $$
  select last_activity_at from public.profiles where id = tests.get_user_id(who)
$$;
-- The explorations the api admitted: they leave no row of their own.
create temporary table explorations (user_id uuid, day date);

-- Act 1: no API role reaches the tables or the helpers ------------------------------------------------------------

select tests.clear_authentication();
select throws_ok('select * from private.user_activity_bitmaps', '42501', null, 'anon cannot read active days');
select throws_ok('select * from private.user_activity_pending', '42501', null, 'anon cannot read pending days');
select tests.authenticate_as('validator');
select throws_ok('select * from private.user_activity_bitmaps', '42501', null, 'a user cannot read active days');
select throws_ok(
  format($$ insert into private.user_activity_bitmaps values (%L, current_date, B'1') $$, tests.get_user_id('validator')),
  '42501', null, 'a user cannot make themselves active');
select throws_ok(
  format($$ insert into private.user_activity_pending values (%L, current_date) $$, tests.get_user_id('validator')),
  '42501', null, 'nor through the pending days');
select throws_ok(
  format($$ select private.record_user_activity(array[row(%L, now())::private.user_activity]) $$, tests.get_user_id('validator')),
  '42501', null, 'a user cannot record activity');
select throws_ok($$ select private.active_users_between(current_date, current_date + 1) $$, '42501', null,
  'a user cannot count active users');
select tests.authenticate_as('site_admin');
select throws_ok('select * from private.user_activity_bitmaps', '42501', null,
  'an admin reads activity only through the figures');
select throws_ok('delete from private.user_activity_bitmaps', '42501', null, 'an admin cannot change active days');
select tests.authenticate_as_service_role();
select throws_ok('select * from private.user_activity_bitmaps', '42501', null, 'the service role cannot read active days');
reset role;

-- Act 2: validations ------------------------------------------------------------------------------------------------

insert into public.validation_logs (user_id, validation_type, emails_processed)
values (tests.get_user_id('validator'), 'single', 1);
select results_eq($$ select pg_temp.active_days('validator') $$, array[:'today'::date],
  'a validation makes its user active today');
select is(pg_temp.bitmap('validator'), :'today' || ' 1', 'one bit, from today');
select is(pg_temp.last_activity('validator'), now(), 'and sets their last activity');
select sum(bit_count(days)) as days_before from private.user_activity_bitmaps \gset
insert into public.validation_logs (user_id, validation_type, emails_processed, session_id)
values (null, 'single', 1, 'visitor-session');
select is((select sum(bit_count(days)) from private.user_activity_bitmaps), :days_before::numeric,
  'an anonymous validation makes nobody active');

insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('validator'), 'single', 1, now() + interval '30 seconds');
select is(pg_temp.last_activity('validator'), now(), 'activity within a minute leaves the last activity as it was');
select is(pg_temp.bitmap('validator'), :'today' || ' 1', 'a day recorded twice is one bit');
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('validator'), 'bulk', 40, now() + interval '2 minutes');
select is(pg_temp.last_activity('validator'), now() + interval '2 minutes', 'a minute later it moves on');
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('validator'), 'single', 1, now() - interval '3 days');
select results_eq($$ select pg_temp.active_days('validator') $$, array[:'today'::date - 3, :'today'::date],
  'a validation logged for an earlier day makes its user active that day');
select is(pg_temp.bitmap('validator'), (:'today'::date - 3) || ' 1001',
  'a day before the first moves the bitmap''s first day back');
select is(pg_temp.last_activity('validator'), now() + interval '2 minutes', 'but never moves the last activity back');
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
select tests.get_user_id('validator'), 'single', 1, now() - make_interval(days => 3, secs => n) from generate_series(1, 5) as n;
select results_eq($$ select pg_temp.active_days('validator') $$, array[:'today'::date - 3, :'today'::date],
  'one bit per user and day, however much they did');

-- Act 3: explorations, as the api admits them ------------------------------------------------------------------------

select lives_ok(format($$ select private.admit_user_request(%L, 'exploration') $$, tests.get_user_id('explorer')),
  'the api admits an exploration');
insert into explorations values (tests.get_user_id('explorer'), :'today');
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

-- Act 5: counting users ---------------------------------------------------------------------------------------------

-- What counting the rows answers: users with a validation, a sign-in or an admitted exploration in the window.
create function pg_temp.counted(p_from date, p_to date) returns bigint language sql as $$
  select count(distinct a.user_id) from (
    select v.user_id, private.utc_day(v.created_at) as day from public.validation_logs as v
    union all
    select u.id, private.utc_day(u.last_sign_in_at) from auth.users as u
    union all
    select e.user_id, e.day from explorations as e
  ) as a
  join public.profiles as p on p.id = a.user_id
  where a.day >= p_from and a.day < p_to
$$;
create temporary table windows (from_day date, to_day date, label text);
insert into windows values
  (:'today'::date, :'today'::date + 1, 'today'),
  (:'today'::date - 3, :'today'::date + 1, 'the last 4 days'),
  (:'today'::date - 365, :'today'::date + 1, 'the last year'),
  (:'today'::date - 1, :'today'::date, 'yesterday'),
  (:'today'::date - 10, :'today'::date, 'ten days before today'),
  (:'today'::date - 400, :'today'::date - 300, 'a hundred days long past'),
  (:'today'::date + 1, :'today'::date + 4, 'the next three days'),
  (:'today'::date + 10, :'today'::date + 17, 'a week in the future'),
  (:'today'::date - 2000, :'today'::date + 2000, 'everything');

select is(private.active_users_between(w.from_day, w.to_day), pg_temp.counted(w.from_day, w.to_day),
  'each user once: ' || w.label)
from windows as w order by w.from_day, w.to_day;

insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('explorer'), 'single', 1, now() - interval '2 days'),
  (tests.get_user_id('explorer'), 'single', 1, now() + interval '3 days'),
  (tests.get_user_id('explorer'), 'single', 1, now() + interval '400 days');
select results_eq($$ select pg_temp.active_days('explorer') $$,
  array[:'today'::date - 2, :'today'::date, :'today'::date + 3, :'today'::date + 400],
  'days before and far after the bitmap''s ends grow it');
select is(pg_temp.bitmap('explorer'), (:'today'::date - 2) || ' 101' || repeat('0', 2) || '1' || repeat('0', 396) || '1',
  'with zeros between');
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('idle'), 'single', 1, now() - interval '350 days');

select is(private.active_users_between(w.from_day, w.to_day), pg_temp.counted(w.from_day, w.to_day),
  'after days before and after: ' || w.label)
from windows as w where w.label in ('the last 4 days', 'a hundred days long past', 'the next three days', 'everything')
order by w.from_day, w.to_day;

select tests.get_user_id('signer') as signer_id \gset
delete from auth.users where id = :'signer_id';
select is_empty(format('select from private.user_activity_bitmaps where user_id = %L', :'signer_id'),
  'a deleted account takes its active days with it');
select is(private.active_users_between(:'today'::date - 10, :'today'::date), pg_temp.counted(:'today'::date - 10, :'today'::date),
  'and the window counts one user fewer');

-- Act 6: recording never waits for a lock ---------------------------------------------------------------------------
-- pgTAP runs in one session: the recording runs in another (dblink, committed), while a third holds the profile the
-- way a concurrent update of it does and records the same user's activity the way a long transaction would (this
-- session's recordings above hold their lock buckets until it ends, so it cannot play that part). A wait would end in
-- the other session's statement timeout and fail here.

select format('host=127.0.0.1 port=%s dbname=%s user=postgres password=postgres',
  current_setting('port'), current_database()) as conninfo \gset
select dblink_connect('other', :'conninfo');
select dblink_connect('holder', :'conninfo');
select dblink_exec('other', 'set statement_timeout = ''5s''');
-- The busy user's lock bucket must be one this session does not hold already (its recordings above took some, and a
-- random id lands in one of them now and then), or the other session could never take it and fold the pending days.
create function pg_temp.create_busy_user() returns uuid language plpgsql as $$
declare
  busy uuid;
begin
  for attempt in 1..64 loop
    perform dblink_exec('other', $q$ delete from auth.users where raw_app_meta_data ->> 'test_user' = 'busy_user' $q$);
    select t.id into busy from dblink('other', $q$ select tests.create_user('busy_user') $q$) as t (id uuid);
    if not exists (
      select from pg_catalog.pg_locks as l
      where l.pid = pg_catalog.pg_backend_pid() and l.locktype = 'advisory' and l.classid = 20261130
        and l.objid = (pg_catalog.hashtext(busy::text) & 127)::oid
    ) then
      return busy;
    end if;
  end loop;
  raise exception 'this session holds every lock bucket';
end;
$$;
select pg_temp.create_busy_user() as busy_id \gset

-- Records the busy user active at a moment (an SQL expression) on a session.
create function pg_temp.record_busy(conn text, p_at text) returns text language sql as $$
  select tests.on_session(conn, format($q$ select private.record_user_activity(array[row(%L, %s)::private.user_activity])::text $q$,
    current_setting('tests.busy_id'), p_at))
$$;
select set_config('tests.busy_id', :'busy_id', true);
-- What the other session sees of the busy user: last activity set?, pending days, bitmap.
select format($$ select (last_activity_at is not null)::text || ' ' ||
    (select count(*) from private.user_activity_pending where user_id = %1$L)::text || ' ' ||
    coalesce((select first_day || ' ' || days::text from private.user_activity_bitmaps where user_id = %1$L), 'none')
  from public.profiles where id = %1$L $$, :'busy_id') as busy_state \gset
create function pg_temp.counted_by_other(p_from date, p_to date) returns integer language sql as $$
  select tests.on_session('other', format('select private.active_users_between(%L, %L)::text', p_from, p_to))::integer
$$;
-- The holder starts a transaction that records the busy user five days ago and keeps it open.
create function pg_temp.hold_busy() returns text language sql as $$
  select dblink_exec('holder', 'begin');
  select pg_temp.record_busy('holder', $q$now() - interval '5 days'$q$)
$$;
select pg_temp.counted_by_other(:'today', :'today'::date + 1) as others_today \gset

select pg_temp.hold_busy();
select dblink_exec('holder',
  format('update public.profiles set requests_this_minute = requests_this_minute + 1 where id = %L', :'busy_id'));
select lives_ok($$ select pg_temp.record_busy('other', 'now()') $$,
  'activity is recorded while another transaction holds the profile and writes the user''s days, without waiting');
select is(tests.on_session('other', :'busy_state'), 'false 1 none',
  'the held profile''s last activity is skipped; the day waits in the pending table');
select is(pg_temp.counted_by_other(:'today', :'today'::date + 1), :others_today + 1,
  'and counts from there, for a user with no bitmap yet');
select dblink_exec('holder', 'rollback');
select pg_temp.record_busy('other', 'now()');
select is(tests.on_session('other', :'busy_state'), 'true 0 ' || :'today' || ' 1',
  'once the profile is free, the next activity sets it, and the pending day is folded into the bitmap');

select pg_temp.hold_busy();
select pg_temp.counted_by_other(:'today'::date - 2, :'today'::date - 1) as others_before \gset
select pg_temp.record_busy('other', $$now() - interval '2 days'$$);
select is(pg_temp.counted_by_other(:'today'::date - 2, :'today'::date - 1), :others_before + 1,
  'a pending day counts for a user whose bitmap lacks it');
select dblink_exec('holder', 'rollback');
select pg_temp.record_busy('other', 'now()');
select is(tests.on_session('other', :'busy_state'), 'true 0 ' || (:'today'::date - 2) || ' 101',
  'and is folded in by the next recording');

select dblink_exec('other', format($$ delete from auth.users where id = %L $$, :'busy_id'));
select dblink_disconnect('holder');
select dblink_disconnect('other');

select * from finish();
rollback;
