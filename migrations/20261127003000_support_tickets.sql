-- Support center: tickets and the conversation on each.
--
-- A signed-in user opens a ticket for themselves; its description is its first message, written by the database when
-- the ticket is created (the conversation view skips it). The owner and the agents (admins) then write messages;
-- the database, not the caller, says who wrote one: sender_type and sender_id come from auth.uid(), so nobody can
-- speak as the other side. Automatic answers (sender type ai) come only through private.support_post_ai_answer().
--
-- Who may do what (the api runs user requests as the user, so these rules are the real guard):
--   tickets   the owner reads theirs, admins read all, nobody else sees one. A user inserts only their own (a trigger
--             sets user_id, status open and the timestamps whatever was sent). The owner may set status resolved, or
--             open again within 30 days of resolved_at; admins may set status, priority and assigned_to (an admin).
--             Nobody deletes: a ticket goes only with its owner's account.
--   messages  the owner reads their tickets' messages except hidden ones, admins read all. The owner writes on their
--             unresolved ticket, admins on any unresolved ticket. Admins hide (and unhide) a message; it stays. Nobody
--             edits or deletes one.
-- Status moves with the conversation: an agent's message makes an open ticket awaiting_response (and is kept as its
-- admin_response), the user's makes an awaiting_response ticket open again, an automatic answer is kept as its
-- ai_response. Refusals are raised as SQLSTATE P0xxx with the reason as the message, which the api maps to answers:
--   P0409 ticket_resolved        a message on a resolved ticket
--   P0409 reopen_window_passed   the owner reopening more than 30 days after it was resolved
--   P0403 agents_only            the owner changing priority or assignment, or setting status awaiting_response
--   P0422 assignee_not_agent     assigned_to names someone who is not an admin
--   P0404 not_found              an automatic answer for a ticket that does not exist

-- Tables ----------------------------------------------------------------------------------------------------------

create table public.support_tickets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  subject text not null constraint support_tickets_subject_length check (char_length(subject) between 1 and 200),
  description text not null
    constraint support_tickets_description_length check (char_length(description) between 1 and 10000),
  category text not null default 'general' constraint support_tickets_category
    check (category in ('general', 'billing', 'technical', 'email_validation', 'contact_management', 'account')),
  priority text not null default 'medium'
    constraint support_tickets_priority check (priority in ('low', 'medium', 'high', 'urgent')),
  status text not null default 'open'
    constraint support_tickets_status check (status in ('open', 'awaiting_response', 'resolved')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now(),
  resolved_at timestamptz,
  assigned_to uuid references public.profiles (id) on delete set null,
  ai_response text,
  admin_response text,
  -- A ticket counts as resolved when resolvedAt is set; the two never disagree.
  constraint support_tickets_resolved_at check ((status = 'resolved') = (resolved_at is not null))
);

comment on table public.support_tickets is
  'A user''s support ticket; its conversation is in ticket_messages.';
comment on column public.support_tickets.description is 'What the user wrote when opening it; also its first message.';
comment on column public.support_tickets.status is
  'open (waiting for an agent), awaiting_response (an agent answered and waits for the user) or resolved.';
comment on column public.support_tickets.last_activity_at is 'The latest message''s time: lists sort by it, newest first.';
comment on column public.support_tickets.resolved_at is 'When it was last resolved; null while it is not resolved.';
comment on column public.support_tickets.assigned_to is 'The agent (an admin) who took it; null when nobody has.';
comment on column public.support_tickets.ai_response is 'The automatic answer from the help articles, when one was posted.';
comment on column public.support_tickets.admin_response is 'The latest agent message.';

create table public.ticket_messages (
  id bigint generated always as identity primary key,
  ticket_id uuid not null references public.support_tickets (id) on delete cascade,
  sender_type text not null constraint ticket_messages_sender_type check (sender_type in ('user', 'admin', 'ai')),
  sender_id uuid references public.profiles (id) on delete set null,
  sender_name text,
  message text not null constraint ticket_messages_message_length check (char_length(message) between 1 and 10000),
  created_at timestamptz not null default now(),
  hidden_at timestamptz,
  hidden_by uuid references public.profiles (id) on delete set null,
  constraint ticket_messages_ai_has_no_sender check (sender_type <> 'ai' or sender_id is null),
  -- What ticket_reads.last_read_message_id refers to: a message of that ticket.
  constraint ticket_messages_ticket_id_id_key unique (ticket_id, id)
);

