-- Profiles: made from sign-up metadata, read and edited by their owner, overseen by admins, guarded column by column.
begin;
select plan(52);

-- The cast, created as Auth would create them.
select tests.create_user('owner', '{"username": "owner", "first_name": "Olive", "last_name": "Owner"}');
select tests.create_user('stranger', '{"username": "Stranger", "firstName": "Sam", "lastName": "Stranger"}');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: sign-up makes the profile ----------------------------------------------------------------------------------

select results_eq(
  $$ select username, email, first_name, last_name from public.profiles where id = tests.get_user_id('owner') $$,
  $$ values ('owner', 'owner@test.example', 'Olive', 'Owner') $$,
  'the profile takes username and names from snake_case metadata, and the email'
);

select results_eq(
  $$ select username, first_name, last_name from public.profiles where id = tests.get_user_id('stranger') $$,
  $$ values ('Stranger', 'Sam', 'Stranger') $$,
  'camelCase name metadata works too'
);

select results_eq(
  $$ select is_admin, subscription_status, free_validations_used, paid_credits, total_validations_ever,
            admin_granted_credits, trial_status, throttle_enabled, max_requests_per_minute, current_throttle_level,
            requests_this_minute
     from public.profiles where id = tests.get_user_id('owner') $$,
  $$ values (false, 'free', 0, 0, 0, 0, 'active', false, 10, 100, 0) $$,
  'a new profile starts as a free, unthrottled plain user with a trial running'
);

select tests.create_user('nameless', '{}', 'Nameless@test.example');
select tests.create_user('owner_elsewhere', '{}', 'owner@elsewhere.example');
select tests.create_user('tiny', '{}', 'ab@test.example');
select results_eq(
  $$ select username from public.profiles
     where id in (tests.get_user_id('nameless'), tests.get_user_id('owner_elsewhere'), tests.get_user_id('tiny'))
     order by username $$,
  $$ values ('ab_'), ('nameless'), ('owner_2') $$,
  'without a username, the email''s local part is used, lengthened and numbered until unique'
);

select throws_ok(
  $$ select tests.create_user('shouter', '{"username": "OWNER"}') $$,
  '23505', 'duplicate key value violates unique constraint "profiles_username_key"',
  'usernames are unique regardless of case'
);

select throws_ok(
  $$ select tests.create_user('too_short', '{"username": "ab"}') $$,
  '23514', 'new row for relation "profiles" violates check constraint "profiles_username_format"',
  'a username has at least 3 characters'
);

select throws_ok(
  $$ select tests.create_user('too_long', jsonb_build_object('username', repeat('x', 31))) $$,
  '23514', 'new row for relation "profiles" violates check constraint "profiles_username_format"',
  'a username has at most 30 characters'
);

select lives_ok(
  $$ select tests.create_user('longest', jsonb_build_object('username', repeat('x', 30))) $$,
  'a username of 30 characters is fine'
);

-- Act 2: who may do what with the owner's profile: profiles come and go with the auth user, so nobody inserts or
-- deletes them; another user sees and changes none of it; an anonymous visitor nothing at all ------------------------

select * from tests.assert_access('public.profiles', array[
  --             select    insert    update    delete
  ['anon',       'denied', 'denied', 'denied', 'denied'],
  ['owner',      'all',    'denied', 'all',    'denied'],
  ['stranger',   'none',   'denied', 'none',   'denied'],
  ['site_admin', 'all',    'denied', 'all',    'denied']
],
  rows_where => $$ id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.profiles (id, username) values (gen_random_uuid(), 'sneaky') $$,
  update_set => $$ first_name = 'Hacked' $$);

-- Act 3: the owner reads and edits their own profile, within limits -------------------------------------------------

select tests.authenticate_as('owner');

select results_eq(
  $$ select id from public.profiles $$,
  $$ values (tests.get_user_id('owner')) $$,
  'the owner sees their own profile and no other'
);

