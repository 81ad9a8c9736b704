-- Contact lists: every user has General from sign-up; owners keep their own lists, admins read all, nobody else sees
-- any; General keeps its name, stays the default and cannot be deleted; deleting another list moves its contacts to
-- General in the same transaction and hides the list.
begin;
select plan(53);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: sign-up brings the General list ----------------------------------------------------------------------------

select results_eq(
  $$ select name, color, is_default, deleted_at from public.contact_lists where user_id = tests.get_user_id('owner') $$,
  $$ values ('General', '#3B82F6', true, null::timestamptz) $$,
  'a new profile comes with one list, General, the default, in the default colour'
);
select is_empty(
  $$ select p.id from public.profiles as p
     where (select count(*) from public.contact_lists as l where l.user_id = p.id and l.is_default) <> 1 $$,
  'every profile, seeded ones included, has exactly one default list'
);

-- Act 2: an anonymous visitor can do nothing (the tables: Act 6) ----------------------------------------------------

select tests.clear_authentication();

select throws_ok($$ select public.delete_contact_list(1) $$,
  '42501', 'permission denied for function delete_contact_list', 'anon cannot call delete_contact_list');

-- Act 3: the owner creates, reads and edits their lists -------------------------------------------------------------

select tests.authenticate_as('owner');

select lives_ok(
  $$ insert into public.contact_lists (name, description, color) values ('Leads', 'Warm leads', '#10B981') $$,
  'the owner creates a list; it is theirs without saying so'
);
select lives_ok($$ insert into public.contact_lists (name) values ('Partners') $$, 'a list needs only a name');
select results_eq(
  $$ select name, color, is_default, user_id = tests.get_user_id('owner') from public.contact_lists order by id $$,
  $$ values ('General', '#3B82F6', true, true), ('Leads', '#10B981', false, true), ('Partners', '#3B82F6', false, true) $$,
  'the owner reads their own lists and nobody else''s'
);
select results_eq(
  $$ update public.contact_lists set name = 'Hot leads', color = '#ef4444' where name = 'Leads' returning name, color $$,
  $$ values ('Hot leads', '#ef4444') $$,
  'the owner renames and recolours a list'
);
select lives_ok(
  $$ update public.contact_lists set description = 'Where contacts land', color = '#000000' where is_default $$,
  'the owner may recolour and describe General'
);
select throws_ok(
  $$ insert into public.contact_lists (user_id, name) values (tests.get_user_id('stranger'), 'Planted') $$,
  '42501', 'new row violates row-level security policy for table "contact_lists"',
  'the owner cannot create a list for someone else'
);
select throws_ok(
  $$ insert into public.contact_lists (name, is_default) values ('General', true) $$,
  '42501', 'permission denied for table contact_lists', 'the owner cannot create a second default list'
);
select throws_ok(
  $$ update public.contact_lists set user_id = tests.get_user_id('stranger') where name = 'Partners' $$,
  '42501', 'permission denied for table contact_lists', 'the owner cannot give a list away'
);
select throws_ok(
  $$ update public.contact_lists set deleted_at = now() where name = 'Partners' $$,
  '42501', 'permission denied for table contact_lists', 'the owner cannot set deleted_at themselves'
);

-- Act 4: field limits -----------------------------------------------------------------------------------------------

select throws_ok($$ insert into public.contact_lists (name) values ('') $$,
  '23514', 'new row for relation "contact_lists" violates check constraint "contact_lists_name_length"',
  'a list name is not empty');
select throws_ok($$ insert into public.contact_lists (name) values (repeat('x', 101)) $$,
  '23514', 'new row for relation "contact_lists" violates check constraint "contact_lists_name_length"',
  'a list name has at most 100 characters');
select lives_ok($$ insert into public.contact_lists (name) values (repeat('x', 100)) $$,
  'a 100-character name is fine');
select throws_ok($$ insert into public.contact_lists (name, color) values ('Blue', 'blue') $$,
  '23514', 'new row for relation "contact_lists" violates check constraint "contact_lists_color_hex"',
  'a colour is #RRGGBB, not a name');
select throws_ok($$ insert into public.contact_lists (name, color) values ('Blue', '#3B82F') $$,
  '23514', 'new row for relation "contact_lists" violates check constraint "contact_lists_color_hex"',
  'a colour has six hex digits');
select throws_ok($$ insert into public.contact_lists (name, description) values ('Long', repeat('x', 1001)) $$,
  '23514', 'new row for relation "contact_lists" violates check constraint "contact_lists_description_length"',
  'a description has at most 1,000 characters');

-- Act 5: General stays General --------------------------------------------------------------------------------------

select throws_ok($$ update public.contact_lists set name = 'Misc' where is_default $$,
  '23514', 'new row for relation "contact_lists" violates check constraint "contact_lists_default_named_general"',
  'General cannot be renamed');
select throws_ok($$ delete from public.contact_lists where is_default $$,
  '42501', 'The default list, General, cannot be deleted', 'General cannot be deleted');
select throws_ok(
  $$ select public.delete_contact_list((select id from public.contact_lists where is_default)) $$,
  '42501', 'The default list, General, cannot be deleted', 'nor through delete_contact_list');

