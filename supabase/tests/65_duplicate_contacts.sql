-- Duplicate contacts (migrations contact_email_key, contact_audit_log, duplicate_contact_actions): the email key
-- folds Gmail's spellings of one inbox; only admins merge, undo, edit and delete, each audited; a merge fills the kept
-- record's blanks newest first, joins notes and picks the list; an undo restores the rows with their ids; the master
-- contacts follow; each refusal has its SQLSTATE and reason.
begin;
select plan(80);

select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');
insert into public.contact_lists (user_id, name) values (tests.get_user_id('owner'), 'Leads');

create temporary table c (name text primary key, id bigint) on commit drop;
grant select on c to authenticated;
create function pg_temp.id(p_name text) returns bigint language sql stable as $$ select id from c where name = p_name $$;
create function pg_temp.save(p_name text, p_user text, p_email text, p_list text, p_fields jsonb, p_age interval)
returns void language sql as $$
  with saved as (
    insert into public.saved_contacts (user_id, list_id, email, first_name, last_name, position, company, phone, notes,
                                       source, created_at, updated_at)
    select tests.get_user_id(p_user), l.id, p_email, p_fields ->> 'first_name', p_fields ->> 'last_name',
           p_fields ->> 'position', p_fields ->> 'company', p_fields ->> 'phone', p_fields ->> 'notes', 'manual',
           now() - p_age, now() - p_age
      from public.contact_lists as l where l.user_id = tests.get_user_id(p_user) and l.name = p_list
    returning id
  )
  insert into c select p_name, saved.id from saved
$$;

select pg_temp.save('kept', 'owner', 'John.Doe@gmail.com', 'General',
  '{"first_name": "John", "notes": "Met at the expo"}', '3 days');
select pg_temp.save('older', 'owner', 'j.o.h.n.doe@GMAIL.com', 'General',
  '{"last_name": "Older", "phone": "111", "notes": "Likes tea"}', '2 days');
select pg_temp.save('newer', 'owner', 'JohnDoe+news@GoogleMail.com', 'Leads',
  '{"first_name": "Johnny", "last_name": "Doe", "position": "CTO", "notes": " Met at the expo "}', '1 day');
select pg_temp.save('elsewhere', 'owner', 'john.doe@example.com', 'General', '{}', '1 day');
select pg_temp.save('others', 'other', 'johndoe@gmail.com', 'General', '{"company": "Other Co"}', '1 day');

-- Act 1: the email key --------------------------------------------------------------------------------------------

select results_eq(
  $$ select public.email_key(e) from unnest(array[
       ' J.Doe+News@GoogleMail.COM ', 'a.b+c@example.com', 'A.B@Gmail.com', 'x+@gmail.com', 'no-at-sign', 'a@b@gmail.com'
     ]) as e $$,
  $$ values ('jdoe@gmail.com'), ('a.b+c@example.com'), ('ab@gmail.com'), ('x@gmail.com'), ('no-at-sign'),
            ('a@b@gmail.com') $$,
  'the key trims and lower-cases; only Gmail loses dots and the +suffix, and googlemail.com is gmail.com');
select is(public.email_key(null), null, 'no address, no key');
select results_eq(
  $$ select email_key from public.saved_contacts where id in (select id from c) order by id $$,
  $$ values ('johndoe@gmail.com'), ('johndoe@gmail.com'), ('johndoe@gmail.com'), ('john.doe@example.com'),
            ('johndoe@gmail.com') $$,
  'saved contacts store their key');
select has_index('public', 'saved_contacts', 'saved_contacts_email_key_user_id_idx', array['email_key', 'user_id'],
  'groups are read in key order with their owners from one index');
select tests.act_as('anon');
select is(public.email_key('A@B.C'), 'a@b.c', 'anyone may compute a key');
reset role;

-- Act 2: who may call the functions ------------------------------------------------------------------------------

-- The calls name the ids as literals: the actors need nothing but the function.
select * from tests.assert_admin_only(
  format('select private.merge_saved_contacts(%s, array[%s])', pg_temp.id('kept'), pg_temp.id('older')),
  users => array['owner', 'other'], admin => 'site_admin');
select * from tests.assert_admin_only(
  format($$ select private.update_duplicate_record(%s, '{"company": "Acme"}') $$, pg_temp.id('kept')),
  users => array['owner', 'other'], admin => 'site_admin');