select results_eq(
  $$ update public.profiles
     set username = 'olive', first_name = 'Olivia', last_name = 'Owens', profile_image_url = 'https://img.test/o.png'
     where id = tests.get_user_id('owner')
     returning username, first_name, last_name, profile_image_url $$,
  $$ values ('olive', 'Olivia', 'Owens', 'https://img.test/o.png') $$,
  'the owner changes their username, names and picture'
);

select throws_ok(
  $$ update public.profiles set username = 'STRANGER' where id = tests.get_user_id('owner') $$,
  '23505', 'duplicate key value violates unique constraint "profiles_username_key"',
  'the owner cannot take another user''s username in any case'
);

select throws_ok(
  $$ update public.profiles set is_admin = true where id = tests.get_user_id('owner') $$,
  '42501', 'Only an admin action can change is_admin',
  'the owner cannot make themselves an admin'
);

select throws_ok(
  $$ update public.profiles set subscription_status = 'business' where id = tests.get_user_id('owner') $$,
  '42501', 'Only an admin action can change subscription_status',
  'the owner cannot change their subscription'
);

select throws_ok(
  $$ update public.profiles set paid_credits = 1000, admin_granted_credits = 1000 where id = tests.get_user_id('owner') $$,
  '42501', 'Only an admin action can change admin_granted_credits, paid_credits',
  'the owner cannot give themselves credits'
);

select throws_ok(
  $$ update public.profiles set free_validations_used = 0, total_validations_ever = 7
     where id = tests.get_user_id('owner') $$,
  '42501', 'Only an admin action can change total_validations_ever',
  'the owner cannot rewrite their validation counts (naming only what would change)'
);

select throws_ok(
  $$ update public.profiles set trial_status = 'converted', trial_expires_at = now() + interval '1 year'
     where id = tests.get_user_id('owner') $$,
  '42501', 'Only an admin action can change trial_expires_at, trial_status',
  'the owner cannot convert or extend a trial'
);

select throws_ok(
  $$ update public.profiles set suspended_until = now(), requests_this_minute = 99
     where id = tests.get_user_id('owner') $$,
  '42501', 'Only an admin action can change requests_this_minute, suspended_until',
  'the owner cannot touch their suspension or request count'
);

select throws_ok(
  $$ update public.profiles set max_requests_per_minute = 1000 where id = tests.get_user_id('owner') $$,
  '42501', 'Only an admin action can change max_requests_per_minute',
  'the owner cannot lift their own throttle'
);

select throws_ok(
  $$ update public.profiles set email = 'elsewhere@test.example' where id = tests.get_user_id('owner') $$,
  '42501', 'permission denied for table profiles',
  'the owner cannot change the email on the profile (it follows Auth)'
);

reset role;
select results_eq(
  $$ select first_name from public.profiles where id = tests.get_user_id('owner') $$,
  $$ values ('Olivia') $$,
  'the owner''s profile is as the owner left it'
);

-- Act 4: an admin reads every profile and edits names; privileges change only through the audited admin actions --

select tests.authenticate_as('site_admin');

select results_eq(
  $$ select username from public.profiles
     where id in (tests.get_user_id('owner'), tests.get_user_id('stranger')) order by username $$,
  $$ values ('Stranger'), ('olive') $$,
  'an admin reads other users'' profiles'
);

select results_eq(
  $$ update public.profiles set first_name = 'Olive' where id = tests.get_user_id('owner') returning first_name $$,
  $$ values ('Olive') $$,
  'an admin edits another user''s names'
);

select throws_ok(
  $$ update public.profiles
     set paid_credits = 50, admin_granted_credits = 50, granted_by = tests.get_user_id('site_admin'),
         granted_at = now(), grant_reason = 'Welcome'
     where id = tests.get_user_id('owner') $$,
  '42501', 'Only an admin action can change admin_granted_credits, grant_reason, granted_at, granted_by, paid_credits',
  'an admin cannot grant credits by a plain update, which would leave no record'
);

