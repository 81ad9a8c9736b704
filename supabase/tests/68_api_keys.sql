-- API keys: who may read and change a key, that nobody reads its hash through the API, that a revocation is final and
-- a rate limit an admin's, that keys are made only by the creation functions (at most 10 active per user, a rotated
-- key not counted), that a made key's secret is well-formed and stored only as its hash, the admin actions, the
-- bulk sessions' API columns, and the key format fixture the TypeScript check is held to as well.
begin;
select plan(90);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- A key made as its owner, as the api makes it.
create temporary table made (name text primary key, id uuid, secret text) on commit drop;
grant all on table made to authenticated;
select tests.authenticate_as('owner');
insert into made select 'first', k.id, k.secret from private.create_api_key('First key') as k;
reset role;

-- Access ------------------------------------------------------------------------------------------------------------

select * from tests.assert_access('public.api_keys', array[
  --               select     insert     update     delete
  ['anon',         'denied',  'denied',  'denied',  'denied'],
  ['owner',        'all',     'denied',  'all',     'denied'],
  ['stranger',     'none',    'denied',  'none',    'denied'],
  ['site_admin',   'all',     'denied',  'all',     'denied'],
  ['service_role', 'all',     'denied',  'denied',  'denied']
],
rows_where => $$ user_id = tests.get_user_id('owner') $$,
insert_sql => $$ insert into public.api_keys (user_id, key_name, key_hash, key_prefix)
                 values (tests.get_user_id('stranger'), 'Planted', repeat('a', 64), 'msk_planted') $$,
update_set => $$ key_name = key_name $$);

select tests.authenticate_as('owner');
select throws_ok($$ select key_hash from public.api_keys $$, '42501', 'permission denied for table api_keys',
  'the owner cannot read their key''s hash');
select throws_ok($$ select * from public.api_keys $$, '42501', 'permission denied for table api_keys',
  'so a select of every column is refused too');
select throws_ok($$ update public.api_keys set key_hash = repeat('b', 64) $$, '42501',
  'permission denied for table api_keys', 'nor choose another hash');
select throws_ok($$ update public.api_keys set usage_count = 0 $$, '42501', 'permission denied for table api_keys',
  'nor reset its usage');
select throws_ok($$ update public.api_keys set expires_at = now() + interval '1 year' $$, '42501',
  'permission denied for table api_keys', 'nor move its expiry');
reset role;

select tests.authenticate_as('site_admin');
select throws_ok($$ select key_hash from public.api_keys $$, '42501', 'permission denied for table api_keys',
  'no admin reads a key''s hash either');
reset role;

select tests.authenticate_as_service_role();
select throws_ok($$ select key_hash from public.api_keys $$, '42501', 'permission denied for table api_keys',
  'nor the service role: the hash is read only by the authentication function');
reset role;

-- Renaming, revoking, rate limits -------------------------------------------------------------------------------------

select tests.authenticate_as('owner');
update public.api_keys set key_name = 'Renamed';
select is((select key_name from public.api_keys), 'Renamed', 'the owner renames their key');
select throws_ok($$ update public.api_keys set key_name = '' $$, '23514', null, 'a name is 1 to 100 characters');
select throws_ok($$ update public.api_keys set rate_limit = 6000 $$, '42501',
  'Only an admin can change an API key''s rate limit', 'the owner cannot raise their key''s rate limit');
update public.api_keys set revoked_at = '2000-01-01';
reset role;
select ok(
  (select revoked_at = now() and revoked_by = tests.get_user_id('owner') and not is_active from public.api_keys),
  'revoking stamps the time (whatever was written) and the owner as revoked_by'
);
select tests.authenticate_as('owner');
select throws_ok($$ update public.api_keys set revoked_at = null $$, '42501', 'A revoked API key cannot be restored',
  'the owner cannot un-revoke');
update public.api_keys set revoked_at = now() + interval '1 day';
reset role;
select is((select revoked_at from public.api_keys), now(), 'revoking again keeps the first revocation');

select tests.authenticate_as('site_admin');
select throws_ok($$ update public.api_keys set revoked_at = null $$, '42501', 'A revoked API key cannot be restored',
  'nor can an admin');
