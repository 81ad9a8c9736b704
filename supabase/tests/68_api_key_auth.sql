-- Authenticating a public API call by its key's hash: only the api's privileged role may ask; each outcome (ok,
-- invalid, revoked, expired, suspended, throttled, rate_limited, key_rate_limited, failures_limited) with the limiter
-- numbers it answers; failures counted per network; and the key's row never written by a call.
begin;
select plan(30);

select tests.create_user('owner');
select tests.create_user('suspended');
select tests.create_user('throttled');
update public.profiles set suspended_until = now() + interval '1 day', suspension_reason = 'Abuse'
where id = tests.get_user_id('suspended');
update public.profiles set throttle_enabled = true, max_requests_per_minute = 2, current_throttle_level = 100
where id = tests.get_user_id('throttled');
update public.admin_settings set setting_value = '2' where setting_key = 'rate_limit_validations_per_minute';

-- Keys made as their owners; the calls below pass their hashes, as the api does.
create temporary table made (name text primary key, id uuid, hash text) on commit drop;
grant all on table made to authenticated, service_role;
select tests.authenticate_as('owner');
insert into made select 'ok', k.id, encode(sha256(convert_to(k.secret, 'UTF8')), 'hex') from private.create_api_key('Works') as k;
insert into made select 'limited', k.id, encode(sha256(convert_to(k.secret, 'UTF8')), 'hex') from private.create_api_key('Limited') as k;
insert into made select 'revoked', k.id, encode(sha256(convert_to(k.secret, 'UTF8')), 'hex') from private.create_api_key('Revoked') as k;
insert into made select 'expired', k.id, encode(sha256(convert_to(k.secret, 'UTF8')), 'hex') from private.create_api_key('Expired') as k;
insert into made select 'replaced', k.id, encode(sha256(convert_to(k.secret, 'UTF8')), 'hex') from private.create_api_key('Replaced') as k;
insert into made select 'rotated', r.id, encode(sha256(convert_to(r.secret, 'UTF8')), 'hex')
from private.rotate_api_key((select id from made where name = 'replaced'), 1) as r;
reset role;
select tests.authenticate_as('suspended');
insert into made select 'suspended', k.id, encode(sha256(convert_to(k.secret, 'UTF8')), 'hex') from private.create_api_key('Suspended') as k;
reset role;
select tests.authenticate_as('throttled');
insert into made select 'throttled', k.id, encode(sha256(convert_to(k.secret, 'UTF8')), 'hex') from private.create_api_key('Throttled') as k;
reset role;
update public.api_keys set rate_limit = 3 where id = (select id from made where name = 'limited');
update public.api_keys set revoked_at = now() where id = (select id from made where name = 'revoked');
update public.api_keys set expires_at = now() - interval '1 second' where id = (select id from made where name = 'expired');

create temporary table key_row_before on commit drop as
select id, xmin::text as version, updated_at, usage_count, last_used_at from public.api_keys;

-- Who may ask -------------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok($$ select * from private.authenticate_api_key(repeat('a', 64), '203.0.113.1') $$, '42501', null,
  'a visitor may not authenticate keys');
reset role;
select tests.authenticate_as('owner');
select throws_ok(format('select * from private.authenticate_api_key(%L, %L)', (select hash from made where name = 'ok'),
  '203.0.113.1'), '42501', null, 'nor a signed-in user, even with their own key''s hash');
reset role;
select ok(not has_function_privilege('authenticated', 'private.authenticate_api_key(text, text, text)', 'execute')
  and not has_function_privilege('anon', 'private.authenticate_api_key(text, text, text)', 'execute')
  and has_function_privilege('service_role', 'private.authenticate_api_key(text, text, text)', 'execute'),
  'only the service role (the api''s privileged pool) may execute it');

-- Outcomes ------------------------------------------------------------------------------------------------------------

select tests.authenticate_as_service_role();

