-- CRM sync items: one per contact of a sync run, with how its sync went.
--
-- A run's items are written when it starts (a bulk run) or with its results (single and inline runs); a bulk run's
-- worker fills each item's outcome once, and an item with an outcome is never handed out again, so a run resumed after
-- a lost lease or a pause does not sync a contact twice. The contact may be deleted meanwhile (its item keeps the
-- address). The sync counters (tiles) and the run's CSV report are read from items. The owner and admins read them;
-- only the queue functions (crm_sync_jobs) write them.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.crm_sync_items (
  id bigint generated always as identity primary key,
  sync_log_id uuid not null references public.crm_sync_logs (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  contact_id bigint references public.saved_contacts (id) on delete set null,
  email text not null constraint crm_sync_items_email_length check (char_length(email) <= 254),
  outcome text constraint crm_sync_items_outcome check (outcome in ('created', 'updated', 'skipped', 'failed')),
  zoho_id text constraint crm_sync_items_zoho_id_length check (char_length(zoho_id) <= 100),
  tagged boolean not null default false,
  message text constraint crm_sync_items_message_length check (char_length(message) <= 2000),
  processed_at timestamptz,
  constraint crm_sync_items_log_contact_key unique (sync_log_id, contact_id),
  constraint crm_sync_items_processed check ((outcome is null) = (processed_at is null))
);

comment on table public.crm_sync_items is
  'A contact of a CRM sync run and its outcome (null: not synced yet); the counters and reports read these.';
comment on column public.crm_sync_items.contact_id is 'The saved contact; null once it was deleted.';
comment on column public.crm_sync_items.email is 'The contact''s address when the run started.';
comment on column public.crm_sync_items.outcome is 'created, updated, skipped or failed; null while the contact waits.';
comment on column public.crm_sync_items.zoho_id is 'The CRM record''s id the contact was created as or matched.';
comment on column public.crm_sync_items.tagged is
  'Whether the CRM record carries the invalid-address tag after the sync.';
comment on column public.crm_sync_items.message is
  'The CRM''s message on a failure, or why nothing was sent on a skip.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- A run's waiting contacts, in order: what a worker's next batch reads.
create index crm_sync_items_pending_idx on public.crm_sync_items (sync_log_id, id) where outcome is null;
-- The counters per user, and the foreign key's lookup.
create index crm_sync_items_user_outcome_idx on public.crm_sync_items (user_id, outcome);
-- A contact's last sync (the candidates list), and the foreign key's lookup on a contact's deletion.
create index crm_sync_items_contact_idx on public.crm_sync_items (contact_id, processed_at desc)
  where contact_id is not null;

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table public.crm_sync_items from anon, authenticated, service_role;
grant select on table public.crm_sync_items to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.crm_sync_items enable row level security;

create policy "Owners and admins can read CRM sync items"
  on public.crm_sync_items for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
