-- Profiles: the application's side of an account (the spec's "users"), one row per auth user.
--
-- Auth owns identity and passwords (auth.users); a profile holds what MailScout knows about the person: the username
-- they sign in with, their names, the admin flag, and the credit, trial and throttle counters. Rows are created and
-- kept in sync from auth.users (next migration) and removed with the auth user by cascade.
-- A user reads and edits only their own names and username; everything else changes only through an admin or a
-- trusted server (service role), which a trigger enforces column by column.
--
-- Usernames: ASCII letters, digits, ".", "_" and "-", 3 to 30 characters, unique regardless of case. Sign-in decides by
-- the identifier's shape: with "@" it is an email address, without it a username. That only holds if no username
-- contains "@"; otherwise a person could take another's email address as their username (in sign-up metadata or by a
-- profile update) and capture or break that person's sign-in. The rule is a check constraint, so every path that writes
-- a username obeys it: the api's registration, Auth's sign-up (through the profile trigger) and profile updates.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null constraint profiles_username_format check (username ~ '^[A-Za-z0-9._-]{3,30}$'),
  email text constraint profiles_email_length check (char_length(email) <= 255),
  first_name text,
  last_name text,
  profile_image_url text,
  is_admin boolean not null default false,
  subscription_status text not null default 'free',

  -- Credits
  free_validations_used integer not null default 0 check (free_validations_used >= 0),
  paid_credits integer not null default 0 check (paid_credits >= 0),
  total_validations_ever integer not null default 0 check (total_validations_ever >= 0),
  last_payment_date timestamptz,

  -- Trial
  trial_started_at timestamptz,
  trial_expires_at timestamptz,
  trial_plan text,
  trial_single_validations_used integer not null default 0 check (trial_single_validations_used >= 0),
  trial_bulk_validations_used integer not null default 0 check (trial_bulk_validations_used >= 0),
  trial_domain_scrapes_used integer not null default 0 check (trial_domain_scrapes_used >= 0),
  trial_status text not null default 'not_started',

  -- Credits granted by an admin
  admin_granted_credits integer not null default 0 check (admin_granted_credits >= 0),
  granted_by uuid references public.profiles (id) on delete set null,
  granted_at timestamptz,
  grant_reason text,

  -- Throttling and suspension
  throttle_enabled boolean not null default false,
  max_requests_per_minute integer not null default 10 check (max_requests_per_minute >= 0),
  current_throttle_level integer not null default 100 check (current_throttle_level between 0 and 100),
  suspended_until timestamptz,
  suspension_reason text,
  last_activity_at timestamptz,
  requests_this_minute integer not null default 0 check (requests_this_minute >= 0),

  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is
  'One per auth user: username, names, admin flag and the credit, trial and throttle counters (platform.md §3 users).';
comment on column public.profiles.username is
  'Signs in like an email does: 3 to 30 of A-Z a-z 0-9 . _ - (never "@"), unique regardless of case '
  '(profiles_username_key).';
comment on column public.profiles.email is 'Copy of auth.users.email, kept in sync by a trigger on auth.users.';
comment on column public.profiles.subscription_status is 'free, or the paid plan the user is on.';
comment on column public.profiles.free_validations_used is 'Validations used from the free allowance.';
comment on column public.profiles.paid_credits is 'Validation credits bought and not yet used.';
comment on column public.profiles.total_validations_ever is 'Lifetime validation count, never reset.';
comment on column public.profiles.trial_plan is 'Plan being trialled, while trial_status says a trial ran.';
comment on column public.profiles.trial_status is 'not_started until a trial begins.';
comment on column public.profiles.admin_granted_credits is 'Credits an admin granted (see granted_by, granted_at, grant_reason).';
comment on column public.profiles.granted_by is 'The admin who made the latest credit grant.';
comment on column public.profiles.throttle_enabled is 'When true, requests are limited to max_requests_per_minute.';
comment on column public.profiles.current_throttle_level is
  'Share of max_requests_per_minute currently allowed, in percent (0 to 100).';
comment on column public.profiles.suspended_until is 'No service until this time; null when not suspended.';
comment on column public.profiles.requests_this_minute is 'Requests counted in the current one-minute window.';

-- Login looks a username up case-insensitively; this index both serves that and keeps usernames unique.
create unique index profiles_username_key on public.profiles (lower(username));
-- Login by email, and a safety net under auth.users' own uniqueness.
create unique index profiles_email_key on public.profiles (lower(email));
create index profiles_granted_by_idx on public.profiles (granted_by);

create trigger profiles_touch_updated_at
  before update on public.profiles
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Anonymous visitors get nothing. Signed-in users may read, and update the columns a person or an admin may edit;
-- id, email (owned by Auth) and the timestamps are not theirs to write. Rows come and go with auth.users, so no one
-- but the service role inserts or deletes. Which rows: the policies below; which columns for whom: the trigger below.

revoke all on table public.profiles from anon, authenticated, service_role;
grant select on table public.profiles to authenticated;
grant update (
  username, first_name, last_name, profile_image_url,
  is_admin, subscription_status,
  free_validations_used, paid_credits, total_validations_ever, last_payment_date,
  trial_started_at, trial_expires_at, trial_plan,
  trial_single_validations_used, trial_bulk_validations_used, trial_domain_scrapes_used, trial_status,
  admin_granted_credits, granted_by, granted_at, grant_reason,
  throttle_enabled, max_requests_per_minute, current_throttle_level,
  suspended_until, suspension_reason, last_activity_at, requests_this_minute
) on table public.profiles to authenticated;
grant select, insert, update, delete on table public.profiles to service_role;