select * from tests.assert_admin_only(format('select private.delete_duplicate_record(%s)', pg_temp.id('others')),
  users => array['owner', 'other'], admin => 'site_admin');
select * from tests.assert_admin_only('select private.undo_contact_merge(1)', users => array['owner', 'other']);
select * from tests.assert_admin_only($$ select private.duplicate_keys_matching(array['%doe%']) $$,
  users => array['owner'], admin => 'site_admin');
select tests.authenticate_as('site_admin');
select results_eq($$ select private.duplicate_keys_matching(array['%n.doe@%', '%johndoe@%']) order by 1 $$,
  $$ values ('john.doe@example.com'), ('johndoe@gmail.com') $$,
  'the search answers the keys matching any pattern, once each');
reset role;

-- Act 3: a merge ----------------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
create temporary table merges (name text primary key, audit_id bigint) on commit drop;
grant select, insert on merges to authenticated;
insert into merges select 'first', private.merge_saved_contacts(pg_temp.id('kept'), array[pg_temp.id('older'),
  pg_temp.id('newer')]);
reset role;

select results_eq(
  $$ select first_name, last_name, position, phone, notes, (select name from public.contact_lists where id = list_id)
       from public.saved_contacts where id = pg_temp.id('kept') $$,
  $$ values ('John', 'Doe', 'CTO', '111', E'Met at the expo\nLikes tea', 'Leads') $$,
  'the kept record keeps its values, fills blanks from the newest merged record first, joins notes once each, and '
  'leaves General for the merged record''s list');
select is_empty($$ select from public.saved_contacts where id in (pg_temp.id('older'), pg_temp.id('newer')) $$,
  'the merged records are gone');
select results_eq(
  $$ select action, email_key, actor_id = tests.get_user_id('site_admin'), kept_id = pg_temp.id('kept'),
            removed_ids = array[pg_temp.id('older'), pg_temp.id('newer')] and removed_ids[1] < removed_ids[2],
            kept_before ->> 'first_name', kept_before ->> 'last_name', kept_after ->> 'last_name',
            jsonb_array_length(removed_rows), removed_rows -> 1 ->> 'email', removed_rows -> 1 ->> 'created_at' is not null
       from public.contact_audit_log where id = (select audit_id from merges where name = 'first') $$,
  $$ values ('merge', 'johndoe@gmail.com', true, true, true, 'John', null, 'Doe', 2, 'JohnDoe+news@GoogleMail.com',
             true) $$,
  'the audit entry names the admin and holds the kept record before and after and the removed rows whole');
select results_eq(
  $$ select email from public.master_contacts where email like '%doe%' order by email $$,
  $$ values ('john.doe@example.com'), ('john.doe@gmail.com'), ('johndoe@gmail.com') $$,
  'the master contacts of the merged spellings go with their last source');

-- Act 4: undo ---------------------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select results_eq(
  $$ select private.undo_contact_merge((select audit_id from merges where name = 'first')) $$,
  $$ select array[pg_temp.id('older'), pg_temp.id('newer')] $$,
  'an admin undoes the merge and learns the restored ids');
reset role;
select results_eq(
  $$ select id, email, last_name, notes, (select name from public.contact_lists where id = list_id), created_at
       from public.saved_contacts where id in (pg_temp.id('older'), pg_temp.id('newer')) order by id $$,
  $$ values (pg_temp.id('older'), 'j.o.h.n.doe@GMAIL.com', 'Older', 'Likes tea', 'General', now() - interval '2 days'),
            (pg_temp.id('newer'), 'JohnDoe+news@GoogleMail.com', 'Doe', ' Met at the expo ', 'Leads',
             now() - interval '1 day') $$,
  'the removed rows come back with their ids, values, lists and times');
select results_eq(
  $$ select first_name, last_name, position, phone, notes, (select name from public.contact_lists where id = list_id)
       from public.saved_contacts where id = pg_temp.id('kept') $$,
  $$ values ('John', null, null, null, 'Met at the expo', 'General') $$,
  'the kept record is as it was before the merge');
select results_eq(
  $$ select email, confidence from public.master_contacts where email like 'johndoe+%' $$,
  $$ values ('johndoe+news@googlemail.com', 1) $$,
  'the restored rows contribute to their master contacts again');
