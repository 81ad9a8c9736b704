-- User notifications: a signed-in user's notification inbox, filled by push notification sends.
--
-- Each push send puts one row per target in the target's inbox (whether or not a device of theirs takes the push) and
-- broadcasts it on their private user:<id> topic (event 'notification'). The owner reads their rows and marks them
-- read (read_at is the only column they may change); admins read every row; nobody else sees any. delivered_at is set
-- when the owner's browser acknowledges the push (private.acknowledge_notification).

-- Table -----------------------------------------------------------------------------------------------------------

create table public.user_notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  push_notification_id uuid references public.push_notifications (id) on delete set null,
  title text not null constraint user_notifications_title_length check (char_length(title) between 1 and 100),
  body text not null constraint user_notifications_body_length check (char_length(body) <= 500),
  url text constraint user_notifications_url_length check (char_length(url) <= 600),
  icon text constraint user_notifications_icon_length check (char_length(icon) <= 500),
  created_at timestamptz not null default now(),
  read_at timestamptz,
  delivered_at timestamptz,
  constraint user_notifications_push_user_key unique (push_notification_id, user_id)
);

comment on table public.user_notifications is 'A user''s notification inbox: one row per push notification sent to them.';
comment on column public.user_notifications.url is 'Where it leads: the push''s click redirect path, or null.';
comment on column public.user_notifications.read_at is 'When the owner read it; the only column the owner may change.';
comment on column public.user_notifications.delivered_at is 'When the owner''s browser acknowledged the push.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- The inbox, newest first (and its unread count), the policy and the foreign key.
create index user_notifications_user_created_idx on public.user_notifications (user_id, created_at desc);

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table public.user_notifications from anon, authenticated, service_role;
grant select on table public.user_notifications to authenticated;
grant update (read_at) on table public.user_notifications to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.user_notifications enable row level security;

create policy "Owners can read their own notifications and admins every notification"
  on public.user_notifications for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Owners can mark their own notifications read"
  on public.user_notifications for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Payload -----------------------------------------------------------------------------------------------------------

create or replace function private.notification_event(p_notification public.user_notifications)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', p_notification.id,
    'title', p_notification.title,
    'body', p_notification.body,
    'url', p_notification.url,
    'icon', p_notification.icon,
    'createdAt', p_notification.created_at,
    'readAt', p_notification.read_at
  )
$$;
comment on function private.notification_event(public.user_notifications) is
  'A notification as the contract''s notificationSchema has it (event ''notification'' on user:<id>).';
revoke execute on function private.notification_event(public.user_notifications) from public;
