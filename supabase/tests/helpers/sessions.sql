-- pgTAP helpers for tests that need other sessions: pgTAP runs in one, so the others are opened with dblink (what
-- they do is committed, and a test removes it again at its end). Whether a session waits is read from the lock
-- manager (pg_blocking_pids), never guessed from time.
--
-- Not a test file; test_helpers.sql loads it. A test creates the dblink extension in its transaction first:
--   create extension if not exists dblink with schema extensions;
--   select tests.open_sessions(array['setup', 'worker_a', 'worker_b']);

-- Opens named connections to this database as devstack's superuser (the test database listens on 127.0.0.1). A
-- statement that waited for a lock forever would fail the test at the timeout, not hang it.
create or replace function tests.open_sessions(names text[], statement_timeout text default '20s')
returns void
language plpgsql
set search_path = extensions
as $$
declare
  conninfo constant text := format('host=127.0.0.1 port=%s dbname=%s user=postgres password=postgres',
    current_setting('port'), current_database());
  name text;
begin
  foreach name in array names loop
    perform dblink_connect(name, conninfo);
    perform dblink_exec(name, format('set statement_timeout = %L', statement_timeout));
  end loop;
end;
$$;
comment on function tests.open_sessions(text[], text) is 'Opens dblink connections by these names to this database.';

create or replace function tests.close_sessions(names text[])
returns void
language plpgsql
set search_path = extensions
as $$
begin
  perform dblink_disconnect(name) from unnest(names) as name;
end;
$$;
comment on function tests.close_sessions(text[]) is 'Closes the dblink connections of these names.';

create or replace function tests.on_session(conn text, statement text)
returns text
language plpgsql
set search_path = extensions
as $$
declare
  value text;
begin
  select t.value into value from dblink(conn, statement) as t (value text) limit 1;
  return value;
end;
$$;
comment on function tests.on_session(text, text) is 'A statement''s first column, as text, run on another session.';

create or replace function tests.session_result(conn text)
returns text
language plpgsql
set search_path = extensions
as $$
declare
  value text;
begin
  select t.value into value from dblink_get_result(conn) as t (value text) limit 1;
  -- The second call frees the connection for the next statement.
  perform from dblink_get_result(conn) as t (value text);
  return value;
end;
$$;
comment on function tests.session_result(text) is
  'The first column of a statement sent with dblink_send_query, once it is done.';

create or replace function tests.waits_for_lock(backend integer)
returns boolean
language plpgsql
as $$
begin
  for attempt in 1 .. 2000 loop
    if cardinality(pg_blocking_pids(backend)) > 0 then
      return true;
    end if;
    perform pg_sleep(0.01);
  end loop;
  return false;
end;
$$;
comment on function tests.waits_for_lock(integer) is 'Whether the backend waits for another''s lock within 20 s.';

create or replace function tests.session_error(conn text)
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
comment on function tests.session_error(text) is
  'The error message of a statement sent with dblink_send_query (null when it succeeded), once it is done.';
