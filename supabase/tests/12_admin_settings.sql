-- admin_settings: only admins read or write rows; private.setting_integer() reads them for everyone's limits.
begin;
select plan(23);

select tests.create_user('member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');
insert into public.admin_settings (setting_key, setting_value) values ('test_answer', '42'), ('test_word', 'forty');

-- Act 1: visitors get nothing; a signed-in user sees and changes nothing; an admin everything -----------------------

select * from tests.assert_access('public.admin_settings', array[
  --             select    insert     update    delete
  ['anon',       'denied', 'denied',  'denied', 'denied'],
  ['member',     'none',   'refused', 'none',   'none'],
  ['site_admin', 'all',    'all',     'all',    'all']
],
  rows_where => $$ setting_key like 'test\_%' $$,
  insert_sql => $$ insert into public.admin_settings (setting_key, setting_value) values ('x', '1') $$,
  update_set => $$ setting_value = '0' $$);

select tests.authenticate_as('member');
select throws_ok($$ select private.setting_integer('test_answer', 1) $$, '42501', null,
  'a user cannot call the settings reader');

-- Act 2: an admin reads and writes every row ------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select ok((select count(*) from public.admin_settings where setting_key like 'rate_limit_%') >= 4,
  'an admin reads the default rate limits');
select lives_ok($$ insert into public.admin_settings (setting_key, setting_value) values ('test_new', '7') $$,
  'an admin adds a setting');
select results_eq($$ update public.admin_settings set setting_value = '43' where setting_key = 'test_answer'
  returning setting_value $$, $$ values ('43') $$, 'an admin changes a setting');
select results_eq($$ delete from public.admin_settings where setting_key = 'test_new' returning setting_key $$,
  $$ values ('test_new') $$, 'an admin removes a setting');
select throws_ok($$ insert into public.admin_settings (setting_key, setting_value) values ('Bad Key', '1') $$, '23514',
  null, 'a key is lower-case letters, digits and underscores');
select throws_ok($$ insert into public.admin_settings (setting_key, setting_value) values ('test_answer', '1') $$,
  '23505', null, 'a key is set once');

-- Act 3: the reader -------------------------------------------------------------------------------------------------

select tests.clear_authentication();
reset role;
select is(private.setting_integer('test_answer', 1), 43, 'a whole number is read');
select is(private.setting_integer('test_word', 1), 1, 'a value that is not a whole number gives the default');
select is(private.setting_integer('no_such_setting', 5), 5, 'a missing setting gives the default');
select ok((select updated_at from public.admin_settings where setting_key = 'test_answer') is not null,
  'a change is dated');

select * from finish();
rollback;
