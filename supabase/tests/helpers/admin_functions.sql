-- pgTAP helper: an admin function's callers, in one line per function.
--
-- Not a test file; test_helpers.sql loads it. Admin functions are granted to authenticated only and refuse non-admins
-- with P0403 admins_only, so for a call
--
--   select * from tests.assert_admin_only($$ select private.admin_user(tests.get_user_id('member')) $$,
--     users => array['member'], admin => 'site_admin');
--
-- it asserts that anon is denied (no usage of the private schema, nor execute), that each of the users is refused with P0403 admins_only,
-- and, when an admin is named, that the admin's call runs. Each call runs in a subtransaction that is always rolled
-- back, so nothing it does stays (identity sequences and audit rows included). Call it as the superuser.

create or replace function tests.assert_admin_only(call text, users text[] default '{}', admin text default null)
returns setof text
language plpgsql
set search_path = extensions
as $$
declare
  actor text;
  state text;
  message text;
  passed boolean;
begin
  foreach actor in array array['anon'] || users || array_remove(array[admin], null) loop
    -- The call runs as the actor; raising afterwards rolls back both its effects and the switch of role.
    begin
      perform tests.act_as(actor);
      execute call;
      raise exception using errcode = 'TSTAO', message = 'it ran';
    exception
      when others then
        state := sqlstate;
        message := sqlerrm;
    end;
    passed := case
      when actor = 'anon' then state = '42501' and message like 'permission denied for %'
      when actor = admin then state = 'TSTAO'
      else state = 'P0403' and message = 'admins_only'
    end;
    return next extensions.ok(passed, case
      when actor = 'anon' then pg_catalog.format('anon may not run %s', call)
      when actor = admin then pg_catalog.format('the admin %s runs %s', actor, call)
      else pg_catalog.format('%s is refused %s with P0403 admins_only', actor, call)
    end);
    if not passed then
      return next extensions.diag(pg_catalog.format('    got: %s (%s)', message, state));
    end if;
  end loop;
end;
$$;
comment on function tests.assert_admin_only(text, text[], text) is
  'pgTAP: anon is denied a call, each user refused with P0403 admins_only, and the admin (if named) runs it.';