comment on table public.ticket_messages is
  'A message on a support ticket; the first of each ticket is its description.';
comment on column public.ticket_messages.sender_type is
  'user (the ticket''s owner), admin (an agent) or ai (an automatic answer); set by the database from the caller.';
comment on column public.ticket_messages.sender_id is 'Who wrote it (auth.uid() at insert); null for ai.';
comment on column public.ticket_messages.sender_name is
  'The sender''s name when it was sent (first and last name, else username; null for ai), so the owner sees an '
  'agent''s name without reading the agent''s profile.';
comment on column public.ticket_messages.hidden_at is 'When an agent hid it: kept, shown to agents only.';
comment on column public.ticket_messages.hidden_by is 'The agent who hid it.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- The owner's list (newest activity first), the policies and the foreign key.
create index support_tickets_user_activity_idx on public.support_tickets (user_id, last_activity_at desc);
-- The agents' queue: every ticket by activity, or one status's (read either way round).
create index support_tickets_activity_idx on public.support_tickets (last_activity_at desc);
create index support_tickets_status_activity_idx on public.support_tickets (status, last_activity_at desc);
-- "Assigned to me", and the foreign key.
create index support_tickets_assigned_activity_idx
  on public.support_tickets (assigned_to, last_activity_at desc) where assigned_to is not null;
-- The queue's search by subject or the user's email (`ilike '%...%'`) has no index: it runs as the agent, and under
-- RLS a condition with a function that is not leakproof (ilike) is never an index condition, so a trigram index would
-- go unused. Scanning 10,000 tickets for it takes a few milliseconds.

-- (ticket_id, id) is ticket_messages_ticket_id_id_key: a ticket's messages in order, unread counts past a read marker.
create index ticket_messages_sender_id_idx on public.ticket_messages (sender_id) where sender_id is not null;
create index ticket_messages_hidden_by_idx on public.ticket_messages (hidden_by) where hidden_by is not null;

create trigger support_tickets_touch_updated_at
  before update on public.support_tickets
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may read, open tickets and write messages (which rows: the policies; which values: the triggers).
-- They may update a ticket's status, priority and assignment and a message's hidden state, nothing else. Trusted
-- servers with the service key may read. Nobody deletes.

revoke all on table public.support_tickets from anon, authenticated, service_role;
grant select, insert on table public.support_tickets to authenticated;
grant update (status, priority, assigned_to) on table public.support_tickets to authenticated;
grant select on table public.support_tickets to service_role;

revoke all on table public.ticket_messages from anon, authenticated, service_role;
grant select, insert on table public.ticket_messages to authenticated;
grant update (hidden_at, hidden_by) on table public.ticket_messages to authenticated;
grant select on table public.ticket_messages to service_role;

-- Protective triggers ------------------------------------------------------------------------------------------------
-- They apply to the API roles; trusted callers (the database owner through the api's privileged pool, and security
-- definer functions such as the first message's and the automatic answer's) write what they mean. private.is_admin()
-- is called only for API roles: the service role may not execute it.

create or replace function private.prepare_support_ticket()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.user_id := (select auth.uid());
    new.status := 'open';
    new.resolved_at := null;
    new.assigned_to := null;
    new.ai_response := null;
    new.admin_response := null;
    new.created_at := pg_catalog.now();
    new.updated_at := pg_catalog.now();
    new.last_activity_at := pg_catalog.now();
  elsif new.status = 'resolved' and new.resolved_at is null then
    new.resolved_at := pg_catalog.now();
  end if;
  return new;
end;
$$;
comment on function private.prepare_support_ticket() is
  'Trigger: a ticket opened by a user is theirs, open, unassigned and timestamped now, whatever was sent.';
revoke execute on function private.prepare_support_ticket() from public;

create trigger support_tickets_prepare
  before insert on public.support_tickets
  for each row execute function private.prepare_support_ticket();

