-- Support center: the rules of a conversation. The database decides who opened a ticket and who wrote a message,
-- whatever was sent; the description is the first message; status follows the conversation and the owner's and
-- agents' changes; a resolved ticket takes no messages until it is reopened, which the owner may do for 30 days;
-- agents hide messages; read markers only move forward; the email throttle. Times are set, never waited for.
begin;
select plan(48);

select tests.create_user('owner', '{"username": "ada"}');
select tests.create_user('stranger');
select tests.create_user('agent');
select tests.create_user('other_agent');
update public.profiles set is_admin = true, first_name = 'Grace', last_name = 'Hopper'
where id = tests.get_user_id('agent');
update public.profiles set is_admin = true where id = tests.get_user_id('other_agent');

-- Act 1: opening a ticket ---------------------------------------------------------------------------------------------

select tests.authenticate_as('owner');
insert into public.support_tickets (
  user_id, subject, description, category, priority, status, created_at, last_activity_at, resolved_at, assigned_to,
  ai_response, admin_response
)
values (
  tests.get_user_id('stranger'), 'Upload fails', 'My CSV file is refused.', 'technical', 'high', 'resolved',
  now() - interval '1 year', now() - interval '1 year', now() - interval '1 year', tests.get_user_id('agent'),
  'forged', 'forged'
)
returning id as ticket \gset
reset role;

select results_eq(
  format($$ select user_id, subject, category, priority, status, resolved_at, assigned_to, ai_response, admin_response,
                   created_at, last_activity_at
            from public.support_tickets where id = %L $$, :'ticket'),
  $$ values (tests.get_user_id('owner'), 'Upload fails', 'technical', 'high', 'open', null::timestamptz, null::uuid,
             null::text, null::text, now(), now()) $$,
  'a ticket is its opener''s, open, unassigned, without responses and opened now, whatever was sent'
);
select results_eq(
  format($$ select sender_type, sender_id, sender_name, message, created_at, hidden_at
            from public.ticket_messages where ticket_id = %L $$, :'ticket'),
  $$ values ('user', tests.get_user_id('owner'), 'ada', 'My CSV file is refused.', now(), null::timestamptz) $$,
  'its description is its first and only message, from its owner'
);

select tests.authenticate_as('owner');
select throws_ok(
  $$ insert into public.support_tickets (subject, description) values (repeat('s', 201), 'Too long a subject') $$,
  '23514', null, 'a subject longer than 200 characters is refused'
);
reset role;

-- Act 2: nobody speaks for someone else -------------------------------------------------------------------------------

select tests.authenticate_as('owner');
insert into public.ticket_messages (ticket_id, sender_type, sender_id, sender_name, created_at, message)
values (:'ticket', 'admin', tests.get_user_id('agent'), 'Support', now() - interval '1 day', 'It says invalid file.')
returning id as owner_message \gset
reset role;
select results_eq(
  format($$ select sender_type, sender_id, sender_name, created_at from public.ticket_messages where id = %s $$,
         :'owner_message'),
  $$ values ('user', tests.get_user_id('owner'), 'ada', now()) $$,
  'the owner''s message is theirs as user, whatever sender was sent'
);

select tests.authenticate_as('agent');
insert into public.ticket_messages (ticket_id, sender_type, sender_id, message)
values (:'ticket', 'ai', tests.get_user_id('owner'), 'Save it as UTF-8, please.')
returning id as agent_message \gset
reset role;
select results_eq(
  format($$ select sender_type, sender_id, sender_name from public.ticket_messages where id = %s $$, :'agent_message'),
  $$ values ('admin', tests.get_user_id('agent'), 'Grace Hopper') $$,
  'an agent''s message is theirs as admin, with their name, even when sent as ai for the owner'
);

select tests.authenticate_as('stranger');
select throws_ok(
  format($$ insert into public.ticket_messages (ticket_id, message) values (%L, 'Let me in') $$, :'ticket'),
  '42501', 'new row violates row-level security policy for table "ticket_messages"',
  'another user may not write on the ticket'
);
reset role;

