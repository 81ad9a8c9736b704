-- Master contacts: the database merges every user's saved contacts by address; admins read the result, nobody writes
-- it. Best-known fields come from the most recent non-empty contribution, confidence counts distinct users, a source
-- goes with its saved contact and a master contact with no source left goes too.
begin;
select plan(54);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: saving a contact creates its master contact and source -----------------------------------------------------

select tests.authenticate_as('owner');
insert into public.saved_contacts (email, first_name, last_name, position, company, phone, notes, source, source_url)
values ('Ada@Example.com', 'Ada', 'Lovelace', 'CTO', 'Engines Ltd', '+44 1', 'private note', 'discovery',
        'https://example.com/team');

reset role;

select results_eq(
  $$ select email, domain, best_known_first_name, best_known_last_name, best_known_position, best_known_company,
            best_known_phone, aggregated_notes, confidence
     from public.master_contacts where email = 'ada@example.com' $$,
  $$ values ('ada@example.com', 'example.com', 'Ada', 'Lovelace', 'CTO', 'Engines Ltd', '+44 1', null::text, 1) $$,
  'a saved contact makes a master contact under the lower-cased address, with its fields; notes stay private'
);
select results_eq(
  $$ select s.user_id, s.contributed_data
     from public.master_contact_sources as s join public.master_contacts as m on m.id = s.master_contact_id
     where m.email = 'ada@example.com' $$,
  $$ values (tests.get_user_id('owner'), '{"first_name": "Ada", "last_name": "Lovelace", "position": "CTO",
            "company": "Engines Ltd", "phone": "+44 1", "source": "discovery",
            "source_url": "https://example.com/team"}'::jsonb) $$,
  'the source records who contributed what'
);

-- Act 2: a second user's contribution: confidence and the most recent non-empty values ------------------------------

select tests.authenticate_as('stranger');
insert into public.saved_contacts (email, first_name, position, phone, source)
values ('ADA@example.com', 'Augusta', 'Chief Technology Officer', '', 'validation');

reset role;

select results_eq(
  $$ select best_known_first_name, best_known_last_name, best_known_position, best_known_phone, confidence
     from public.master_contacts where email = 'ada@example.com' $$,
  $$ values ('Augusta', 'Lovelace', 'Chief Technology Officer', '+44 1', 2) $$,
  'the newest non-empty value wins field by field; empty and missing ones do not erase; two users, confidence 2'
);
select results_eq(
  $$ select count(*) from public.master_contacts where email = 'ada@example.com' $$,
  $$ values (1::bigint) $$, 'one master contact per address, whatever its case'
);

-- Act 3: editing a contact updates the master contact; moving it or editing notes does not --------------------------

select tests.authenticate_as('owner');
update public.saved_contacts set last_name = 'King' where email = 'Ada@Example.com';
reset role;
select results_eq(
  $$ select best_known_first_name, best_known_last_name from public.master_contacts where email = 'ada@example.com' $$,
  $$ values ('Ada', 'King') $$, 'an edit makes the owner''s whole contribution the newest again'
);

create temporary table before_move on commit drop as
  select last_updated_at, (select uploaded_at from public.master_contact_sources
                            where user_id = tests.get_user_id('owner')) as uploaded_at
  from public.master_contacts where email = 'ada@example.com';
select tests.authenticate_as('owner');
insert into public.contact_lists (name) values ('Leads');
update public.saved_contacts set notes = 'still private', list_id = (select id from public.contact_lists where name = 'Leads');
reset role;
select results_eq(
  $$ select s.uploaded_at from public.master_contact_sources as s where s.user_id = tests.get_user_id('owner') $$,
  $$ select uploaded_at from before_move $$,
  'moving a contact to another list or editing its notes contributes nothing new'
);

select tests.authenticate_as('owner');
select lives_ok($$ delete from public.contact_lists where name = 'Leads' $$, 'deleting the list moves the contact');
reset role;
select results_eq(
  $$ select confidence from public.master_contacts where email = 'ada@example.com' $$,
  $$ values (2) $$, 'and leaves its contribution in place'
);

-- Act 3b: any update of a contact whose source went missing puts it back --------------------------------------------

reset role;
delete from public.master_contact_sources where user_id = tests.get_user_id('owner');
select private.refresh_master_contacts(array(select id from public.master_contacts where email = 'ada@example.com'));
select results_eq(
  $$ select confidence, best_known_first_name from public.master_contacts where email = 'ada@example.com' $$,
  $$ values (1, 'Augusta') $$, 'a lost source leaves the master contact to the other contributor (arranged)'
);

select tests.authenticate_as('owner');
update public.saved_contacts set notes = 'repaired';
reset role;
select results_eq(
  $$ select s.contributed_data ->> 'first_name', s.contributed_data ->> 'last_name'
     from public.master_contact_sources as s join public.master_contacts as m on m.id = s.master_contact_id
     where m.email = 'ada@example.com' and s.user_id = tests.get_user_id('owner') $$,
  $$ values ('Ada', 'King') $$, 'an edit of only the notes re-creates the missing source'
);
select results_eq(
  $$ select confidence, best_known_first_name, best_known_last_name from public.master_contacts
     where email = 'ada@example.com' $$,
  $$ values (2, 'Ada', 'King') $$, 'and the master contact counts it again'
);

-- Act 4: changing the address moves the contribution ----------------------------------------------------------------

select tests.authenticate_as('stranger');
update public.saved_contacts set email = 'augusta@example.org' where email = 'ADA@example.com';
reset role;

