-- Support center: who may see and do what with tickets, messages, read markers, email notices and help articles, and
-- who may receive and send on the support Realtime topics. The owner and the agents (admins) share a ticket; another
-- user sees nothing of it, not even that it exists; anonymous visitors read only the help articles.
begin;
select plan(136);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Arrange: the owner's ticket with an agent's answer and the owner's read marker; the stranger has a ticket too ------

select tests.authenticate_as('owner');
insert into public.support_tickets (subject, description) values ('Upload fails', 'My CSV is refused.')
returning id as owner_ticket \gset
reset role;
select tests.authenticate_as('stranger');
insert into public.support_tickets (subject, description) values ('Billing', 'Invoice please.')
returning id as stranger_ticket \gset
reset role;
select tests.authenticate_as('site_admin');
insert into public.ticket_messages (ticket_id, message) values (:'owner_ticket', 'Which separator does it use?')
returning id as agent_message \gset
reset role;
select tests.authenticate_as('owner');
insert into public.ticket_reads (ticket_id, user_id, last_read_message_id)
values (:'owner_ticket', tests.get_user_id('owner'), :'agent_message');
reset role;
select private.support_claim_email_notice(:'owner_ticket', tests.get_user_id('owner'), 15);

-- Act 1: the access matrices -------------------------------------------------------------------------------------

select * from tests.assert_access('public.support_tickets', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'all',    'all',    'all',    'denied'],
  ['stranger',     'none',   'all',    'none',   'denied'],
  ['site_admin',   'all',    'all',    'all',    'denied'],
  ['service_role', 'all',    'denied', 'denied', 'denied']
],
  rows_where => $$ user_id = tests.get_user_id('owner') $$,
  -- A user's insert is always their own (the forced user_id is tested in 24_support_conversation).
  insert_sql => $$ insert into public.support_tickets (user_id, subject, description)
                   values (tests.get_user_id('owner'), 'Matrix', 'Matrix') $$,
  update_set => 'status = status');

select * from tests.assert_access('public.ticket_messages', array[
  --               select    insert     update    delete
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['owner',        'all',    'all',     'none',   'denied'],
  ['stranger',     'none',   'refused', 'none',   'denied'],
  ['site_admin',   'all',    'all',     'all',    'denied'],
  ['service_role', 'all',    'denied',  'denied', 'denied']
],
  rows_where => format('ticket_id = %L', :'owner_ticket'),
  insert_sql => format($$ insert into public.ticket_messages (ticket_id, message) values (%L, 'Matrix') $$,
                       :'owner_ticket'),
  update_set => 'hidden_at = hidden_at');

-- Everyone upserts their own marker, as the api does; the stranger's is for a ticket they may not see.
select * from tests.assert_access('public.ticket_reads', array[
  --               select    insert     update    delete
  ['anon',         'denied', 'denied',  'denied', 'denied'],
  ['owner',        'all',    'all',     'all',    'denied'],
  ['stranger',     'none',   'refused', 'none',   'denied'],
  ['site_admin',   'none',   'all',     'none',   'denied'],
  ['service_role', 'all',    'denied',  'denied', 'denied']
],
  rows_where => format('ticket_id = %L and user_id = tests.get_user_id(%L)', :'owner_ticket', 'owner'),
  insert_sql => format($$ insert into public.ticket_reads (ticket_id, user_id, last_read_message_id)
                          values (%L, (select auth.uid()), %s)
                          on conflict (ticket_id, user_id) do update
                            set last_read_message_id = excluded.last_read_message_id $$,
                       :'owner_ticket', :'agent_message'),
  update_set => 'last_read_message_id = last_read_message_id');

select * from tests.assert_access('public.support_email_notices', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['owner',        'denied', 'denied', 'denied', 'denied'],
  ['stranger',     'denied', 'denied', 'denied', 'denied'],
  ['site_admin',   'denied', 'denied', 'denied', 'denied'],
  ['service_role', 'denied', 'denied', 'denied', 'denied']
],
  rows_where => format('ticket_id = %L', :'owner_ticket'),
  insert_sql => format($$ insert into public.support_email_notices (ticket_id, recipient_id, last_sent_at)
                          values (%L, tests.get_user_id('stranger'), now()) $$, :'owner_ticket'),
  update_set => 'last_sent_at = now()');

select * from tests.assert_access('public.help_articles', array[
  --               select    insert    update    delete
  ['anon',         'all',    'denied', 'denied', 'denied'],
  ['owner',        'all',    'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied'],
  ['service_role', 'all',    'denied', 'denied', 'denied']
],
  insert_sql => $$ insert into public.help_articles (slug, title, body, path) values ('mine', 'Mine', 'Mine', '/') $$,
  update_set => $$ body = 'Changed' $$);