update public.api_keys set rate_limit = 600;
reset role;
select is((select rate_limit from public.api_keys), 600, 'an admin changes a key''s rate limit');
select throws_ok($$ update public.api_keys set revoked_at = null $$, '42501', 'A revoked API key cannot be restored',
  'not even the database owner un-revokes');
select throws_ok($$ update public.api_keys set rate_limit = 6001 $$, '23514', null, 'a rate limit is at most 6,000');

-- Making keys ---------------------------------------------------------------------------------------------------------

select tests.authenticate_as('owner');
insert into made select 'second', k.id, k.secret from private.create_api_key('  Second key  ') as k;
reset role;
select ok((select secret ~ '^msk_[0-9A-Za-z]{49}$' from made where name = 'second'), 'the secret is msk_ and 49 base62 characters');
select is((select private.api_key_checksum(left(secret, 47)) from made where name = 'second'),
  (select right(secret, 6) from made where name = 'second'), 'its last 6 characters are the checksum of the rest');
select results_eq(
  $$ select k.key_hash, k.key_prefix, k.key_name, k.rate_limit, k.usage_count, k.expires_at, k.user_id
     from public.api_keys as k join made as m on m.id = k.id where m.name = 'second' $$,
  $$ select encode(sha256(convert_to(secret, 'UTF8')), 'hex'), left(secret, 10), 'Second key', 60, 0::bigint,
            null::timestamptz, tests.get_user_id('owner')
     from made where name = 'second' $$,
  'the row keeps the secret''s sha256 and first 10 characters, the trimmed name and the defaults'
);
select is((select count(*)::integer from public.api_keys where key_hash = (
  select encode(sha256(convert_to(secret, 'UTF8')), 'hex') from made where name = 'first')), 1,
  'the first key''s secret hashes to its row as well');
select isnt((select secret from made where name = 'first'), (select secret from made where name = 'second'),
  'each key is new');

select tests.authenticate_as('owner');
select throws_ok($$ select private.create_api_key('Past', now() - interval '1 second') $$, '22023',
  'The expiry must be in the future', 'an expiry in the past is refused');
select throws_ok($$ select private.create_api_key('Now', now()) $$, '22023',
  'The expiry must be in the future', 'as is one of now');
select throws_ok($$ select private.create_api_key(repeat('n', 101)) $$, '23514', null, 'a name over 100 characters');
select throws_ok($$ select private.create_api_key('   ') $$, '23514', null, 'a blank name');
insert into made select 'expiring', k.id, k.secret from private.create_api_key('Expiring', now() + interval '30 days') as k;
reset role;
select is((select expires_at from public.api_keys where id = (select id from made where name = 'expiring')),
  now() + interval '30 days', 'a key may expire in the future');

select tests.clear_authentication();
select throws_ok($$ select private.create_api_key('Anon') $$, '42501', null, 'a visitor cannot make a key');
reset role;
select tests.authenticate_as_service_role();
select throws_ok($$ select private.create_api_key('Server') $$, '42501', null,
  'nor the service role, which has no user to make it for');
reset role;
select throws_ok($$ select private.create_api_key('Nobody') $$, '42501', 'Signing in is required',
  'without a signed-in user there is no owner');

-- The owner holds 2 active keys (second, expiring) and a revoked one: 8 more fit, the 11th active does not.
select tests.authenticate_as('owner');
select lives_ok($$ select private.create_api_key('Filler ' || n) from generate_series(1, 8) as n $$,
  'the owner makes up to 10 active keys');
select throws_ok($$ select private.create_api_key('Eleventh') $$, 'P0409', 'api_key_limit',
  'the 11th active key is refused');
reset role;
update public.api_keys set expires_at = now() - interval '1 second' where key_name = 'Filler 1';
select tests.authenticate_as('owner');
select lives_ok($$ select private.create_api_key('After an expiry') $$, 'an expired key does not count');
select throws_ok($$ select private.create_api_key('Eleventh again') $$, 'P0409', 'api_key_limit', 'full again');

-- Rotating ----------------------------------------------------------------------------------------------------------