select ok((select undone_at is not null and undone_by = tests.get_user_id('site_admin') from public.contact_audit_log
           where id = (select audit_id from merges where name = 'first')), 'the entry records who undid it');

select tests.authenticate_as('site_admin');
select throws_ok($$ select private.undo_contact_merge((select audit_id from merges where name = 'first')) $$,
  'P0409', 'merge_already_undone', 'a merge is undone once');
select throws_ok($$ select private.undo_contact_merge(-1) $$, 'P0404', 'merge_not_found', 'an unknown merge is not found');

-- Act 5: what a merge refuses ----------------------------------------------------------------------------------------

select throws_ok($$ select private.merge_saved_contacts(pg_temp.id('kept'), array[pg_temp.id('others')]) $$,
  'P0409', 'different_owners', 'records of different owners never merge');
select throws_ok($$ select private.merge_saved_contacts(pg_temp.id('kept'), array[pg_temp.id('elsewhere')]) $$,
  'P0409', 'no_shared_email_key', 'records reaching other inboxes do not merge');
select throws_ok($$ select private.merge_saved_contacts(pg_temp.id('kept'), array[-1]) $$,
  'P0404', 'duplicate_record_not_found', 'an unknown merged record is not found');
select throws_ok($$ select private.merge_saved_contacts(-1, array[pg_temp.id('older')]) $$,
  'P0404', 'duplicate_record_not_found', 'an unknown kept record is not found');
select throws_ok($$ select private.merge_saved_contacts(pg_temp.id('kept'), '{}') $$,
  'P0422', 'merge_ids_invalid', 'a merge needs a record to remove');
select throws_ok($$ select private.merge_saved_contacts(pg_temp.id('kept'), array[pg_temp.id('kept')]) $$,
  'P0422', 'merge_ids_invalid', 'the kept record is not also removed');
select throws_ok(
  $$ select private.merge_saved_contacts(pg_temp.id('kept'), array[pg_temp.id('older'), pg_temp.id('older')]) $$,
  'P0422', 'merge_ids_invalid', 'an id is named once');
select throws_ok(
  $$ select private.merge_saved_contacts(pg_temp.id('kept'), array(select -g from generate_series(1, 51) as g)) $$,
  'P0422', 'merge_ids_invalid', 'at most 50 records go in one merge');
select throws_ok(
  $$ select private.merge_saved_contacts(pg_temp.id('kept'), array[pg_temp.id('older')], '{"email": "x@y.z"}') $$,
  'P0422', 'fields_invalid', 'only the editable fields can be set');
select throws_ok(
  $$ select private.merge_saved_contacts(pg_temp.id('kept'), array[pg_temp.id('older')], '{"notes": 5}') $$,
  'P0422', 'fields_invalid', 'a field is text or null');
reset role;
update public.saved_contacts set notes = repeat('a', 1500) where id = pg_temp.id('kept');
update public.saved_contacts set notes = repeat('b', 600) where id = pg_temp.id('older');
select tests.authenticate_as('site_admin');
select throws_ok($$ select private.merge_saved_contacts(pg_temp.id('kept'), array[pg_temp.id('older')]) $$,
  'P0409', 'merged_notes_too_long', 'joined notes over 2,000 characters are refused');
select lives_ok(
  $$ insert into merges select 'picked', private.merge_saved_contacts(pg_temp.id('kept'), array[pg_temp.id('older')],
       '{"notes": "Chosen", "firstName": "Jon", "lastName": ""}') $$,
  'fields the admin picked replace the merged values, notes included');
reset role;
select results_eq(
  $$ select first_name, last_name, notes from public.saved_contacts where id = pg_temp.id('kept') $$,
  $$ values ('Jon', null, 'Chosen') $$, 'the picked values are kept, an empty one empties the field');

-- Act 6: what an undo refuses ---------------------------------------------------------------------------------------

-- The owner edits the kept record after the merge.
select tests.authenticate_as('owner');
update public.saved_contacts set company = 'Changed' where id = pg_temp.id('kept');
select tests.authenticate_as('site_admin');
select throws_ok($$ select private.undo_contact_merge((select audit_id from merges where name = 'picked')) $$,
  'P0409', 'kept_record_changed', 'no undo once the kept record has changed');

