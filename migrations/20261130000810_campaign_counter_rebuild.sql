-- Rebuilding the campaigns' counters from their events: the repair if a counter and its events ever disagree.
--
-- The counting trigger on campaign_analytics keeps each counter equal to its events as they come; this recomputes
-- every counter from the same map of events to counters (private.campaign_counters), so a rebuild on a healthy
-- database changes nothing. An email's sent_count comes from its recipients marked sent, once the email recipients
-- table exists (the campaign sends migrations); until then it stays as the send left it. Only the owner (the api's
-- trusted connection, an operator) runs it.

create or replace function private.rebuild_campaign_counters()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target record;
begin
  for target in select distinct c.table_name, c.counter, c.campaign_types, c.event_type, c.adds_revenue
                  from private.campaign_counters() as c
  loop
    execute pg_catalog.format(
      'update public.%1$I as t set %2$I = counted.value
         from (select campaign.id, coalesce((select %3$s from public.campaign_analytics as a
                                              where a.campaign_type = any ($1) and a.campaign_id = campaign.id
                                                and a.event_type = $2), 0) as value
                 from public.%1$I as campaign) as counted
        where counted.id = t.id and t.%2$I is distinct from counted.value',
      target.table_name, target.counter,
      case when target.adds_revenue then 'pg_catalog.sum(a.revenue_cents)' else 'pg_catalog.count(*)' end)
      using target.campaign_types, target.event_type;
  end loop;

  if pg_catalog.to_regclass('public.email_recipients') is not null then
    execute $sql$
      update public.email_campaigns as e set sent_count = counted.value
        from (select campaign.id, (select pg_catalog.count(*) from public.email_recipients as r
                                    where r.email_campaign_id = campaign.id and r.status = 'sent') as value
                from public.email_campaigns as campaign) as counted
       where counted.id = e.id and e.sent_count is distinct from counted.value
    $sql$;
  end if;
end;
$$;
comment on function private.rebuild_campaign_counters() is
  'Recomputes every campaign counter (and emails'' sent_count) from the events; changes nothing when they agree.';
revoke execute on function private.rebuild_campaign_counters() from public;