select results_eq(
  $$ select email, confidence, best_known_first_name, best_known_position from public.master_contacts
     where email in ('ada@example.com', 'augusta@example.org') order by email $$,
  $$ values ('ada@example.com', 1, 'Ada', 'CTO'), ('augusta@example.org', 1, 'Augusta', 'Chief Technology Officer') $$,
  'the old address falls back to what remains; the new address gets the contribution'
);

-- Act 5: deleting contacts removes sources, and master contacts with none left -------------------------------------

select tests.authenticate_as('stranger');
delete from public.saved_contacts where email = 'augusta@example.org';
reset role;

select is_empty($$ select * from public.master_contacts where email = 'augusta@example.org' $$,
  'a master contact whose last source is deleted is removed');
select is_empty(
  $$ select * from public.master_contact_sources where user_id = tests.get_user_id('stranger') $$,
  'the deleted contact''s source is gone');

select tests.authenticate_as('stranger');
insert into public.saved_contacts (email, company, source) values ('ada@example.com', 'Analytical Engines', 'bulk');
reset role;
select results_eq(
  $$ select confidence, best_known_company from public.master_contacts where email = 'ada@example.com' $$,
  $$ values (2, 'Analytical Engines') $$, 'a new contribution counts again'
);

delete from auth.users where id = tests.get_user_id('stranger');
select results_eq(
  $$ select confidence, best_known_company from public.master_contacts where email = 'ada@example.com' $$,
  $$ values (1, 'Engines Ltd') $$, 'a deleted account''s contributions go with it'
);

-- Act 5b: one statement over many contacts (an import, a bulk edit, a bulk delete) -------------------------------

select tests.authenticate_as('site_admin');
insert into public.saved_contacts (email, first_name, company, source)
values ('grace@example.net', 'Grace', 'Navy', 'bulk'),
       ('Alan@Example.net', 'Alan', null, 'bulk'),
       ('ada@EXAMPLE.com', null, 'Babbage & Co', 'bulk');
reset role;
select results_eq(
  $$ select email, confidence, best_known_first_name, best_known_company from public.master_contacts
     where email in ('ada@example.com', 'alan@example.net', 'grace@example.net') order by email $$,
  $$ values ('ada@example.com', 2, 'Ada', 'Babbage & Co'), ('alan@example.net', 1, 'Alan', null),
            ('grace@example.net', 1, 'Grace', 'Navy') $$,
  'one insert of many contacts merges each into the master contact of its address, new or not'
);

select tests.authenticate_as('site_admin');
update public.saved_contacts
   set email = case when lower(email) = 'alan@example.net' then 'alan@example.org' else email end,
       company = case when email = 'grace@example.net' then 'US Navy' else company end,
       notes = 'bulk edit';
reset role;
select results_eq(
  $$ select email, confidence, best_known_first_name, best_known_company from public.master_contacts
     where email in ('ada@example.com', 'alan@example.net', 'alan@example.org', 'grace@example.net') order by email $$,
  $$ values ('ada@example.com', 2, 'Ada', 'Babbage & Co'), ('alan@example.org', 1, 'Alan', null),
            ('grace@example.net', 1, 'Grace', 'US Navy') $$,
  'one update of many contacts moves, updates or leaves each contribution as its own change requires'
);

select tests.authenticate_as('site_admin');
delete from public.saved_contacts;
reset role;
select results_eq(
  $$ select email, confidence, best_known_company from public.master_contacts
     where email in ('ada@example.com', 'alan@example.org', 'grace@example.net') order by email $$,
  $$ values ('ada@example.com', 1, 'Engines Ltd') $$,
  'one delete of many contacts withdraws each contribution and removes the master contacts left without one'
);

-- Act 6: only the triggers write; only an admin reads, not even the contributing owner ------------------------------

reset role;
select tests.create_user('another');

select * from tests.assert_access('public.master_contacts', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['owner',      'none',   'denied', 'denied', 'denied'],
  ['another',    'none',   'denied', 'denied', 'denied'],
  ['site_admin', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ email = 'ada@example.com' $$,
  insert_sql => $$ insert into public.master_contacts (email, domain) values ('x@y.example', 'y.example') $$,
  update_set => 'confidence = 9, is_verified = true');

select * from tests.assert_access('public.master_contact_sources', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['owner',      'none',   'denied', 'denied', 'denied'],
  ['another',    'none',   'denied', 'denied', 'denied'],
  ['site_admin', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.master_contact_sources (master_contact_id, user_id, user_contact_id, contributed_data)
                   values (1, tests.get_user_id('owner'), 1, '{}') $$,
  update_set => $$ contributed_data = '{}' $$);

select tests.authenticate_as('site_admin');

select results_eq(
  $$ select m.email, s.user_id from public.master_contacts as m
     join public.master_contact_sources as s on s.master_contact_id = m.id where m.email = 'ada@example.com' $$,
  $$ values ('ada@example.com', tests.get_user_id('owner')) $$,
  'an admin reads master contacts and their sources'
);

-- Act 7: structure --------------------------------------------------------------------------------------------------

reset role;

select policies_are('public', 'master_contacts', array['Admins can read every master contact'],
  'one read policy, no write policies');
select policies_are('public', 'master_contact_sources', array['Admins can read every master contact source'],
  'one read policy, no write policies');

-- Concurrent saves and withdrawals of one address need two sessions, which pgTAP does not have: the api layer runs
-- them (edge-functions/api/routes/contacts/master-contacts.test.ts).

select * from finish();
rollback;