-- Act 3: the status follows the conversation --------------------------------------------------------------------------

select results_eq(
  format($$ select status, admin_response, last_activity_at from public.support_tickets where id = %L $$, :'ticket'),
  $$ values ('awaiting_response', 'Save it as UTF-8, please.', now()) $$,
  'an agent''s answer makes the ticket await the user, and is kept as its admin response'
);

select tests.authenticate_as('owner');
insert into public.ticket_messages (ticket_id, message) values (:'ticket', 'Still refused.');
reset role;
select is((select status from public.support_tickets where id = :'ticket'), 'open', 'the user''s reply opens it again');

select private.support_post_ai_answer(:'ticket', 'See "Which files can I upload?"') as ai_message \gset
select results_eq(
  format($$ select m.sender_type, m.sender_id, m.sender_name, t.ai_response, t.status
            from public.ticket_messages as m join public.support_tickets as t on t.id = m.ticket_id
            where m.id = %s $$, :'ai_message'),
  $$ values ('ai', null::uuid, null::text, 'See "Which files can I upload?"', 'open') $$,
  'an automatic answer is an ai message without a sender, kept as the ai response; the status stays'
);
select throws_ok(
  $$ select private.support_post_ai_answer(gen_random_uuid(), 'Anyone?') $$,
  'P0404', 'not_found', 'an automatic answer needs a ticket'
);

update public.support_tickets set last_activity_at = now() - interval '1 hour' where id = :'ticket';
select tests.authenticate_as('agent');
insert into public.ticket_messages (ticket_id, message) values (:'ticket', 'Try a semicolon.');
reset role;
select results_eq(
  format($$ select status, last_activity_at from public.support_tickets where id = %L $$, :'ticket'),
  $$ values ('awaiting_response', now()) $$,
  'each message moves the last activity to its time'
);
select tests.authenticate_as('agent');
insert into public.ticket_messages (ticket_id, message) values (:'ticket', 'Or a tab.');
reset role;
select is((select status from public.support_tickets where id = :'ticket'), 'awaiting_response',
  'a second answer leaves it awaiting the user');

-- Act 4: what the owner and the agents may change ---------------------------------------------------------------------

select tests.authenticate_as('owner');
select throws_ok(
  format($$ update public.support_tickets set priority = 'urgent' where id = %L $$, :'ticket'),
  'P0403', 'agents_only', 'the owner may not change the priority'
);
select throws_ok(
  format($$ update public.support_tickets set assigned_to = (select auth.uid()) where id = %L $$, :'ticket'),
  'P0403', 'agents_only', 'nor the assignment'
);
select throws_ok(
  format($$ update public.support_tickets set resolved_at = now() where id = %L $$, :'ticket'),
  '42501', 'permission denied for table support_tickets', 'nor any column but status, priority and assignment'
);
reset role;

select tests.authenticate_as('agent');
select throws_ok(
  format($$ update public.support_tickets set assigned_to = tests.get_user_id('stranger') where id = %L $$, :'ticket'),
  'P0422', 'assignee_not_agent', 'a ticket is assigned only to an agent'
);
update public.support_tickets set priority = 'urgent', assigned_to = tests.get_user_id('other_agent')
where id = :'ticket';
reset role;
select results_eq(
  format($$ select priority, assigned_to from public.support_tickets where id = %L $$, :'ticket'),
  $$ values ('urgent', tests.get_user_id('other_agent')) $$,
  'an agent sets the priority and assigns the ticket to an agent'
);

-- Act 5: resolved, and reopened -----------------------------------------------------------------------------------------

select tests.authenticate_as('owner');
update public.support_tickets set status = 'resolved' where id = :'ticket';
reset role;
select results_eq(
  format($$ select status, resolved_at from public.support_tickets where id = %L $$, :'ticket'),
  $$ values ('resolved', now()) $$,
  'the owner resolves the ticket, which records when'
);

