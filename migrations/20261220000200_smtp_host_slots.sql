-- Politeness towards mail servers, across every probe worker: at most smtp_probe_host_concurrency conversations with
-- one MX host at a time, and at least smtp_probe_host_interval_ms between two connections to it. A worker takes a slot
-- of the host before it connects and gives it back after QUIT; the slot is leased, so a worker that dies frees its
-- slots when their leases run out. Both settings are admin_settings rows, read at each take.
--
--   take_smtp_host_slot      0 when a slot is held now (and the connection time stamped), else milliseconds to wait
--   release_smtp_host_slot   gives one of the worker's slots of the host back
--   remove_probe_worker      a worker stopping removes its heartbeat row and gives all its slots back

-- Settings --------------------------------------------------------------------------------------------------------

insert into public.admin_settings (setting_key, setting_value, description) values
  ('smtp_probe_host_concurrency', '2',
   'Mailbox probes: conversations at once with one mail server (MX host), across all workers.'),
  ('smtp_probe_host_interval_ms', '250',
   'Mailbox probes: milliseconds at least between two connections to one mail server.')
on conflict (setting_key) do nothing;

-- Tables ----------------------------------------------------------------------------------------------------------

create table public.smtp_hosts (
  host text primary key constraint smtp_hosts_host check (char_length(host) between 1 and 253),
  last_connect_at timestamptz
);

comment on table public.smtp_hosts is
  'MX hosts probe workers talk to: when one last connected (the minimum interval is counted from it). Its row is also '
  'what takes of the host''s slots queue on.';

create table public.smtp_host_slots (
  host text not null references public.smtp_hosts (host) on delete cascade,
  slot integer not null constraint smtp_host_slots_slot check (slot >= 1),
  lease_owner uuid not null,
  lease_expires_at timestamptz not null,
  primary key (host, slot)
);

comment on table public.smtp_host_slots is
  'Conversations in progress with an MX host, one row per slot held: by which worker, and until when at most (a '
  'slot whose lease ran out is free again).';
comment on column public.smtp_host_slots.lease_owner is 'The probe worker (public.probe_workers.id) holding the slot.';

create index smtp_host_slots_owner on public.smtp_host_slots (lease_owner);

-- Grants ----------------------------------------------------------------------------------------------------------
-- Admins read them (the policies); only the workers' functions write them.

revoke all on table public.smtp_hosts from anon, authenticated, service_role;
grant select on table public.smtp_hosts to authenticated;
revoke all on table public.smtp_host_slots from anon, authenticated, service_role;
grant select on table public.smtp_host_slots to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.smtp_hosts enable row level security;
alter table public.smtp_host_slots enable row level security;

create policy "Admins can read SMTP hosts"
  on public.smtp_hosts for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can read SMTP host slots"
  on public.smtp_host_slots for select
  to authenticated
  using ((select private.is_admin()));

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.take_smtp_host_slot(p_host text, p_worker uuid, p_lease_seconds integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  concurrency constant integer := greatest(1, private.setting_integer('smtp_probe_host_concurrency', 2));
  interval_ms constant integer := private.setting_integer('smtp_probe_host_interval_ms', 250);
  last_connect timestamptz;
  held integer;
  free_slot integer;
  wait_ms integer;
begin
  if p_host is null or p_worker is null or p_lease_seconds is null or p_lease_seconds < 1 then
    raise exception 'A host, a worker and a lease of 1 second or more' using errcode = 'invalid_parameter_value';
  end if;
  -- The host's row serialises the takes of its slots, so two workers never both see the last slot free.
  insert into public.smtp_hosts (host) values (p_host) on conflict (host) do nothing;
  select h.last_connect_at into last_connect from public.smtp_hosts as h where h.host = p_host for update;

  select pg_catalog.count(*) into held
  from public.smtp_host_slots as s
  where s.host = p_host and s.lease_expires_at > pg_catalog.now();
  if held >= concurrency then
    -- A slot is usually given back when its conversation ends, long before its lease would run out: ask again after
    -- the interval, or when the first lease runs out if that comes sooner.
    select greatest(1, least(greatest(interval_ms, 50),
      ceil(extract(epoch from pg_catalog.min(s.lease_expires_at) - pg_catalog.now()) * 1000)))::integer
    into wait_ms
    from public.smtp_host_slots as s
    where s.host = p_host and s.lease_expires_at > pg_catalog.now();
    return wait_ms;
  end if;

  wait_ms := ceil(extract(epoch from last_connect + pg_catalog.make_interval(secs => interval_ms / 1000.0)
    - pg_catalog.now()) * 1000)::integer;
  if wait_ms > 0 then
    return wait_ms;
  end if;

  select n into free_slot
  from pg_catalog.generate_series(1, held + 1) as n
  where not exists (
    select from public.smtp_host_slots as s
    where s.host = p_host and s.slot = n and s.lease_expires_at > pg_catalog.now()
  )
  order by n
  limit 1;
  insert into public.smtp_host_slots as s (host, slot, lease_owner, lease_expires_at)
  values (p_host, free_slot, p_worker, pg_catalog.now() + pg_catalog.make_interval(secs => p_lease_seconds))
  on conflict (host, slot) do update
  set lease_owner = excluded.lease_owner, lease_expires_at = excluded.lease_expires_at;
  update public.smtp_hosts as h set last_connect_at = pg_catalog.now() where h.host = p_host;
  return 0;
end;
$$;
comment on function private.take_smtp_host_slot(text, uuid, integer) is
  'Worker p_worker asks to connect to MX host p_host: 0 when it now holds one of the host''s slots for p_lease_seconds '
  '(and the connection time is stamped); else how many milliseconds to wait before asking again, because every slot '
  'is held (smtp_probe_host_concurrency) or the last connection was too recent (smtp_probe_host_interval_ms).';
revoke execute on function private.take_smtp_host_slot(text, uuid, integer) from public, anon, authenticated;
grant execute on function private.take_smtp_host_slot(text, uuid, integer) to service_role;

create or replace function private.release_smtp_host_slot(p_host text, p_worker uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.smtp_host_slots as s
  where (s.host, s.slot) in (
    select o.host, o.slot from public.smtp_host_slots as o
    where o.host = p_host and o.lease_owner = p_worker
    order by o.lease_expires_at
    limit 1
  )
$$;
comment on function private.release_smtp_host_slot(text, uuid) is
  'Worker p_worker gives back one of the slots it holds of MX host p_host (its conversation ended); nothing when it '
  'holds none.';
revoke execute on function private.release_smtp_host_slot(text, uuid) from public, anon, authenticated;
grant execute on function private.release_smtp_host_slot(text, uuid) to service_role;

create or replace function private.remove_probe_worker(p_worker uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.smtp_host_slots as s where s.lease_owner = p_worker;
  delete from public.probe_workers as w where w.id = p_worker;
$$;
comment on function private.remove_probe_worker(uuid) is
  'A probe worker stopping: its heartbeat row goes (so the api stops queueing for it once no other worker beats) and '
  'every MX host slot it holds is given back.';
revoke execute on function private.remove_probe_worker(uuid) from public, anon, authenticated;
grant execute on function private.remove_probe_worker(uuid) to service_role;