insert into merges select 'resaved', private.merge_saved_contacts(pg_temp.id('kept'), array[pg_temp.id('newer')]);
select tests.authenticate_as('owner');
insert into public.saved_contacts (email, source) values ('JohnDoe+News@googlemail.com', 'manual');
select tests.authenticate_as('site_admin');
select throws_ok($$ select private.undo_contact_merge((select audit_id from merges where name = 'resaved')) $$,
  'P0409', 'merged_contact_saved_again', 'no undo once the owner saved a removed address again');

reset role;
delete from public.saved_contacts where email = 'JohnDoe+News@googlemail.com';
update public.contact_audit_log set created_at = now() - interval '31 days'
 where id = (select audit_id from merges where name = 'resaved');
select tests.authenticate_as('site_admin');
select throws_ok($$ select private.undo_contact_merge((select audit_id from merges where name = 'resaved')) $$,
  'P0409', 'merge_undo_expired', 'no undo after 30 days');

-- Act 7: edit and delete --------------------------------------------------------------------------------------------

select lives_ok(
  $$ insert into merges select 'edit', private.update_duplicate_record(pg_temp.id('others'),
       '{"company": "Acme", "jobTitle": "CEO", "phoneNumber": null}') $$,
  'an admin edits anyone''s record');
select throws_ok($$ select private.update_duplicate_record(-1, '{}') $$, 'P0404', 'duplicate_record_not_found',
  'an unknown record is not found for an edit');
select throws_ok($$ select private.update_duplicate_record(pg_temp.id('others'), '["company"]') $$, 'P0422',
  'fields_invalid', 'an edit is an object of fields');
select throws_ok($$ select private.undo_contact_merge((select audit_id from merges where name = 'edit')) $$,
  'P0404', 'merge_not_found', 'an edit is no merge to undo');
select lives_ok($$ insert into merges select 'delete', private.delete_duplicate_record(pg_temp.id('others')) $$,
  'an admin deletes anyone''s record');
select throws_ok($$ select private.delete_duplicate_record(pg_temp.id('others')) $$, 'P0404',
  'duplicate_record_not_found', 'a deleted record is not found');
reset role;
select is_empty($$ select from public.saved_contacts where id = pg_temp.id('others') $$, 'the deleted record is gone');
select results_eq(
  $$ select action, kept_id = pg_temp.id('others'), kept_before ->> 'company', kept_after ->> 'company',
            kept_after ->> 'position', removed_ids = '{}'
       from public.contact_audit_log where id = (select audit_id from merges where name = 'edit') $$,
  $$ values ('edit', true, 'Other Co', 'Acme', 'CEO', true) $$, 'the edit is audited with the record before and after');
select results_eq(
  $$ select action, kept_id, removed_rows -> 0 ->> 'company', removed_ids = array[pg_temp.id('others')]
       from public.contact_audit_log where id = (select audit_id from merges where name = 'delete') $$,
  $$ values ('delete', null::bigint, 'Acme', true) $$, 'the delete is audited with the row whole');

-- Act 8: the audit log: admins read, nobody writes; snapshots blanked at 30 days -----------------------------------

select * from tests.assert_access('public.contact_audit_log', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['owner',      'none',   'denied', 'denied', 'denied'],
  ['other',      'none',   'denied', 'denied', 'denied'],
  ['site_admin', 'all',    'denied', 'denied', 'denied']
], insert_sql => $$ insert into public.contact_audit_log (action, email_key) values ('edit', 'x@y.z') $$,
   update_set => 'undone_at = now()');

select is(private.blank_contact_audit_snapshots(), 1, 'the daily job blanks the entries over 30 days old');
select results_eq(
  $$ select kept_before is null and kept_after is null and removed_rows is null and snapshots_blanked_at is not null,
            removed_ids = array[pg_temp.id('newer')]
       from public.contact_audit_log where id = (select audit_id from merges where name = 'resaved') $$,
  $$ values (true, true) $$, 'its snapshots are gone; who did what stays');
select is(private.blank_contact_audit_snapshots(), 0, 'an entry is blanked once');
select is((select schedule from cron.job where jobname = 'contact-audit-blank'), '41 3 * * *',
  'the blanking runs daily');

select * from finish();
rollback;
