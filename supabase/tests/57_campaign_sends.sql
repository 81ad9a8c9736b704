-- Campaign sends: an admin starts an email or push send, which snapshots its audience in batches of 100; workers claim
-- batches under leases, and the last batch done marks the campaign sent. A second start during a send answers the
-- same job; after it, already_sent. Suppressed addresses get nothing; a worker whose lease was lost commits nothing;
-- progress reaches admins on marketing:sends and each push the target's inbox and user topic.
begin;
select plan(57);

-- Only this test's users, so the audiences are known (a development database has demo users).
delete from auth.users;
select tests.create_user('site_admin');
select tests.create_user('member');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');
select tests.create_user('reader' || n) from generate_series(1, 248) as n;
-- An address that unsubscribed earlier, and one never confirmed: neither is sent to.
insert into public.email_suppressions (email_key, reason) values ('reader7@test.example', 'unsubscribe');
update auth.users set email_confirmed_at = null where email = 'reader8@test.example';

insert into public.email_campaigns (name, subject, content, is_active) values ('News', 'News', '<p>Hi</p>', true)
returning id as email_id \gset
insert into public.email_campaigns (name, subject, content) values ('Draft', 'Draft', '<p>Hi</p>')
returning id as draft_id \gset
insert into public.push_notifications (title, message, action_url, is_active, target_audience)
values ('Hello', 'A push', 'https://example.com/sale', true, 'admin')
returning id as push_id \gset

-- Act 1: who may start sends and size audiences --------------------------------------------------------------------

