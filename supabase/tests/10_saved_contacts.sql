-- Saved contacts: owners keep their own contacts in their own lists, admins read all, nobody else sees any; one per
-- user and address regardless of case; every field limit is a named constraint.
begin;
select plan(53);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');
create temporary table strangers_general on commit drop as
  select id from public.contact_lists where user_id = tests.get_user_id('stranger') and is_default;
grant select on strangers_general to authenticated;

-- Act 1: the owner saves, reads, edits and deletes their contacts ---------------------------------------------------

select tests.authenticate_as('owner');
insert into public.contact_lists (name) values ('Leads');

select results_eq(
  $$ insert into public.saved_contacts (email, domain, first_name, last_name, position, company, phone, notes, source,
                                        source_url)
     values ('Ada@Example.COM', 'spoofed.example', 'Ada', 'Lovelace', 'CTO', 'Engines Ltd', '+44 20 7946 0000',
             'Met at the conference', 'discovery', 'https://example.com/team')
     returning domain, (select name from public.contact_lists as l where l.id = list_id),
               user_id = tests.get_user_id('owner') $$,
  $$ values ('example.com', 'General', true) $$,
  'a contact saved without a list goes to General, is the owner''s, and takes its domain from the address'
);
select lives_ok(
  $$ insert into public.saved_contacts (list_id, email, source)
     select id, 'bob@example.com', 'manual' from public.contact_lists where name = 'Leads' $$,
  'the owner saves a contact into one of their lists'
);
select throws_ok(
  $$ insert into public.saved_contacts (email, source) values ('ADA@example.com', 'validation') $$,
  '23505', 'duplicate key value violates unique constraint "saved_contacts_user_email_key"',
  'an address is saved once per user, whatever its case (the API''s 409)'
);
select results_eq($$ select email from public.saved_contacts order by email $$,
  $$ values ('Ada@Example.COM'), ('bob@example.com') $$, 'the owner reads their own contacts');
select results_eq(
  $$ update public.saved_contacts set notes = 'Call back', position = 'CEO',
       list_id = (select id from public.contact_lists where name = 'Leads')
     where email = 'Ada@Example.COM'
     returning notes, position, (select name from public.contact_lists as l where l.id = list_id) $$,
  $$ values ('Call back', 'CEO', 'Leads') $$,
  'the owner edits a contact and moves it to another of their lists'
);
select results_eq(
  $$ update public.saved_contacts set email = 'bob@other.example' where email = 'bob@example.com' returning domain $$,
  $$ values ('other.example') $$, 'changing the address changes the domain'
);
select throws_ok(
  $$ update public.saved_contacts set domain = 'x.example' $$,
  '42501', 'permission denied for table saved_contacts', 'the domain is not the owner''s to write'
);
select throws_ok(
  $$ update public.saved_contacts set user_id = tests.get_user_id('stranger') $$,
  '42501', 'permission denied for table saved_contacts', 'the owner cannot give a contact away'
);
select throws_ok(
  $$ insert into public.saved_contacts (user_id, email, source)
     values (tests.get_user_id('stranger'), 'planted@example.com', 'manual') $$,
  '42501', 'new row violates row-level security policy for table "saved_contacts"',
  'the owner cannot save a contact for someone else'
);
select results_eq($$ delete from public.saved_contacts where email = 'bob@other.example' returning email $$,
  $$ values ('bob@other.example') $$, 'the owner deletes a contact');

-- Act 2: a contact sits only in one of its owner's undeleted lists --------------------------------------------------

select throws_ok(
  $$ insert into public.saved_contacts (list_id, email, source)
     select id, 'c@example.com', 'manual' from strangers_general $$,
  'P0002', 'Contact list not found', 'the owner cannot save into someone else''s list'
);
select throws_ok(
  $$ update public.saved_contacts
     set list_id = (select id from strangers_general) $$,
  'P0002', 'Contact list not found', 'nor move a contact there'
);
insert into public.contact_lists (name) values ('Old');
create temporary table old_list on commit drop as select id from public.contact_lists where name = 'Old';
select lives_ok($$ delete from public.contact_lists where name = 'Old' $$, 'the owner deletes a list');
select throws_ok(
  $$ insert into public.saved_contacts (list_id, email, source) select id, 'd@example.com', 'manual' from old_list $$,
  'P0002', 'Contact list not found', 'nor save into a deleted list'
);
reset role;
select throws_ok(
  $$ insert into public.saved_contacts (user_id, list_id, email, source)
     values (tests.get_user_id('stranger'), (select id from public.contact_lists where name = 'Leads'), 'e@example.com',
             'manual') $$,
  '23503', 'insert or update on table "saved_contacts" violates foreign key constraint "saved_contacts_list_fkey"',
  'even trusted callers cannot put a contact in another user''s list'
);

-- Act 3: field limits -----------------------------------------------------------------------------------------------

select tests.authenticate_as('owner');

select throws_ok($$ insert into public.saved_contacts (email, source) values ('not-an-address', 'manual') $$,
  '23514', 'new row for relation "saved_contacts" violates check constraint "saved_contacts_email_form"',
  'an address has an @');
select throws_ok($$ insert into public.saved_contacts (email, source) values ('a b@example.com', 'manual') $$,
  '23514', 'new row for relation "saved_contacts" violates check constraint "saved_contacts_email_form"',
  'an address has no spaces');
select throws_ok($$ insert into public.saved_contacts (email, source) values ('a@localhost', 'manual') $$,
  '23514', 'new row for relation "saved_contacts" violates check constraint "saved_contacts_email_form"',
  'an address has a dotted domain');
