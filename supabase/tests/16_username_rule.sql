-- Usernames: 3 to 30 of A-Z a-z 0-9 . _ -, never "@", unique regardless of case, on every path that writes one; the
-- renaming of names made under an older rule (private.conform_usernames); Auth's before-user-created hook.
begin;
select plan(23);

select tests.create_user('member');
select tests.create_user('other_member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: the rule holds on sign-up and on update --------------------------------------------------------------------

select throws_ok(
  $$ select tests.create_user('thief', '{"username": "member@test.example"}') $$,
  '23514', 'new row for relation "profiles" violates check constraint "profiles_username_format"',
  'sign-up metadata cannot make someone''s email address a username'
);
select throws_ok(
  $$ select tests.create_user('spaced', '{"username": "two words"}') $$,
  '23514', null, 'a username has no spaces'
);
select throws_ok(
  $$ select tests.create_user('accented', '{"username": "josé"}') $$,
  '23514', null, 'a username is ASCII'
);
select lives_ok(
  $$ select tests.create_user('dotted', '{"username": "Ada.Love-lace_2"}') $$,
  'letters, digits, dots, hyphens and underscores are fine'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ update public.profiles set username = 'other_member@test.example' where id = auth.uid() $$,
  '23514', null, 'the owner cannot change their username to an email address'
);
select throws_ok(
  $$ update public.profiles set username = 'OTHER_MEMBER' where id = auth.uid() $$,
  '23505', null, 'nor to another''s username in another case'
);
select lives_ok(
  $$ update public.profiles set username = 'member.renamed' where id = auth.uid() $$,
  'but may choose another name that follows the rule'
);
select tests.authenticate_as('site_admin');
select throws_ok(
  format($$ update public.profiles set username = 'x@y.z' where id = %L $$, tests.get_user_id('other_member')),
  '23514', null, 'an admin cannot break the rule either'
);
select tests.clear_authentication();
reset role;

-- Act 2: without a username, the email's local part is made to follow the rule --------------------------------------

select tests.create_user('plus', '{}', 'first.last+news@test.example');
select tests.create_user('unicode', '{}', 'zoë@test.example');
select tests.create_user('long', '{}', repeat('l', 40) || '@test.example');
select results_eq(
  $$ select username from public.profiles
     where id in (tests.get_user_id('plus'), tests.get_user_id('unicode'), tests.get_user_id('long'))
     order by username $$,
  $$ values ('first.last_news'), (repeat('l', 30)), ('zo_') $$,
  'other characters become "_", and the name is cut to 30 and padded to 3'
);

-- Act 3: the migration's renaming -----------------------------------------------------------------------------------
-- Rows made to break the rule the way they could before it, by lifting the constraint inside this transaction.

alter table public.profiles drop constraint profiles_username_format;
select tests.create_user('old_email_name', '{"username": "member.renamed@test.example"}');
select tests.create_user('old_spaces', '{"username": "old spaces"}');
select tests.create_user('old_clash', '{"username": "old?spaces"}');
select tests.create_user('old_short', '{"username": "é"}');
select tests.create_user('old_long', jsonb_build_object('username', repeat('y', 100)));
select tests.create_user('old_fine', '{"username": "old_spaces_2"}');
update public.profiles set created_at = created_at + interval '1 second' where id = tests.get_user_id('old_clash');

select is(private.conform_usernames(), 5, 'every name that breaks the rule is renamed, and only those');
select results_eq(
  $$ select username from public.profiles where id = tests.get_user_id('old_email_name') $$,
  $$ values ('member.renamed_test.example') $$,
  'an email address as a username loses its "@"'
);
select results_eq(
  $$ select username from public.profiles where id = tests.get_user_id('old_spaces') $$,
  $$ values ('old_spaces') $$,
  'the older account keeps the unnumbered name'
);
select results_eq(
  $$ select username from public.profiles where id = tests.get_user_id('old_clash') $$,
  $$ values ('old_spaces_3') $$,
  'a newer account that would clash is numbered past names already taken'
);
select results_eq(
  $$ select username from public.profiles where id = tests.get_user_id('old_short') $$,
  $$ values ('___') $$,
  'a too-short name is padded to 3'
);
select results_eq(
  $$ select username from public.profiles where id = tests.get_user_id('old_long') $$,
  $$ values (repeat('y', 30)) $$,
  'a too-long name is cut to 30'
);
select results_eq(
  $$ select username from public.profiles where id = tests.get_user_id('old_fine') $$,
  $$ values ('old_spaces_2') $$,
  'a name that follows the rule is kept'
);
select is(private.conform_usernames(), 0, 'renaming again finds nothing');
alter table public.profiles add constraint profiles_username_format check (username ~ '^[A-Za-z0-9._-]{3,30}$');

-- Act 4: Auth's before-user-created hook ----------------------------------------------------------------------------

create function pg_temp.hook_for(metadata jsonb) returns jsonb language sql as $$
  select private.hook_before_user_created(jsonb_build_object(
    'metadata', jsonb_build_object('name', 'before-user-created', 'ip_address', '127.0.0.1'),
    'user', jsonb_build_object('email', 'new@test.example', 'user_metadata', metadata)))
$$;

select is(pg_temp.hook_for('{"username": "brand_new"}'), '{}'::jsonb, 'a free name that follows the rule passes');
select is(pg_temp.hook_for('{}'), '{}'::jsonb, 'no username passes: the email''s local part is used');
select is(
  pg_temp.hook_for('{"username": "member@test.example"}'),
  '{"error": {"http_code": 400, "message": "Username can''t contain \"@\"; sign in with your email address instead"}}'::jsonb,
  'a name with "@" is refused with 400 and why'
);
select is(
  (pg_temp.hook_for('{"username": "ab"}') -> 'error' ->> 'http_code')::integer, 400,
  'a name that breaks the rule is refused with 400'
);
select is(
  pg_temp.hook_for('{"username": "MEMBER.RENAMED"}'),
  '{"error": {"http_code": 422, "message": "An account can''t be created with these details. If you already have one, sign in."}}'::jsonb,
  'a taken name, in any case, is refused with the registration conflict''s words'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ select private.hook_before_user_created('{}'::jsonb) $$, '42501', null,
  'a signed-in user cannot call the hook'
);
select tests.clear_authentication();

select * from finish();
rollback;
