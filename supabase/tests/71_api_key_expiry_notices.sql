-- API key expiry notices: only the functions' privileged role finds and claims the keys whose owner is to be told; a
-- key is claimed once (marked told in the claim) while it is active and expires within the days asked, never when it
-- is revoked, replaced by a rotation, already expired, without expiry or further off; a notice given back is claimed
-- again; and the daily schedule kicks the worker only while a notice waits.
begin;
select plan(17);

select tests.create_user('owner');
select tests.create_user('stranger');

create temporary table made (name text primary key, id uuid) on commit drop;
grant all on table made to anon, authenticated, service_role;
select tests.authenticate_as('owner');
insert into made select 'soon', k.id from private.create_api_key('Soon', now() + interval '3 days') as k;
insert into made select 'sooner', k.id from private.create_api_key('Sooner', now() + interval '2 days') as k;
insert into made select 'later', k.id from private.create_api_key('Later', now() + interval '30 days') as k;
insert into made select 'never', k.id from private.create_api_key('Never') as k;
insert into made select 'revoked', k.id from private.create_api_key('Revoked', now() + interval '3 days') as k;
update public.api_keys set revoked_at = now() where id = (select id from made where name = 'revoked');
insert into made select 'rotated', k.id from private.create_api_key('Rotated', now() + interval '20 days') as k;
-- The old key's grace period ends in 48 hours, within the notice's days; its successor expires in 20 days.
insert into made select 'successor', k.id from private.rotate_api_key((select id from made where name = 'rotated'), 48) as k;
insert into made select 'expired', k.id from private.create_api_key('Expired', now() + interval '1 day') as k;
reset role;
update public.api_keys set expires_at = now() - interval '1 minute' where id = (select id from made where name = 'expired');
select tests.authenticate_as('stranger');
insert into made select 'theirs', k.id from private.create_api_key('Theirs', now() + interval '5 days') as k;
reset role;

-- Who may ------------------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok($$ select private.api_key_expiry_notices_due(7) $$, '42501', null, 'a visitor cannot ask whether notices wait');
select throws_ok($$ select private.claim_api_key_expiry_notices(7, 10) $$, '42501', null, 'nor claim them');
reset role;
select tests.authenticate_as('owner');
select throws_ok($$ select private.api_key_expiry_notices_due(7) $$, '42501', null, 'nor can a signed-in user ask');
select throws_ok($$ select private.claim_api_key_expiry_notices(7, 10) $$, '42501', null, 'or claim');
select throws_ok(format('select private.release_api_key_expiry_notice(%L)', (select id from made where name = 'soon')),
  '42501', null, 'or give one back');
reset role;

-- Claiming -----------------------------------------------------------------------------------------------------------

select tests.authenticate_as_service_role();
select ok(private.api_key_expiry_notices_due(7), 'active keys expiring within 7 days wait for their notice');
select ok(not private.api_key_expiry_notices_due(1), 'none expires within a day');
select results_eq(
  $$ select key_name, email from private.claim_api_key_expiry_notices(7, 2) $$,
  $$ values ('Sooner', 'owner@test.example'), ('Soon', 'owner@test.example') $$,
  'a claim takes the soonest first, as many as asked, with the owner''s address'
);
select results_eq(
  $$ select key_name, email from private.claim_api_key_expiry_notices(7, 10) $$,
  $$ values ('Theirs', 'stranger@test.example') $$,
  'the next claim takes the rest: never a revoked, replaced, expired, unexpiring or later key'
);
select is_empty($$ select from private.claim_api_key_expiry_notices(7, 10) $$, 'a key is claimed once');
select ok(not private.api_key_expiry_notices_due(7), 'and then none waits');
reset role;
select results_eq(
  $$ select m.name from made as m join public.api_keys as k on k.id = m.id where k.expiry_notice_sent_at is not null
     order by m.name $$,
  $$ values ('soon'), ('sooner'), ('theirs') $$,
  'the claimed keys are marked told'
);
select results_eq(
  $$ select k.expires_at > now() and k.expires_at <= now() + interval '48 hours' from public.api_keys as k
     where k.id = (select id from made where name = 'rotated') $$,
  $$ values (true) $$,
  'the replaced key expires within the days, yet was not claimed'
);

-- Giving back --------------------------------------------------------------------------------------------------------

select tests.authenticate_as_service_role();
select lives_ok(format('select private.release_api_key_expiry_notice(%L)', (select id from made where name = 'soon')),
  'a notice that could not be sent is given back');
select results_eq(
  $$ select key_name from private.claim_api_key_expiry_notices(7, 10) $$,
  $$ values ('Soon') $$,
  'and claimed again'
);
reset role;

-- Schedule -----------------------------------------------------------------------------------------------------------

select results_eq(
  $$ select schedule from cron.job where jobname = 'api-key-expiry-notices' $$,
  $$ values ('0 8 * * *'::text) $$,
  'the schedule runs daily'
);
select matches(
  (select command from cron.job where jobname = 'api-key-expiry-notices'),
  'kick_worker\(''api-key-notices-worker''\) where private\.api_key_expiry_notices_due\(7\)',
  'and kicks the worker only while a notice waits'
);

select * from finish();
rollback;