-- Act 2: the private functions are the api's (its privileged connection, or the service key), never an API role's --

select ok(
  not has_function_privilege(role, f, 'execute'),
  format('%s may not execute %s', role, f)
)
from unnest(array['anon', 'authenticated']) as role,
  unnest(array[
    'private.support_post_ai_answer(uuid, text)',
    'private.support_search_help(text, integer)',
    'private.support_claim_email_notice(uuid, uuid, integer)'
  ]) as f;

select ok(
  has_function_privilege('service_role', f, 'execute'),
  format('the service role may execute %s', f)
)
from unnest(array[
  'private.support_post_ai_answer(uuid, text)',
  'private.support_search_help(text, integer)',
  'private.support_claim_email_notice(uuid, uuid, integer)'
]) as f;

-- Act 3: Realtime, checked as the Realtime service checks a join (tests.receives, tests.sends) ----------------------

select is(tests.receives(actor, 'ticket:' || :'owner_ticket'), allowed,
  format('%s %s receive on the ticket''s topic', actor, case when allowed then 'may' else 'may not' end))
from (values ('owner', true), ('site_admin', true), ('stranger', false), ('anon', false)) as cell (actor, allowed);

select is(tests.sends(actor, 'ticket:' || :'owner_ticket'), allowed,
  format('%s %s send (type) on the ticket''s topic', actor, case when allowed then 'may' else 'may not' end))
from (values ('owner', true), ('site_admin', true), ('stranger', false), ('anon', false)) as cell (actor, allowed);

select ok(not tests.sends('owner', 'ticket:' || :'owner_ticket', 'presence'),
  'typing is a broadcast: presence on the ticket''s topic is not allowed');

select is(tests.receives(actor, 'support:agents'), allowed,
  format('%s %s receive on support:agents', actor, case when allowed then 'may' else 'may not' end))
from (values ('site_admin', true), ('owner', false), ('stranger', false), ('anon', false)) as cell (actor, allowed);

select is(tests.receives(actor, 'user:' || tests.get_user_id('owner')), allowed,
  format('%s %s receive on the owner''s user topic', actor, case when allowed then 'may' else 'may not' end))
from (values ('owner', true), ('site_admin', false), ('stranger', false), ('anon', false)) as cell (actor, allowed);

select ok(tests.receives('stranger', 'ticket:' || :'stranger_ticket'), 'the other user receives on their own ticket');
select ok(tests.receives('stranger', 'user:' || tests.get_user_id('stranger')), 'and on their own user topic');
select ok(not tests.receives('owner', 'ticket:' || gen_random_uuid()), 'a ticket that does not exist has no listeners');
select ok(not tests.receives('owner', 'ticket:not-a-ticket'), 'a topic whose id is not a uuid is refused, not an error');
select ok(not tests.receives('owner', 'user:not-a-user'), 'likewise a user topic');

select ok(not tests.sends(actor, topic), format('%s may not send on %s', actor, topic))
from (values ('site_admin', 'support:agents'), ('owner', 'user:' || tests.get_user_id('owner'))) as cell (actor, topic);

select policy_roles_are('realtime', 'messages',
  'Owners and admins can receive a ticket''s messages, admins the agents'' topic, users their own',
  array['authenticated'], 'only signed-in users may receive: anonymous visitors never');
select policy_roles_are('realtime', 'messages', 'Owners and admins can send typing broadcasts on a ticket''s topic',
  array['authenticated'], 'only signed-in users may send');

-- Act 4: structure ------------------------------------------------------------------------------------------------

select policies_are('public', 'support_tickets', array[
  'Owners can read their own tickets and admins every ticket',
  'Users can open tickets for themselves',
  'Owners can update their own tickets and admins every ticket'
], 'tickets: read, open and update policies, no delete');
select policies_are('public', 'ticket_messages', array[
  'Owners can read their tickets'' visible messages and admins every message',
  'Owners can write on their own tickets and admins on every ticket, as themselves',
  'Admins can hide and unhide messages'
], 'messages: read, write and hide policies, no delete');
select policies_are('public', 'support_email_notices', array[]::name[], 'email notices: no policies, the throttle''s own');
select has_index('public', 'support_tickets', 'support_tickets_user_activity_idx', array['user_id', 'last_activity_at'],
  'an owner''s tickets are listed by activity by index');
select has_index('public', 'support_tickets', 'support_tickets_status_activity_idx', array['status', 'last_activity_at'],
  'the agents'' queue by status and activity by index');

select * from finish();
rollback;
