-- Support center, live over Realtime: private topics, broadcast by triggers in the transaction that stores the change,
-- so a message never runs ahead of the data (it is delivered when that transaction commits). Payloads are the
-- contract's (edge-functions/_shared/support/contract.ts): camelCase, timestamps in ISO 8601 with their offset.
--
--   ticket:<ticket id>   event 'message' (ticketMessageSchema) for every message but the description. Received by
--                        the owner and admins, who may also send on it: the clients' 'typing' broadcasts, never stored.
--   support:agents       event 'ticket' (ticketChangedEventSchema) when a ticket is opened, its status, priority or
--                        assignment changes, or a message moves it. Received by admins only.
--   user:<user id>       the same 'ticket' events for that user's tickets. Received by that user only.
--
-- A message moves its ticket (status, activity) from a trigger; that change is announced once, as the message's
-- ticket event, not again as a status change. Hiding a message is not broadcast: its text must not reach the owner.

-- Payloads ----------------------------------------------------------------------------------------------------------

create or replace function private.support_message_event(p_message public.ticket_messages)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', p_message.id,
    'ticketId', p_message.ticket_id,
    'senderType', p_message.sender_type,
    'senderName', p_message.sender_name,
    'message', p_message.message,
    'createdAt', p_message.created_at,
    'hidden', p_message.hidden_at is not null
  )
$$;
comment on function private.support_message_event(public.ticket_messages) is
  'A message as the contract''s ticketMessageSchema has it (event ''message'' on ticket:<id>).';
revoke execute on function private.support_message_event(public.ticket_messages) from public;

create or replace function private.support_ticket_event(p_ticket public.support_tickets, p_change text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', p_ticket.id,
    'userId', p_ticket.user_id,
    'subject', p_ticket.subject,
    'category', p_ticket.category,
    'priority', p_ticket.priority,
    'status', p_ticket.status,
    'lastActivityAt', p_ticket.last_activity_at,
    'resolvedAt', p_ticket.resolved_at,
    'assignedTo', p_ticket.assigned_to,
    'change', p_change
  )
$$;
comment on function private.support_ticket_event(public.support_tickets, text) is
  'A ticket''s change as the contract''s ticketChangedEventSchema has it (event ''ticket'').';
revoke execute on function private.support_ticket_event(public.support_tickets, text) from public;

-- Definer for the senders below: realtime.messages takes broadcasts only from its owner's side, and the writer of a
-- message may receive on these topics but not send as the database.
create or replace function private.send_support_ticket_event(p_ticket public.support_tickets, p_change text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  event constant jsonb := private.support_ticket_event(p_ticket, p_change);
begin
  perform realtime.send(event, 'ticket', 'support:agents', true);
  perform realtime.send(event, 'ticket', 'user:' || p_ticket.user_id::text, true);
end;
$$;
comment on function private.send_support_ticket_event(public.support_tickets, text) is
  'Broadcasts a ticket''s change to the agents and to its owner.';
revoke execute on function private.send_support_ticket_event(public.support_tickets, text) from public;

-- Triggers ----------------------------------------------------------------------------------------------------------

create or replace function private.broadcast_support_ticket()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.send_support_ticket_event(new, 'created');
  -- Depth 1: the update was a statement of its own (an owner or agent), not the work of a message's trigger, which
  -- announces its ticket itself.
  elsif pg_catalog.pg_trigger_depth() = 1 then
    perform private.send_support_ticket_event(new, case
      when new.status is distinct from old.status then 'status'
      when new.priority is distinct from old.priority then 'priority'
      else 'assigned'
    end);
  end if;
  return null;
end;
$$;
comment on function private.broadcast_support_ticket() is
  'Trigger: announces a ticket''s creation, and a change of its status, priority or assignee made directly.';
revoke execute on function private.broadcast_support_ticket() from public;

create trigger support_tickets_broadcast_created
  after insert on public.support_tickets
  for each row execute function private.broadcast_support_ticket();

create trigger support_tickets_broadcast_change
  after update of status, priority, assigned_to on public.support_tickets
  for each row
  when (
    new.status is distinct from old.status
    or new.priority is distinct from old.priority
    or new.assigned_to is distinct from old.assigned_to
  )
  execute function private.broadcast_support_ticket();

create or replace function private.broadcast_ticket_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ticket public.support_tickets;
begin
  -- The description arrives with the ticket, which is announced as created.
  if private.is_ticket_description(new) then
    return null;
  end if;
  perform realtime.send(private.support_message_event(new), 'message', 'ticket:' || new.ticket_id::text, true);
  -- As ticket_messages_apply_to_ticket (which runs first) left it.
  select * into strict ticket from public.support_tickets as t where t.id = new.ticket_id;
  perform private.send_support_ticket_event(ticket, new.sender_type || '_message');
  return null;
end;
$$;
comment on function private.broadcast_ticket_message() is
  'Trigger: broadcasts a new message on its ticket''s topic, and its ticket as the message left it to the agents and '
  'the owner.';
revoke execute on function private.broadcast_ticket_message() from public;

create trigger ticket_messages_broadcast
  after insert on public.ticket_messages
  for each row execute function private.broadcast_ticket_message();

-- Who may listen and type -------------------------------------------------------------------------------------------

-- Invoker: the tickets' own policy (owner or admin) decides, as the joining user.
create or replace function private.may_join_support_topic(p_topic text)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  uuid_pattern constant text := '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
begin
  -- Another feature's topic, or an id that is not a uuid, is not this policy's to allow (and must not fail the query).
  if p_topic ~* ('^ticket:' || uuid_pattern || '$') then
    return exists (
      select from public.support_tickets as t
      where t.id = pg_catalog.substr(p_topic, 8)::uuid
        and (t.user_id = (select auth.uid()) or (select private.is_admin()))
    );
  end if;
  return false;
end;
$$;
comment on function private.may_join_support_topic(text) is
  'Whether the signed-in user may receive and send on a ticket''s Realtime topic, as its owner or an admin.';
revoke execute on function private.may_join_support_topic(text) from public;
grant execute on function private.may_join_support_topic(text) to authenticated;

create or replace function private.may_receive_support_topic(p_topic text)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_topic = 'support:agents' then
    return (select private.is_admin());
  end if;
  if p_topic ~* '^user:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return pg_catalog.substr(p_topic, 6)::uuid = (select auth.uid());
  end if;
  return private.may_join_support_topic(p_topic);
end;
$$;
comment on function private.may_receive_support_topic(text) is
  'Whether the signed-in user may receive on a support topic: their ticket''s (or any, as an admin), the agents'' '
  '(admins), their own user topic.';
revoke execute on function private.may_receive_support_topic(text) from public;
grant execute on function private.may_receive_support_topic(text) to authenticated;

create policy "Owners and admins can receive a ticket's messages, admins the agents' topic, users their own"
  on realtime.messages for select
  to authenticated
  using ((select private.may_receive_support_topic((select realtime.topic()))));

-- Only broadcasts (typing), not presence, and only on a ticket's topic.
create policy "Owners and admins can send typing broadcasts on a ticket's topic"
  on realtime.messages for insert
  to authenticated
  with check (extension = 'broadcast' and (select private.may_join_support_topic((select realtime.topic()))));
