-- Many anonymous sessions from one network: a visitor who keeps clearing local storage to get a new free allowance,
-- or a script. Sessions are created only by the anonymous allowance's definer functions; each new one counts against
-- its network (an IPv4 address, or an IPv6 /64, as the allowance counts) on the one limiter, in a window of an hour
-- from the network's first session. Past anomaly_sessions_per_hour (admin_settings, default 20), every further
-- session is recorded in activity_logs as many_sessions. Nothing is refused: the network's monthly allowance already
-- caps what new sessions can validate; this only makes them visible.

create or replace function private.note_anonymous_session()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  network inet;
begin
  if new.ip_address is null then
    return null;
  end if;
  network := private.anonymous_client_network(new.ip_address);
  if not (private.take_rate_limit(
    'network:' || pg_catalog.host(network), 'anonymous_session',
    private.setting_integer('anomaly_sessions_per_hour', 20), 3600
  )).allowed then
    perform private.record_limiter_refusal(null, network, 'anonymous_session', 'many_sessions');
  end if;
  return null;
end;
$$;
comment on function private.note_anonymous_session() is
  'Trigger: counts a new anonymous session against its network; past the hourly setting, records many_sessions.';
revoke execute on function private.note_anonymous_session() from public;

create trigger anonymous_sessions_note_network
  after insert on public.anonymous_sessions
  for each row execute function private.note_anonymous_session();
