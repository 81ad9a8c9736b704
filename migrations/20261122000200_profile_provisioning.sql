-- Profile provisioning: every auth user gets a profile, and the profile's email follows the auth user's.
--
-- Sign-up goes through Auth, which only writes auth.users; the username and names the person typed arrive in
-- raw_user_meta_data (supabase-js signUp options.data). Triggers on auth.users turn that into the profile, so no
-- account can exist without one. Auth runs as its own role (supabase_auth_admin on Supabase), which has no rights
-- on public, hence security definer.

-- Triggers on auth.users ------------------------------------------------------------------------------------------

-- Username from the metadata when given; otherwise the email's local part, made long enough and unique by a number.
-- A taken or malformed username in the metadata is an error (profiles_username_key / profiles_username_length), so
-- Auth refuses the sign-up rather than silently renaming the person.
create or replace function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  metadata constant jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  chosen text := nullif(pg_catalog.btrim(metadata ->> 'username'), '');
  base text;
  suffix integer := 0;
begin
  if chosen is null then
    base := pg_catalog.left(coalesce(nullif(pg_catalog.split_part(new.email, '@', 1), ''), 'user'), 90);
    if pg_catalog.char_length(base) < 3 then
      base := base || '_user';
    end if;
    chosen := base;
    while exists (select from public.profiles as p where pg_catalog.lower(p.username) = pg_catalog.lower(chosen)) loop
      suffix := suffix + 1;
      chosen := base || suffix;
    end loop;
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
