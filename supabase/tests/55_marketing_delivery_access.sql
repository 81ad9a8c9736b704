-- Marketing delivery's tables: who may see and do what with email recipients and suppressions, the notification
-- inbox, push subscriptions and campaign sends, and who may receive sends' progress and a user's notifications on
-- Realtime. Admins read the bookkeeping; a user reads and marks read their own notifications and keeps their own push
-- subscriptions, which nobody else sees (admins included); only the database's functions write the rest.
begin;
select plan(122);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Arrange: an email campaign sent to the owner, who then unsubscribed; a push in the owner's inbox; their browser -----

insert into public.email_campaigns (name, subject, content, is_active) values ('News', 'News', '<p>Hi</p>', true)
returning id as email_id \gset
insert into public.push_notifications (title, message, is_active) values ('Hello', 'A push', true)
returning id as push_id \gset
insert into public.email_recipients (email_campaign_id, user_id, email, batch_no)
values (:'email_id', tests.get_user_id('owner'), 'owner@test.example', 0);
insert into public.email_suppressions (email_key, user_id, email_campaign_id)
values ('owner@test.example', tests.get_user_id('owner'), :'email_id');
insert into public.user_notifications (user_id, push_notification_id, title, body)
values (tests.get_user_id('owner'), :'push_id', 'Hello', 'A push');
insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
values (tests.get_user_id('owner'), 'https://push.example/owner', repeat('A', 87), repeat('b', 22));
insert into public.campaign_sends (campaign_type, campaign_id, total) values ('email', :'email_id', 1)
returning id as send_id \gset
insert into public.campaign_send_batches (send_id, batch_no, size) values (:'send_id', 0, 1);

-- Act 1: the access matrices ---------------------------------------------------------------------------------------

select * from tests.assert_access('public.email_recipients', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'none',   'denied', 'denied', 'denied'],
  ['stranger',     'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'denied', 'denied', 'denied', 'denied']
],
  insert_sql => format($$ insert into public.email_recipients (email_campaign_id, user_id, email, batch_no)
                          values (%L, tests.get_user_id('stranger'), 'x@test.example', 0) $$, :'email_id'),
  update_set => 'status = status');

select * from tests.assert_access('public.email_suppressions', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'none',   'denied', 'denied', 'denied'],
  ['stranger',     'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'denied', 'denied', 'denied', 'denied']
],
  insert_sql => $$ insert into public.email_suppressions (email_key) values ('x@test.example') $$,
  update_set => 'reason = reason');

select * from tests.assert_access('public.user_notifications', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'all',    'denied', 'all',    'denied'],
  ['stranger',     'none',   'denied', 'none',   'denied'],
  ['site_admin',   'all',    'denied', 'none',   'denied'],
  ['service_role', 'denied', 'denied', 'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.user_notifications (user_id, title, body)
                   values (tests.get_user_id('owner'), 'Forged', 'Forged') $$,
  update_set => 'read_at = now()');

select * from tests.assert_access('public.push_subscriptions', array[
  --               select    insert     update    delete
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['owner',        'all',    'all',     'denied', 'all'],
  ['stranger',     'none',   'refused', 'denied', 'none'],
  ['site_admin',   'none',   'refused', 'denied', 'none'],
  ['service_role', 'denied', 'denied',  'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  insert_sql => $$ insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
                   values (tests.get_user_id('owner'), 'https://push.example/second', repeat('A', 87), repeat('b', 22)) $$,
  update_set => 'endpoint = endpoint');

select * from tests.assert_access('public.campaign_sends', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'denied', 'denied', 'denied', 'denied']
],
  insert_sql => format($$ insert into public.campaign_sends (campaign_type, campaign_id) values ('push_notification', %L) $$,
                       :'push_id'),
  update_set => 'status = status');

select * from tests.assert_access('public.campaign_send_batches', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'denied', 'denied', 'denied', 'denied']
],
  insert_sql => format($$ insert into public.campaign_send_batches (send_id, batch_no, size) values (%L, 1, 1) $$,
                       :'send_id'),
  update_set => 'status = status');

-- Act 2: the owner changes nothing of a notification but its read mark; a subscription is always its adder's -------

select tests.authenticate_as('owner');
select throws_ok($$ update public.user_notifications set title = 'Changed' $$, '42501', null,
  'the owner may not change a notification''s text');
select throws_ok($$ update public.user_notifications set delivered_at = now() $$, '42501', null,
  'nor its delivery, which only the acknowledgement records');
insert into public.push_subscriptions (endpoint, p256dh, auth)
values ('https://push.example/default', repeat('A', 87), repeat('b', 22));
reset role;
select is((select user_id from public.push_subscriptions where endpoint = 'https://push.example/default'),
  tests.get_user_id('owner'), 'a subscription added without a user is the adder''s');

-- Act 3: Realtime --------------------------------------------------------------------------------------------------

select ok(tests.receives('site_admin', 'marketing:sends'), 'admins receive sends'' progress');
select ok(not tests.receives('owner', 'marketing:sends'), 'users do not');
select ok(not tests.receives('anon', 'marketing:sends'), 'nor do visitors');
select ok(not tests.sends('site_admin', 'marketing:sends'), 'nobody broadcasts on it but the database');
select ok(tests.receives('owner', 'user:' || tests.get_user_id('owner')), 'the owner receives their notifications');
select ok(not tests.receives('stranger', 'user:' || tests.get_user_id('owner')),
  'another user does not receive them');
select ok(not tests.receives('site_admin', 'user:' || tests.get_user_id('owner')), 'nor does an admin');

select * from finish();
rollback;
