-- Support center, live: what the triggers broadcast, on which topic, with the contract's names
-- (edge-functions/_shared/support/contract.ts: ticketMessageSchema on ticket:<id>, ticketChangedEventSchema on
-- support:agents and user:<id>). Each step starts from no messages, so what it sent is all there is.
begin;
select plan(17);

select tests.create_user('owner', '{"username": "ada"}');
select tests.create_user('agent');
update public.profiles set is_admin = true, first_name = 'Grace', last_name = 'Hopper'
where id = tests.get_user_id('agent');
delete from realtime.messages;

-- realtime.send adds the message's id to a payload without one; every payload here has its own.
create view pg_temp.sent as
  select m.topic, m.event, m.payload, m.private, m.extension from realtime.messages as m;
-- A ticket's change as the contract's ticketChangedEventSchema has it, from the row itself.
create function pg_temp.ticket_event(ticket uuid, change text) returns jsonb language sql as $$
  select jsonb_build_object('id', t.id, 'userId', t.user_id, 'subject', t.subject, 'category', t.category,
    'priority', t.priority, 'status', t.status, 'lastActivityAt', t.last_activity_at, 'resolvedAt', t.resolved_at,
    'assignedTo', t.assigned_to, 'change', change)
  from public.support_tickets as t where t.id = ticket
$$;
-- The same event on both of its topics.
create function pg_temp.ticket_broadcasts(ticket uuid, change text)
returns table (topic text, event text, payload jsonb, private boolean, extension text) language sql as $$
  select topic, 'ticket', pg_temp.ticket_event(ticket, change), true, 'broadcast'
  from (values ('support:agents'), ('user:' || tests.get_user_id('owner'))) as t (topic)
$$;

-- Opening --------------------------------------------------------------------------------------------------------------

select tests.authenticate_as('owner');
insert into public.support_tickets (subject, description, category) values ('Upload fails', 'It is refused.', 'technical')
returning id as ticket \gset
reset role;
select 'ticket:' || :'ticket' as ticket_topic \gset

select set_eq(
  $$ select * from pg_temp.sent $$,
  format($$ select * from pg_temp.ticket_broadcasts(%L, 'created') $$, :'ticket'),
  'a new ticket is announced as created to the agents and its owner, and its description is not sent as a message'
);
select set_eq(
  $$ select jsonb_object_keys(payload) from pg_temp.sent where topic = 'support:agents' $$,
  $$ values ('id'), ('userId'), ('subject'), ('category'), ('priority'), ('status'), ('lastActivityAt'),
            ('resolvedAt'), ('assignedTo'), ('change') $$,
  'with exactly the contract''s field names'
);
select ok(
  (select bool_and(payload ->> 'lastActivityAt' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$')
   from pg_temp.sent),
  'and ISO 8601 timestamps with their offset'
);

-- An agent's answer ------------------------------------------------------------------------------------------------------

delete from realtime.messages;
select tests.authenticate_as('agent');
insert into public.ticket_messages (ticket_id, message) values (:'ticket', 'Save it as UTF-8.')
returning id as agent_message, created_at as agent_message_at \gset
reset role;

select results_eq(
  format($$ select event, payload, private, extension from pg_temp.sent where topic = %L $$, :'ticket_topic'),
  format($$ values ('message', jsonb_build_object('id', %s, 'ticketId', %L::uuid, 'senderType', 'admin',
                     'senderName', 'Grace Hopper', 'message', 'Save it as UTF-8.', 'createdAt', %L::timestamptz,
                     'hidden', false), true, 'broadcast') $$,
         :'agent_message', :'ticket', :'agent_message_at'),
  'a message is broadcast on its ticket''s topic as event message, with the contract''s names'
);
select set_eq(
  format($$ select * from pg_temp.sent where topic <> %L $$, :'ticket_topic'),
  format($$ select * from pg_temp.ticket_broadcasts(%L, 'admin_message') $$, :'ticket'),
  'and its ticket as it left it, once, as an admin message (not again as a status change)'
);
select is(
  (select payload ->> 'status' from pg_temp.sent where topic = 'support:agents'), 'awaiting_response',
  'which is now awaiting the user'
);

-- The owner's reply, and an automatic answer ----------------------------------------------------------------------------

delete from realtime.messages;
select tests.authenticate_as('owner');
insert into public.ticket_messages (ticket_id, message) values (:'ticket', 'Done, still refused.');
reset role;
select results_eq(
  format($$ select payload ->> 'senderType', payload ->> 'senderName' from pg_temp.sent where topic = %L $$,
         :'ticket_topic'),
  $$ values ('user', 'ada') $$,
  'the owner''s reply is sent as user, under their name'
);
select set_eq(
  format($$ select * from pg_temp.sent where topic <> %L $$, :'ticket_topic'),
  format($$ select * from pg_temp.ticket_broadcasts(%L, 'user_message') $$, :'ticket'),
  'and the ticket, open again, as a user message'
);

delete from realtime.messages;
select private.support_post_ai_answer(:'ticket', 'See the FAQ.');
select results_eq(
  format($$ select payload ->> 'senderType', payload -> 'senderName' from pg_temp.sent where topic = %L $$,
         :'ticket_topic'),
  $$ values ('ai', 'null'::jsonb) $$,
  'an automatic answer is sent as ai, without a name'
);
select set_eq(
  format($$ select * from pg_temp.sent where topic <> %L $$, :'ticket_topic'),
  format($$ select * from pg_temp.ticket_broadcasts(%L, 'ai_message') $$, :'ticket'),
  'and the ticket as an ai message'
);

-- Changes by the agents and the owner ---------------------------------------------------------------------------------------

delete from realtime.messages;
select tests.authenticate_as('agent');
update public.support_tickets set priority = 'urgent' where id = :'ticket';
reset role;
select set_eq($$ select * from pg_temp.sent $$, format($$ select * from pg_temp.ticket_broadcasts(%L, 'priority') $$, :'ticket'),
  'a change of priority is announced');

delete from realtime.messages;
select tests.authenticate_as('agent');
update public.support_tickets set assigned_to = (select auth.uid()) where id = :'ticket';
reset role;
select set_eq($$ select * from pg_temp.sent $$, format($$ select * from pg_temp.ticket_broadcasts(%L, 'assigned') $$, :'ticket'),
  'an assignment is announced');
select is((select payload ->> 'assignedTo' from pg_temp.sent where topic = 'support:agents'),
  tests.get_user_id('agent')::text, 'with the assignee');

delete from realtime.messages;
select tests.authenticate_as('owner');
update public.support_tickets set status = 'resolved' where id = :'ticket';
reset role;
select set_eq($$ select * from pg_temp.sent $$, format($$ select * from pg_temp.ticket_broadcasts(%L, 'status') $$, :'ticket'),
  'the owner resolving it is announced as a status change');
select isnt((select payload ->> 'resolvedAt' from pg_temp.sent where topic = 'support:agents'), null,
  'with when it was resolved');

delete from realtime.messages;
select tests.authenticate_as('agent');
update public.support_tickets set priority = priority, status = status where id = :'ticket';
reset role;
select is_empty($$ select from pg_temp.sent $$, 'an update that changes nothing announced sends nothing');

select tests.authenticate_as('agent');
update public.support_tickets set status = 'open' where id = :'ticket';
reset role;
delete from realtime.messages;
select tests.authenticate_as('agent');
update public.ticket_messages set hidden_at = now() where id = :'agent_message';
reset role;
select is_empty($$ select from pg_temp.sent $$, 'hiding a message is not broadcast: its text must not reach the owner');

select * from finish();
rollback;
