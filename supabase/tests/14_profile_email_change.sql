-- Secure email change: Auth keeps a requested address in auth.users.email_change until its links are followed, and
-- the profile's email must follow only the confirmed change (the sync trigger fires on auth.users.email alone).
begin;
select plan(3);

select tests.create_user('mover', '{"username": "mover"}');

-- What devstack's Auth (and GoTrue) writes when the change is requested.
update auth.users
set email_change = 'mover@new.example', email_change_token_new = 'new-token', email_change_token_current = 'old-token',
  email_change_confirm_status = 0, email_change_sent_at = now()
where id = tests.get_user_id('mover');

select results_eq(
  $$ select email from public.profiles where id = tests.get_user_id('mover') $$,
  $$ values ('mover@test.example'::text) $$,
  'a requested, unconfirmed change leaves the profile''s email alone'
);

-- One link followed (secure change): still nothing applied.
update auth.users set email_change_confirm_status = 1, email_change_token_new = '' where id = tests.get_user_id('mover');
select results_eq(
  $$ select email from public.profiles where id = tests.get_user_id('mover') $$,
  $$ values ('mover@test.example'::text) $$,
  'half a confirmation leaves the profile''s email alone'
);

-- Both links followed: Auth moves email_change into email.
update auth.users
set email = email_change, email_change = '', email_change_token_current = '', email_change_confirm_status = 0
where id = tests.get_user_id('mover');
select results_eq(
  $$ select email from public.profiles where id = tests.get_user_id('mover') $$,
  $$ values ('mover@new.example'::text) $$,
  'the confirmed change reaches the profile'
);

select * from finish();
rollback;