insert into made select 'rotated', r.id, r.secret
from private.rotate_api_key((select id from made where name = 'expiring'), 24) as r;
reset role;
select results_eq(
  $$ select k.key_name, k.rate_limit, k.expires_at, k.key_hash = encode(sha256(convert_to(m.secret, 'UTF8')), 'hex')
     from public.api_keys as k join made as m on m.id = k.id where m.name = 'rotated' $$,
  $$ values ('Expiring', 60, now() + interval '30 days', true) $$,
  'the new key has the old one''s name, limit and expiry, and its own secret'
);
select results_eq(
  $$ select replaced_by, expires_at, revoked_at from public.api_keys where id = (select id from made where name = 'expiring') $$,
  $$ select (select id from made where name = 'rotated'), now() + interval '24 hours', null::timestamptz $$,
  'the old key is replaced and lasts the grace period'
);
select tests.authenticate_as('owner');
select lives_ok($$ select private.rotate_api_key((select id from made where name = 'second'), 0) $$,
  'rotating at the limit works: the replaced key leaves the count as the new one joins');
reset role;
select results_eq(
  $$ select revoked_at, revoked_by, replaced_by is not null from public.api_keys where id = (select id from made where name = 'second') $$,
  $$ values (now(), tests.get_user_id('owner'), true) $$,
  'a grace of 0 revokes the old key at once'
);
select tests.authenticate_as('owner');
select throws_ok($$ select private.create_api_key('Still eleventh') $$, 'P0409', 'api_key_limit',
  'a replaced key does not count, but its replacement does');
select throws_ok($$ select private.rotate_api_key((select id from made where name = 'expiring'), 24) $$, 'P0409',
  'api_key_replaced', 'a replaced key is not rotated again');
select throws_ok($$ select private.rotate_api_key((select id from made where name = 'first'), 24) $$, 'P0409',
  'api_key_revoked', 'nor a revoked one');
select throws_ok($$ select private.rotate_api_key((select id from public.api_keys where key_name = 'Filler 1'), 24) $$,
  'P0409', 'api_key_expired', 'nor an expired one');
select throws_ok($$ select private.rotate_api_key(gen_random_uuid(), 24) $$, 'P0404', 'api_key_not_found',
  'an unknown key is not found');
select throws_ok($$ select private.rotate_api_key((select id from made where name = 'rotated'), 169) $$, '22023',
  'The grace period must be 0 to 168 hours', 'a grace period over a week is refused');
select throws_ok($$ select private.rotate_api_key((select id from made where name = 'rotated'), -1) $$, '22023',
  'The grace period must be 0 to 168 hours', 'as is a negative one');
reset role;
select tests.authenticate_as('stranger');
select throws_ok(
  format('select private.rotate_api_key(%L, 24)', (select id from made where name = 'rotated')),
  'P0404', 'api_key_not_found', 'another user''s key is not found either'
);
reset role;
select tests.authenticate_as('site_admin');
select throws_ok(
  format('select private.rotate_api_key(%L, 24)', (select id from made where name = 'rotated')),
  'P0404', 'api_key_not_found', 'nor does an admin rotate someone else''s key'
);
reset role;

-- Admin actions -------------------------------------------------------------------------------------------------------

select * from tests.assert_admin_only(
  format('select private.admin_revoke_api_key(%L)', (select id from made where name = 'rotated')),
  users => array['owner', 'stranger'], admin => 'site_admin');
select * from tests.assert_admin_only(
  format('select private.admin_set_api_key_rate_limit(%L, 120)', (select id from made where name = 'rotated')),
  users => array['owner', 'stranger'], admin => 'site_admin');

select tests.authenticate_as('site_admin');
select private.admin_set_api_key_rate_limit((select id from made where name = 'rotated'), 120);
select throws_ok(format('select private.admin_set_api_key_rate_limit(%L, 0)', (select id from made where name = 'rotated')),
  'P0422', 'rate_limit_invalid', 'a rate limit under 1 is refused');
select throws_ok(format('select private.admin_set_api_key_rate_limit(%L, 6001)', (select id from made where name = 'rotated')),
  'P0422', 'rate_limit_invalid', 'as is one over 6,000');
select throws_ok($$ select private.admin_set_api_key_rate_limit(gen_random_uuid(), 10) $$, 'P0404', 'api_key_not_found',
  'an unknown key''s rate limit');
select private.admin_revoke_api_key((select id from made where name = 'rotated'));
select lives_ok(format('select private.admin_revoke_api_key(%L)', (select id from made where name = 'rotated')),
  'revoking a revoked key again is harmless');
