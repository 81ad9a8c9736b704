-- pgTAP helpers: who may receive and send on a private Realtime topic, checked the way the Realtime service checks a
-- join (devstack/src/realtime/authorization.ts): the project's policies on realtime.messages, as the joining user, with
-- realtime.topic() naming the topic.
--
-- Not a test file; test_helpers.sql loads it. Call them as the superuser (after `reset role`); they return there.
-- Actors as in tests.act_as: 'anon', 'service_role' or a test user's name.

-- Receiving: a message on the topic is inserted with full rights, then read back as the actor; a row read means the
-- actor may receive on the topic.
create or replace function tests.receives(actor text, topic text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  message_id uuid;
  received boolean;
begin
  insert into realtime.messages (topic, extension, event, payload, private)
  values (topic, 'broadcast', 'probe', '{}', true)
  returning id into message_id;
  perform pg_catalog.set_config('realtime.topic', topic, true);
  perform tests.act_as(actor);
  received := exists (select from realtime.messages as m where m.id = message_id);
  reset role;
  return received;
end;
$$;
comment on function tests.receives(text, text) is 'Whether the actor may receive on a private Realtime topic.';

-- Sending: a message inserted as the actor, which the insert policies allow or refuse (42501, as Realtime reads it).
create or replace function tests.sends(actor text, topic text, extension text default 'broadcast')
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  sent boolean := true;
begin
  perform pg_catalog.set_config('realtime.topic', topic, true);
  perform tests.act_as(actor);
  begin
    insert into realtime.messages (topic, extension, event, payload, private)
    values (topic, extension, 'probe', '{}', true);
  exception
    when insufficient_privilege then sent := false;
  end;
  reset role;
  return sent;
end;
$$;
comment on function tests.sends(text, text, text) is
  'Whether the actor may send on a private Realtime topic (broadcast, or presence when asked).';
