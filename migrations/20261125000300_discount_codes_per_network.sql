-- Anonymous discount codes are limited per client network as well as per session.
--
-- A session gets one code, but a fresh session costs nothing (clear local storage), so codes could be farmed from
-- one address. A network (an IPv4 address, or an IPv6 /64, as the allowance counts it) is issued at most
-- rate_limit_discount_codes_per_network_per_day codes in 24 hours; a session that has its code keeps it.

insert into public.admin_settings (setting_key, setting_value, description) values
  ('rate_limit_discount_codes_per_network_per_day', '1',
   'Discount codes issued to anonymous sessions from one network (IPv4 address or IPv6 /64) in 24 hours.')
on conflict (setting_key) do nothing;

create or replace function private.take_discount_code(p_client_ip inet)
returns private.rate_limit_decision
language sql
security definer
set search_path = ''
as $$
  select private.take_rate_limit(
    'network:' || pg_catalog.host(private.anonymous_client_network(p_client_ip)), 'discount_code',
    private.setting_integer('rate_limit_discount_codes_per_network_per_day', 1), 86400
  )
$$;
comment on function private.take_discount_code(inet) is
  'Counts a discount code issued to the client''s network (IPv4 address or IPv6 /64) if it fits the daily limit.';
revoke execute on function private.take_discount_code(inet) from public;
grant execute on function private.take_discount_code(inet) to service_role;
