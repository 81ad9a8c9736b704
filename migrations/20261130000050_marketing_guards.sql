-- The rules every marketing campaign table shares: counters only the system moves, and an audit row for what admins
-- change.
--
-- The campaign tables (marketing_campaigns, banner_ads, popup_campaigns, push_notifications, email_campaigns,
-- affiliate_settings) are edited by admins through the api as themselves, under row level security. Their counters
-- (impressions, clicks, ...), revenue and what a send left behind (sent_at, links) are moved only by the event and
-- send functions, which run as the owner; each table names those system columns as the arguments of its triggers:
--   private.guard_campaign_row()     BEFORE INSERT OR UPDATE: an API role (anon, authenticated: admins too) may not
--                                    set or change a system column (P0409 counter_read_only); nobody changes an
--                                    affiliate setting's crm_type (P0409 crm_type_locked); updated_at moves only
--                                    when an edited column changed, not with every counted event
--   private.audit_campaign_change()  AFTER INSERT, UPDATE OR DELETE: marketing.<table>_<created|updated|deleted> in
--                                    the admin audit log with the edited columns, skipping updates of system columns
--                                    only (events must not flood the log)
-- Refusals carry the reason word as the message and the sentence for people as the detail.

-- Helpers ---------------------------------------------------------------------------------------------------------

-- Visitors' addresses are kept only to their network (/24 for IPv4, /48 for IPv6), never a person's address.
create or replace function private.is_truncated_ip(p_ip inet)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_ip is null or pg_catalog.set_masklen(p_ip, bits) = pg_catalog.network(pg_catalog.set_masklen(p_ip, bits))
    from (select case pg_catalog.family(p_ip) when 4 then 24 else 48 end as bits) as prefix
$$;
comment on function private.is_truncated_ip(inet) is
  'True when an address has no host bits beyond its /24 (IPv4) or /48 (IPv6) network, or is null.';
revoke execute on function private.is_truncated_ip(inet) from public;

-- Protective trigger ----------------------------------------------------------------------------------------------

create or replace function private.guard_campaign_row()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  system_columns constant text[] := tg_argv;
  after_row constant jsonb := pg_catalog.to_jsonb(new);
  before_row jsonb;
  by_api_role constant boolean := current_user in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    -- A new row starts from nothing counted and nothing sent.
    if by_api_role and exists (
      select from pg_catalog.unnest(system_columns) as c(name)
       where after_row -> c.name not in ('0'::jsonb, 'null'::jsonb, '[]'::jsonb)
    ) then
      raise exception 'counter_read_only' using errcode = 'P0409', detail = 'Counters are read only';
    end if;
    return new;
  end if;

  before_row := pg_catalog.to_jsonb(old);
  if tg_table_name = 'affiliate_settings' and after_row -> 'crm_type' is distinct from before_row -> 'crm_type' then
    raise exception 'crm_type_locked' using errcode = 'P0409', detail = 'CRM type cannot be changed';
  end if;
  if by_api_role and exists (
    select from pg_catalog.unnest(system_columns) as c(name)
     where after_row -> c.name is distinct from before_row -> c.name
  ) then
    raise exception 'counter_read_only' using errcode = 'P0409', detail = 'Counters are read only';
  end if;
  -- What an admin edits: the row without the system columns and updated_at.
  if (after_row - system_columns - 'updated_at') is distinct from (before_row - system_columns - 'updated_at') then
    new.updated_at := pg_catalog.now();
  end if;
  return new;
end;
$$;
comment on function private.guard_campaign_row() is
  'Trigger (arguments: the system columns): API roles may not set or change them; crm_type never changes; '
  'updated_at follows edits only.';
revoke execute on function private.guard_campaign_row() from public;

-- Audit trigger ---------------------------------------------------------------------------------------------------

-- Definer: it writes the audit log, which no API role may write.
create or replace function private.audit_campaign_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  system_columns constant text[] := tg_argv;
  before_row jsonb;
  after_row jsonb;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    before_row := pg_catalog.to_jsonb(old) - system_columns - 'updated_at';
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    after_row := pg_catalog.to_jsonb(new) - system_columns - 'updated_at';
  end if;

  if tg_op = 'UPDATE' then
    -- Only the fields the edit changed, as they were and as they are.
    select pg_catalog.jsonb_object_agg(b.key, b.value), pg_catalog.jsonb_object_agg(a.key, a.value)
      into before_row, after_row
      from pg_catalog.jsonb_each(before_row) as b
      join pg_catalog.jsonb_each(after_row) as a on a.key = b.key
     where a.value is distinct from b.value;
    if after_row is null then
      return null;
    end if;
  end if;

  perform private.write_admin_audit(
    pg_catalog.format('marketing.%s_%s', tg_table_name,
      case tg_op when 'INSERT' then 'created' when 'UPDATE' then 'updated' else 'deleted' end),
    tg_table_name,
    case tg_op when 'DELETE' then old.id else new.id end::text,
    before_row,
    after_row
  );
  return null;
end;
$$;
comment on function private.audit_campaign_change() is
  'Trigger (arguments: the system columns): audits a campaign row''s creation, edit or removal, not counter moves.';
revoke execute on function private.audit_campaign_change() from public;
