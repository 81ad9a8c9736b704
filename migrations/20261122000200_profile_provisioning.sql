-- Profile provisioning: every auth user gets a profile, and the profile's email follows the auth user's.
--
-- Sign-up goes through Auth, which only writes auth.users; the username and names the person typed arrive in
-- raw_user_meta_data (supabase-js signUp options.data). Triggers on auth.users turn that into the profile, so no
-- account can exist without one. Auth runs as its own role (supabase_auth_admin on Supabase), which has no rights
-- on public, hence security definer.

-- Triggers on auth.users ------------------------------------------------------------------------------------------

-- Without a username in the metadata, the email's local part is made to follow the username rule and numbered until
-- unique. A username in the metadata is taken as typed: Auth's hook below has refused it already if it breaks the rule
-- or is taken, and the check constraint and profiles_username_key still stand behind that, so Auth refuses the sign-up
-- rather than silently renaming the person.
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
comment on function private.create_profile_for_new_user() is
  'Trigger on auth.users: creates the profile from user metadata. Definer: Auth''s role cannot write public.profiles.';
revoke execute on function private.create_profile_for_new_user() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

create or replace function private.sync_profile_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$$;
comment on function private.sync_profile_email() is
  'Trigger on auth.users: copies a changed email to the profile. Definer: Auth''s role cannot write public.profiles.';
revoke execute on function private.sync_profile_email() from public;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function private.sync_profile_email();

-- Auth's before-user-created hook -----------------------------------------------------------------------------------
-- Supabase Auth calls this with the user it is about to create (supabase/config.toml [auth.hook.before_user_created];
-- devstack's Auth does the same) and refuses the sign-up with the error's http_code and message, so a bad or taken
-- username is a 4xx with the rule rather than Auth's 500 "Database error saving new user". The taken-name answer is the
-- api's registration conflict text, word for word, and says nothing about which detail is in use.

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
