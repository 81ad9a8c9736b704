-- User activity: which days each user was active, for the dashboard's active users, and profiles.last_activity_at.
--
-- A user is active on a UTC day when they validate (a validation log with their id: single, bulk or API), explore a
-- domain (the api's admission of an exploration, next migration) or sign in (Auth sets auth.users.last_sign_in_at).
--
-- Each user has one row holding a bitmap of their active days: bit i set means active on first_day + i. Active users
-- over any window is then one scan of at most one narrow row per user (100,000 users: a few megabytes), counting the
-- rows with a bit set in the window's part of the bitmap: no distinct count over millions of (user, day) rows, and
-- no cache of past windows to keep true when late activity arrives. A year of days is 46 bytes per user.
--
-- Recording never waits for a lock a long transaction holds, since it rides along with the user's request (a
-- validation, a sign-in, an exploration):
--   - users are spread over 128 lock buckets (a hash of their id), and a user's bitmap is written only by the
--     transaction holding their bucket's advisory lock (taken with a try-lock, kept until it ends), so the row is never
--     locked by another writer when it is written. Buckets rather than a lock per user: a statement recording a
--     month of validations for 100,000 users would otherwise need 100,000 locks, past the server's lock table;
--   - when another transaction in progress holds the bucket, the days go to private.user_activity_pending instead (a
--     plain insert, which waits for nobody), the counting reads them there too, and the next recording that gets
--     the bucket folds every pending day of its users into their bitmaps.
-- Only deleting the account locks the row otherwise, and a recording for an account being deleted waits for it (as
-- any write naming that profile does).
--
-- The same recording keeps profiles.last_activity_at: at most once a minute per user, and never waiting for a lock:
-- when another transaction holds the profile, this one skips it.
--
-- Nobody reaches these tables through the API; the admin figure functions read them with definer rights.

-- Types -----------------------------------------------------------------------------------------------------------

create type private.user_activity as (
  user_id uuid,
  at timestamptz
);
comment on type private.user_activity is 'A user was active at this moment.';

-- Tables ----------------------------------------------------------------------------------------------------------

create table private.user_activity_bitmaps (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  first_day date not null,
  days bit varying not null constraint user_activity_bitmaps_days_not_empty check (pg_catalog.length(days) > 0)
);

comment on table private.user_activity_bitmaps is
  'Each user''s active UTC days (validated, explored or signed in): bit i of days is first_day + i; gone with the user.';

create table private.user_activity_pending (
  user_id uuid not null references public.profiles (id) on delete cascade,
  day date not null
);

comment on table private.user_activity_pending is
  'Active days recorded while another transaction held the user''s lock bucket; the next recording that gets the '
  'bucket folds them in. Usually empty or nearly.';

create index user_activity_pending_user_id_idx on private.user_activity_pending (user_id);

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table private.user_activity_bitmaps from public, anon, authenticated, service_role;
revoke all on table private.user_activity_pending from public, anon, authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table private.user_activity_bitmaps enable row level security;
alter table private.user_activity_pending enable row level security;

-- Helpers ---------------------------------------------------------------------------------------------------------

-- p_bits placed p_offset days into a bitmap of p_length days, zeros around it: the common frame two bitmaps are
-- OR-ed in (bit strings combine only at equal lengths).
create or replace function private.widen_day_bitmap(p_bits bit varying, p_offset integer, p_length integer)
returns bit varying
language sql
immutable
set search_path = ''
as $$
  select (pg_catalog.repeat('0', p_offset) || p_bits::text
    || pg_catalog.repeat('0', p_length - p_offset - pg_catalog.length(p_bits)))::bit varying
$$;
comment on function private.widen_day_bitmap(bit varying, integer, integer) is
  'A bitmap of days placed p_offset days into p_length days of zeros.';
revoke execute on function private.widen_day_bitmap(bit varying, integer, integer) from public;

