-- Marketing audiences: a visitor's user types (free or paid, new or returning, admin; anonymous sessions new on
-- their first day), their validations, who an email send reaches (all, new, returning) and a push (by user type), the
-- owner's switch for marketing emails, and a batch given up after its third attempt.
begin;
select plan(22);

-- Only this test's users, so the audiences are known (a development database has demo users).
delete from auth.users;
select tests.create_user('fresh');
select tests.create_user('regular');
select tests.create_user('dormant');
select tests.create_user('subscriber');
select tests.create_user('buyer');
select tests.create_user('site_admin');
update public.profiles set created_at = now() - interval '90 days' where id <> tests.get_user_id('fresh');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');
update public.profiles set subscription_status = 'starter' where id = tests.get_user_id('subscriber');
insert into public.payments (user_id, amount_cents, status) values (tests.get_user_id('buyer'), 900, 'verified');
update auth.users set last_sign_in_at = now() - interval '2 days'
where id in (tests.get_user_id('regular'), tests.get_user_id('site_admin'));
update auth.users set last_sign_in_at = now() - interval '60 days' where id = tests.get_user_id('dormant');
-- The subscriber signed in long ago but validated this week: active too.
insert into public.validation_logs (user_id, validation_type, emails_processed, created_at)
values (tests.get_user_id('subscriber'), 'single', 1, now() - interval '3 days');
insert into public.validation_logs (user_id, validation_type, emails_processed, session_id)
values (null, 'single', 1, 'anonymousvisitor00001'), (null, 'bulk', 40, 'anonymousvisitor00001');
insert into public.anonymous_sessions (session_id, created_at) values ('anonymousvisitor00001', now() - interval '3 days');

-- Act 1: visitors ---------------------------------------------------------------------------------------------------

select is(private.visitor_segments(tests.get_user_id('fresh'), null), '{free,new}', 'a new account on no plan');
select is(private.visitor_segments(tests.get_user_id('subscriber'), null), '{paid,returning}',
  'a paid plan makes a user paid');
select is(private.visitor_segments(tests.get_user_id('buyer'), null), '{paid,returning}', 'so does a payment');
select is(private.visitor_segments(tests.get_user_id('site_admin'), null), '{free,returning,admin}', 'admins are admin');
select is(private.visitor_segments(null, 'anonymousvisitor00001'), '{anonymous,returning}',
  'a session begun on an earlier day is returning');
select is(private.visitor_segments(null, 'neverseenvisitor00001'), '{anonymous,new}', 'a session never seen is new');
select is(private.visitor_validations(null, 'anonymousvisitor00001'), 41::bigint, 'a session''s validations');
select is(private.visitor_validations(tests.get_user_id('subscriber'), null), 1::bigint, 'a user''s');

-- Act 2: send audiences ---------------------------------------------------------------------------------------------

insert into public.email_campaigns (name, subject, content, is_active, target_audience) values
  ('All', 'All', '<p>Hi</p>', true, 'all'), ('New', 'New', '<p>Hi</p>', true, 'new'),
  ('Returning', 'Returning', '<p>Hi</p>', true, 'returning');
select results_eq(
  $$ select c.name, (select array_agg(u.raw_app_meta_data ->> 'test_user' order by u.raw_app_meta_data ->> 'test_user')
                     from private.email_audience(c.id) as a join auth.users as u on u.id = a.user_id)
     from public.email_campaigns as c order by c.name $$,
  $$ values ('All', '{buyer,dormant,fresh,regular,site_admin,subscriber}'::text[]), ('New', '{fresh}'),
            ('Returning', '{regular,site_admin,subscriber}') $$,
  'emails: everyone confirmed; new accounts; older accounts active within 30 days'
);
insert into public.push_notifications (title, message, target_audience)
select initcap(t), 'Push', t from unnest(array['all', 'free', 'paid', 'new', 'returning', 'admin']) as t;
select results_eq(
  $$ select n.target_audience, (select count(*)::integer from private.push_audience(n.id))
     from public.push_notifications as n order by n.target_audience $$,
  $$ values ('admin', 1), ('all', 6), ('free', 4), ('new', 1), ('paid', 2), ('returning', 5) $$,
  'pushes: every user or those of the user type'
);

-- Act 3: the owner's switch for marketing emails ----------------------------------------------------------------------

select is(private.set_marketing_emails(tests.get_user_id('regular'), false), false, 'a user turns marketing emails off');
select is(private.set_marketing_emails(tests.get_user_id('regular'), false), false, 'twice, the same');
select ok(not private.marketing_emails_subscribed(tests.get_user_id('regular')), 'they are off');
select is((select count(*)::integer from private.email_audience((select id from public.email_campaigns where name = 'All'))),
  5, 'and the address is left out of sends');
select is(private.set_marketing_emails(tests.get_user_id('regular'), true), true, 'they turn them on again');
select ok(private.marketing_emails_subscribed(tests.get_user_id('regular')), 'and are subscribed');
select throws_ok(format('select private.set_marketing_emails(%L, true)', gen_random_uuid()), 'P0404', 'user_not_found',
  'an unknown user has no switch');

-- Act 4: a batch that keeps failing is given up; links and gone subscriptions ------------------------------------------

update public.email_campaigns set is_active = true;
select job_id as job from private.begin_campaign_send('email', (select id from public.email_campaigns where name = 'New')) \gset
select private.claim_campaign_batch('00000000-0000-4000-8000-00000000000a', 30);
select private.release_campaign_batch(:'job', 0, '00000000-0000-4000-8000-00000000000a');
select private.claim_campaign_batch('00000000-0000-4000-8000-00000000000a', 30);
select private.release_campaign_batch(:'job', 0, '00000000-0000-4000-8000-00000000000a');
select private.claim_campaign_batch('00000000-0000-4000-8000-00000000000a', 30);
select ok(private.campaign_claimable_in_ms() > 0, 'while a batch is leased, workers wait for its lease');
select private.release_campaign_batch(:'job', 0, '00000000-0000-4000-8000-00000000000a');
select results_eq(
  format($$ select s.status, r.status from public.campaign_sends as s
            join public.email_recipients as r on r.email_campaign_id = s.campaign_id where s.id = %L $$, :'job'),
  $$ values ('completed', 'failed') $$,
  'released a third time, the batch is given up: its recipients failed, the send finished'
);
select private.store_email_links((select id from public.email_campaigns where name = 'New'), '{https://example.com/}');
select is((select links from public.email_campaigns where name = 'New'), '{https://example.com/}',
  'the worker stores the links as sent');
insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
values (tests.get_user_id('fresh'), 'https://push.example/gone', repeat('A', 87), repeat('b', 22));
select ok(private.drop_push_subscription('https://push.example/gone'), 'a gone subscription is dropped');
select ok(not private.drop_push_subscription('https://push.example/gone'), 'once');

select * from finish();
rollback;
