-- Contact lists: the folders a signed-in user keeps saved contacts in.
--
-- Every user has exactly one default list, General (created with the profile, below); it keeps that name,
-- stays the default and is never deleted. Other lists are soft-deleted (deleted_at) so the admin statistics can count
-- them; a deleted list is invisible to its owner, and deleting one moves its contacts to General (saved contacts
-- migration, which owns that behaviour). A user sees and changes only their own lists; admins read every list.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.contact_lists (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  name text not null constraint contact_lists_name_length check (char_length(name) between 1 and 100),
  description text constraint contact_lists_description_length check (char_length(description) <= 1000),
  color text not null default '#3B82F6' constraint contact_lists_color_hex check (color ~ '^#[0-9A-Fa-f]{6}$'),
  is_default boolean not null default false,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint contact_lists_default_named_general check (not is_default or name = 'General'),
  constraint contact_lists_default_not_deleted check (not is_default or deleted_at is null),
  -- Saved contacts reference (id, user_id), so a contact can only sit in a list of its own owner.
  constraint contact_lists_id_user_id_key unique (id, user_id)
);

comment on table public.contact_lists is
  'A user''s lists of saved contacts; one default list, General, per user; soft-deleted (platform.md §3 contact_lists).';
comment on column public.contact_lists.user_id is 'The owner; defaults to the signed-in user.';
comment on column public.contact_lists.name is '1 to 100 characters; the default list is always named General.';
comment on column public.contact_lists.description is 'Optional, at most 1,000 characters.';
comment on column public.contact_lists.color is 'The list''s colour as #RRGGBB; #3B82F6 unless chosen.';
comment on column public.contact_lists.is_default is
  'The user''s General list: exactly one per user (contact_lists_one_default_per_user), never changes, never deleted.';
comment on column public.contact_lists.deleted_at is
  'When the list was deleted (soft delete); deleted lists are invisible to their owner and hold no contacts.';

-- Exactly one default list per user (at least one: provisioning and the delete trigger; at most one: this index).
create unique index contact_lists_one_default_per_user on public.contact_lists (user_id) where is_default;
-- The policies filter on user_id; it is also the foreign key's lookup.
create index contact_lists_user_id_idx on public.contact_lists (user_id);

create trigger contact_lists_touch_updated_at
  before update on public.contact_lists
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users create, read, rename, recolour and delete lists (which rows: the policies). The owner, the default
-- flag, deleted_at and the timestamps are not theirs to write; deleting is a soft delete (saved contacts migration).

revoke all on table public.contact_lists from anon, authenticated, service_role;
grant select, delete on table public.contact_lists to authenticated;
grant insert (user_id, name, description, color) on table public.contact_lists to authenticated;
grant update (name, description, color) on table public.contact_lists to authenticated;
grant select, insert, update, delete on table public.contact_lists to service_role;

-- Protective trigger ------------------------------------------------------------------------------------------------
-- For everyone, the service role included: a list never changes owner (its contacts are the owner's), and the default
-- flag never changes (General stays the default; no other list becomes one). The check constraints keep General's name
-- and keep it undeleted.

create or replace function private.protect_contact_list_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.user_id is distinct from old.user_id then
    raise exception 'A contact list cannot change owner'
      using errcode = 'insufficient_privilege';
  end if;
  if new.is_default is distinct from old.is_default then
    raise exception 'The default list, General, stays the default'
      using errcode = 'insufficient_privilege';
  end if;
  return new;
end;
$$;
comment on function private.protect_contact_list_columns() is
  'Trigger: refuses changing a list''s owner or its default flag, whoever asks.';
revoke execute on function private.protect_contact_list_columns() from public;

create trigger contact_lists_protect_columns
  before update on public.contact_lists
  for each row execute function private.protect_contact_list_columns();

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.contact_lists enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------
-- One policy per command, the owner's and the admin's rule joined with `or` (multiple_permissive_policies). A deleted
-- list is invisible to its owner; admins see deleted lists too (the platform statistics count them).

create policy "Owners can read their own undeleted lists and admins every list"
  on public.contact_lists for select
  to authenticated
  using ((user_id = (select auth.uid()) and deleted_at is null) or (select private.is_admin()));

create policy "Users can create lists for themselves"
  on public.contact_lists for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Owners can update their own undeleted lists"
  on public.contact_lists for update
  to authenticated
  using (user_id = (select auth.uid()) and deleted_at is null)
  with check (user_id = (select auth.uid()) and deleted_at is null);

create policy "Owners can delete their own undeleted lists"
  on public.contact_lists for delete
  to authenticated
  using (user_id = (select auth.uid()) and deleted_at is null);

-- Default list provisioning ---------------------------------------------------------------------------------------
-- Every profile gets its General list, so a user always has a list to save into. The list is created with the profile,
-- by whoever creates the profile (Auth's trigger on auth.users, or the service role); contact_lists_one_default_per_user
-- keeps it to one.

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