select * from tests.assert_admin_only(format('select private.start_email_send(%L)', :'email_id'), users => array['member']);
select * from tests.assert_admin_only(format('select private.start_push_send(%L)', :'push_id'), users => array['member']);
select * from tests.assert_admin_only(format('select private.email_audience_size(%L)', :'email_id'),
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only(format('select private.push_audience_size(%L)', :'push_id'),
  users => array['member'], admin => 'site_admin');

-- Act 2: starting ----------------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select is(private.email_audience_size(:'email_id'), 248,
  'the audience: every confirmed address (250 users) but the unconfirmed and the suppressed one');
select throws_ok(format('select private.start_email_send(%L)', :'draft_id'), 'P0409', 'campaign_not_active',
  'an inactive campaign is not sent');
select throws_ok(format('select private.start_email_send(%L)', gen_random_uuid()), 'P0404', 'campaign_not_found',
  'an unknown one neither');
select job_id as email_job, recipients as email_recipients from private.start_email_send(:'email_id') \gset
select is(:email_recipients, 248, 'the send snapshots its audience');
select is((select job_id from private.start_email_send(:'email_id')), :'email_job'::uuid,
  'a second start during the send answers the same job');
reset role;

select results_eq(
  $$ select batch_no, size from public.campaign_send_batches order by batch_no $$,
  $$ values (0, 100), (1, 100), (2, 48) $$,
  'in batches of 100, numbered from 0'
);
select is_empty(
  $$ select from public.email_recipients where email in ('reader7@test.example', 'reader8@test.example') $$,
  'suppressed and unconfirmed addresses are not among the recipients'
);
select ok(
  (select bool_and(token ~ '^[A-Za-z0-9_-]{43}$') and count(distinct token) = 248 from public.email_recipients),
  'each recipient has its own token of 32 random bytes in base64url'
);
select results_eq(
  $$ select action, actor_id, after from public.admin_audit_log where action = 'marketing.email_sent' $$,
  format($$ values ('marketing.email_sent', %L::uuid, '{"jobId": "%s", "recipients": 248}'::jsonb) $$,
         tests.get_user_id('site_admin'), :'email_job'),
  'the start is audited once, with its job'
);
select ok(private.campaign_work_waiting(), 'work waits for a worker');
select is(private.campaign_claimable_in_ms(), 0, 'claimable at once');

-- Act 3: working ----------------------------------------------------------------------------------------------------

update public.admin_settings set setting_value = 'false' where setting_key = 'marketing_enabled';
select is_empty($$ select * from private.claim_campaign_batch(gen_random_uuid(), 30) $$,
  'with marketing switched off, sends wait');
select ok(not private.campaign_work_waiting(), 'and no worker is wanted');
update public.admin_settings set setting_value = 'true' where setting_key = 'marketing_enabled';

select results_eq(
  $$ select send_id, batch_no, campaign_type, campaign_id
     from private.claim_campaign_batch('00000000-0000-4000-8000-00000000000a', 30) $$,
  format($$ values (%L::uuid, 0, 'email', %L::uuid) $$, :'email_job', :'email_id'),
  'a worker claims the first batch'
);
select is((select status from public.campaign_sends), 'running', 'the send runs from its first claim');
select is((select count(*)::integer from private.email_batch_recipients(:'email_job', 0)), 100,
  'the batch''s recipients, with their addresses and tokens');
select ok(not private.renew_campaign_lease(:'email_job', 0, '00000000-0000-4000-8000-00000000000b', 30),
  'another worker cannot renew the lease');
select ok(private.renew_campaign_lease(:'email_job', 0, '00000000-0000-4000-8000-00000000000a', 30),
  'its holder can');
-- The holder stops answering: its lease runs out and another worker takes the batch over.
update public.campaign_send_batches set lease_expires_at = now() - interval '1 second' where batch_no = 0;
select is((select batch_no from private.claim_campaign_batch('00000000-0000-4000-8000-00000000000b', 30)), 0,
  'an expired lease is claimed again');
select ok(not private.complete_campaign_batch(:'email_job', 0, '00000000-0000-4000-8000-00000000000a', '{}'),
  'the first worker, whose lease was lost, completes nothing');
select is((select processed from public.campaign_sends), 0, 'and moves no progress');
select ok(private.complete_campaign_batch(:'email_job', 0, '00000000-0000-4000-8000-00000000000b',
  jsonb_build_object('failedUserIds', (select jsonb_agg(user_id) from public.email_recipients where user_id = (
    select min(user_id::text)::uuid from public.email_recipients where batch_no = 0)))), 'the new holder completes it');
select results_eq(
  $$ select status, count(*)::integer from public.email_recipients where batch_no = 0 group by status order by status $$,
  $$ values ('failed', 1), ('sent', 99) $$,
  'its recipients are sent, but the one the provider refused'
);
select is(
  (select payload - 'id' from realtime.messages where topic = 'marketing:sends' and event = 'send_progress'
   order by inserted_at desc, id limit 1),
  jsonb_build_object('jobId', :'email_job', 'status', 'running', 'total', 248, 'processed', 100,
    'campaignType', 'email', 'campaignId', :'email_id', 'sentAt', null),
  'admins hear of the progress'
);

select is((select batch_no from private.claim_campaign_batch('00000000-0000-4000-8000-00000000000a', 30)), 1,
  'the next batch');
select release_campaign_batch from private.release_campaign_batch(:'email_job', 1, '00000000-0000-4000-8000-00000000000a');
select is((select lease_owner from public.campaign_send_batches where batch_no = 1), null,
  'a released batch waits again');
select is((select batch_no from private.claim_campaign_batch('00000000-0000-4000-8000-00000000000a', 30)), 1,
  'and is claimed again');
select ok(private.complete_campaign_batch(:'email_job', 1, '00000000-0000-4000-8000-00000000000a', '{}'), 'done');
select is((select email_campaigns.sent_at from public.email_campaigns where id = :'email_id'), null,
  'the campaign is not sent before its last batch');
select is((select batch_no from private.claim_campaign_batch('00000000-0000-4000-8000-00000000000a', 30)), 2,
  'the last batch');
select ok(private.complete_campaign_batch(:'email_job', 2, '00000000-0000-4000-8000-00000000000a', '{}'), 'done too');
select results_eq(
  $$ select s.status, s.processed, c.sent_count, c.sent_at is not null
     from public.campaign_sends as s join public.email_campaigns as c on c.id = s.campaign_id $$,
  $$ values ('completed', 248, 247::bigint, true) $$,
  'the last batch completes the send and sets the campaign''s sent_at and sent_count (the sent recipients)'
);
select ok(not private.campaign_work_waiting(), 'no work waits any more');
select is(private.campaign_claimable_in_ms(), null, 'nor will');

select tests.authenticate_as('site_admin');
select throws_ok(format('select private.start_email_send(%L)', :'email_id'), 'P0409', 'already_sent',
  'a sent campaign is not sent again');
reset role;

-- Act 4: a push ------------------------------------------------------------------------------------------------------

insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
values (tests.get_user_id('site_admin'), 'https://push.example/admin', repeat('A', 87), repeat('b', 22));
select tests.authenticate_as('site_admin');
select job_id as push_job from private.start_push_send(:'push_id') \gset
reset role;
select is((select total from public.campaign_sends where id = :'push_job'), 1, 'a push to admins reaches the one admin');
select is((select batch_no from private.claim_campaign_batch('00000000-0000-4000-8000-00000000000a', 30)), 0,
  'its batch is claimed');
select results_eq(
  format($$ select user_id, subscriptions from private.push_batch_targets(%L, 0) $$, :'push_job'),
  format($$ values (%L::uuid, '[{"endpoint": "https://push.example/admin", "p256dh": "%s", "auth": "%s"}]'::jsonb) $$,
    tests.get_user_id('site_admin'), repeat('A', 87), repeat('b', 22)),
  'the batch''s targets with their browsers'' subscriptions'
);
select results_eq(
  $$ select title, body, url from public.user_notifications $$,
  format($$ values ('Hello', 'A push', '/api/campaign-delivery/click/push_notification/%s') $$, :'push_id'),
  'the push is in the target''s inbox, leading through its click redirect'
);
select is(
  (select payload - 'id' from realtime.messages where topic = 'user:' || tests.get_user_id('site_admin')
     and event = 'notification'),
  (select jsonb_build_object('title', 'Hello', 'body', 'A push', 'url', url, 'icon', null, 'createdAt', created_at,
     'readAt', null) from public.user_notifications),
  'and announced on the target''s own topic'
);
select private.push_batch_targets(:'push_job', 0);
select is((select count(*)::integer from public.user_notifications), 1,
  'a batch worked again after a lost lease writes no second inbox row');
select ok(private.complete_campaign_batch(:'push_job', 0, '00000000-0000-4000-8000-00000000000a', '{}'),
  'the push batch completes');
select isnt((select sent_at from public.push_notifications where id = :'push_id'), null, 'and the push is sent');

-- Act 5: scheduled sends ---------------------------------------------------------------------------------------------

-- As pg_cron runs it: nobody signed in.
select tests.clear_authentication();
reset role;
insert into public.email_campaigns (name, subject, content, is_active, scheduled_for)
values ('Due', 'Due', '<p>Hi</p>', true, now() - interval '1 minute'), ('Later', 'Later', '<p>Hi</p>', true, now() + interval '1 hour');
select is(private.start_due_campaign_sends(), 1, 'the schedule starts the send that is due, not the later one');
select is(private.start_due_campaign_sends(), 0, 'and only once');
select is(
  (select actor_id from public.admin_audit_log where action = 'marketing.email_sent' order by id desc limit 1), null,
  'started by the system: the audit names no admin'
);
select ok(
  (select command like '%start_due_campaign_sends()%kick_worker(''campaign-worker'')%' from cron.job
   where jobname = 'campaign-sends'),
  'every minute pg_cron starts due sends and kicks the campaign worker'
);

select * from finish();
rollback;
