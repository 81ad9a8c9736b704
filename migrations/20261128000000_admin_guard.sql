-- The admin functions' first line: refuse anyone who is not an admin.
--
-- Every admin action is a security definer function in `private` granted to authenticated, which the api calls as the
-- signed-in admin. Definer rights pass row level security, so the function itself must check who is asking before it
-- reads or changes anything; this helper is that check, with the refusal the api maps to 403.

create or replace function private.require_admin()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'admins_only' using errcode = 'P0403';
  end if;
end;
$$;
comment on function private.require_admin() is
  'Raises admins_only (P0403) unless the signed-in user is an admin; the admin definer functions call it first.';
revoke execute on function private.require_admin() from public;
