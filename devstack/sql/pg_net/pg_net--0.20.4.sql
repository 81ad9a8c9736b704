-- devstack's pg_net 0.20.4: the SQL surface of supabase/pg_net (sql/pg_net.sql and its upgrade scripts up to 0.20.4)
-- without the C background worker. A request is a row of net.http_request_queue; devstack's net worker takes rows
-- from it once their transaction has committed (a rolled-back request never leaves the database), sends them and
-- writes each answer, timeout or failure to net._http_response, as pg_net's worker does.
--
-- The same as pg_net: the schema `net` whatever `with schema` says, unlogged tables, the request functions'
-- signatures, defaults and checks, security invoker, and pg_net's grants to PUBLIC. Left out: pg_net's deprecated
-- collect functions and the C worker's controls (worker_restart, wait_until_running, wake).

\echo Use "CREATE EXTENSION pg_net" to load this file. \quit

create schema net;

create domain net.http_method as text
check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

create unlogged table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);

create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);
create index on net._http_response (created);

-- Where pg_net's functions call the C worker's net.wake(), the queue notifies devstack's net worker: a notification
-- is delivered when the transaction commits and never when it rolls back, which is exactly when pg_net may send.
create function net._wake_net_worker() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('pg_net_wake', '');
  return null;
end
$$;

create trigger wake_net_worker
after insert on net.http_request_queue
for each statement execute function net._wake_net_worker();

-- The worker's connection names itself (application_name) so the database can see whether it is up.
create function net.check_worker_is_up() returns void
language plpgsql
as $$
begin
  if not exists (select from pg_stat_activity where application_name = 'pg_net worker') then
    raise exception using
      message = 'the pg_net background worker is not up',
      detail = 'devstack''s net worker is not connected: requests wait in net.http_request_queue until it is',
      hint = 'start the stack (npm start)';
  end if;
end
$$;
comment on function net.check_worker_is_up() is
  'raises an exception if the pg_net background worker is not up, otherwise it doesn''t return anything';

-- curl_easy_escape's encoding, which pg_net's C function uses: every byte but A-Z a-z 0-9 - . _ ~ as %XX.
create function net._urlencode_string(string varchar) returns text
language sql
immutable
strict
as $$
  select coalesce(string_agg(
    case when ch ~ '^[A-Za-z0-9._~-]$' then ch
    else upper(regexp_replace(encode(convert_to(ch, 'UTF8'), 'hex'), '(..)', '%\1', 'g')) end,
    '' order by position), '')
  from regexp_split_to_table(string, '') with ordinality as characters(ch, position)
$$;

create function net._encode_url_with_params_array(url text, params_array text[]) returns text
language sql
immutable
as $$
  select case
    when cardinality(params_array) = 0 then url
    else url || case when strpos(url, '?') > 0 then '&' else '?' end || array_to_string(params_array, '&')
  end
$$;

-- What http_get, http_post and http_delete share: the query string built from params, then a row in the queue.
create function net._enqueue_request(
  method net.http_method,
  url text,
  params jsonb,
  headers jsonb,
  body bytea,
  timeout_milliseconds int
) returns bigint
language plpgsql
as $$
declare
  request_id bigint;
  params_array text[];
begin
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from jsonb_each_text(params);

  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (method, net._encode_url_with_params_array(url, params_array), headers, body, timeout_milliseconds)
  returning id into request_id;

  return request_id;
end
$$;

create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint
language sql
as $$
  select net._enqueue_request('GET', url, params, headers, null, timeout_milliseconds)
$$;

create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint
language plpgsql
as $$
declare
  content_type text;
begin
  select header_value into content_type
  from jsonb_each_text(coalesce(headers, '{}'::jsonb)) as r(header_name, header_value)
  where lower(header_name) = 'content-type'
  limit 1;

  -- Headers given without a content type get pg_net's JSON one; any other content type is refused, as pg_net does.
  if content_type is null then
    headers := headers || '{"Content-Type": "application/json"}'::jsonb;
  end if;
  if content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;

  return net._enqueue_request('POST', url, params, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds);
end
$$;

create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000,
  body jsonb default null
) returns bigint
language sql
as $$
  select net._enqueue_request('DELETE', url, params, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
$$;

grant usage on schema net to public;
grant all on all sequences in schema net to public;
grant all on all tables in schema net to public;
