-- pgTAP helper: who may do what on a table, as one matrix of actor × command per test file.
--
-- Not a test file; test_helpers.sql loads it. A test names the rows it is about (usually the owner's) and states, for
-- each actor, the outcome of select, insert, update and delete:
--
--   select * from tests.assert_access('public.contact_lists', array[
--     --             select     insert     update     delete
--     ['anon',       'denied',  'denied',  'denied',  'denied'],
--     ['stranger',   'none',    'refused', 'none',    'none'],
--     ['site_admin', 'all',     'refused', 'none',    'none']
--   ],
--   rows_where => $$ user_id = tests.get_user_id('owner') $$,
--   insert_sql => $$ insert into public.contact_lists (user_id, name) values (tests.get_user_id('owner'), 'Matrix') $$,
--   update_set => 'name = name');
--
-- Outcomes:
--   denied   the role has no privilege for the command: "permission denied for table ..."
--   refused  row level security refuses the new row: "new row violates row-level security policy ..."
--   none     the command runs and sees, changes or deletes none of the rows
--   all      the command sees, changes or deletes every one of the rows; an insert goes in
--   -        not asserted here (the file tests that cell its own way)
-- Actors: 'anon' (only the anon key), 'service_role', or a test user's name (tests.create_user).
--
-- Each cell is one assertion. It runs in a subtransaction that is always rolled back, so the matrix changes nothing
-- (identity sequences aside). Call it as the superuser (after `reset role`), which counts the rows to expect; "none" and
-- "all" need some.

create or replace function tests.assert_access(
  target regclass,
  matrix text[],
  rows_where text default 'true',
  insert_sql text default null,
  update_set text default null
)
returns setof text
language plpgsql
-- pgTAP's functions find their own helpers through the search path.
set search_path = extensions
as $$
declare
  commands constant text[] := array['select', 'insert', 'update', 'delete'];
  outcomes constant text[] := array['denied', 'refused', 'none', 'all', '-'];
  table_name constant text := (select c.relname from pg_catalog.pg_class as c where c.oid = target);
  expected_rows bigint;
  actor text;
  command text;
  expected text;
  outcome text;
  touched bigint;
  detail text;
begin
  if pg_catalog.current_setting('is_superuser') <> 'on' then
    raise exception 'tests.assert_access counts the rows as the superuser: call it after reset role';
  end if;
  if pg_catalog.array_ndims(matrix) <> 2 or pg_catalog.array_length(matrix, 2) <> 5 then
    raise exception 'tests.assert_access wants rows of [actor, select, insert, update, delete]';
  end if;
  execute pg_catalog.format('select pg_catalog.count(*) from %s where %s', target, rows_where) into expected_rows;

  for i in 1 .. pg_catalog.array_length(matrix, 1) loop
    actor := matrix[i][1];
    for j in 1 .. 4 loop
      command := commands[j];
      expected := matrix[i][j + 1];
      if not expected = any (outcomes) then
        raise exception 'tests.assert_access: unknown outcome % (one of %)', expected, outcomes;
      end if;
      continue when expected = '-';
      -- With no rows to reach, "none" and "all" would be the same answer.
      if expected in ('none', 'all') and command <> 'insert' and expected_rows = 0 then
        raise exception 'tests.assert_access: % has no rows where %; arrange some first', target, rows_where;
      end if;
      if command = 'insert' and insert_sql is null or command = 'update' and update_set is null then
        raise exception 'tests.assert_access: the % cells need %', command,
          case command when 'insert' then 'insert_sql' else 'update_set' end;
      end if;

      -- The statement runs as the actor; raising afterwards rolls back both its effects and the switch of role.
      begin
        perform tests.act_as(actor);
        case command
          when 'select' then
            execute pg_catalog.format('select pg_catalog.count(*) from %s where %s', target, rows_where) into touched;
          when 'insert' then
            execute insert_sql;
            touched := expected_rows;
          when 'update' then
            execute pg_catalog.format(
              'with changed as (update %s set %s where %s returning 1) select pg_catalog.count(*) from changed',
              target, update_set, rows_where) into touched;
          when 'delete' then
            execute pg_catalog.format(
              'with gone as (delete from %s where %s returning 1) select pg_catalog.count(*) from gone',
              target, rows_where) into touched;
        end case;
        raise exception using errcode = 'TSTAM', message = touched::text;
      exception
        when sqlstate 'TSTAM' then
          touched := sqlerrm::bigint;
          outcome := case touched when 0 then 'none' when expected_rows then 'all' else 'some' end;
          detail := pg_catalog.format('%s of %s rows', touched, expected_rows);
        when insufficient_privilege then
          outcome := case sqlerrm
            when pg_catalog.format('new row violates row-level security policy for table "%s"', table_name) then 'refused'
            when pg_catalog.format('permission denied for table %s', table_name) then 'denied'
            else 'error'
          end;
          detail := sqlerrm;
        when others then
          outcome := 'error';
          detail := pg_catalog.format('%s (%s)', sqlerrm, sqlstate);
      end;

      return next extensions.ok(
        outcome = expected,
        pg_catalog.format('%s: %s %s %s', table_name, actor, command, case expected
          when 'denied' then 'is denied (no privilege)'
          when 'refused' then 'is refused by row level security'
          when 'none' then 'reaches none of the rows'
          else case command when 'insert' then 'goes in' else 'reaches every one of the rows' end
        end)
      );
      if outcome <> expected then
        return next extensions.diag(pg_catalog.format('    expected: %s%s    got: %s (%s)', expected, E'\n', outcome, detail));
      end if;
    end loop;
  end loop;
end;
$$;
comment on function tests.assert_access(regclass, text[], text, text, text) is
  'One pgTAP assertion per actor and command: denied, refused, none or all of the given rows; changes nothing.';
