-- What the platform costs a month, as an admin says: the lifetime figures' profit margin needs it and never guesses
-- it. Kept as admin_settings monthly_cost_cents (read by private.monthly_cost_cents, admin lifetime stats migration);
-- null removes it, and the margin is null again. Every change is audited (settings.monthly_cost, with the value
-- before and after), so this file follows the audit log's migration.

create or replace function private.admin_set_monthly_cost(p_cents bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  before constant bigint := private.monthly_cost_cents();
begin
  perform private.require_admin();
  if p_cents < 0 or p_cents > 1000000000000 then
    raise exception 'monthly_cost_invalid' using errcode = 'P0422';
  end if;

  if p_cents is null then
    delete from public.admin_settings where setting_key = 'monthly_cost_cents';
  else
    insert into public.admin_settings (setting_key, setting_value, description)
    values ('monthly_cost_cents', p_cents::text, 'What the platform costs a month, in cents (the profit margin''s cost).')
    on conflict (setting_key) do update set setting_value = excluded.setting_value;
  end if;
  perform private.write_admin_audit(
    'settings.monthly_cost', 'setting', 'monthly_cost_cents',
    pg_catalog.jsonb_build_object('monthlyCostCents', before), pg_catalog.jsonb_build_object('monthlyCostCents', p_cents)
  );
end;
$$;
comment on function private.admin_set_monthly_cost(bigint) is
  'Admins: sets the platform''s monthly cost in cents (null removes it; monthly_cost_invalid P0422 unless 0 to '
  '10,000,000,000 dollars), audited as settings.monthly_cost.';
revoke execute on function private.admin_set_monthly_cost(bigint) from public;
grant execute on function private.admin_set_monthly_cost(bigint) to authenticated;