select throws_ok($$ select private.admin_revoke_api_key(gen_random_uuid()) $$, 'P0404', 'api_key_not_found',
  'an unknown key is not revoked');
reset role;
select results_eq(
  $$ select rate_limit, revoked_at, revoked_by from public.api_keys where id = (select id from made where name = 'rotated') $$,
  $$ values (120, now(), tests.get_user_id('site_admin')) $$,
  'the admin''s limit and revocation are on the key, the admin as revoked_by'
);
select results_eq(
  $$ select action, actor_id, target_id, before, after - 'revokedAt' from public.admin_audit_log
     where target_type = 'api_key' order by id $$,
  $$ select * from (values
       ('api_key.rate_limit_set', tests.get_user_id('site_admin'), (select id::text from made where name = 'rotated'),
        jsonb_build_object('userId', tests.get_user_id('owner'), 'rateLimit', 60),
        jsonb_build_object('userId', tests.get_user_id('owner'), 'rateLimit', 120)),
       ('api_key.revoked', tests.get_user_id('site_admin'), (select id::text from made where name = 'rotated'),
        jsonb_build_object('userId', tests.get_user_id('owner'), 'keyPrefix', (select left(secret, 10) from made where name = 'rotated'), 'revokedAt', null),
        jsonb_build_object('userId', tests.get_user_id('owner'), 'keyPrefix', (select left(secret, 10) from made where name = 'rotated')))
     ) as audit(action, actor_id, target_id, before, after) $$,
  'each admin change is audited once (the repeated revoke is not)'
);

-- Bulk sessions started through the API ---------------------------------------------------------------------------

insert into public.bulk_validation_sessions (user_id, name, file_name, api_key_id, callback_url)
values (tests.get_user_id('owner'), 'API: Renamed', 'api-job.csv', (select id from made where name = 'first'),
        'https://hooks.example/done');
select throws_ok(
  $$ insert into public.bulk_validation_sessions (user_id, name, file_name, callback_url)
     values (tests.get_user_id('owner'), 'x', 'x.csv', 'http://hooks.example/done') $$,
  '23514', null, 'a callback is https'
);
select throws_ok(
  $$ insert into public.bulk_validation_sessions (user_id, name, file_name, callback_url)
     values (tests.get_user_id('owner'), 'x', 'x.csv', 'https://hooks.example/' || repeat('a', 2000)) $$,
  '23514', null, 'of at most 2,000 characters'
);
select tests.authenticate_as('owner');
select results_eq($$ select api_key_id, callback_url from public.bulk_validation_sessions $$,
  $$ select (select id from made where name = 'first'), 'https://hooks.example/done' $$,
  'the owner sees which key started their job and where it calls back');
select throws_ok($$ update public.bulk_validation_sessions set callback_url = 'https://evil.example/' $$, '42501',
  'permission denied for table bulk_validation_sessions', 'but cannot change where it calls back');
select throws_ok(
  $$ insert into public.bulk_validation_sessions (user_id, name, file_name, api_key_id)
     values (tests.get_user_id('owner'), 'x', 'x.csv', (select id from made where name = 'first')) $$,
  '42501', 'permission denied for table bulk_validation_sessions', 'nor start a session naming a key');
reset role;

-- The key format fixture ----------------------------------------------------------------------------------------------
-- The same cases edge-functions/_shared/api-keys/key-format.test.ts holds the TypeScript check to, read by psql.

\set key_format_cases `cat edge-functions/_shared/api-keys/testing/key-format-cases.json`
create temporary table key_format_cases on commit drop as
select c.key, c."wellFormed" as well_formed, c.hash, c.why
from jsonb_to_recordset(:'key_format_cases'::jsonb) as c(key text, "wellFormed" boolean, hash text, why text);

select ok((select count(*) >= 20 from key_format_cases), 'the fixture holds at least 20 cases');
select is_empty(
  $$ select why from key_format_cases
     where (key ~ '^msk_[0-9A-Za-z]{49}$' and private.api_key_checksum(left(key, 47)) = right(key, 6))
           is distinct from well_formed $$,
  'the database''s format and checksum agree with every case'
);
select is_empty(
  $$ select why from key_format_cases where well_formed and private.api_key_hash(key) <> hash $$,
  'and so does its hash of each well-formed key'
);

select * from finish();
rollback;
