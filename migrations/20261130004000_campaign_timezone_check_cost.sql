-- Reading pg_timezone_names builds the whole list of zones from the files on disk, about 80 ms a row. The check now
-- runs only when a campaign's zone is new or changed and is not UTC (the default, and a zone every server knows), so
-- saving a campaign or loading many no longer pays for it.

create or replace function private.check_campaign_timezone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.timezone = 'UTC' or (tg_op = 'UPDATE' and new.timezone = old.timezone) then
    return new;
  end if;
  if not exists (select from pg_catalog.pg_timezone_names as z where z.name = new.timezone) then
    raise exception 'invalid_timezone' using errcode = 'P0400', detail = pg_catalog.format('Unknown time zone %s', new.timezone);
  end if;
  return new;
end;
$$;
comment on function private.check_campaign_timezone() is
  'Trigger: refuses a time zone PostgreSQL does not know (P0400); UTC and an unchanged zone need no look-up.';
revoke execute on function private.check_campaign_timezone() from public;
