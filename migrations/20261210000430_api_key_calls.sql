-- The per-call log of API key calls, and its fold into api_key_usage and api_keys' usage_count / last_used_at.
--
-- Every public API call appends one row here (private.record_api_key_call, from the api's privileged connection) and
-- writes nothing else: updating the key's row per call would make a busy key's calls queue on that row's lock. Once a
-- minute pg_cron's 'api-key-usage-fold' job sums what is logged into the usage days and the keys' counters and deletes
-- what it summed, in one transaction, so a call is counted exactly once; calls logged while it runs wait for the next
-- fold. No API role reads or writes the log.

-- Table -----------------------------------------------------------------------------------------------------------

create table private.api_key_calls (
  id bigint generated always as identity primary key,
  key_id uuid not null references public.api_keys (id) on delete cascade,
  user_id uuid not null,
  called_at timestamptz not null default now(),
  emails integer not null default 0 constraint api_key_calls_emails check (emails >= 0),
  status smallint not null constraint api_key_calls_status check (status between 100 and 599)
);

comment on table private.api_key_calls is
  'One row per public API call, appended by private.record_api_key_call and folded away once a minute.';
comment on column private.api_key_calls.user_id is 'The key''s owner when the call was made.';
comment on column private.api_key_calls.emails is 'Addresses the call validated.';
comment on column private.api_key_calls.status is 'The HTTP status the call was answered with.';

-- Deleting a key (with its owner) takes its unfolded calls along without a scan.
create index api_key_calls_key_id_idx on private.api_key_calls (key_id);

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table private.api_key_calls from public, anon, authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table private.api_key_calls enable row level security;

-- Functions -------------------------------------------------------------------------------------------------------
-- Definer: they write tables no API role may write.

create or replace function private.record_api_key_call(p_key_id uuid, p_emails integer, p_status integer)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.api_key_calls (key_id, user_id, emails, status)
  select k.id, k.user_id, coalesce(p_emails, 0), p_status
  from public.api_keys as k
  where k.id = p_key_id
$$;
comment on function private.record_api_key_call(uuid, integer, integer) is
  'Logs one public API call made with a key: the addresses it validated and the status answered. Nothing else.';
revoke execute on function private.record_api_key_call(uuid, integer, integer) from public;
grant execute on function private.record_api_key_call(uuid, integer, integer) to service_role;

create or replace function private.fold_api_key_calls()
returns void
language sql
security definer
set search_path = ''
as $$
  with folded as (
    delete from private.api_key_calls returning key_id, user_id, called_at, emails, status
  ),
  days as (
    insert into public.api_key_usage as u (key_id, user_id, day, requests, emails, errors)
    select f.key_id, f.user_id, (f.called_at at time zone 'UTC')::date, pg_catalog.count(*),
           pg_catalog.sum(f.emails), pg_catalog.count(*) filter (where f.status >= 400)
    from folded as f
    group by f.key_id, f.user_id, (f.called_at at time zone 'UTC')::date
    on conflict (key_id, day) do update
      set requests = u.requests + excluded.requests,
          emails = u.emails + excluded.emails,
          errors = u.errors + excluded.errors
  )
  update public.api_keys as k
  set usage_count = k.usage_count + per_key.calls,
      last_used_at = greatest(k.last_used_at, per_key.last_call)
  from (
    select f.key_id, pg_catalog.count(*) as calls, pg_catalog.max(f.called_at) as last_call
    from folded as f
    group by f.key_id
  ) as per_key
  where k.id = per_key.key_id
$$;
comment on function private.fold_api_key_calls() is
  'Sums the logged API key calls into api_key_usage and api_keys.usage_count / last_used_at, deleting what it summed.';
revoke execute on function private.fold_api_key_calls() from public;
grant execute on function private.fold_api_key_calls() to service_role;

-- Schedule ----------------------------------------------------------------------------------------------------------
-- cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.

select cron.schedule('api-key-usage-fold', '* * * * *', $$select private.fold_api_key_calls()$$);
