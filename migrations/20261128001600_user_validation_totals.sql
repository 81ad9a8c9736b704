-- profiles.total_validations_ever made true: the addresses a user validated, kept by the database.
--
-- The column existed but nothing wrote it. The admins' user list shows and sorts by each user's validation count, and
-- summing validation_logs per user for a sort over every user is far too slow, so the count is kept on the profile:
-- a statement-level trigger adds each statement's emails_processed per user (one update per user per statement, so a
-- bulk job's rows cost one), and the existing rows are counted once here. It counts what was written; a log row's
-- later change or deletion does not move it (it is a lifetime count).

create or replace function private.count_user_validations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles as p
  set total_validations_ever = p.total_validations_ever + added.emails
  from (
    select l.user_id, pg_catalog.sum(l.emails_processed)::integer as emails
    from new_logs as l
    where l.user_id is not null
    group by l.user_id
  ) as added
  where p.id = added.user_id and added.emails > 0;
  return null;
end;
$$;
comment on function private.count_user_validations() is
  'Trigger: adds new validation_logs rows'' emails_processed to their users'' total_validations_ever. Definer: the '
  'writers of validation_logs may not write profiles.';
revoke execute on function private.count_user_validations() from public;

create trigger validation_logs_count_user_validations
  after insert on public.validation_logs
  referencing new table as new_logs
  for each statement execute function private.count_user_validations();

update public.profiles as p
set total_validations_ever = counted.emails
from (
  select l.user_id, pg_catalog.sum(l.emails_processed)::integer as emails
  from public.validation_logs as l
  where l.user_id is not null
  group by l.user_id
) as counted
where p.id = counted.user_id and p.total_validations_ever <> counted.emails;

comment on column public.profiles.total_validations_ever is
  'Addresses the user validated in all, never reset: the sum of their validation_logs.emails_processed, kept by a '
  'trigger.';