create or replace function private.guard_support_ticket_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if not (select private.is_admin()) then
      if new.priority is distinct from old.priority or new.assigned_to is distinct from old.assigned_to
         or (new.status is distinct from old.status and new.status not in ('open', 'resolved')) then
        raise exception 'agents_only' using errcode = 'P0403';
      end if;
      if old.status = 'resolved' and new.status <> 'resolved'
         and old.resolved_at < pg_catalog.now() - interval '30 days' then
        raise exception 'reopen_window_passed' using errcode = 'P0409';
      end if;
    end if;
    if new.assigned_to is distinct from old.assigned_to and new.assigned_to is not null and not exists (
      select from public.profiles as p where p.id = new.assigned_to and p.is_admin
    ) then
      raise exception 'assignee_not_agent' using errcode = 'P0422';
    end if;
  end if;
  -- resolved_at follows the status, unless a trusted caller set it too.
  if new.status is distinct from old.status and new.resolved_at is not distinct from old.resolved_at then
    new.resolved_at := case when new.status = 'resolved' then pg_catalog.now() end;
  end if;
  return new;
end;
$$;
comment on function private.guard_support_ticket_update() is
  'Trigger: owners may only resolve or reopen (within 30 days); agents set status, priority and an agent as '
  'assignee; resolved_at follows the status.';
revoke execute on function private.guard_support_ticket_update() from public;

create trigger support_tickets_guard_update
  before update on public.support_tickets
  for each row execute function private.guard_support_ticket_update();

-- The ticket's row is locked (`for no key update`) before the message goes in, so a message and a resolve on the same
-- ticket happen one after the other: a message is never stored on a ticket resolved in the meantime. Invoker: the
-- ticket is read as the caller, so a ticket the caller may not see is not found here, and the insert policy refuses.
create or replace function private.prepare_ticket_message()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  ticket public.support_tickets;
begin
  select * into ticket from public.support_tickets as t where t.id = new.ticket_id for no key update;
  if ticket.status = 'resolved' then
    raise exception 'ticket_resolved' using errcode = 'P0409';
  end if;
  if current_user in ('anon', 'authenticated') then
    new.sender_id := (select auth.uid());
    new.sender_type := case when ticket.user_id = new.sender_id or ticket.id is null then 'user' else 'admin' end;
    new.created_at := pg_catalog.now();
    new.hidden_at := null;
    new.hidden_by := null;
  end if;
  -- A sender reads their own profile, so this needs no definer rights.
  new.sender_name := (
    select coalesce(nullif(pg_catalog.btrim(pg_catalog.concat_ws(' ', p.first_name, p.last_name)), ''), p.username)
    from public.profiles as p
    where p.id = new.sender_id
  );
  return new;
end;
$$;
comment on function private.prepare_ticket_message() is
  'Trigger: refuses messages on resolved tickets (P0409 ticket_resolved); for API roles the sender is the caller: '
  'user on their own ticket, else admin; records the sender''s name.';
revoke execute on function private.prepare_ticket_message() from public;

create trigger ticket_messages_prepare
  before insert on public.ticket_messages
  for each row execute function private.prepare_ticket_message();

create or replace function private.guard_ticket_message_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.hidden_by := case when new.hidden_at is not null then (select auth.uid()) end;
    new.hidden_at := case when new.hidden_at is not null then coalesce(old.hidden_at, pg_catalog.now()) end;
  end if;
  return new;
end;
$$;
comment on function private.guard_ticket_message_update() is
  'Trigger: hiding a message records now and the hiding agent, whatever was sent; unhiding clears both.';
revoke execute on function private.guard_ticket_message_update() from public;

create trigger ticket_messages_guard_update
  before update on public.ticket_messages
  for each row execute function private.guard_ticket_message_update();

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.support_tickets enable row level security;
alter table public.ticket_messages enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------
-- One policy per command, the owner's and the agents' rules joined with `or`. Messages follow their ticket through
-- `ticket_id in (select ...)` over the caller's own tickets: a hashed subplan run once per query.

