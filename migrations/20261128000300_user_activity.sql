-- User activity: which days each user was active, for the dashboard's active users, and profiles.last_activity_at.
--
-- A user is active on a UTC day when they validate (a validation log with their id: single, bulk or API), explore a
-- domain (the api's admission of an exploration, next migration) or sign in (Auth sets auth.users.last_sign_in_at).
-- One row per user and day, whatever they did and how often.
--
-- Active users over a window is a distinct count, which over a year of days means reading millions of rows. Two
-- things keep it fast:
--   - a window that reaches today (the dashboard's last 7 days, month to date, ...) needs no distinct count: a user
--     was active in [from, today] exactly when their last active day is on or after from, and
--     private.user_last_active_days keeps that day per user (one row each, indexed by day);
--   - days before today no longer change (but for the rare late or backdated row, which forgets the cached answers
--     it touches), so a window of past days is counted once and kept in private.active_user_counts. Cache rows are
--     tiny and the dashboard asks a few new windows a day, so they are not pruned.
--
-- The same recording keeps profiles.last_activity_at: at most once a minute per user, and never waiting for a lock,
-- since it rides along with the user's request: when another transaction holds the profile, this one skips it.
--
-- Nobody reaches these tables through the API; the admin figure functions read them with definer rights.

-- Types -----------------------------------------------------------------------------------------------------------

create type private.user_activity as (
  user_id uuid,
  at timestamptz
);
comment on type private.user_activity is 'A user was active at this moment.';

-- Tables ----------------------------------------------------------------------------------------------------------

create table private.user_active_days (
  user_id uuid not null references public.profiles (id) on delete cascade,
  day date not null,
  primary key (user_id, day)
);

comment on table private.user_active_days is
  'The UTC days on which each user validated, explored or signed in; gone with the user.';

-- Distinct users over a range of days reads this index only.
create index user_active_days_day_user_id_idx on private.user_active_days (day, user_id);

create table private.user_last_active_days (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  day date not null
);

comment on table private.user_last_active_days is
  'Each user''s latest active day: who was active in a window reaching today, without a distinct count.';

create index user_last_active_days_day_idx on private.user_last_active_days (day);

create table private.active_user_counts (
  from_day date not null,
  to_day date not null,
  users bigint not null constraint active_user_counts_users_not_negative check (users >= 0),
  primary key (from_day, to_day),
  constraint active_user_counts_range check (from_day < to_day)
);

comment on table private.active_user_counts is
  'Distinct active users in [from_day, to_day), for ranges that end before today; a row goes when activity is '
  'recorded on or removed from one of its days.';

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table private.user_active_days from public, anon, authenticated, service_role;
revoke all on table private.user_last_active_days from public, anon, authenticated, service_role;
revoke all on table private.active_user_counts from public, anon, authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table private.user_active_days enable row level security;
alter table private.user_last_active_days enable row level security;
alter table private.active_user_counts enable row level security;

-- Helpers ---------------------------------------------------------------------------------------------------------

-- Cached counts are filled under this lock shared and forgotten under it exclusive: a count computed while a late row
-- was being recorded is then either computed after that row's commit or forgotten after its own.
create or replace function private.active_user_counts_lock_key()
returns bigint
language sql
immutable
set search_path = ''
as $$
  select 7301561020261128
$$;
comment on function private.active_user_counts_lock_key() is
  'The advisory lock that orders filling active_user_counts against forgetting its rows.';
revoke execute on function private.active_user_counts_lock_key() from public;

-- Records each user's day (if their profile exists; and their last active day) and moves last_activity_at forward to the latest moment, when it
-- is more than a minute behind and no other transaction holds the profile. The profile is locked for no key update,
-- which lets other transactions' foreign keys to it (this function's own inserts among them) through.
create or replace function private.record_user_activity(p_activity private.user_activity[])
returns void
language sql
set search_path = ''
as $$
  with added as (
    insert into private.user_active_days (user_id, day)
    select distinct a.user_id, private.utc_day(a.at)
    from pg_catalog.unnest(p_activity) as a
    where exists (select from public.profiles as p where p.id = a.user_id)
      and not exists (
        select from private.user_active_days as d where d.user_id = a.user_id and d.day = private.utc_day(a.at)
      )
    order by 1, 2
    on conflict do nothing
    returning user_id, day
  )
  insert into private.user_last_active_days as l (user_id, day)
  select a.user_id, pg_catalog.max(a.day) from added as a group by a.user_id order by a.user_id
  on conflict (user_id) do update set day = excluded.day where l.day < excluded.day;

  with latest as (
    select a.user_id, pg_catalog.max(a.at) as at
    from pg_catalog.unnest(p_activity) as a
    group by a.user_id
  ),
  behind as (
    select p.id, l.at
    from public.profiles as p
    join latest as l on l.user_id = p.id
    where p.last_activity_at is null or p.last_activity_at < l.at - interval '1 minute'
    order by p.id
    for no key update of p skip locked
  )
  update public.profiles as p
  set last_activity_at = b.at
  from behind as b
  where p.id = b.id;
$$;
comment on function private.record_user_activity(private.user_activity[]) is
  'Records users'' active days and moves their last_activity_at forward (at most once a minute, skipping a profile '
  'another transaction holds).';
revoke execute on function private.record_user_activity(private.user_activity[]) from public;

-- Distinct users active in [p_from, p_to).
create or replace function private.active_users_between(p_from date, p_to date)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  today constant date := private.utc_day(pg_catalog.now());
  users bigint;
begin
  if p_from >= p_to then
    return 0;
  end if;
  if p_to > today then
    -- Reaching today: users whose last active day is in the window, and (for a window ending before some
    -- forward-dated activity) those whose last day is later but who were active in the window too.
    select pg_catalog.count(*) into users
    from private.user_last_active_days as l
    where l.day >= p_from
      and (l.day < p_to or (
        select d.day from private.user_active_days as d
        where d.user_id = l.user_id and d.day >= p_from and d.day < p_to limit 1
      ) is not null);
    return users;
  end if;

  perform pg_catalog.pg_advisory_xact_lock_shared(private.active_user_counts_lock_key());
  select c.users into users from private.active_user_counts as c where c.from_day = p_from and c.to_day = p_to;
  if found then
    return users;
  end if;
  if p_to - p_from <= 31 then
    -- A few weeks of days: their rows, grouped by user.
    select pg_catalog.count(*) into users
    from (select d.user_id from private.user_active_days as d where d.day >= p_from and d.day < p_to group by 1) as u;
  else
    -- Longer: one index probe per user active since p_from reads far fewer rows than the months of days.
    select pg_catalog.count(*) into users
    from private.user_last_active_days as l
    where l.day >= p_from
      and (
        select d.day from private.user_active_days as d
        where d.user_id = l.user_id and d.day >= p_from and d.day < p_to limit 1
      ) is not null;
  end if;
  insert into private.active_user_counts (from_day, to_day, users) values (p_from, p_to, users)
  on conflict do nothing;
  return users;
end;
$$;
comment on function private.active_users_between(date, date) is
  'Distinct users active in [p_from, p_to): from each user''s last active day when the window reaches today, else '
  'counted once and kept.';
revoke execute on function private.active_users_between(date, date) from public;

-- Trigger functions -----------------------------------------------------------------------------------------------
-- Security definer: the statements that fire them run as API roles or as Auth, which may not write these tables.

create or replace function private.forget_active_user_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select from changed_rows as r where r.day < private.utc_day(pg_catalog.now())) then
    perform pg_catalog.pg_advisory_xact_lock(private.active_user_counts_lock_key());
    delete from private.active_user_counts as c
    where exists (select from changed_rows as r where r.day >= c.from_day and r.day < c.to_day);
  end if;
  return null;
