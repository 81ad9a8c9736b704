-- Billing events: every provider notification (a Stripe or PayPal webhook) acted on, by its id, once.
--
-- Providers deliver an event at least once, sometimes twice at the same moment. The api records the event's id in the
-- same transaction as its effects: the first delivery inserts the row and acts; a replay (or the twin delivered
-- meanwhile, which waits on the first's row until it commits) finds it and does nothing. Should the first roll back,
-- its row goes with it and the next delivery acts. No API role reaches the table; the api's own connection calls the
-- function.

-- Table -----------------------------------------------------------------------------------------------------------

create table private.billing_events (
  provider text not null constraint billing_events_provider check (provider in ('stripe', 'paypal')),
  event_id text not null constraint billing_events_event_id_length check (char_length(event_id) between 1 and 255),
  event_type text not null constraint billing_events_event_type_length check (char_length(event_type) between 1 and 255),
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);

comment on table private.billing_events is
  'Provider events (webhooks) already acted on, by id: a replayed or duplicated event does nothing twice.';
comment on column private.billing_events.event_id is 'The provider''s id of the event (Stripe evt_..., PayPal WH-...).';
comment on column private.billing_events.event_type is 'What happened (checkout.session.completed, ...), for reading.';

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table private.billing_events from public, anon, authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table private.billing_events enable row level security;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.record_billing_event(p_provider text, p_event_id text, p_event_type text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  recorded integer;
begin
  perform private.require_valid(p_provider in ('stripe', 'paypal'), 'provider_invalid');
  perform private.require_valid(pg_catalog.char_length(p_event_id) between 1 and 255, 'event_id_invalid');
  perform private.require_valid(pg_catalog.char_length(p_event_type) between 1 and 255, 'event_type_invalid');
  insert into private.billing_events (provider, event_id, event_type)
  values (p_provider, p_event_id, p_event_type)
  on conflict (provider, event_id) do nothing;
  get diagnostics recorded = row_count;
  return recorded = 1;
end;
$$;
comment on function private.record_billing_event(text, text, text) is
  'Records a provider''s event: true the first time, false for a replay (call it in the event''s own transaction).';
revoke execute on function private.record_billing_event(text, text, text) from public;
