-- Exports: the api streams the users CSV and the database document; before it starts, it records the export here, as
-- the signed-in admin, in the same transaction it reads in. A database export reads every table, so each admin may
-- start one a minute (on the one limiter, subject user:<id>, action export_database); the users CSV has no limit.
--
-- Refusals (SQLSTATE and reason):
--   P0422 kind_invalid       not database or users
--   P0429 export_too_soon    a database export within a minute of the last; DETAIL holds the seconds until allowed

create or replace function private.admin_record_export(p_kind text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  decision private.rate_limit_decision;
begin
  perform private.require_admin();
  perform private.require_valid(p_kind in ('database', 'users'), 'kind_invalid');
  if p_kind = 'database' then
    decision := private.take_rate_limit('user:' || (select auth.uid())::text, 'export_database', 1, 60);
    if not decision.allowed then
      raise exception 'export_too_soon' using errcode = 'P0429', detail = decision.reset_seconds::text;
    end if;
  end if;
  perform private.write_admin_audit('export.' || p_kind, null, null, null, null);
end;
$$;
comment on function private.admin_record_export(text) is
  'Admins: records an export (database or users) in the audit log; a database export at most once a minute.';
revoke execute on function private.admin_record_export(text) from public;
grant execute on function private.admin_record_export(text) to authenticated;