select results_eq(
  format('select outcome, key_id, user_id, key_name, rate_limit, allowed, max_hits, remaining, reset_seconds
          from private.authenticate_api_key(%L, %L)', (select hash from made where name = 'ok'), '203.0.113.1'),
  format('values (%L, %L::uuid, %L::uuid, %L, 60, true, 60, 59, 60)', 'ok', (select id from made where name = 'ok'),
    tests.get_user_id('owner'), 'Works'),
  'a working key is ok: its owner, name and limit, and its own minute''s count'
);
select results_eq(
  format('select outcome, remaining from private.authenticate_api_key(%L, %L, %L)',
    (select hash from made where name = 'ok'), '203.0.113.1', 'validation'),
  $$ values ('ok', 58) $$,
  'each call takes one from the key''s minute'
);
select results_eq(
  format('select outcome from private.authenticate_api_key(%L, %L)', (select hash from made where name = 'rotated'), '203.0.113.1'),
  $$ values ('ok') $$, 'a rotated key''s replacement works'
);
select results_eq(
  format('select outcome from private.authenticate_api_key(%L, %L)', (select hash from made where name = 'replaced'), '203.0.113.1'),
  $$ values ('ok') $$, 'and so does the replaced key during its grace period'
);

select results_eq(
  $$ select outcome, key_id, user_id, allowed, max_hits, remaining from private.authenticate_api_key(null, '198.51.100.1') $$,
  $$ values ('invalid', null::uuid, null::uuid, true, 20, 19) $$,
  'a malformed key (no hash) is invalid and counts a failure for the network'
);
select results_eq(
  $$ select outcome, key_id, remaining from private.authenticate_api_key(repeat('0', 64), '198.51.100.1') $$,
  $$ values ('invalid', null::uuid, 18) $$,
  'an unknown hash is invalid, another failure'
);
select results_eq(
  format('select outcome, key_id, remaining from private.authenticate_api_key(%L, %L)',
    (select hash from made where name = 'revoked'), '198.51.100.1'),
  format('values (%L, %L::uuid, 17)', 'revoked', (select id from made where name = 'revoked')),
  'a revoked key is revoked, a failure too'
);
select results_eq(
  format('select outcome, key_id, remaining from private.authenticate_api_key(%L, %L)',
    (select hash from made where name = 'expired'), '198.51.100.1'),
  format('values (%L, %L::uuid, 16)', 'expired', (select id from made where name = 'expired')),
  'an expired key is expired, a failure too'
);
select results_eq(
  $$ select outcome from private.authenticate_api_key(repeat('1', 64), null) $$,
  $$ values ('invalid') $$, 'a call without a known address still counts (under one shared subject)'
);

-- 4 failures so far from 198.51.100.1; 16 more reach 20, the 21st is refused.
select is(
  (select array_agg(distinct (r).outcome) from (
     select private.authenticate_api_key(repeat('2', 64), '198.51.100.1') as r from generate_series(1, 16) offset 0) as calls),
  array['invalid'], 'the 5th to the 20th failure from one network are answered invalid'
);
select results_eq(
  $$ select outcome, allowed, max_hits, remaining, reset_seconds between 1 and 60
     from private.authenticate_api_key(repeat('3', 64), '198.51.100.1') $$,
  $$ values ('failures_limited', false, 20, 0, true) $$,
  'the 21st failure in a minute from one network is failures_limited, with the seconds to wait'
);
select results_eq(
  format('select outcome, allowed from private.authenticate_api_key(%L, %L)',
    (select hash from made where name = 'revoked'), '198.51.100.1'),
  $$ values ('failures_limited', false) $$,
  'so is a revoked key from there'
);
select results_eq(
  $$ select outcome, remaining from private.authenticate_api_key(repeat('3', 64), '198.51.100.2') $$,
  $$ values ('invalid', 19) $$,
  'another network has its own count'
);
select results_eq(
  format('select outcome from private.authenticate_api_key(%L, %L)', (select hash from made where name = 'ok'), '198.51.100.1'),
  $$ values ('ok') $$,
  'a working key is not held back by its network''s failures'
);

select results_eq(
  format('select (r).outcome, (r).remaining from (
            select private.authenticate_api_key(%L, %L) as r from generate_series(1, 3) offset 0) as calls',
    (select hash from made where name = 'limited'), '203.0.113.2'),
  $$ values ('ok', 2), ('ok', 1), ('ok', 0) $$,
  'a key with a limit of 3 makes 3 calls a minute'
);
select results_eq(
  format('select outcome, key_id, allowed, max_hits, remaining, reset_seconds between 1 and 60
          from private.authenticate_api_key(%L, %L)', (select hash from made where name = 'limited'), '203.0.113.2'),
  format('values (%L, %L::uuid, false, 3, 0, true)', 'key_rate_limited', (select id from made where name = 'limited')),
  'the 4th (the limit + 1) is key_rate_limited, with the key''s numbers'
);
select results_eq(
  format('select outcome from private.authenticate_api_key(%L, %L)', (select hash from made where name = 'ok'), '203.0.113.2'),
  $$ values ('ok') $$,
  'the owner''s other key has its own limit'
);

select results_eq(
  format('select outcome, user_id, allowed, suspended_until, suspension_reason from private.authenticate_api_key(%L, %L)',
    (select hash from made where name = 'suspended'), '203.0.113.3'),
  format('values (%L, %L::uuid, false, now() + interval %L, %L)', 'suspended', tests.get_user_id('suspended'), '1 day', 'Abuse'),
  'a suspended owner''s key is suspended, with until when and why'
);

select results_eq(
  format('select (r).outcome from (
            select private.authenticate_api_key(%L, %L) as r from generate_series(1, 2) offset 0) as calls',
    (select hash from made where name = 'throttled'), '203.0.113.4'),
  $$ values ('ok'), ('ok') $$,
  'a throttled owner makes their share of calls'
);
select results_eq(
  format('select outcome, allowed, max_hits, remaining from private.authenticate_api_key(%L, %L)',
    (select hash from made where name = 'throttled'), '203.0.113.4'),
  $$ values ('throttled', false, 2, 0) $$,
  'then is throttled, with the throttle''s numbers'
);