reset role;
select throws_ok(
  $$ update public.contact_lists set is_default = false where user_id = tests.get_user_id('owner') and is_default $$,
  '42501', 'The default list, General, stays the default', 'General stays the default, even for trusted callers');
select throws_ok(
  $$ update public.contact_lists set is_default = true where user_id = tests.get_user_id('owner') and name = 'Partners' $$,
  '42501', 'The default list, General, stays the default', 'no other list becomes the default');
select throws_ok(
  $$ insert into public.contact_lists (user_id, name, is_default) values (tests.get_user_id('owner'), 'General', true) $$,
  '23505', 'duplicate key value violates unique constraint "contact_lists_one_default_per_user"',
  'a user never has two default lists'
);
select throws_ok(
  $$ update public.contact_lists set deleted_at = now() where user_id = tests.get_user_id('owner') and is_default $$,
  '23514', 'new row for relation "contact_lists" violates check constraint "contact_lists_default_not_deleted"',
  'General is never soft-deleted'
);

-- Act 6: who may do what with the owner's lists: another user and an admin change none, an anonymous visitor
-- nothing at all (the owner's deletes: Act 8) ----------------------------------------------------------------------

select * from tests.assert_access('public.contact_lists', array[
  --             select    insert     update    delete
  ['anon',       'denied', 'denied',  'denied', 'denied'],
  ['owner',      'all',    'all',     'all',    '-'],
  ['stranger',   'none',   'refused', 'none',   'none'],
  ['site_admin', 'all',    'refused', 'none',   'none']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.contact_lists (user_id, name) values (tests.get_user_id('owner'), 'Matrix') $$,
  update_set => 'name = name');

create temporary table owners_partners on commit drop as
  select id from public.contact_lists where user_id = tests.get_user_id('owner') and name = 'Partners';
grant select on owners_partners to authenticated;

select tests.authenticate_as('stranger');

select results_eq($$ select name from public.contact_lists $$, $$ values ('General') $$,
  'another user sees only their own General list');
select throws_ok(
  $$ select public.delete_contact_list((select id from owners_partners)) $$,
  'P0002', 'Contact list not found', 'delete_contact_list answers not found for someone else''s list'
);

-- Act 7: an admin reads every list and deletes none of them through delete_contact_list either ----------------------

select tests.authenticate_as('site_admin');

select results_eq(
  $$ select name from public.contact_lists where user_id = tests.get_user_id('owner') order by id $$,
  $$ values ('General'), ('Hot leads'), ('Partners'), (repeat('x', 100)) $$,
  'an admin reads every user''s lists'
);
select throws_ok(
  $$ select public.delete_contact_list((select id from owners_partners)) $$,
  'P0002', 'Contact list not found', 'nor through delete_contact_list'
);

-- Act 8: deleting a list moves its contacts to General, in the same transaction -------------------------------------

select tests.authenticate_as('owner');

insert into public.saved_contacts (list_id, email, source)
select id, 'ada@leads.example', 'manual' from public.contact_lists where name = 'Hot leads'
union all
select id, 'bob@leads.example', 'discovery' from public.contact_lists where name = 'Hot leads';

select is(
  public.delete_contact_list((select id from public.contact_lists where name = 'Hot leads')),
  2, 'delete_contact_list answers how many contacts moved'
);
select results_eq(
  $$ select c.email, l.name from public.saved_contacts as c join public.contact_lists as l on l.id = c.list_id
     order by c.email $$,
  $$ values ('ada@leads.example', 'General'), ('bob@leads.example', 'General') $$,
  'the deleted list''s contacts are now in General'
);
select results_eq($$ select name from public.contact_lists order by id $$,
  $$ values ('General'), ('Partners'), (repeat('x', 100)) $$, 'the deleted list is gone from the owner''s view');
select lives_ok($$ delete from public.contact_lists where name = 'Partners' $$,
  'a plain delete of a list is a soft delete too');
select throws_ok(
  $$ select public.delete_contact_list((select id from owners_partners)) $$,
  'P0002', 'Contact list not found', 'a deleted list cannot be deleted again (nor found)'
);

select tests.authenticate_as('site_admin');
select results_eq(
  $$ select name, deleted_at is not null from public.contact_lists where user_id = tests.get_user_id('owner') order by id $$,
  $$ values ('General', false), ('Hot leads', true), ('Partners', true), (repeat('x', 100), false) $$,
  'an admin still sees deleted lists, marked deleted (the statistics count them)'
);

-- Act 9: structure, and an account's deletion -----------------------------------------------------------------------

reset role;

select policies_are(
  'public', 'contact_lists', array[
    'Owners can read their own undeleted lists and admins every list',
    'Users can create lists for themselves',
    'Owners can update their own undeleted lists',
    'Owners can delete their own undeleted lists'
  ],
  'one policy per command'
);
select has_index('public', 'contact_lists', 'contact_lists_user_id_idx', 'the policies'' user_id is indexed');

delete from auth.users where id = tests.get_user_id('owner');
select is_empty(
  $$ select id from public.contact_lists where user_id not in (select id from public.profiles) $$,
  'a deleted account takes all its lists along, General and soft-deleted ones included'
);

select * from finish();
rollback;