select lives_ok(
  $$ select private.admin_grant_credits(tests.get_user_id('owner'), 50, 'bonus', 'Welcome', null) $$,
  'an admin grants credits through the admin action'
);

select throws_ok(
  $$ update public.profiles
     set throttle_enabled = true, current_throttle_level = 50, suspended_until = now() + interval '1 day',
         suspension_reason = 'Abuse', trial_status = 'expired', subscription_status = 'starter'
     where id = tests.get_user_id('stranger') $$,
  '42501',
  'Only an admin action can change current_throttle_level, subscription_status, suspended_until, suspension_reason, '
  'throttle_enabled, trial_status',
  'an admin cannot throttle, suspend, or change trials and subscriptions by a plain update'
);

select lives_ok(
  $$ select private.admin_set_throttle(tests.get_user_id('stranger'), true, 10, 50),
            private.admin_suspend_user(tests.get_user_id('stranger'), now() + interval '1 day', 'Abuse') $$,
  'an admin throttles and suspends through the admin actions'
);

select throws_ok(
  $$ update public.profiles set is_admin = true where id = tests.get_user_id('stranger') $$,
  '42501', 'Only an admin action can change is_admin',
  'an admin cannot make another user an admin by a plain update'
);

select lives_ok(
  $$ select private.admin_set_admin(tests.get_user_id('stranger'), true) $$,
  'an admin makes another user an admin through the admin action'
);

reset role;
select results_eq(
  $$ select admin_granted_credits, grant_reason, throttle_enabled, current_throttle_level, suspension_reason, is_admin
     from public.profiles where id in (tests.get_user_id('owner'), tests.get_user_id('stranger')) order by username $$,
  $$ values (0, null, true, 50, 'Abuse', true), (50, 'Welcome', false, 100, null, false) $$,
  'the admin actions changed the profiles'
);

select tests.authenticate_as('site_admin');
select throws_ok(
  $$ update public.profiles set email = 'elsewhere@test.example' where id = tests.get_user_id('owner') $$,
  '42501', 'permission denied for table profiles',
  'an admin cannot change the email on a profile either (it follows Auth)'
);

-- Act 5: the service role, for trusted servers, changes anything ----------------------------------------------------

select tests.authenticate_as_service_role();

select results_eq(
  $$ update public.profiles set is_admin = false, paid_credits = 49, requests_this_minute = 3
     where id = tests.get_user_id('stranger') returning is_admin, paid_credits, requests_this_minute $$,
  $$ values (false, 49, 3) $$,
  'the service role changes protected columns'
);

select results_eq(
  $$ select count(*) from public.profiles where id in (tests.get_user_id('owner'), tests.get_user_id('stranger')) $$,
  $$ values (2::bigint) $$,
  'the service role reads every profile'
);

select throws_ok(
  $$ update public.profiles set current_throttle_level = 101 where id = tests.get_user_id('owner') $$,
  '23514', null,
  'the throttle level stays within 0 to 100, even for trusted servers'
);

-- Act 6: Auth's changes flow into the profile -----------------------------------------------------------------------

reset role;

update auth.users set email = 'olive@new.example' where id = tests.get_user_id('owner');
select results_eq(
  $$ select email from public.profiles where id = tests.get_user_id('owner') $$,
  $$ values ('olive@new.example') $$,
  'a changed auth email is copied to the profile'
);

update public.profiles set updated_at = '2000-01-01' where id = tests.get_user_id('owner');
select results_eq(
  $$ select updated_at from public.profiles where id = tests.get_user_id('owner') $$,
  $$ values (now()) $$,
  'every update stamps updated_at'
);

delete from auth.users where id = tests.get_user_id('stranger');
select is_empty(
  $$ select id from public.profiles where username = 'Stranger' $$,
  'deleting the auth user deletes the profile'
);

select * from finish();
rollback;
