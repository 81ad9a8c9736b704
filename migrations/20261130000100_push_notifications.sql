-- Push notifications: the admin's web pushes, sent to the signed-in users of an audience.
--
-- A send (db-delivery's campaign_sends) delivers one to each target's devices and notification inbox; the push
-- service taking a message, or the browser acknowledging it, records a delivered event (one per recipient), and a
-- click on it a click event, which move delivered_count and click_count (campaign_analytics' counter trigger).
-- sent_at is set when the last batch is done. Admins read and edit rows; only the system moves the counters and
-- sent_at (marketing_guards). No visitor or other user reads them: recipients get their copy in their inbox.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.push_notifications (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint push_notifications_title_length check (char_length(title) between 1 and 100),
  message text not null constraint push_notifications_message_length check (char_length(message) between 1 and 500),
  icon text constraint push_notifications_icon_length check (char_length(icon) <= 500),
  action_url text constraint push_notifications_action_url_length check (char_length(action_url) <= 500),
  target_audience text not null default 'all'
    constraint push_notifications_target_audience check (target_audience in ('all', 'free', 'paid', 'new', 'returning', 'admin')),
  is_active boolean not null default false,
  scheduled_for timestamptz,
  sent_at timestamptz,
  delivered_count bigint not null default 0 constraint push_notifications_delivered_count check (delivered_count >= 0),
  click_count bigint not null default 0 constraint push_notifications_click_count check (click_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.push_notifications is 'Admins'' web pushes to an audience of signed-in users, with their counts.';
comment on column public.push_notifications.icon is 'The icon''s URL shown with the notification, or null.';
comment on column public.push_notifications.action_url is 'Where a click on the notification leads, or null.';
comment on column public.push_notifications.target_audience is 'Who gets it: all, free, paid, new, returning or admin users.';
comment on column public.push_notifications.is_active is 'Only an active push may be sent (now or when scheduled).';
comment on column public.push_notifications.scheduled_for is 'When the scheduler sends it, or null to send by hand.';
comment on column public.push_notifications.sent_at is 'When its send finished; set by the system only.';
comment on column public.push_notifications.delivered_count is 'Distinct recipients a message reached (the CTR''s base).';
comment on column public.push_notifications.click_count is 'Distinct recipients who clicked it.';

-- The scheduler's scan for due sends.
create index push_notifications_due_idx on public.push_notifications (scheduled_for)
  where is_active and sent_at is null and scheduled_for is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may attempt every command, which the policies allow to admins only; visitors get nothing.

revoke all on table public.push_notifications from anon, authenticated, service_role;
grant select, insert, update, delete on table public.push_notifications to authenticated;
grant select, insert, update, delete on table public.push_notifications to service_role;

-- Protective trigger ----------------------------------------------------------------------------------------------

create trigger push_notifications_guard
  before insert or update on public.push_notifications
  for each row execute function private.guard_campaign_row('delivered_count', 'click_count', 'sent_at');

create trigger push_notifications_audit
  after insert or update or delete on public.push_notifications
  for each row execute function private.audit_campaign_change('delivered_count', 'click_count', 'sent_at');

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.push_notifications enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read push notifications"
  on public.push_notifications for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can add push notifications"
  on public.push_notifications for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change push notifications"
  on public.push_notifications for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove push notifications"
  on public.push_notifications for delete
  to authenticated
  using ((select private.is_admin()));