select tests.authenticate_as('owner');
select throws_ok(
  format($$ insert into public.ticket_messages (ticket_id, message) values (%L, 'One more thing') $$, :'ticket'),
  'P0409', 'ticket_resolved', 'a resolved ticket refuses the owner''s message'
);
reset role;
select tests.authenticate_as('agent');
select throws_ok(
  format($$ insert into public.ticket_messages (ticket_id, message) values (%L, 'Glad to help') $$, :'ticket'),
  'P0409', 'ticket_resolved', 'and an agent''s'
);
reset role;
select throws_ok(
  format($$ select private.support_post_ai_answer(%L, 'Late answer') $$, :'ticket'),
  'P0409', 'ticket_resolved', 'and an automatic answer'
);

update public.support_tickets set resolved_at = now() - interval '29 days' where id = :'ticket';
select tests.authenticate_as('owner');
update public.support_tickets set status = 'open' where id = :'ticket';
reset role;
select results_eq(
  format($$ select status, resolved_at from public.support_tickets where id = %L $$, :'ticket'),
  $$ values ('open', null::timestamptz) $$,
  'the owner reopens it 29 days after it was resolved, which clears resolved_at'
);
select tests.authenticate_as('owner');
select lives_ok(
  format($$ insert into public.ticket_messages (ticket_id, message) values (%L, 'Back again') $$, :'ticket'),
  'a reopened ticket takes messages again'
);
select throws_ok(
  format($$ update public.support_tickets set status = 'awaiting_response' where id = %L $$, :'ticket'),
  'P0403', 'agents_only', 'the owner may not set awaiting_response: only an agent''s answer does'
);
reset role;

update public.support_tickets set status = 'resolved', resolved_at = now() - interval '31 days' where id = :'ticket';
select tests.authenticate_as('owner');
select throws_ok(
  format($$ update public.support_tickets set status = 'open' where id = %L $$, :'ticket'),
  'P0409', 'reopen_window_passed', 'the owner may not reopen it 31 days after it was resolved'
);
reset role;
select tests.authenticate_as('agent');
update public.support_tickets set status = 'open' where id = :'ticket';
reset role;
select is((select status from public.support_tickets where id = :'ticket'), 'open', 'an agent may, at any time');

select tests.authenticate_as('stranger');
select is_empty(
  format($$ update public.support_tickets set status = 'resolved' where id = %L returning id $$, :'ticket'),
  'another user changes nothing'
);
reset role;

-- Act 6: hiding a message -------------------------------------------------------------------------------------------------

select tests.authenticate_as('agent');
update public.ticket_messages set hidden_at = now() - interval '1 year', hidden_by = tests.get_user_id('owner')
where id = :'owner_message';
reset role;
select results_eq(
  format($$ select hidden_at, hidden_by, message from public.ticket_messages where id = %s $$, :'owner_message'),
  $$ values (now(), tests.get_user_id('agent'), 'It says invalid file.') $$,
  'an agent hides a message: it stays, with when and by whom, whatever was sent'
);
select tests.authenticate_as('owner');
select is_empty(
  format($$ select from public.ticket_messages where id = %s $$, :'owner_message'),
  'the owner no longer sees a hidden message'
);
select is(
  (select count(*)::integer from public.ticket_messages where ticket_id = :'ticket'), 7,
  'but every other message of the ticket'
);
select is_empty(
  format($$ update public.ticket_messages set hidden_at = null where id = %s returning id $$, :'agent_message'),
  'the owner hides and unhides nothing'
);
select throws_ok(
  format($$ update public.ticket_messages set message = 'Edited' where id = %s $$, :'agent_message'),
  '42501', 'permission denied for table ticket_messages', 'nobody edits a message'
);
reset role;
select tests.authenticate_as('other_agent');
select isnt_empty(
  format($$ select from public.ticket_messages where id = %s and hidden_at is not null $$, :'owner_message'),
  'other agents still see it, marked hidden'
);
update public.ticket_messages set hidden_at = null where id = :'owner_message';
reset role;
select results_eq(
  format($$ select hidden_at, hidden_by from public.ticket_messages where id = %s $$, :'owner_message'),
  $$ values (null::timestamptz, null::uuid) $$,
  'unhiding clears both'
);

