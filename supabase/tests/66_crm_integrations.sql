-- CRM integrations and OAuth states: who may read and change a connection, that nobody reads its tokens through the
-- API (not the owner, not an admin), and that pending consents are server-side only.
begin;
select plan(55);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.crm_integrations (user_id, crm_type, crm_account_id, accounts_host, api_host, access_token_sealed,
  refresh_token_sealed, token_expires_at)
values (tests.get_user_id('owner'), 'zoho', '700001', 'https://accounts.zoho.eu', 'https://www.zohoapis.eu',
  'v1.sealed-access', 'v1.sealed-refresh', now() + interval '1 hour');

-- Integrations ------------------------------------------------------------------------------------------------------

select * from tests.assert_access('public.crm_integrations', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['owner',        'all',     'denied',  'denied',  'all'],
  ['stranger',     'none',    'denied',  'denied',  'none'],
  ['site_admin',   'all',     'denied',  'denied',  'none'],
  ['service_role', 'denied',  'denied',  'denied',  'denied']
],
rows_where => $$ user_id = tests.get_user_id('owner') $$,
insert_sql => $$ insert into public.crm_integrations (user_id, crm_type, accounts_host, api_host, refresh_token_sealed)
                 values (tests.get_user_id('stranger'), 'zoho', 'https://accounts.zoho.com', 'https://www.zohoapis.com',
                         'v1.planted') $$,
update_set => $$ status = 'connected' $$);

select tests.authenticate_as('owner');
select results_eq(
  $$ select crm_type, crm_account_id, accounts_host, api_host, status, is_active, token_version, sync_settings
     from public.crm_integrations $$,
  $$ values ('zoho', '700001', 'https://accounts.zoho.eu', 'https://www.zohoapis.eu', 'connected', true, 0,
            '{}'::jsonb) $$,
  'the owner reads their connection''s state'
);
select throws_ok($$ select access_token_sealed from public.crm_integrations $$, '42501',
  'permission denied for table crm_integrations', 'but not its access token, even sealed');
select throws_ok($$ select refresh_token_sealed from public.crm_integrations $$, '42501',
  'permission denied for table crm_integrations', 'nor its refresh token');
select throws_ok($$ select * from public.crm_integrations $$, '42501',
  'permission denied for table crm_integrations', 'so a select of every column is refused too');
select throws_ok($$ update public.crm_integrations set status = 'needs_reconnect' $$, '42501',
  'permission denied for table crm_integrations', 'the owner cannot change their connection''s state');
reset role;

select tests.authenticate_as('site_admin');
select is((select count(*)::integer from public.crm_integrations), 1, 'an admin reads every user''s connection');
select throws_ok($$ select access_token_sealed from public.crm_integrations $$, '42501',
  'permission denied for table crm_integrations', 'but no admin reads an access token');
select throws_ok($$ select refresh_token_sealed from public.crm_integrations $$, '42501',
  'permission denied for table crm_integrations', 'nor a refresh token');
reset role;

select throws_ok(
  $$ insert into public.crm_integrations (user_id, crm_type, accounts_host, api_host, refresh_token_sealed)
     values (tests.get_user_id('owner'), 'zoho', 'https://accounts.zoho.com', 'https://www.zohoapis.com',
             'v1.again') $$,
  '23505', 'duplicate key value violates unique constraint "crm_integrations_user_crm_key"',
  'one connection per user and CRM'
);
select throws_ok(
  $$ insert into public.crm_integrations (user_id, crm_type, accounts_host, api_host, refresh_token_sealed)
     values (tests.get_user_id('stranger'), 'salesforce', 'https://login.example', 'https://api.example', 'v1.x') $$,
  '23514', null, 'only Zoho is a CRM type'
);
select throws_ok(
  $$ update public.crm_integrations set status = 'revoked' $$,
  '23514', null, 'a connection is connected or needs reconnecting'
);
select throws_ok(
  $$ update public.crm_integrations set sync_settings = '[]' $$,
  '23514', null, 'its sync settings are an object'
);

select tests.authenticate_as('stranger');
delete from public.crm_integrations;
reset role;
select is((select count(*)::integer from public.crm_integrations), 1, 'another user''s delete removes nothing');
select tests.authenticate_as('owner');
delete from public.crm_integrations;
reset role;
select is((select count(*)::integer from public.crm_integrations), 0, 'the owner disconnects by deleting theirs');

-- OAuth states --------------------------------------------------------------------------------------------------------

insert into public.crm_oauth_states (state_hash, user_id, crm_type, return_to)
values (encode(sha256('a-state'), 'hex'), tests.get_user_id('owner'), 'zoho', '/settings/integrations');

select * from tests.assert_access('public.crm_oauth_states', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['owner',        'denied',  'denied',  'denied',  'denied'],
  ['site_admin',   'denied',  'denied',  'denied',  'denied'],
  ['service_role', 'all',     'all',     'all',     'all']
],
rows_where => $$ user_id = tests.get_user_id('owner') $$,
insert_sql => $$ insert into public.crm_oauth_states (state_hash, user_id, crm_type, return_to)
                 values (encode(sha256('another'), 'hex'), tests.get_user_id('owner'), 'zoho', '/') $$,
update_set => $$ used_at = now() $$);

select is(
  (select expires_at - created_at from public.crm_oauth_states),
  interval '10 minutes',
  'a state lasts ten minutes'
);
select throws_ok(
  $$ insert into public.crm_oauth_states (state_hash, user_id, crm_type, return_to)
     values ('not-a-hash', tests.get_user_id('owner'), 'zoho', '/') $$,
  '23514', null, 'only a SHA-256 in hex is stored, never the state'
);
select throws_ok(
  $$ insert into public.crm_oauth_states (state_hash, user_id, crm_type, return_to)
     values (encode(sha256('elsewhere'), 'hex'), tests.get_user_id('owner'), 'zoho', '//evil.example/') $$,
  '23514', null, 'the return path is same-site'
);
select throws_ok(
  $$ insert into public.crm_oauth_states (state_hash, user_id, crm_type, return_to)
     values (encode(sha256('absolute'), 'hex'), tests.get_user_id('owner'), 'zoho', 'https://evil.example/') $$,
  '23514', null, 'not an absolute address either'
);
delete from auth.users where id = tests.get_user_id('owner');
select is_empty($$ select from public.crm_oauth_states $$, 'a user''s states go with them');

select * from finish();
rollback;
