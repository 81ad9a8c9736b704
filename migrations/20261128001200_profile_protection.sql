-- Profile protection without an admin exception: every change to an account's privileges is an audited admin action.
--
-- Until now a signed-in admin could change any profile column with a plain UPDATE (through the REST API included), so
-- admin flags, credits, trials, throttles and suspensions could change with no record. Now the API roles may change
-- only a username, names and picture, admin or not (an admin still edits another user's names, as the update policy
-- allows). The admin flag, credits, throttle and suspension change only through the admin functions, which run as
-- the owner and write the audit log; subscription and trial fields, and the counters, only through trusted servers
-- (the service role, the api's own connection) and definer functions.

create or replace function private.protect_profile_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  user_editable constant text[] := array['username', 'first_name', 'last_name', 'profile_image_url', 'updated_at'];
  refused text;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;

  select pg_catalog.string_agg(after.key, ', ' order by after.key)
    into refused
    from pg_catalog.jsonb_each(pg_catalog.to_jsonb(new)) as after
    join pg_catalog.jsonb_each(pg_catalog.to_jsonb(old)) as before on before.key = after.key
   where after.value is distinct from before.value
     and after.key <> all (user_editable);

  if refused is not null then
    raise exception 'Only an admin action can change %', refused
      using errcode = 'insufficient_privilege';
  end if;
  return new;
end;
$$;
comment on function private.protect_profile_columns() is
  'Trigger: API roles (admins too) may change only username, names and picture; the rest changes through the '
  'audited admin functions or trusted servers.';
revoke execute on function private.protect_profile_columns() from public;
