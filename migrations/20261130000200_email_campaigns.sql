-- Email campaigns: the admin's marketing emails, sent in batches to the confirmed, unsuppressed users of an audience.
--
-- A send (db-delivery's campaign_sends and email_recipients) sets sent_count from the recipients it reached and
-- sent_at when the last batch is done, and snapshots the content's links into `links`, which the click redirect
-- (click/{token}/{n}) follows. Opens, clicks and unsubscribes are events, one per recipient, that move the counts
-- (campaign_analytics' counter trigger). Admins read and edit rows; only the system moves the counts, sent_at and
-- links (marketing_guards). Nobody else reads them.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.email_campaigns (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint email_campaigns_name_length check (char_length(name) between 1 and 255),
  subject text not null constraint email_campaigns_subject_length check (char_length(subject) between 1 and 200),
  content text not null constraint email_campaigns_content_length check (char_length(content) between 1 and 100000),
  template_type text not null default 'custom'
    constraint email_campaigns_template_type check (template_type in ('custom', 'newsletter', 'promotional', 'transactional')),
  target_audience text not null default 'all'
    constraint email_campaigns_target_audience check (target_audience in ('all', 'new', 'returning')),
  is_active boolean not null default false,
  scheduled_for timestamptz,
  sent_at timestamptz,
  sent_count bigint not null default 0 constraint email_campaigns_sent_count check (sent_count >= 0),
  open_count bigint not null default 0 constraint email_campaigns_open_count check (open_count >= 0),
  click_count bigint not null default 0 constraint email_campaigns_click_count check (click_count >= 0),
  unsubscribe_count bigint not null default 0 constraint email_campaigns_unsubscribe_count check (unsubscribe_count >= 0),
  links text[] not null default '{}' constraint email_campaigns_links_count check (cardinality(links) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.email_campaigns is 'Admins'' marketing emails to an audience of users, with their counts.';
comment on column public.email_campaigns.content is 'The HTML body as the admin wrote it (sanitized when sent).';
comment on column public.email_campaigns.target_audience is
  'all (confirmed, unsuppressed), new (accounts under 30 days) or returning (older, active within 30 days).';
comment on column public.email_campaigns.is_active is 'Only an active campaign may be sent (now or when scheduled).';
comment on column public.email_campaigns.scheduled_for is 'When the scheduler sends it, or null to send by hand.';
comment on column public.email_campaigns.sent_at is 'When its send finished; set by the system only.';
comment on column public.email_campaigns.sent_count is 'Recipients the email provider accepted (the rates'' base).';
comment on column public.email_campaigns.open_count is 'Distinct recipients who opened it.';
comment on column public.email_campaigns.click_count is 'Distinct recipients who clicked a link in it.';
comment on column public.email_campaigns.unsubscribe_count is 'Recipients who unsubscribed through it.';
comment on column public.email_campaigns.links is
  'The content''s links as sent, snapshot at send; the click redirect click/{token}/{n} leads to links[n].';

-- The scheduler's scan for due sends.
create index email_campaigns_due_idx on public.email_campaigns (scheduled_for)
  where is_active and sent_at is null and scheduled_for is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may attempt every command, which the policies allow to admins only; visitors get nothing.

revoke all on table public.email_campaigns from anon, authenticated, service_role;
grant select, insert, update, delete on table public.email_campaigns to authenticated;
grant select, insert, update, delete on table public.email_campaigns to service_role;

-- Protective trigger ----------------------------------------------------------------------------------------------

create trigger email_campaigns_guard
  before insert or update on public.email_campaigns
  for each row execute function private.guard_campaign_row('sent_count', 'open_count', 'click_count', 'unsubscribe_count', 'sent_at', 'links');

create trigger email_campaigns_audit
  after insert or update or delete on public.email_campaigns
  for each row execute function private.audit_campaign_change('sent_count', 'open_count', 'click_count', 'unsubscribe_count', 'sent_at', 'links');

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.email_campaigns enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read email campaigns"
  on public.email_campaigns for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can add email campaigns"
  on public.email_campaigns for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change email campaigns"
  on public.email_campaigns for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove email campaigns"
  on public.email_campaigns for delete
  to authenticated
  using ((select private.is_admin()));
