-- Campaign sends: the background job that sends a push notification or an email campaign, in batches under leases.
--
-- Shaped as bulk validation's job: a parent row (campaign_sends, the job an admin's send answers with) and its units
-- of work (campaign_send_batches, 100 recipients each), which workers claim with `for update skip locked` under a
-- short lease they renew. An email batch's recipients are its email_recipients rows (by batch_no); a push batch lists
-- its users itself. At most one send per campaign is unfinished. After each batch the send's progress is broadcast to
-- admins on the private topic marketing:sends (event 'send_progress'). Admins read sends and batches; only the job's
-- functions write them.

-- Tables ----------------------------------------------------------------------------------------------------------

create table public.campaign_sends (
  id uuid primary key default gen_random_uuid(),
  campaign_type text not null constraint campaign_sends_campaign_type check (campaign_type in ('email', 'push_notification')),
  campaign_id uuid not null,
  status text not null default 'queued'
    constraint campaign_sends_status check (status in ('queued', 'running', 'completed', 'failed')),
  total integer not null default 0 constraint campaign_sends_total check (total >= 0),
  processed integer not null default 0 constraint campaign_sends_processed check (processed between 0 and total),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz
);

comment on table public.campaign_sends is
  'A send of a push notification or an email campaign: the job an admin''s send (or the schedule) starts.';
comment on column public.campaign_sends.campaign_id is 'The push_notifications or email_campaigns row, by campaign_type.';
comment on column public.campaign_sends.total is 'Recipients snapshotted when the send started.';
comment on column public.campaign_sends.processed is 'Recipients whose batch is done (sent or failed).';
comment on column public.campaign_sends.created_by is 'The admin who started it; null for the schedule.';

create table public.campaign_send_batches (
  send_id uuid not null references public.campaign_sends (id) on delete cascade,
  batch_no integer not null constraint campaign_send_batches_batch_no check (batch_no >= 0),
  status text not null default 'pending' constraint campaign_send_batches_status check (status in ('pending', 'done')),
  user_ids uuid[],
  size integer not null constraint campaign_send_batches_size check (size between 1 and 100),
  lease_owner uuid,
  lease_expires_at timestamptz,
  attempts integer not null default 0 constraint campaign_send_batches_attempts check (attempts >= 0),
  done_at timestamptz,
  primary key (send_id, batch_no),
  constraint campaign_send_batches_lease check ((lease_owner is null) = (lease_expires_at is null)),
  constraint campaign_send_batches_done check ((status = 'done') = (done_at is not null))
);

comment on table public.campaign_send_batches is
  'A unit of a send: up to 100 recipients, claimed by one worker at a time under a lease.';
comment on column public.campaign_send_batches.user_ids is 'A push batch''s users; null for email (its email_recipients).';
comment on column public.campaign_send_batches.size is 'Recipients in the batch.';
comment on column public.campaign_send_batches.lease_owner is
  'The worker holding the batch until lease_expires_at; its id proves the lease on completion.';
comment on column public.campaign_send_batches.attempts is 'Times the batch was claimed; a 3rd lost lease fails it.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- One unfinished send per campaign: a second start finds it and answers with it.
create unique index campaign_sends_unfinished_key on public.campaign_sends (campaign_type, campaign_id)
  where status in ('queued', 'running');
create index campaign_sends_campaign_created_idx on public.campaign_sends (campaign_type, campaign_id, created_at desc);
create index campaign_sends_created_by_idx on public.campaign_sends (created_by) where created_by is not null;
-- The claim: only batches with work left.
create index campaign_send_batches_claim_idx on public.campaign_send_batches (send_id, batch_no) where status = 'pending';

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table public.campaign_sends from anon, authenticated, service_role;
grant select on table public.campaign_sends to authenticated;
revoke all on table public.campaign_send_batches from anon, authenticated, service_role;
grant select on table public.campaign_send_batches to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.campaign_sends enable row level security;
alter table public.campaign_send_batches enable row level security;

create policy "Admins can read campaign sends"
  on public.campaign_sends for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can read campaign send batches"
  on public.campaign_send_batches for select
  to authenticated
  using ((select private.is_admin()));

-- Progress on Realtime ----------------------------------------------------------------------------------------------

create or replace function private.send_progress_event(p_send public.campaign_sends)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'jobId', p_send.id,
    'status', p_send.status,
    'total', p_send.total,
    'processed', p_send.processed,
    'campaignType', p_send.campaign_type,
    'campaignId', p_send.campaign_id,
    'sentAt', case p_send.campaign_type
      when 'email' then (select c.sent_at from public.email_campaigns as c where c.id = p_send.campaign_id)
      else (select n.sent_at from public.push_notifications as n where n.id = p_send.campaign_id)
    end
  )
$$;
comment on function private.send_progress_event(public.campaign_sends) is
  'A send''s progress as the contract''s sendProgressEventSchema has it (event ''send_progress'' on marketing:sends).';
revoke execute on function private.send_progress_event(public.campaign_sends) from public;

create or replace function private.may_receive_marketing_sends(p_topic text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_topic = 'marketing:sends' and (select private.is_admin())
$$;
comment on function private.may_receive_marketing_sends(text) is
  'Whether the signed-in user may receive on a topic as marketing''s: marketing:sends, admins only.';
revoke execute on function private.may_receive_marketing_sends(text) from public;
grant execute on function private.may_receive_marketing_sends(text) to authenticated;

create policy "Admins can receive campaign send progress"
  on realtime.messages for select
  to authenticated
  using ((select private.may_receive_marketing_sends((select realtime.topic()))));