end;
$$;
comment on function private.forget_active_user_counts() is
  'Statement trigger on user_active_days: forgets the cached counts of ranges holding a day recorded or removed late.';
revoke execute on function private.forget_active_user_counts() from public;

-- A validation log with a user: the user was active on its day.
create or replace function private.record_validation_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.record_user_activity(array(
    select row(n.user_id, pg_catalog.max(n.created_at))::private.user_activity
    from new_rows as n
    where n.user_id is not null
    group by n.user_id, private.utc_day(n.created_at)
  ));
  return null;
end;
$$;
comment on function private.record_validation_activity() is
  'Statement trigger on validation_logs: their users were active on the logs'' days.';
revoke execute on function private.record_validation_activity() from public;

-- A sign-in: Auth sets last_sign_in_at.
create or replace function private.record_sign_in_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.record_user_activity(array[row(new.id, new.last_sign_in_at)::private.user_activity]);
  return null;
end;
$$;
comment on function private.record_sign_in_activity() is
  'Trigger on auth.users: a sign-in makes the user active. Definer: Auth''s role cannot write these tables.';
revoke execute on function private.record_sign_in_activity() from public;

-- Triggers --------------------------------------------------------------------------------------------------------

create trigger user_active_days_forget_counts_insert
  after insert on private.user_active_days referencing new table as changed_rows
  for each statement execute function private.forget_active_user_counts();
create trigger user_active_days_forget_counts_delete
  after delete on private.user_active_days referencing old table as changed_rows
  for each statement execute function private.forget_active_user_counts();

create trigger validation_logs_record_activity
  after insert on public.validation_logs referencing new table as new_rows
  for each statement execute function private.record_validation_activity();

create trigger on_auth_user_signed_in
  after update of last_sign_in_at on auth.users
  for each row
  when (new.last_sign_in_at is distinct from old.last_sign_in_at and new.last_sign_in_at is not null)
  execute function private.record_sign_in_activity();

-- Backfill --------------------------------------------------------------------------------------------------------
-- The activity already on record: validations and each user's last sign-in.

insert into private.user_active_days (user_id, day)
select v.user_id, private.utc_day(v.created_at) from public.validation_logs as v where v.user_id is not null
union
select u.id, private.utc_day(u.last_sign_in_at)
from auth.users as u
join public.profiles as p on p.id = u.id
where u.last_sign_in_at is not null;

insert into private.user_last_active_days (user_id, day)
select d.user_id, pg_catalog.max(d.day) from private.user_active_days as d group by d.user_id;
