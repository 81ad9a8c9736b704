-- pgTAP helpers for races: other database sessions (dblink connections the test opens and names), which commit on
-- their own, so a test can hold a lock in one and watch another wait for it.
--
-- Not a test file; test_helpers.sql loads it. Open the connections with dblink_connect(name, conninfo) first; what
-- they commit stays after the test's rollback, so a test deletes it at its end.

-- A statement's first column, as text, run on another session. PL/pgSQL, so dblink (which a test creates) is looked
-- up when it runs.
create or replace function tests.on_session(conn text, statement text)
returns text
language plpgsql
set search_path = extensions
as $$
begin
  return (select t.value from dblink(conn, statement) as t (value text) limit 1);
end;
$$;
comment on function tests.on_session(text, text) is 'Runs a statement on a dblink session; its first column as text.';

-- The result of a statement sent with dblink_send_query; the second call frees the connection for the next.
create or replace function tests.result_of(conn text)
returns text
language plpgsql
set search_path = extensions
as $$
declare
  value text;
begin
  select t.value into value from dblink_get_result(conn) as t (value text) limit 1;
  perform from dblink_get_result(conn) as t (value text);
  return value;
end;
$$;
comment on function tests.result_of(text) is 'The first column of what a query sent with dblink_send_query answered.';

-- The error a statement sent with dblink_send_query raised (its message), or null when it succeeded.
create or replace function tests.error_of(conn text)
returns text
language plpgsql
set search_path = extensions
as $$
declare
  failed boolean;
  message text;
begin
  select count(*) = 0 into failed from dblink_get_result(conn, false) as t (value text);
  message := dblink_error_message(conn);
  perform from dblink_get_result(conn, false) as t (value text);
  -- dblink words it as libpq does ("ERROR:  discount_redeemed", then context lines): the first line's message.
  return case when failed and message <> 'OK' then coalesce(substring(message from '^ERROR:\s+([^\n]*)'), message) end;
end;
$$;
comment on function tests.error_of(text) is
  'The error message of a query sent with dblink_send_query (null if it succeeded); frees the connection.';

-- Whether the backend waits for another's lock within 20 s.
create or replace function tests.waits(backend integer)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  for attempt in 1 .. 2000 loop
    if pg_catalog.cardinality(pg_catalog.pg_blocking_pids(backend)) > 0 then
      return true;
    end if;
    perform pg_catalog.pg_sleep(0.01);
  end loop;
  return false;
end;
$$;
comment on function tests.waits(integer) is 'Whether a backend (pg_backend_pid) is blocked by another''s lock within 20 s.';