create policy "Owners can read their own tickets and admins every ticket"
  on public.support_tickets for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Users can open tickets for themselves"
  on public.support_tickets for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Owners can update their own tickets and admins every ticket"
  on public.support_tickets for update
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Owners can read their tickets' visible messages and admins every message"
  on public.ticket_messages for select
  to authenticated
  using (
    (select private.is_admin())
    or (
      hidden_at is null
      and ticket_id in (select t.id from public.support_tickets as t where t.user_id = (select auth.uid()))
    )
  );

create policy "Owners can write on their own tickets and admins on every ticket, as themselves"
  on public.ticket_messages for insert
  to authenticated
  with check (
    sender_id = (select auth.uid())
    and (
      (select private.is_admin())
      or ticket_id in (select t.id from public.support_tickets as t where t.user_id = (select auth.uid()))
    )
  );

create policy "Admins can hide and unhide messages"
  on public.ticket_messages for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- The conversation ----------------------------------------------------------------------------------------------------

-- Definer: the message's side moves the ticket's status and responses, which the writer may not set themselves.
create or replace function private.record_ticket_description()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.ticket_messages (ticket_id, sender_type, sender_id, message, created_at)
  values (new.id, 'user', new.user_id, new.description, new.created_at);
  return null;
end;
$$;
comment on function private.record_ticket_description() is
  'Trigger: a new ticket''s description becomes its first message (definer: written as the user, not by them).';
revoke execute on function private.record_ticket_description() from public;

create trigger support_tickets_record_description
  after insert on public.support_tickets
  for each row execute function private.record_ticket_description();

create or replace function private.is_ticket_description(p_message public.ticket_messages)
returns boolean
language sql
stable
set search_path = ''
as $$
  select not exists (
    select from public.ticket_messages as m where m.ticket_id = p_message.ticket_id and m.id < p_message.id
  )
$$;
comment on function private.is_ticket_description(public.ticket_messages) is
  'Whether a message is its ticket''s first, the description, which moves nothing and is never announced.';
revoke execute on function private.is_ticket_description(public.ticket_messages) from public;

-- Definer: the writer may not set the ticket's status, activity or responses themselves.
create or replace function private.apply_ticket_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_ticket_description(new) then
    return null;
  end if;
  update public.support_tickets as t
  set last_activity_at = greatest(t.last_activity_at, new.created_at),
      status = case
        when new.sender_type = 'user' and t.status = 'awaiting_response' then 'open'
        when new.sender_type = 'admin' and t.status = 'open' then 'awaiting_response'
        else t.status
      end,
      admin_response = case when new.sender_type = 'admin' then new.message else t.admin_response end,
      ai_response = case when new.sender_type = 'ai' then new.message else t.ai_response end
  where t.id = new.ticket_id;
  return null;
end;
$$;
comment on function private.apply_ticket_message() is
  'Trigger: a message moves its ticket''s activity, its status (agent: open to awaiting_response; user: back to '
  'open) and the agent''s or automatic response.';
revoke execute on function private.apply_ticket_message() from public;

-- Named to run before the Realtime migration's broadcast trigger (same event, so alphabetical order), which announces
-- the ticket as this left it.
create trigger ticket_messages_apply_to_ticket
  after insert on public.ticket_messages
  for each row execute function private.apply_ticket_message();

-- Functions -------------------------------------------------------------------------------------------------------

-- Definer: ai messages are written only here. The api calls it through its privileged connection after matching a
-- new ticket against the help articles; trusted servers holding the service key may too.
create or replace function private.support_post_ai_answer(p_ticket uuid, p_message text)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  message_id bigint;
begin
  if not exists (select from public.support_tickets as t where t.id = p_ticket) then
    raise exception 'not_found' using errcode = 'P0404';
  end if;
  insert into public.ticket_messages (ticket_id, sender_type, sender_id, message)
  values (p_ticket, 'ai', null, p_message)
  returning id into message_id;
  return message_id;
end;
$$;
comment on function private.support_post_ai_answer(uuid, text) is
  'Posts an automatic answer (sender type ai) on a ticket and returns its id; P0404 not_found, P0409 ticket_resolved.';
revoke execute on function private.support_post_ai_answer(uuid, text) from public;
grant execute on function private.support_post_ai_answer(uuid, text) to service_role;
