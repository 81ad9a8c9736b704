-- The admin audit log: admins read it, only the admin functions write it, and nobody (the service role and the table
-- owner included) updates, deletes or truncates a row. Pages newest first by keyset.
begin;
select plan(37);

select tests.create_user('member');
select tests.create_user('site_admin');
select tests.create_user('departing_admin');
update public.profiles set is_admin = true
where id in (tests.get_user_id('site_admin'), tests.get_user_id('departing_admin'));

-- Act 1: rows come from write_admin_audit, with the signed-in actor ---------------------------------------------------

select tests.authenticate_as('site_admin');
select private.admin_record_reexplore('acme-corp.test');
reset role;
select results_eq(
  $$ select actor_id, actor_email, action, target_type, target_id, before, after, created_at from public.admin_audit_log $$,
  $$ values (tests.get_user_id('site_admin'), 'site_admin@test.example', 'domain.reexplored', 'domain',
             'acme-corp.test', null::jsonb, null::jsonb, now()) $$,
  'an admin action writes one row naming its actor, what it did and to what'
);

select tests.authenticate_as_service_role();
select private.write_admin_audit('export.users', null, null, null, '{"rows": 3}');
reset role;
select results_eq(
  $$ select actor_id, actor_email, action, after from public.admin_audit_log where action = 'export.users' $$,
  $$ values (null::uuid, null::text, 'export.users', '{"rows": 3}'::jsonb) $$,
  'a trusted server may write a row, with no actor (the system)'
);

select tests.authenticate_as('departing_admin');
select private.admin_record_reexplore('departing.test');
reset role;

-- Act 2: who may do what ------------------------------------------------------------------------------------------

select * from tests.assert_access('public.admin_audit_log', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['member',       'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'all',    'denied', 'denied', 'denied']
],
  insert_sql => $$ insert into public.admin_audit_log (action) values ('user.suspended') $$,
  update_set => $$ action = 'user.unsuspended' $$);

select tests.clear_authentication();
select throws_ok($$ select private.write_admin_audit('user.suspended', 'user', 'x', null, null) $$, '42501', null,
  'anon cannot write the audit log');
select tests.authenticate_as('site_admin');
select throws_ok($$ select private.write_admin_audit('user.suspended', 'user', 'x', null, null) $$, '42501', null,
  'not even an admin writes a row but through an admin action');
reset role;

-- Act 3: rows are immutable for everyone ------------------------------------------------------------------------------

select tests.authenticate_as_service_role();
select throws_ok($$ update public.admin_audit_log set action = 'user.unsuspended' $$, '42501', null,
  'the service role cannot update a row');
select throws_ok($$ delete from public.admin_audit_log $$, '42501', null, 'the service role cannot delete a row');
select throws_ok($$ truncate public.admin_audit_log $$, '42501', null, 'the service role cannot truncate the log');
reset role;

select throws_ok($$ update public.admin_audit_log set action = 'user.unsuspended' $$, '42501',
  'The admin audit log cannot be changed (update)', 'the table owner cannot update a row: a trigger refuses');
select throws_ok($$ update public.admin_audit_log set actor_id = null $$, '42501',
  'The admin audit log cannot be changed (update)', 'nor clear an actor by hand');
select throws_ok($$ delete from public.admin_audit_log $$, '42501',
  'The admin audit log cannot be changed (delete)', 'the table owner cannot delete a row');
select throws_ok($$ truncate public.admin_audit_log $$, '42501',
  'The admin audit log cannot be changed (truncate)', 'the table owner cannot truncate the log');
set local client_min_messages = warning;
select throws_ok($$ truncate public.profiles cascade $$, '42501',
  'The admin audit log cannot be changed (truncate)', 'nor empty it by truncating what it refers to');
reset client_min_messages;
select is((select count(*)::integer from public.admin_audit_log), 3, 'every row is still there');

delete from auth.users where id = tests.get_user_id('departing_admin');
select results_eq(
  $$ select actor_id, actor_email, target_id from public.admin_audit_log where action = 'domain.reexplored'
     order by id $$,
  $$ values (tests.get_user_id('site_admin'), 'site_admin@test.example', 'acme-corp.test'),
            (null::uuid, 'departing_admin@test.example', 'departing.test') $$,
  'an actor''s account can go: their rows stay, keeping their email, with only the actor key cleared'
);

-- Act 4: the security tab's pages -------------------------------------------------------------------------------------

select * from tests.assert_admin_only($$ select * from private.admin_audit_entries(null, 10) $$,
  users => array['member'], admin => 'site_admin');

reset role;
insert into public.admin_audit_log (action, target_type, target_id, created_at)
select 'domain.reexplored', 'domain', 'page-' || n || '.test', now() - interval '1 hour' + n * interval '1 second'
from generate_series(1, 5) as n;

select tests.authenticate_as('site_admin');
select results_eq(
  $$ select target_id from private.admin_audit_entries(null, 4) $$,
  $$ values ('departing.test'), (null), ('acme-corp.test'), ('page-5.test') $$,
  'the first page is the newest rows, by time and then by order of writing'
);
select results_eq(
  $$ select target_id from private.admin_audit_entries(
       (select id from private.admin_audit_entries(null, 4) order by created_at, id limit 1), 4) $$,
  $$ values ('page-4.test'), ('page-3.test'), ('page-2.test'), ('page-1.test') $$,
  'the next page starts after the last row of the one before'
);
select throws_ok($$ select * from private.admin_audit_entries(null, 0) $$, 'P0422', 'limit_invalid',
  'a page holds at least one row');
select throws_ok($$ select * from private.admin_audit_entries(null, 201) $$, 'P0422', 'limit_invalid',
  'and at most 200');

select * from finish();
rollback;
