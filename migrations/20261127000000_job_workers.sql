-- Job workers: how the database reaches the worker Edge Functions that drain its job queues.
--
-- Long work is a job whose rows the database holds; workers (edge-functions/<job>-worker/) claim them in chunks. A
-- worker is started by a kick: an HTTP POST to its function with the shared secret in x-worker-secret. The api kicks
-- after a start, a worker kicks its successor, and pg_cron re-kicks orphaned work through private.kick_worker(),
-- which queues the POST with pg_net: it is sent after the calling transaction commits, and never if it rolls back.
--
-- Where the functions live and the secret are rows of private.job_settings, set once per project (README, "Deploy";
-- devstack writes them on every start). Nothing here is reachable by an API role: the settings hold the secret, and
-- kick_worker is for schedules and triggers, which run as the migration role.

-- Extensions, enabled as on Supabase: pg_cron lives in pg_catalog (its objects in schema cron), pg_net makes its own
-- schema net whatever schema the extension is given.
create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

-- Table -----------------------------------------------------------------------------------------------------------

create table private.job_settings (
  name text primary key,
  value text not null
);

comment on table private.job_settings is
  'How the database reaches the worker functions: functions_url (the project''s /functions/v1 URL) and '
  'worker_secret (the functions'' WORKER_SECRET). Set once per project; read by private.kick_worker().';

-- Grants ----------------------------------------------------------------------------------------------------------
-- No API role reads the secret or points the kicks elsewhere.

revoke all on table private.job_settings from public, anon, authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table private.job_settings enable row level security;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.kick_worker(function_name text)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  functions_url text;
  worker_secret text;
begin
  -- A name, never a path: the kick must reach a function of this project and nothing else.
  if function_name is null or function_name !~ '^[A-Za-z0-9_-]+$' then
    raise exception 'A worker is named by its function''s name, not %', coalesce(function_name, 'null')
      using errcode = 'invalid_parameter_value';
  end if;

  select s.value into functions_url from private.job_settings as s where s.name = 'functions_url';
  select s.value into worker_secret from private.job_settings as s where s.name = 'worker_secret';
  -- A project whose settings are not written yet kicks nothing; its schedules still run without error.
  if functions_url is null or worker_secret is null then
    return null;
  end if;

  return net.http_post(
    url => pg_catalog.rtrim(functions_url, '/') || '/' || function_name,
    body => '{}'::jsonb,
    headers => pg_catalog.jsonb_build_object('Content-Type', 'application/json', 'x-worker-secret', worker_secret)
  );
end;
$$;

comment on function private.kick_worker(text) is
  'Queues a POST to the worker function with the shared secret (sent by pg_net once the transaction commits) and '
  'returns its request id, or null when private.job_settings lacks functions_url or worker_secret.';

revoke execute on function private.kick_worker(text) from public, anon, authenticated, service_role;
