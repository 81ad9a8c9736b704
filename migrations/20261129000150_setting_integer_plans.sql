-- Reading a whole-number setting, with its plan kept for the session.
--
-- The meter reads its allowances from admin_settings on every unit of work, and the rate limits on every request. As
-- a SQL function with its own search_path, private.setting_integer was planned again on each call (about 70 µs);
-- PL/pgSQL keeps the plan for the session (about 15 µs). Same rule as before: a row holding a whole number, else the
-- caller's default, so a bad edit can never switch a limit off.

create or replace function private.setting_integer(p_key text, p_default integer)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(
    (select s.setting_value::integer from public.admin_settings as s
      where s.setting_key = p_key and s.setting_value ~ '^\s*\d{1,9}\s*$'),
    p_default
  );
end;
$$;
comment on function private.setting_integer(text, integer) is
  'A whole-number setting, else the default. Definer: limits apply to callers who may not read admin_settings.';
revoke execute on function private.setting_integer(text, integer) from public;
