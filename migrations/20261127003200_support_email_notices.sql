-- Support center: the email throttle. A user is emailed when an agent answers, and agents when a ticket is opened or
-- its user replies, but at most once per ticket and recipient in 15 minutes (the api passes the minutes): a lively
-- conversation sends one email with a link, not one per message.
--
-- private.support_claim_email_notice() both asks and records, in one statement, so two messages arriving together
-- never both send. No API role reaches the table.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.support_email_notices (
  ticket_id uuid not null references public.support_tickets (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  last_sent_at timestamptz not null,
  primary key (ticket_id, recipient_id)
);

comment on table public.support_email_notices is
  'When a ticket''s notification email last went to a recipient. Reached only through '
  'private.support_claim_email_notice().';

-- The foreign key (an account's deletion).
create index support_email_notices_recipient_id_idx on public.support_email_notices (recipient_id);

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table public.support_email_notices from anon, authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.support_email_notices enable row level security;

-- Functions -------------------------------------------------------------------------------------------------------

-- Definer: it writes a table no API role may touch. The api calls it through its privileged connection.
create or replace function private.support_claim_email_notice(p_ticket uuid, p_recipient uuid, p_minutes integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed boolean;
begin
  if p_ticket is null or p_recipient is null or p_minutes is null or p_minutes < 0 then
    raise exception 'An email notice needs a ticket, a recipient and 0 or more minutes'
      using errcode = 'invalid_parameter_value';
  end if;
  -- The conflicting row is locked while it is compared, so of two concurrent claims one waits and then sees the
  -- other's time.
  insert into public.support_email_notices as n (ticket_id, recipient_id, last_sent_at)
  values (p_ticket, p_recipient, pg_catalog.now())
  on conflict (ticket_id, recipient_id) do update
    set last_sent_at = excluded.last_sent_at
    where n.last_sent_at <= excluded.last_sent_at - pg_catalog.make_interval(mins => p_minutes)
  returning true into claimed;
  return coalesce(claimed, false);
end;
$$;
comment on function private.support_claim_email_notice(uuid, uuid, integer) is
  'True, and records now, when no notification email went to the recipient for the ticket in the last p_minutes.';
revoke execute on function private.support_claim_email_notice(uuid, uuid, integer) from public;
grant execute on function private.support_claim_email_notice(uuid, uuid, integer) to service_role;
