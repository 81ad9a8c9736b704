-- Popup campaigns: the admin's popups, shown after a delay, a scroll depth or on exit intent.
--
-- Delivery shows at most one popup per page view, from these and the popup marketing campaigns, to the audience and
-- as often as each says (once per visit, once per day, or always); shows (one per visitor and UTC day), clicks,
-- conversions (with revenue) and dismissals are events that move the counts (campaign_analytics' counter trigger).
-- Admins read and edit rows; only the system moves the counts and revenue (marketing_guards). Visitors never read
-- the table: delivery answers what they see.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.popup_campaigns (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint popup_campaigns_title_length check (char_length(title) between 1 and 255),
  content text not null constraint popup_campaigns_content_length check (char_length(content) between 1 and 2000),
  button_text text not null default 'Learn More'
    constraint popup_campaigns_button_text_length check (char_length(button_text) between 1 and 100),
  button_url text constraint popup_campaigns_button_url_length check (char_length(button_url) <= 500),
  trigger_type text not null default 'time_delay'
    constraint popup_campaigns_trigger_type check (trigger_type in ('time_delay', 'scroll_percentage', 'exit_intent')),
  trigger_value integer not null default 5 constraint popup_campaigns_trigger_value check (
    trigger_value between 0 and 3600 and (trigger_type <> 'scroll_percentage' or trigger_value between 1 and 100)),
  is_active boolean not null default false,
  display_frequency text not null default 'once_per_session' constraint popup_campaigns_display_frequency check (
    display_frequency in ('once_per_session', 'once_per_day', 'always')),
  target_audience text not null default 'all'
    constraint popup_campaigns_target_audience check (target_audience in ('all', 'new_users', 'returning_users')),
  background_color text not null default '#ffffff'
    constraint popup_campaigns_background_color check (background_color ~ '^#[0-9a-fA-F]{6}$'),
  text_color text not null default '#000000'
    constraint popup_campaigns_text_color check (text_color ~ '^#[0-9a-fA-F]{6}$'),
  show_count bigint not null default 0 constraint popup_campaigns_show_count check (show_count >= 0),
  click_count bigint not null default 0 constraint popup_campaigns_click_count check (click_count >= 0),
  conversion_count bigint not null default 0 constraint popup_campaigns_conversion_count check (conversion_count >= 0),
  dismiss_count bigint not null default 0 constraint popup_campaigns_dismiss_count check (dismiss_count >= 0),
  revenue_cents bigint not null default 0 constraint popup_campaigns_revenue_cents check (revenue_cents >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.popup_campaigns is 'Admins'' popups with their trigger, audience and frequency, and their counts.';
comment on column public.popup_campaigns.button_url is 'Where the button leads, or null for a popup without a link.';
comment on column public.popup_campaigns.trigger_value is
  'Seconds for time_delay (0 to 3600), percent for scroll_percentage (1 to 100), unused for exit_intent.';
comment on column public.popup_campaigns.display_frequency is
  'once_per_session (once per visit), once_per_day (UTC) or always (every page view).';
comment on column public.popup_campaigns.target_audience is 'all, new_users (under 30 days) or returning_users.';
comment on column public.popup_campaigns.show_count is 'Counted shows: one per visitor and UTC day.';
comment on column public.popup_campaigns.click_count is 'Clicks on its button.';
comment on column public.popup_campaigns.conversion_count is 'Sign-ups and payments within 7 days of a click on it.';
comment on column public.popup_campaigns.dismiss_count is 'Visitors who closed it.';
comment on column public.popup_campaigns.revenue_cents is 'What those conversions paid, in cents.';

-- Delivery's candidates.
create index popup_campaigns_active_idx on public.popup_campaigns (created_at desc) where is_active;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may attempt every command, which the policies allow to admins only; visitors get nothing.

revoke all on table public.popup_campaigns from anon, authenticated, service_role;
grant select, insert, update, delete on table public.popup_campaigns to authenticated;
grant select, insert, update, delete on table public.popup_campaigns to service_role;

-- Protective trigger ----------------------------------------------------------------------------------------------

create trigger popup_campaigns_guard
  before insert or update on public.popup_campaigns
  for each row execute function private.guard_campaign_row('show_count', 'click_count', 'conversion_count', 'dismiss_count', 'revenue_cents');

create trigger popup_campaigns_audit
  after insert or update or delete on public.popup_campaigns
  for each row execute function private.audit_campaign_change('show_count', 'click_count', 'conversion_count', 'dismiss_count', 'revenue_cents');

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.popup_campaigns enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read popup campaigns"
  on public.popup_campaigns for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can add popup campaigns"
  on public.popup_campaigns for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change popup campaigns"
  on public.popup_campaigns for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove popup campaigns"
  on public.popup_campaigns for delete
  to authenticated
  using ((select private.is_admin()));