select throws_ok(
  $$ insert into public.saved_contacts (email, source) values ('a@' || repeat('b', 249) || '.com', 'manual') $$,
  '23514', 'new row for relation "saved_contacts" violates check constraint "saved_contacts_email_length"',
  'an address has at most 254 characters');
select lives_ok(
  $$ insert into public.saved_contacts (email, source) values ('a@' || repeat('b', 248) || '.com', 'manual') $$,
  'a 254-character address is fine');
select throws_ok($$ insert into public.saved_contacts (email, source) values ('f@example.com', 'scraped') $$,
  '23514', 'new row for relation "saved_contacts" violates check constraint "saved_contacts_source"',
  'the source is validation, discovery, bulk or manual');
select throws_ok($$ insert into public.saved_contacts (email) values ('f@example.com') $$,
  '23502', 'null value in column "source" of relation "saved_contacts" violates not-null constraint',
  'the source is required');
select throws_ok(
  $$ insert into public.saved_contacts (email, source, first_name) values ('f@example.com', 'manual', repeat('x', 101)) $$,
  '23514', 'new row for relation "saved_contacts" violates check constraint "saved_contacts_first_name_length"',
  'a first name has at most 100 characters');
select throws_ok(
  $$ insert into public.saved_contacts (email, source, last_name) values ('f@example.com', 'manual', repeat('x', 101)) $$,
  '23514', 'new row for relation "saved_contacts" violates check constraint "saved_contacts_last_name_length"',
  'a last name has at most 100 characters');
select throws_ok(
  $$ insert into public.saved_contacts (email, source, company) values ('f@example.com', 'manual', repeat('x', 101)) $$,
  '23514', 'new row for relation "saved_contacts" violates check constraint "saved_contacts_company_length"',
  'a company has at most 100 characters');
select throws_ok(
  $$ insert into public.saved_contacts (email, source, position) values ('f@example.com', 'manual', repeat('x', 151)) $$,
  '23514', 'new row for relation "saved_contacts" violates check constraint "saved_contacts_position_length"',
  'a position has at most 150 characters');
select throws_ok(
  $$ insert into public.saved_contacts (email, source, phone) values ('f@example.com', 'manual', repeat('1', 51)) $$,
  '23514', 'new row for relation "saved_contacts" violates check constraint "saved_contacts_phone_length"',
  'a phone number has at most 50 characters');
select throws_ok(
  $$ insert into public.saved_contacts (email, source, notes) values ('f@example.com', 'manual', repeat('x', 2001)) $$,
  '23514', 'new row for relation "saved_contacts" violates check constraint "saved_contacts_notes_length"',
  'notes have at most 2,000 characters');
select lives_ok(
  $$ insert into public.saved_contacts (email, source, first_name, last_name, company, position, phone, notes)
     values ('f@example.com', 'bulk', repeat('x', 100), repeat('x', 100), repeat('x', 100), repeat('x', 150),
             repeat('1', 50), repeat('x', 2000)) $$,
  'every field at its limit is fine');

-- Act 4: who may do what with the owner's contacts: the owner everything; another user and an admin change none;
-- an anonymous visitor nothing at all ------------------------------------------------------------------------------

reset role;

select * from tests.assert_access('public.saved_contacts', array[
  --             select    insert     update    delete
  ['anon',       'denied', 'denied',  'denied', 'denied'],
  ['owner',      'all',    'all',     'all',    'all'],
  ['stranger',   'none',   'refused', 'none',   'none'],
  ['site_admin', 'all',    'refused', 'none',   'none']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.saved_contacts (user_id, email, source)
                   values (tests.get_user_id('owner'), 'matrix@example.com', 'manual') $$,
  update_set => $$ notes = 'changed' $$);

select tests.authenticate_as('stranger');

select lives_ok($$ insert into public.saved_contacts (email, source) values ('ada@example.com', 'validation') $$,
  'another user saves the same address for themselves');

select tests.authenticate_as('site_admin');

select results_eq(
  $$ select count(*) from public.saved_contacts where user_id = tests.get_user_id('owner') $$,
  $$ values (3::bigint) $$, 'an admin reads every user''s contacts');
select throws_ok(
  $$ insert into public.saved_contacts (user_id, list_id, email, source)
     values (tests.get_user_id('owner'), (select id from public.contact_lists
                                           where user_id = tests.get_user_id('owner') and is_default),
             'admin@example.com', 'manual') $$,
  '42501', 'new row violates row-level security policy for table "saved_contacts"',
  'an admin cannot save contacts for someone else, not even into their list');

-- Act 5: structure, and an account's deletion -----------------------------------------------------------------------

reset role;

select policies_are(
  'public', 'saved_contacts', array[
    'Owners can read their own contacts and admins every contact',
    'Users can save contacts for themselves',
    'Owners can update their own contacts',
    'Owners can delete their own contacts'
  ],
  'one policy per command'
);
select has_index('public', 'saved_contacts', 'saved_contacts_user_email_key', 'user_id leads a unique index');
select has_index('public', 'saved_contacts', 'saved_contacts_list_id_user_id_idx', 'the list foreign key is indexed');
select throws_ok(
  $$ update public.saved_contacts set user_id = tests.get_user_id('stranger')
     where user_id = tests.get_user_id('owner') and email = 'f@example.com' $$,
  '42501', 'A contact cannot change owner', 'a contact never changes owner, even for trusted callers'
);

delete from auth.users where id = tests.get_user_id('owner');
select results_eq(
  $$ select count(*) filter (where user_id not in (select id from public.profiles)), count(*) from public.saved_contacts
     where user_id in (tests.get_user_id('stranger')) or user_id not in (select id from public.profiles) $$,
  $$ values (0::bigint, 1::bigint) $$,
  'a deleted account takes its contacts along; other users'' stay'
);

select * from finish();
rollback;
