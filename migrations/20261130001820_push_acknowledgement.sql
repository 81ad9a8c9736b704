-- Push acknowledgement: a push reached a user, and subscriptions the push service no longer knows.
--
-- A push notification is delivered to a user once the push service took a message for one of their browsers (the
-- worker calls push_delivered) or their browser acknowledged it (acknowledge_notification, through the API for the
-- signed-in user); either records one delivered event per recipient, which delivered_count counts. A subscription the
-- push service answers as gone is dropped. All are called on the API's privileged connection.

create or replace function private.push_delivered(p_push uuid, p_user uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select from public.push_notifications as n where n.id = p_push) then
    perform private.store_campaign_event('push_notification', p_push, 'delivered', p_user, null, '{}');
  end if;
end;
$$;
comment on function private.push_delivered(uuid, uuid) is
  'The push notification reached the user: its delivered event, recorded once per user.';
revoke execute on function private.push_delivered(uuid, uuid) from public;
grant execute on function private.push_delivered(uuid, uuid) to service_role;

create or replace function private.acknowledge_notification(p_user uuid, p_notification uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  push_id uuid;
begin
  update public.user_notifications as n set delivered_at = coalesce(n.delivered_at, pg_catalog.now())
  where n.id = p_notification and n.user_id = p_user
  returning n.push_notification_id into push_id;
  if not found then
    return false;
  end if;
  if push_id is not null then
    perform private.push_delivered(push_id, p_user);
  end if;
  return true;
end;
$$;
comment on function private.acknowledge_notification(uuid, uuid) is
  'The user''s browser showed their notification: marks it delivered and records the push''s delivery once; false '
  'when it is not theirs.';
revoke execute on function private.acknowledge_notification(uuid, uuid) from public;
grant execute on function private.acknowledge_notification(uuid, uuid) to service_role;

create or replace function private.drop_push_subscription(p_endpoint text)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with dropped as (delete from public.push_subscriptions as s where s.endpoint = p_endpoint returning 1)
  select exists (select from dropped)
$$;
comment on function private.drop_push_subscription(text) is
  'The push service answered the endpoint as gone: forgets the subscription; false when there was none.';
revoke execute on function private.drop_push_subscription(text) from public;
grant execute on function private.drop_push_subscription(text) to service_role;
