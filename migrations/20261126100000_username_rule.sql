-- Usernames: ASCII letters, digits, ".", "_" and "-", 3 to 30 characters, unique regardless of case (issue #9).
--
-- Sign-in decides by the identifier's shape: with "@" it is an email address, without it a username. That only holds
-- if no username contains "@"; before this rule a person could take another's email address as their username (in
-- sign-up metadata or by a profile update) and capture or break that person's sign-in. The rule is a check constraint,
-- so every path that writes a username obeys it: the api's registration, Auth's sign-up (through the profile trigger)
-- and profile updates. Auth's before-user-created hook (below) applies the same rule before Auth creates the user, so a
-- bad or taken username is a 4xx with the rule rather than Auth's 500 "Database error saving new user".
--
-- Existing usernames that break the rule are renamed, oldest account first: every character outside the rule becomes
-- "_", the result is cut to 30 characters, padded with "_" to 3, and numbered ("_2", "_3", ...) until no other profile
-- has it in any case. Owners sign in with their email address and may choose a new username.

-- The rule ----------------------------------------------------------------------------------------------------------

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

-- Existing rows, oldest first so the earliest account keeps the unnumbered name. A function rather than a block so
-- the database tests can run exactly this on rows made to break the rule. The protective trigger lets it through (the
-- migration runs as the table owner).
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

select private.conform_usernames();

alter table public.profiles drop constraint profiles_username_length;
alter table public.profiles add constraint profiles_username_format
  check (username ~ '^[A-Za-z0-9._-]{3,30}$');

comment on column public.profiles.username is
  'Signs in like an email does: 3 to 30 of A-Z a-z 0-9 . _ - (never "@"), unique regardless of case '
  '(profiles_username_key).';

-- Sign-up -----------------------------------------------------------------------------------------------------------
-- Without a username in the metadata, the email's local part is made to follow the rule and numbered until unique. A
-- username in the metadata is taken as typed: the hook below has refused it already if it breaks the rule or is taken.

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

  insert into public.profiles (id, username, email, first_name, last_name)
  values (
    new.id,
    chosen,
    new.email,
    coalesce(metadata ->> 'first_name', metadata ->> 'firstName'),
    coalesce(metadata ->> 'last_name', metadata ->> 'lastName')
  );
  return new;
end;
$$;

-- Auth's before-user-created hook --------------------------------------------------------------------------------------
-- Supabase Auth calls this with the user it is about to create (supabase/config.toml [auth.hook.before_user_created];
-- devstack's Auth does the same) and refuses the sign-up with the error's http_code and message. The taken-name answer
-- is the api's registration conflict text, word for word, and says nothing about which detail is in use.

create or replace function private.hook_before_user_created(event jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted constant text := nullif(pg_catalog.btrim(event -> 'user' -> 'user_metadata' ->> 'username'), '');
begin
  if wanted is null then
    return '{}'::jsonb;
  end if;
  if pg_catalog.strpos(wanted, '@') > 0 then
    return pg_catalog.jsonb_build_object('error', pg_catalog.jsonb_build_object(
      'http_code', 400,
      'message', 'Username can''t contain "@"; sign in with your email address instead'));
  end if;
  if wanted !~ '^[A-Za-z0-9._-]{3,30}$' then
    return pg_catalog.jsonb_build_object('error', pg_catalog.jsonb_build_object(
      'http_code', 400,
      'message', 'Username must be 3 to 30 characters: letters A-Z, digits, dots, hyphens and underscores'));
  end if;
  if exists (select from public.profiles as p where pg_catalog.lower(p.username) = pg_catalog.lower(wanted)) then
    return pg_catalog.jsonb_build_object('error', pg_catalog.jsonb_build_object(
      'http_code', 422,
      'message', 'An account can''t be created with these details. If you already have one, sign in.'));
  end if;
  return '{}'::jsonb;
end;
$$;
comment on function private.hook_before_user_created(jsonb) is
  'Auth hook: refuses a sign-up whose metadata username breaks the rule or is taken, with a 4xx and the reason.';
revoke execute on function private.hook_before_user_created(jsonb) from public, anon, authenticated;

-- On Supabase, Auth calls hooks as supabase_auth_admin; devstack's Auth runs as the superuser, which has no such role.
do $$
begin
  if exists (select from pg_catalog.pg_roles where rolname = 'supabase_auth_admin') then
    grant usage on schema private to supabase_auth_admin;
    grant execute on function private.hook_before_user_created(jsonb) to supabase_auth_admin;
  end if;
end;
$$;
