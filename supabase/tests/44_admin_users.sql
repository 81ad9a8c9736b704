-- The admins' user list and drawer: search, filters, sorts and pages of private.admin_users, one user's details in
-- private.admin_user, and the validation count they show, which the database keeps.
begin;
select plan(31);

select tests.create_user('ada', '{"username": "ada_lovelace", "first_name": "Ada"}', 'ada@analytical.lab44.test');
select tests.create_user('grace', '{"username": "grace"}', 'grace@navy.lab44.test');
select tests.create_user('alan', '{"username": "turing"}', 'alan@bletchley.lab44.test');
select tests.create_user('site_admin', '{"username": "root_admin"}', 'sale50%off@mailscout.lab44.test');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: the validation count is the sum of the user's validation logs -------------------------------------------------

insert into public.validation_logs (user_id, validation_type, emails_processed) values
  (tests.get_user_id('ada'), 'single', 1),
  (tests.get_user_id('ada'), 'bulk', 500),
  (tests.get_user_id('grace'), 'bulk', 20),
  (tests.get_user_id('site_admin'), 'single', 1),
  (null, 'single', 1);
insert into public.validation_logs (user_id, validation_type, emails_processed)
values (tests.get_user_id('grace'), 'single', 1);
select results_eq(
  $$ select username, total_validations_ever from public.profiles
     where id in (tests.get_user_id('ada'), tests.get_user_id('grace'), tests.get_user_id('alan')) order by username $$,
  $$ values ('ada_lovelace', 501), ('grace', 21), ('turing', 0) $$,
  'each validation log adds its addresses to its user''s lifetime count, one statement or many'
);

-- Sign-up order (created_at), activity (set after the validations, which count as activity) and plans to sort and
-- filter by.
update public.profiles set created_at = now() - interval '4 days', last_activity_at = now() - interval '1 hour',
  subscription_status = 'business' where id = tests.get_user_id('ada');
update public.profiles set created_at = now() - interval '3 days', last_activity_at = now() - interval '1 day',
  throttle_enabled = true where id = tests.get_user_id('grace');
update public.profiles set created_at = now() - interval '2 days', suspended_until = now() + interval '1 day'
where id = tests.get_user_id('alan');
update public.profiles set created_at = now() - interval '1 day', last_activity_at = now()
where id = tests.get_user_id('site_admin');

insert into public.saved_contacts (user_id, email, source)
select tests.get_user_id('grace'), 'contact' || n || '@navy.lab44.test', 'manual' from generate_series(1, 3) as n;

-- Act 2: who may call them ----------------------------------------------------------------------------------------------

select * from tests.assert_admin_only($$ select * from private.admin_users(null, null, null, null, null, 10, 0) $$,
  users => array['ada'], admin => 'site_admin');
select * from tests.assert_admin_only(format($$ select private.admin_user(%L) $$, tests.get_user_id('ada')),
  users => array['ada'], admin => 'site_admin');

-- Act 3: the list -------------------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');

select results_eq(
  $$ select username, total_count from private.admin_users(null, null, null, null, null, 10, 0)
     where id in (tests.get_user_id('ada'), tests.get_user_id('grace'), tests.get_user_id('alan'),
                  tests.get_user_id('site_admin')) $$,
  $$ select u.username, (select count(*) from public.profiles) from (values
       ('root_admin', 1), ('turing', 2), ('grace', 3), ('ada_lovelace', 4)) as u (username, position)
     order by position $$,
  'newest sign-ups first by default, with the total'
);
select results_eq(
  $$ select id, username, email, first_name, is_admin, subscription_status, validation_count, contact_count,
            throttle_enabled, max_requests_per_minute, current_throttle_level, suspended_until is not null
     from private.admin_users('GRACE', null, null, null, null, 10, 0) $$,
  $$ values (tests.get_user_id('grace'), 'grace', 'grace@navy.lab44.test', null::text, false, 'free', 21::bigint,
             3::bigint, true, 10, 100, false) $$,
  'a search finds the username in any case, and the row has the counts, balances and throttle'
);
select results_eq(
  $$ select username from private.admin_users('bletchley', null, null, null, null, 10, 0) $$,
  $$ values ('turing') $$,
  'or a part of the email'
);
select results_eq(
  $$ select username from private.admin_users('50%', null, null, null, null, 10, 0) $$,
  $$ values ('root_admin') $$,
  'a search for % matches a % character, not anything'
);
select results_eq(
  $$ select username from private.admin_users('_', null, null, 'email', false, 10, 0) $$,
  $$ values ('ada_lovelace'), ('root_admin') $$,
  'and _ matches only an _'
);
select results_eq(
  $$ select username, total_count from private.admin_users('lab44', 'admin', null, null, null, 10, 0) $$,
  $$ values ('root_admin', 1::bigint) $$,
  'the admin filter, with its total'
);
select results_eq(
  $$ select username from private.admin_users('lab44', 'throttled', null, null, null, 10, 0) $$,
  $$ values ('grace') $$,
  'the throttled filter'
);
select results_eq(
  $$ select username from private.admin_users('lab44', 'suspended', null, null, null, 10, 0) $$,
  $$ values ('turing') $$,
  'the suspended filter (suspensions in force)'
);
select results_eq(
  $$ select username from private.admin_users('lab44', null, 'business', null, null, 10, 0) $$,
  $$ values ('ada_lovelace') $$,
  'the plan filter'
);
select results_eq(
  $$ select username from private.admin_users('lab44', null, null, 'email', false, 10, 0) $$,
  $$ values ('ada_lovelace'), ('turing'), ('grace'), ('root_admin') $$,
  'sorted by email'
);
select results_eq(
  $$ select username from private.admin_users('lab44', null, null, 'validation_count', true, 10, 0) $$,
  $$ values ('ada_lovelace'), ('grace'), ('root_admin'), ('turing') $$,
  'sorted by validation count, most first'
);
select results_eq(
  $$ select username from private.admin_users('lab44', null, null, 'last_active_at', true, 10, 0) $$,
  $$ values ('root_admin'), ('ada_lovelace'), ('grace'), ('turing') $$,
  'sorted by last activity, most recent first, the never active last'
);
select results_eq(
  $$ select username from private.admin_users('lab44', null, null, 'last_active_at', false, 10, 0) $$,
  $$ values ('turing'), ('grace'), ('ada_lovelace'), ('root_admin') $$,
  'and the other way round, the never active first'
);
select results_eq(
  $$ select username, total_count from private.admin_users('lab44', null, null, 'created_at', false, 2, 1) $$,
  $$ values ('grace', 4::bigint), ('turing', 4::bigint) $$,
  'a page is limit rows after offset, oldest first on request'
);
select is_empty(
  $$ select from private.admin_users('lab44', null, null, null, null, 10, 4) $$,
  'past the end, an empty page'
);

