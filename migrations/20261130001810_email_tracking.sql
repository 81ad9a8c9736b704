-- Email tracking: opens, link clicks and unsubscribes of a campaign email, named by the recipient's token.
--
-- The API's public routes (the open pixel, click/{token}/{n}, unsubscribe/{token}) call these on its privileged
-- connection; a token is all they need. Each records its event once per recipient (campaign_analytics' distinct
-- recipients), so counters count people, not loads. A click is recorded while click tracking is on, and leads to the
-- link as sent (email_campaigns.links). An unsubscribe suppresses the address for every later send until its owner
-- turns marketing emails back on.

create or replace function private.email_open(p_token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient public.email_recipients;
begin
  update public.email_recipients as r set opened_at = coalesce(r.opened_at, pg_catalog.now())
  where r.token = p_token
  returning * into recipient;
  if not found then
    return false;
  end if;
  perform private.store_campaign_event('email', recipient.email_campaign_id, 'open', recipient.user_id, null, '{}');
  return true;
end;
$$;
comment on function private.email_open(text) is
  'The recipient of the token opened the email: its open recorded once; false for an unknown token.';
revoke execute on function private.email_open(text) from public;
grant execute on function private.email_open(text) to service_role;

create or replace function private.email_click(p_token text, p_link integer)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient public.email_recipients;
  link text;
begin
  select r.* into recipient from public.email_recipients as r where r.token = p_token;
  -- Links are numbered from 0 in the email; the array from 1.
  select c.links[p_link + 1] into link from public.email_campaigns as c where c.id = recipient.email_campaign_id;
  if link is null then
    return null;
  end if;
  if private.marketing_setting('marketing_click_tracking') then
    update public.email_recipients as r set clicked_at = coalesce(r.clicked_at, pg_catalog.now())
    where r.id = recipient.id;
    perform private.store_campaign_event('email', recipient.email_campaign_id, 'click', recipient.user_id, null, '{}');
  end if;
  return link;
end;
$$;
comment on function private.email_click(text, integer) is
  'The recipient of the token clicked link p_link (from 0) of the email: the click recorded once while click tracking '
  'is on; answers the link as sent, or null for an unknown token or link.';
revoke execute on function private.email_click(text, integer) from public;
grant execute on function private.email_click(text, integer) to service_role;

create or replace function private.email_unsubscribe(p_token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient public.email_recipients;
begin
  update public.email_recipients as r set unsubscribed_at = coalesce(r.unsubscribed_at, pg_catalog.now())
  where r.token = p_token
  returning * into recipient;
  if not found then
    return false;
  end if;
  insert into public.email_suppressions (email_key, user_id, reason, email_campaign_id)
  values (private.email_key(recipient.email), recipient.user_id, 'unsubscribe', recipient.email_campaign_id)
  on conflict (email_key) do nothing;
  perform private.store_campaign_event('email', recipient.email_campaign_id, 'unsubscribe', recipient.user_id, null,
    '{}');
  return true;
end;
$$;
comment on function private.email_unsubscribe(text) is
  'The recipient of the token unsubscribes: their address is suppressed and the unsubscribe recorded once; true again '
  'on a repeat, false for an unknown token.';
revoke execute on function private.email_unsubscribe(text) from public;
grant execute on function private.email_unsubscribe(text) to service_role;
