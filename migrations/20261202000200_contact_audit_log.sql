-- The contact audit log: what admins did to saved contacts on the duplicates screen (merges, edits, deletes), with
-- enough of the rows to undo a merge.
--
-- Only the duplicate functions (migration duplicate_contact_actions) write it, in the transaction of the change; admins
-- read it; nobody else sees it. The snapshots (the kept record before and after, the removed rows whole) hold people's
-- contact details, so they are kept only as long as a merge can be undone: a daily job blanks them after 30 days and
-- the entry stays as the record of who did what.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.contact_audit_log (
  id bigint generated always as identity primary key,
  action text not null constraint contact_audit_log_action check (action in ('merge', 'edit', 'delete')),
  email_key text not null,
  actor_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  kept_id bigint,
  kept_before jsonb,
  kept_after jsonb,
  removed_rows jsonb constraint contact_audit_log_removed_rows_array check (jsonb_typeof(removed_rows) = 'array'),
  removed_ids bigint[] not null default '{}',
  undone_at timestamptz,
  undone_by uuid references public.profiles (id) on delete set null,
  snapshots_blanked_at timestamptz,
  constraint contact_audit_log_undone_by check (undone_by is null or undone_at is not null)
);

comment on table public.contact_audit_log is
  'Admins'' merges, edits and deletes of saved contacts; written only by the duplicate functions, read by admins.';
comment on column public.contact_audit_log.email_key is 'The duplicate group the action was taken in.';
comment on column public.contact_audit_log.actor_id is 'The admin who acted; null once their profile is gone.';
comment on column public.contact_audit_log.kept_id is
  'The record merged into or edited; null for a delete. Not a foreign key: the entry outlives the contact.';
comment on column public.contact_audit_log.kept_before is
  'The kept or edited record as it was (the saved_contacts row as JSON); what an undo puts back. Blanked at 30 days.';
comment on column public.contact_audit_log.kept_after is
  'The record as the action left it; an undo is refused once the record has changed since. Blanked at 30 days.';
comment on column public.contact_audit_log.removed_rows is
  'The saved_contacts rows the action removed, whole (ids included), as a JSON array. Blanked at 30 days.';
comment on column public.contact_audit_log.removed_ids is 'The ids of the removed rows; kept after the blanking.';
comment on column public.contact_audit_log.undone_at is 'When the merge was undone; null while it stands.';
comment on column public.contact_audit_log.snapshots_blanked_at is
  'When the daily job blanked the three snapshots (30 days on); no undo after that.';

-- Indexes ---------------------------------------------------------------------------------------------------------

-- The daily blanking finds the old entries it has not blanked yet.
create index contact_audit_log_unblanked_idx on public.contact_audit_log (created_at)
  where snapshots_blanked_at is null;
create index contact_audit_log_actor_id_idx on public.contact_audit_log (actor_id);
create index contact_audit_log_undone_by_idx on public.contact_audit_log (undone_by);

-- Grants ----------------------------------------------------------------------------------------------------------
-- Admins read (the policy); no API role writes: the duplicate functions are definers.

revoke all on table public.contact_audit_log from anon, authenticated, service_role;
grant select on table public.contact_audit_log to authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.contact_audit_log enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read the contact audit log"
  on public.contact_audit_log for select
  to authenticated
  using ((select private.is_admin()));

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.blank_contact_audit_snapshots()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  blanked integer;
begin
  update public.contact_audit_log
     set kept_before = null, kept_after = null, removed_rows = null, snapshots_blanked_at = pg_catalog.now()
   where snapshots_blanked_at is null and created_at < pg_catalog.now() - interval '30 days';
  get diagnostics blanked = row_count;
  return blanked;
end;
$$;
comment on function private.blank_contact_audit_snapshots() is
  'Blanks the contact snapshots of audit entries older than 30 days (when undo ends); answers how many.';
revoke execute on function private.blank_contact_audit_snapshots() from public;

-- Schedule ------------------------------------------------------------------------------------------------------------
-- cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.

select cron.schedule('contact-audit-blank', '41 3 * * *', $$select private.blank_contact_audit_snapshots()$$);