-- Act 7: read markers ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('owner');
insert into public.ticket_reads (ticket_id, user_id, last_read_message_id)
values (:'ticket', tests.get_user_id('owner'), :'agent_message');
insert into public.ticket_reads (ticket_id, user_id, last_read_message_id)
values (:'ticket', tests.get_user_id('owner'), :'owner_message')
on conflict (ticket_id, user_id) do update set last_read_message_id = excluded.last_read_message_id;
reset role;
select is(
  (select last_read_message_id from public.ticket_reads where ticket_id = :'ticket'), :'agent_message'::bigint,
  'a read marker never moves back'
);
select tests.authenticate_as('owner');
update public.ticket_reads set last_read_message_id = :'ai_message' where ticket_id = :'ticket';
reset role;
select is(
  (select last_read_message_id from public.ticket_reads where ticket_id = :'ticket'), :'ai_message'::bigint,
  'it moves forward'
);
select tests.authenticate_as('stranger');
insert into public.support_tickets (subject, description) values ('Mine', 'Mine') returning id as stranger_ticket \gset
select throws_ok(
  format($$ insert into public.ticket_reads (ticket_id, user_id, last_read_message_id)
            values (%L, (select auth.uid()), %s) $$, :'stranger_ticket', :'agent_message'),
  '23503', null, 'a marker names a message of its own ticket'
);
reset role;

-- Act 8: the email throttle ---------------------------------------------------------------------------------------------

select ok(private.support_claim_email_notice(:'ticket', tests.get_user_id('owner'), 15),
  'the first email about a ticket may go');
select ok(not private.support_claim_email_notice(:'ticket', tests.get_user_id('owner'), 15),
  'the next one within 15 minutes may not');
select ok(private.support_claim_email_notice(:'ticket', tests.get_user_id('agent'), 15),
  'another recipient has their own');
select ok(private.support_claim_email_notice(:'stranger_ticket', tests.get_user_id('owner'), 15),
  'and another ticket its own');
update public.support_email_notices set last_sent_at = now() - interval '14 minutes'
where ticket_id = :'ticket' and recipient_id = tests.get_user_id('owner');
select ok(not private.support_claim_email_notice(:'ticket', tests.get_user_id('owner'), 15),
  'after 14 minutes still not');
update public.support_email_notices set last_sent_at = now() - interval '15 minutes'
where ticket_id = :'ticket' and recipient_id = tests.get_user_id('owner');
select ok(private.support_claim_email_notice(:'ticket', tests.get_user_id('owner'), 15), 'after 15 minutes it may');
select is(
  (select last_sent_at from public.support_email_notices
   where ticket_id = :'ticket' and recipient_id = tests.get_user_id('owner')),
  now(), 'and the claim records now'
);
select throws_ok(
  format($$ select private.support_claim_email_notice(%L, tests.get_user_id('owner'), -1) $$, :'ticket'),
  '22023', null, 'minutes below 0 are refused'
);

-- Act 9: accounts go with their tickets; agents' messages stay ---------------------------------------------------------

delete from auth.users where id = tests.get_user_id('agent');
select results_eq(
  format($$ select sender_type, sender_id, sender_name from public.ticket_messages where id = %s $$, :'agent_message'),
  $$ values ('admin', null::uuid, 'Grace Hopper') $$,
  'a deleted agent''s messages stay, with the name they were sent under'
);
delete from auth.users where id = tests.get_user_id('owner');
select is_empty(format($$ select from public.support_tickets where id = %L $$, :'ticket'),
  'a deleted owner''s tickets go with the account');
select is_empty(format($$ select from public.ticket_messages where ticket_id = %L $$, :'ticket'),
  'with their messages');

select * from finish();
rollback;