-- The owner's validations a minute are 2 here (set above), shared by all their keys; one was made above.
select results_eq(
  format('select outcome, allowed, max_hits from private.authenticate_api_key(%L, %L, %L)',
    (select hash from made where name = 'rotated'), '203.0.113.5', 'validation'),
  $$ values ('ok', true, 60) $$,
  'a validation call within the owner''s validations a minute is ok, answering the key''s limit'
);
select results_eq(
  format('select outcome, allowed, max_hits, remaining from private.authenticate_api_key(%L, %L, %L)',
    (select hash from made where name = 'rotated'), '203.0.113.5', 'validation'),
  $$ values ('rate_limited', false, 2, 0) $$,
  'past the owner''s validations a minute (2 here, shared by all their keys) it is rate_limited'
);
select results_eq(
  format('select outcome from private.authenticate_api_key(%L, %L, %L)',
    (select hash from made where name = 'rotated'), '203.0.113.5', 'exploration'),
  $$ values ('ok') $$,
  'an exploration has its own limit'
);
select throws_ok(
  format('select * from private.authenticate_api_key(%L, %L, %L)', (select hash from made where name = 'ok'),
    '203.0.113.5', 'mining'),
  '22023', null, 'an action without a limit is a mistake, not a pass'
);

reset role;

-- The key's row ---------------------------------------------------------------------------------------------------

select is_empty(
  $$ select k.id from public.api_keys as k join key_row_before as b using (id)
     where k.xmin::text <> b.version or k.updated_at <> b.updated_at or k.usage_count <> b.usage_count
        or k.last_used_at is distinct from b.last_used_at $$,
  'no call wrote a key''s row'
);
select is((select count(*)::integer from private.api_key_calls), 0, 'nor logged a call: the api does that apart');
select ok(
  (select count(*) > 0 from private.rate_limit_counters where subject = 'api_key:' || (select id::text from made where name = 'ok')
     and action = 'api_call'),
  'the key''s calls are counted in the one rate limiter'
);

select * from finish();
rollback;
