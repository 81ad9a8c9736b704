-- Probe workers: the long-running processes that ask mail servers about mailboxes over SMTP (port 25 is closed on Edge
-- Functions, so they run on hosts that allow it). Each one beats a heartbeat every few seconds; the api queues a probe
-- only while some worker was seen lately, so with none running a validation answers at once that the mailbox was not
-- checked instead of waiting for a probe nobody would pick up.
--
--   probe_worker_heartbeat   a worker says it is alive (its row is made on its first beat)
--   probe_worker_alive       whether any worker beat within the last 30 seconds
-- (A worker that stops removes its row with remove_probe_worker, beside the mail servers' slots it gives back.)

-- Table -----------------------------------------------------------------------------------------------------------

create table public.probe_workers (
  id uuid primary key,
  name text not null constraint probe_workers_name check (char_length(name) between 1 and 200),
  started_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);

comment on table public.probe_workers is
  'Running probe workers, by the id each chose at start: what they call themselves and when they last beat.';
comment on column public.probe_workers.name is 'What the worker calls itself, for people: its host and process id.';
comment on column public.probe_workers.last_seen_at is 'Its last heartbeat; silent for 30 s, it counts as gone.';

create index probe_workers_last_seen on public.probe_workers (last_seen_at desc);

-- Grants ----------------------------------------------------------------------------------------------------------
-- Admins read it (the policy); only the workers' own functions write it.

revoke all on table public.probe_workers from anon, authenticated, service_role;
grant select on table public.probe_workers to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.probe_workers enable row level security;

create policy "Admins can read probe workers"
  on public.probe_workers for select
  to authenticated
  using ((select private.is_admin()));

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.probe_worker_heartbeat(p_worker uuid, p_name text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_worker is null or p_name is null then
    raise exception 'A worker beats with its id and name' using errcode = 'invalid_parameter_value';
  end if;
  insert into public.probe_workers as w (id, name)
  values (p_worker, pg_catalog.left(p_name, 200))
  on conflict (id) do update set last_seen_at = pg_catalog.now(), name = excluded.name;
end;
$$;
comment on function private.probe_worker_heartbeat(uuid, text) is
  'A probe worker says it is alive: its row is made on the first beat, and each beat moves last_seen_at to now.';
revoke execute on function private.probe_worker_heartbeat(uuid, text) from public, anon, authenticated;
grant execute on function private.probe_worker_heartbeat(uuid, text) to service_role;

create or replace function private.probe_worker_alive()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.probe_workers as w where w.last_seen_at > pg_catalog.now() - interval '30 seconds'
  )
$$;
comment on function private.probe_worker_alive() is
  'Whether any probe worker beat within the last 30 seconds, so a probe queued now would be picked up.';
revoke execute on function private.probe_worker_alive() from public, anon, authenticated;
grant execute on function private.probe_worker_alive() to service_role;