-- Protective trigger ------------------------------------------------------------------------------------------------
-- A signed-in user who is not an admin may change only their username, names and picture. Anything else (admin flag,
-- subscription, credits, trial, throttle and suspension fields, and any column added later) is refused, naming the
-- columns. Trusted callers pass: admins, the service role, and the superuser or security definer functions acting for
-- Auth (current_user is then neither anon nor authenticated).

create or replace function private.protect_profile_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  user_editable constant text[] := array['username', 'first_name', 'last_name', 'profile_image_url', 'updated_at'];
  refused text;
begin
  -- Two checks, not one `or`: the service role may not execute is_admin(), and execute rights are checked up front.
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if (select private.is_admin()) then
    return new;
  end if;

  select pg_catalog.string_agg(after.key, ', ' order by after.key)
    into refused
    from pg_catalog.jsonb_each(pg_catalog.to_jsonb(new)) as after
    join pg_catalog.jsonb_each(pg_catalog.to_jsonb(old)) as before on before.key = after.key
   where after.value is distinct from before.value
     and after.key <> all (user_editable);

  if refused is not null then
    raise exception 'Only an admin can change %', refused
      using errcode = 'insufficient_privilege';
  end if;
  return new;
end;
$$;
comment on function private.protect_profile_columns() is
  'Trigger: refuses changes to anything but username, names and picture unless the caller is an admin or trusted.';
revoke execute on function private.protect_profile_columns() from public;

create trigger profiles_protect_columns
  before update on public.profiles
  for each row execute function private.protect_profile_columns();

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.profiles enable row level security;

-- Helpers ---------------------------------------------------------------------------------------------------------

-- Security definer: it reads the caller's own profile past RLS, which would otherwise recurse into these policies.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select p.is_admin from public.profiles as p where p.id = (select auth.uid())),
    false
  )
$$;
comment on function private.is_admin() is 'True when the signed-in user''s profile has is_admin set.';
revoke execute on function private.is_admin() from public;
grant execute on function private.is_admin() to authenticated;

-- Policies --------------------------------------------------------------------------------------------------------
-- One policy per command: the owner's rule and the admin's rule are joined with `or`, because two permissive policies
-- for the same command are both evaluated on every row (the performance advisor's multiple_permissive_policies).

create policy "Users can read their own profile and admins every profile"
  on public.profiles for select
  to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()));

create policy "Users can update their own profile and admins any profile"
  on public.profiles for update
  to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()))
  with check (id = (select auth.uid()) or (select private.is_admin()));

-- The username rule's helpers -----------------------------------------------------------------------------------------

create or replace function private.sanitized_username(p_wanted text)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.rpad(
    pg_catalog.left(pg_catalog.regexp_replace(coalesce(p_wanted, ''), '[^A-Za-z0-9._-]', '_', 'g'), 30),
    greatest(3, least(pg_catalog.char_length(coalesce(p_wanted, '')), 30)),
    '_'
  )
$$;
comment on function private.sanitized_username(text) is
  'The nearest name that follows the username rule: other characters become "_", cut to 30, padded to 3.';
revoke execute on function private.sanitized_username(text) from public;

create or replace function private.unused_username(p_wanted text, p_owner uuid default null)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  base constant text := private.sanitized_username(p_wanted);
  candidate text := base;
  suffix integer := 1;
begin
  while exists (
    select from public.profiles as p
    where pg_catalog.lower(p.username) = pg_catalog.lower(candidate) and p.id is distinct from p_owner
  ) loop
    suffix := suffix + 1;
    candidate := pg_catalog.left(base, 30 - pg_catalog.char_length(suffix::text) - 1) || '_' || suffix;
  end loop;
  return candidate;
end;
$$;
comment on function private.unused_username(text, uuid) is
  'A name following the username rule, numbered until no profile but p_owner''s has it in any case.';
revoke execute on function private.unused_username(text, uuid) from public;

-- Renames profiles whose username breaks the rule, oldest account first so the earliest keeps the unnumbered name:
-- every character outside the rule becomes "_", the result is cut to 30 characters, padded with "_" to 3, and numbered
-- ("_2", "_3", ...) until no other profile has it in any case. The check constraint keeps such rows out of a fresh
-- database; this brings rows made under an older rule into it (drop the constraint, call this, add it again), and the
-- database tests run exactly that. The protective trigger lets it through when run as the table owner.
create or replace function private.conform_usernames()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  offender record;
  renamed integer := 0;
begin
  for offender in
    select p.id, p.username from public.profiles as p
    where p.username !~ '^[A-Za-z0-9._-]{3,30}$'
    order by p.created_at, p.id
  loop
    update public.profiles
    set username = private.unused_username(offender.username, offender.id)
    where id = offender.id;
    renamed := renamed + 1;
  end loop;
  return renamed;
end;
$$;
comment on function private.conform_usernames() is
  'Renames every profile whose username breaks the rule to the nearest unused name that follows it; answers how many.';
revoke execute on function private.conform_usernames() from public;