-- Marks users active on days: days are set in each user's bitmap, which grows at its end for a later day and moves
-- its first_day back for an earlier one. Users whose lock bucket another transaction in progress holds get their
-- days in the pending table instead; the pending days of every user in a bucket this one gets are folded in. Days of
-- users without a profile (deleted, or never registered) are dropped.
create or replace function private.mark_active_days(p_activity private.user_activity[])
returns void
language sql
set search_path = ''
as $$
  with days as materialized (
    -- The bucket is written the same way in the fold below.
    select distinct a.user_id, private.utc_day(a.at) as day, pg_catalog.hashtext(a.user_id::text) & 127 as bucket
    from pg_catalog.unnest(p_activity) as a
    where exists (select from public.profiles as p where p.id = a.user_id)
  ),
  buckets as materialized (
    select b.bucket, pg_catalog.pg_try_advisory_xact_lock(20261130, b.bucket) as claimed
    from (select distinct d.bucket from days as d order by 1) as b
  ),
  deferred as (
    insert into private.user_activity_pending (user_id, day)
    select d.user_id, d.day from days as d join buckets as b on b.bucket = d.bucket where not b.claimed
  ),
  folded as (
    delete from private.user_activity_pending as p
    using buckets as b
    where b.claimed and (pg_catalog.hashtext(p.user_id::text) & 127) = b.bucket
    returning p.user_id, p.day
  ),
  claimed_days as (
    select d.user_id, d.day from days as d join buckets as b on b.bucket = d.bucket where b.claimed
    union
    select f.user_id, f.day from folded as f
  ),
  framed as (
    select c.user_id, c.day,
      pg_catalog.min(c.day) over (partition by c.user_id) as first_day,
      pg_catalog.max(c.day) over (partition by c.user_id) as last_day
    from claimed_days as c
  )
  insert into private.user_activity_bitmaps as b (user_id, first_day, days)
  select f.user_id, f.first_day,
    pg_catalog.bit_or(private.widen_day_bitmap(B'1', f.day - f.first_day, f.last_day - f.first_day + 1))
  from framed as f
  group by f.user_id, f.first_day
  order by f.user_id
  on conflict (user_id) do update set
    first_day = least(b.first_day, excluded.first_day),
    days = private.widen_day_bitmap(
        b.days,
        b.first_day - least(b.first_day, excluded.first_day),
        greatest(b.first_day + pg_catalog.length(b.days), excluded.first_day + pg_catalog.length(excluded.days))
          - least(b.first_day, excluded.first_day)
      )
      | private.widen_day_bitmap(
        excluded.days,
        excluded.first_day - least(b.first_day, excluded.first_day),
        greatest(b.first_day + pg_catalog.length(b.days), excluded.first_day + pg_catalog.length(excluded.days))
          - least(b.first_day, excluded.first_day)
      );
$$;
comment on function private.mark_active_days(private.user_activity[]) is
  'Sets users'' active days in their bitmaps (or, while another transaction writes a bitmap, keeps them pending), '
  'never waiting for another recording.';
revoke execute on function private.mark_active_days(private.user_activity[]) from public;

-- Marks the users' days and moves last_activity_at forward to the latest moment, when it is more than a minute behind
-- and no other transaction holds the profile. The profile is locked for no key update, which lets other
-- transactions' foreign keys to it (the marking's own inserts among them) through.
create or replace function private.record_user_activity(p_activity private.user_activity[])
returns void
language sql
set search_path = ''
as $$
  select private.mark_active_days(p_activity);

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

-- Distinct users active in [p_from, p_to): bitmaps with a bit set in the window's part (bit_count measured a little
-- faster than position(B'1' in ...) over 100,000 rows), and users with a pending day in the window. The substring
-- is empty for a bitmap that ends before the window or starts after it, so no row needs a range test first.
create or replace function private.active_users_between(p_from date, p_to date)
returns bigint
language sql
stable
set search_path = ''
as $$
  with pending as (
    select p.user_id from private.user_activity_pending as p where p.day >= p_from and p.day < p_to
  )
  select (
    select pg_catalog.count(*)
    from private.user_activity_bitmaps as b
    where pg_catalog.bit_count(pg_catalog.substring(
        b.days,
        greatest(p_from - b.first_day, 0) + 1,
        greatest(p_to - greatest(p_from, b.first_day), 0)
      )) > 0
      or b.user_id in (select p.user_id from pending as p)
  ) + (
    select pg_catalog.count(distinct p.user_id)
    from pending as p
    where not exists (select from private.user_activity_bitmaps as b where b.user_id = p.user_id)
  )
$$;
comment on function private.active_users_between(date, date) is
  'Distinct users active in [p_from, p_to): one pass over the users'' day bitmaps.';
revoke execute on function private.active_users_between(date, date) from public;

-- Trigger functions -----------------------------------------------------------------------------------------------
-- Security definer: the statements that fire them run as API roles or as Auth, which may not write these tables.

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

create trigger validation_logs_record_activity
  after insert on public.validation_logs referencing new table as new_rows
  for each statement execute function private.record_validation_activity();

create trigger on_auth_user_signed_in
  after update of last_sign_in_at on auth.users
  for each row
  when (new.last_sign_in_at is distinct from old.last_sign_in_at and new.last_sign_in_at is not null)
  execute function private.record_sign_in_activity();

-- Backfill --------------------------------------------------------------------------------------------------------
-- The activity already on record: validations and each user's last sign-in, one element per user and day (the
-- last_activity_at they imply is left as it was: it starts with the next activity).

select private.mark_active_days(array(
  select row(a.user_id, pg_catalog.max(a.at))::private.user_activity
  from (
    select v.user_id, v.created_at as at from public.validation_logs as v where v.user_id is not null
    union all
    select u.id, u.last_sign_in_at from auth.users as u where u.last_sign_in_at is not null
  ) as a
  group by a.user_id, private.utc_day(a.at)
));
