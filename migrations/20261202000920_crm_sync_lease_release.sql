-- A CRM sync run is worked a batch of 100 contacts per claim. Once a batch is recorded and contacts still wait, the
-- worker hands the run's lease back at once, so the next claim (its own or another worker's) takes the next batch now
-- rather than after the lease runs out. Only the lease holder may, like every other step of the run.

create or replace function private.release_crm_sync_lease(p_run_id uuid, p_lease_owner uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.crm_sync_logs as l
  set lease_expires_at = pg_catalog.now()
  where l.id = p_run_id and l.status = 'running' and l.lease_owner = p_lease_owner;
  return found;
end;
$$;

comment on function private.release_crm_sync_lease(uuid, uuid) is
  'The lease holder makes its running run claimable again now (its batch recorded, contacts still waiting); false '
  'when the lease was lost or the run is no longer running.';

revoke execute on function private.release_crm_sync_lease(uuid, uuid) from public, anon, authenticated;
grant execute on function private.release_crm_sync_lease(uuid, uuid) to service_role;
