-- Support center: read state, so each side sees how many messages it has not read.
--
-- One row per ticket and participant (its owner, or an agent who opened it): the last message they have seen. Unread
-- are the messages from the other side with a larger id (the api counts them; ticket_messages_ticket_id_id_key serves
-- that count). Each participant reads and writes only their own rows, and only for tickets they may see; a marker
-- names a message of its ticket (foreign key) and only moves forward, so a late request from another tab never marks
-- read messages unread again.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.ticket_reads (
  ticket_id uuid not null references public.support_tickets (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  last_read_message_id bigint not null,
  updated_at timestamptz not null default now(),
  primary key (ticket_id, user_id),
  constraint ticket_reads_message_of_ticket foreign key (ticket_id, last_read_message_id)
    references public.ticket_messages (ticket_id, id) on delete cascade
);

comment on table public.ticket_reads is 'The last message each participant has seen on a ticket: what unread counts start after.';
comment on column public.ticket_reads.last_read_message_id is 'A message of the ticket; only ever moves forward.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- A user's markers (their list's unread counts) and the foreign key.
create index ticket_reads_user_id_idx on public.ticket_reads (user_id);
-- The message foreign key needs no index of its own: a ticket's messages go only with the ticket, whose markers go in
-- the same delete, and the primary key (ticket_id, ...) finds a ticket's few markers for its check. Another index
-- would be rewritten on every marker move.

create trigger ticket_reads_touch_updated_at
  before update on public.ticket_reads
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users read and upsert their markers (insert ... on conflict do update); nobody deletes one.

revoke all on table public.ticket_reads from anon, authenticated, service_role;
grant select, insert on table public.ticket_reads to authenticated;
grant update (last_read_message_id) on table public.ticket_reads to authenticated;
grant select on table public.ticket_reads to service_role;

-- Protective trigger ------------------------------------------------------------------------------------------------

create or replace function private.keep_ticket_read_forward()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.last_read_message_id := greatest(old.last_read_message_id, new.last_read_message_id);
  return new;
end;
$$;
comment on function private.keep_ticket_read_forward() is 'Trigger: a read marker never moves back.';
revoke execute on function private.keep_ticket_read_forward() from public;

create trigger ticket_reads_keep_forward
  before update on public.ticket_reads
  for each row execute function private.keep_ticket_read_forward();

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.ticket_reads enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------
-- The tickets' own policy applies inside `exists`: the owner's tickets, or every ticket for an admin.

create policy "Participants can read their own read markers on tickets they may see"
  on public.ticket_reads for select
  to authenticated
  using (user_id = (select auth.uid()) and exists (
    select from public.support_tickets as t where t.id = ticket_id
  ));

create policy "Participants can set their own read marker on a ticket they may see"
  on public.ticket_reads for insert
  to authenticated
  with check (user_id = (select auth.uid()) and exists (
    select from public.support_tickets as t where t.id = ticket_id
  ));

create policy "Participants can move their own read marker on a ticket they may see"
  on public.ticket_reads for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and exists (
    select from public.support_tickets as t where t.id = ticket_id
  ));
