-- Email recipients: who an email campaign's send went to, one row per recipient, with the token of their links.
--
-- Starting a send snapshots its audience here in batches of 100 (batch_no from 0), each one call to the email
-- provider. The token (32 random bytes, base64url) names the recipient in the open pixel, the click redirects and the
-- unsubscribe link, so those need no sign-in and reveal nothing. Admins read the rows; only the send and tracking
-- functions write them.

create extension if not exists pgcrypto with schema extensions;

-- Table -----------------------------------------------------------------------------------------------------------

create table public.email_recipients (
  id bigint generated always as identity primary key,
  email_campaign_id uuid not null references public.email_campaigns (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  email text not null constraint email_recipients_email_length check (char_length(email) between 3 and 320),
  batch_no integer not null constraint email_recipients_batch_no check (batch_no >= 0),
  status text not null default 'pending' constraint email_recipients_status check (status in ('pending', 'sent', 'failed')),
  token text not null constraint email_recipients_token_key unique
    default pg_catalog.rtrim(pg_catalog.translate(
      pg_catalog.encode(extensions.gen_random_bytes(32), 'base64'), '+/', '-_'), '='),
  sent_at timestamptz,
  opened_at timestamptz,
  clicked_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint email_recipients_campaign_user_key unique (email_campaign_id, user_id)
);

comment on table public.email_recipients is
  'An email campaign''s recipients as its send snapshotted them, each with its batch, outcome and tracking token.';
comment on column public.email_recipients.batch_no is 'The batch (campaign_send_batches) that sends to it, from 0.';
comment on column public.email_recipients.status is 'pending until its batch is done; then sent or failed.';
comment on column public.email_recipients.token is
  'Names the recipient in the open pixel, click and unsubscribe links: 32 random bytes, base64url.';
comment on column public.email_recipients.opened_at is 'First open (the pixel loaded).';
comment on column public.email_recipients.clicked_at is 'First click on one of the email''s links.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- A batch's recipients, and the sent count of a campaign.
create index email_recipients_campaign_batch_idx on public.email_recipients (email_campaign_id, batch_no);
create index email_recipients_user_id_idx on public.email_recipients (user_id);

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table public.email_recipients from anon, authenticated, service_role;
grant select on table public.email_recipients to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.email_recipients enable row level security;

create policy "Admins can read email recipients"
  on public.email_recipients for select
  to authenticated
  using ((select private.is_admin()));
