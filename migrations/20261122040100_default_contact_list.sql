-- Default contact list provisioning: every profile gets its General list, so a user always has a list to save into.
--
-- The list is created with the profile, by whoever creates the profile (Auth's trigger on auth.users, or the service
-- role), and for profiles that existed before contact lists did. contact_lists_one_default_per_user keeps it to one.

-- Trigger on profiles -----------------------------------------------------------------------------------------------

create or replace function private.create_default_contact_list()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.contact_lists (user_id, name, description, is_default)
  values (new.id, 'General', 'Contacts not filed in another list', true);
  return new;
end;
$$;
comment on function private.create_default_contact_list() is
  'Trigger on profiles: creates the General list. Definer: the profile''s creator (Auth, service role) may lack rights.';
revoke execute on function private.create_default_contact_list() from public;

create trigger profiles_create_default_contact_list
  after insert on public.profiles
  for each row execute function private.create_default_contact_list();

-- Existing profiles -------------------------------------------------------------------------------------------------

insert into public.contact_lists (user_id, name, description, is_default)
select p.id, 'General', 'Contacts not filed in another list', true
  from public.profiles as p
 where not exists (select from public.contact_lists as l where l.user_id = p.id and l.is_default);
