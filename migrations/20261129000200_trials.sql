-- Trials: every account starts a 14-day trial of the Starter plan when it is created, with the allowances of the
-- trial_* settings (single validations, bulk rows, explorations).
--
-- The profile trigger on auth.users starts it, so no sign-up path can skip it; accounts made before trials existed
-- (still not_started) get one from the time this migration runs. A trial ends at trial_expires_at: the meter treats
-- it as expired from that moment and writes 'expired' when it notices, and a daily job marks the rest, so screens and
-- admin lists that read trial_status see it too. A subscription begun during a trial converts it (billing's
-- functions). No API role changes any of this (profile protection).

-- Indexes -----------------------------------------------------------------------------------------------------------

-- The daily expiry finds the running trials past their end without reading every profile.
create index profiles_active_trial_expiry_idx on public.profiles (trial_expires_at) where trial_status = 'active';

-- Triggers on auth.users ------------------------------------------------------------------------------------------

-- Without a username in the metadata, the email's local part is made to follow the username rule and numbered until
-- unique. A username in the metadata is taken as typed: Auth's hook has refused it already if it breaks the rule or
-- is taken, and the check constraint and profiles_username_key still stand behind that, so Auth refuses the sign-up
-- rather than silently renaming the person. The new account's trial starts with it.
create or replace function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  metadata constant jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  chosen text := nullif(pg_catalog.btrim(metadata ->> 'username'), '');
begin
  if chosen is null then
    chosen := private.unused_username(coalesce(nullif(pg_catalog.split_part(new.email, '@', 1), ''), 'user'));
  end if;

  insert into public.profiles (
    id, username, email, first_name, last_name, trial_status, trial_plan, trial_started_at, trial_expires_at
  )
  values (
    new.id,
    chosen,
    new.email,
    coalesce(metadata ->> 'first_name', metadata ->> 'firstName'),
    coalesce(metadata ->> 'last_name', metadata ->> 'lastName'),
    'active',
    'starter',
    pg_catalog.now(),
    pg_catalog.now() + interval '14 days'
  );
  return new;
end;
$$;
comment on function private.create_profile_for_new_user() is
  'Trigger on auth.users: creates the profile from user metadata, with a 14-day Starter trial running. Definer: '
  'Auth''s role cannot write public.profiles.';
revoke execute on function private.create_profile_for_new_user() from public;

-- Accounts made before trials ---------------------------------------------------------------------------------------

update public.profiles
set trial_status = 'active', trial_plan = 'starter', trial_started_at = pg_catalog.now(),
  trial_expires_at = pg_catalog.now() + interval '14 days'
where trial_status = 'not_started';

-- Expiry --------------------------------------------------------------------------------------------------------------

-- Run daily by pg_cron as the owner (no API role may call it). The meter decides expiry by the clock anyway; this
-- makes trial_status say so for the accounts that did no work since.
create or replace function private.expire_trials()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  expired_count integer;
begin
  -- Profiles locked in id order, as every writer of several profiles locks them, before any is changed.
  perform from public.profiles as p
  where p.trial_status = 'active' and p.trial_expires_at <= pg_catalog.now()
  order by p.id
  for update;
  update public.profiles as p
  set trial_status = 'expired'
  where p.trial_status = 'active' and p.trial_expires_at <= pg_catalog.now();
  get diagnostics expired_count = row_count;
  return expired_count;
end;
$$;
comment on function private.expire_trials() is
  'Daily: marks running trials past trial_expires_at expired; answers how many.';
revoke execute on function private.expire_trials() from public;

-- Schedule ------------------------------------------------------------------------------------------------------------
-- cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.

select cron.schedule('trials-expiry', '11 0 * * *', $$select private.expire_trials()$$);
