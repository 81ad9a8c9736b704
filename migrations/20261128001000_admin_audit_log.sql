-- The admin audit log: one row for every admin action that changes something, which nobody can change afterwards.
--
-- Admin actions are definer functions (this file and the admin migrations after it) that take the actor from
-- auth.uid(), check private.require_admin() (the admin guard migration) first and write their row through
-- private.write_admin_audit() in the same transaction, so an action and its record commit or roll back together. A
-- row says who (actor_id, and actor_email, which stays when the actor's account is gone), what (action, e.g.
-- credits.granted), on what (target_type, target_id) and the state before and after. Admins read the log; nobody writes it but those functions. Rows are immutable for
-- every role, the service role and the table owner included: triggers refuse update, delete and truncate. The one
-- change let through is the foreign key's own "set null" when an actor's profile is deleted, which clears actor_id and
-- nothing else (actor_email keeps who it was).
--
-- Admin actions refuse with SQLSTATE P0xxx and a reason word as the message, which the api maps to answers:
--   P0403 admins_only       the caller is not an admin (private.require_admin)
--   P0422 <field>_invalid   bad input (private.require_valid), e.g. limit_invalid for a page of other than 1 to 200
--                           rows (private.require_page_limit)

-- Table -----------------------------------------------------------------------------------------------------------

create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid references public.profiles (id) on delete set null,
  actor_email text,
  action text not null constraint admin_audit_log_action_format check (action ~ '^[a-z_]+\.[a-z_]+$'),
  target_type text constraint admin_audit_log_target_type_format check (target_type ~ '^[a-z_]{1,40}$'),
  target_id text constraint admin_audit_log_target_id_length check (char_length(target_id) <= 320),
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);

comment on table public.admin_audit_log is
  'What admins changed, one row per action, written by the admin functions; nobody updates or deletes a row.';
comment on column public.admin_audit_log.actor_id is 'The admin who acted; null for the system (a scheduled job).';
comment on column public.admin_audit_log.actor_email is 'The actor''s email when they acted, kept after their account goes.';
comment on column public.admin_audit_log.action is 'What was done, as <area>.<verb>: user.suspended, credits.granted, ...';
comment on column public.admin_audit_log.target_type is 'What kind of thing it was done to: user, credit_grant, domain, ...';
comment on column public.admin_audit_log.target_id is 'Which one (an id, a provider, a domain).';
comment on column public.admin_audit_log.before is 'The fields the action changed, as they were; null when it created them.';
comment on column public.admin_audit_log.after is 'The same fields as the action left them.';

-- The security tab's pages, newest first.
create index admin_audit_log_created_at_id_idx on public.admin_audit_log (created_at desc, id desc);
create index admin_audit_log_actor_id_idx on public.admin_audit_log (actor_id) where actor_id is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Admins (through the policy) and trusted servers read; no API role writes: rows come from private.write_admin_audit.

revoke all on table public.admin_audit_log from anon, authenticated, service_role;
grant select on table public.admin_audit_log to authenticated;
grant select on table public.admin_audit_log to service_role;

-- Protective triggers ------------------------------------------------------------------------------------------------
-- Grants cannot stop the table owner, so triggers refuse for everyone. A profile's deletion sets actor_id to null
-- through the foreign key, from inside that key's own trigger (so at trigger depth 2); that update alone passes, and
-- only when it changes nothing else.

create or replace function private.refuse_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and pg_catalog.pg_trigger_depth() > 1 and old.actor_id is not null and new.actor_id is null
     and (pg_catalog.to_jsonb(new) - 'actor_id') = (pg_catalog.to_jsonb(old) - 'actor_id') then
    return new;
  end if;
  raise exception 'The admin audit log cannot be changed (%)', pg_catalog.lower(tg_op)
    using errcode = 'insufficient_privilege';
end;
$$;
comment on function private.refuse_audit_change() is
  'Trigger: refuses every update, delete and truncate of the audit log, except the actor key''s own set-null.';
revoke execute on function private.refuse_audit_change() from public;

create trigger admin_audit_log_immutable
  before update or delete on public.admin_audit_log
  for each row execute function private.refuse_audit_change();

create trigger admin_audit_log_no_truncate
  before truncate on public.admin_audit_log
  for each statement execute function private.refuse_audit_change();

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.admin_audit_log enable row level security;

-- Helpers ---------------------------------------------------------------------------------------------------------

-- Input checks raise P0422 with the reason word, which the api answers as a 4xx naming the field.
create or replace function private.require_valid(p_valid boolean, p_reason text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if not coalesce(p_valid, false) then
    raise exception '%', p_reason using errcode = 'P0422';
  end if;
end;
$$;
comment on function private.require_valid(boolean, text) is
  'Raises P0422 with p_reason (e.g. amount_invalid) unless p_valid is true; null counts as invalid.';
revoke execute on function private.require_valid(boolean, text) from public;

create or replace function private.require_page_limit(p_limit integer)
returns void
language sql
immutable
set search_path = ''
as $$
  select private.require_valid(p_limit between 1 and 200, 'limit_invalid')
$$;
comment on function private.require_page_limit(integer) is 'Raises P0422 limit_invalid unless a page holds 1 to 200 rows.';
revoke execute on function private.require_page_limit(integer) from public;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read the audit log"
  on public.admin_audit_log for select
  to authenticated
  using ((select private.is_admin()));

-- Functions -------------------------------------------------------------------------------------------------------

-- Definer: it writes a table no API role may write. The admin functions call it as the owner; the api's trusted
-- connection may too (actor then null unless a user's claims are set).
create or replace function private.write_admin_audit(
  p_action text,
  p_target_type text,
  p_target_id text,
  p_before jsonb,
  p_after jsonb
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor constant uuid := (select auth.uid());
begin
  insert into public.admin_audit_log (actor_id, actor_email, action, target_type, target_id, before, after)
  values (
    (select p.id from public.profiles as p where p.id = actor),
    (select p.email from public.profiles as p where p.id = actor),
    p_action, p_target_type, p_target_id, p_before, p_after
  );
end;
$$;
comment on function private.write_admin_audit(text, text, text, jsonb, jsonb) is
  'Records an admin action by the signed-in user (null actor for the system) with the state before and after.';
revoke execute on function private.write_admin_audit(text, text, text, jsonb, jsonb) from public;
grant execute on function private.write_admin_audit(text, text, text, jsonb, jsonb) to service_role;

-- Keyset pages: p_before_id is the last row of the previous page (null for the first), so a page never repeats or
-- skips rows however many are written meanwhile.
create or replace function private.admin_audit_entries(p_before_id bigint, p_limit integer)
returns table (
  id bigint,
  actor_id uuid,
  actor_email text,
  action text,
  target_type text,
  target_id text,
  before jsonb,
  after jsonb,
  created_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  perform private.require_page_limit(p_limit);
  return query
    select a.id, a.actor_id, a.actor_email, a.action, a.target_type, a.target_id, a.before, a.after, a.created_at
    from public.admin_audit_log as a
    where p_before_id is null
       or (a.created_at, a.id) < (select b.created_at, b.id from public.admin_audit_log as b where b.id = p_before_id)
    order by a.created_at desc, a.id desc
    limit p_limit;
end;
$$;
comment on function private.admin_audit_entries(bigint, integer) is
  'Admins: the audit log newest first, p_limit rows after the row p_before_id (null: from the newest).';
revoke execute on function private.admin_audit_entries(bigint, integer) from public;
grant execute on function private.admin_audit_entries(bigint, integer) to authenticated;