select throws_ok($$ select * from private.admin_users(null, 'banned', null, null, null, 10, 0) $$,
  'P0422', 'filter_invalid', 'an unknown filter is refused');
select throws_ok($$ select * from private.admin_users(null, null, 'gold', null, null, 10, 0) $$,
  'P0422', 'plan_invalid', 'an unknown plan is refused');
select throws_ok($$ select * from private.admin_users(null, null, null, 'password', null, 10, 0) $$,
  'P0422', 'sort_invalid', 'an unknown sort is refused');
select throws_ok($$ select * from private.admin_users(null, null, null, null, null, 500, 0) $$,
  'P0422', 'limit_invalid', 'a page holds at most 200 rows');
select throws_ok($$ select * from private.admin_users(null, null, null, null, null, 10, -1) $$,
  'P0422', 'offset_invalid', 'an offset is not negative');

-- Act 4: one user -----------------------------------------------------------------------------------------------------------

select private.admin_grant_credits(tests.get_user_id('grace'), 5, 'bonus', 'Thanks', null);
reset role;
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('grace'), 'bulk', 1000, date_trunc('month', now(), 'UTC') - interval '1 second');
insert into public.support_tickets (user_id, subject, description) values
  (tests.get_user_id('grace'), 'Help', 'Please'),
  (tests.get_user_id('grace'), 'More help', 'Please');
update public.support_tickets set status = 'resolved' where subject = 'More help';
select private.admit_user_request(tests.get_user_id('grace'));
update public.profiles set max_requests_per_minute = 0 where id = tests.get_user_id('grace');
select private.admit_user_request(tests.get_user_id('grace'));

select tests.authenticate_as('site_admin');
select results_eq(
  $$ select d -> 'user' ->> 'username', d -> 'user' ->> 'validation_count', d -> 'user' ->> 'contact_count',
            d -> 'usage'
     from (select private.admin_user(tests.get_user_id('grace')) as d) as detail $$,
  $$ values ('grace', '1021', '3',
             '{"validationsThisMonth": 21, "validationsTotal": 1021, "bulkJobs": 0, "ticketsOpen": 1}'::jsonb) $$,
  'a user''s row and usage: validations this month and in all, bulk jobs, open tickets'
);
select results_eq(
  $$ select g ->> 'credit_amount', g ->> 'reason', g ->> 'granted_by_email'
     from jsonb_array_elements(private.admin_user(tests.get_user_id('grace')) -> 'grants') as g $$,
  $$ values ('5', 'Thanks', 'sale50%off@mailscout.lab44.test') $$,
  'their credit grants, with who granted them'
);
select results_eq(
  $$ select a ->> 'endpoint', a ->> 'anomaly_reason'
     from jsonb_array_elements(private.admin_user(tests.get_user_id('grace')) -> 'recentActivity') as a $$,
  $$ values ('throttle', 'burst') $$,
  'and their recent activity'
);
select throws_ok($$ select private.admin_user(gen_random_uuid()) $$, 'P0404', 'user_not_found',
  'an unknown user is not found');

select * from finish();
rollback;
