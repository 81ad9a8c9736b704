-- Email suppressions: addresses that get no marketing email, and the owner's switch for marketing emails.
--
-- An unsubscribe link, a bounce or a complaint suppresses the address (its email_key: trimmed, lower-cased), and every
-- email send leaves suppressed addresses out. Only the address's owner turns marketing emails back on, through
-- private.set_marketing_emails, which the API calls for the signed-in user. Admins read the list; nobody else sees it,
-- and no API role writes it.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.email_suppressions (
  email_key text primary key
    constraint email_suppressions_email_key check (email_key = pg_catalog.lower(pg_catalog.btrim(email_key))
      and char_length(email_key) between 3 and 320),
  user_id uuid references public.profiles (id) on delete set null,
  reason text not null default 'unsubscribe'
    constraint email_suppressions_reason check (reason in ('unsubscribe', 'bounce', 'complaint')),
  email_campaign_id uuid references public.email_campaigns (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.email_suppressions is
  'Addresses that receive no marketing email: unsubscribed, bounced or complained. Sends leave them out.';
comment on column public.email_suppressions.email_key is 'The address trimmed and lower-cased.';
comment on column public.email_suppressions.user_id is 'The account the address belonged to when suppressed, if any.';
comment on column public.email_suppressions.email_campaign_id is 'The campaign whose email led to it, if any.';

-- Indexes -----------------------------------------------------------------------------------------------------------

create index email_suppressions_user_id_idx on public.email_suppressions (user_id) where user_id is not null;
create index email_suppressions_email_campaign_id_idx
  on public.email_suppressions (email_campaign_id) where email_campaign_id is not null;

-- Grants ----------------------------------------------------------------------------------------------------------

revoke all on table public.email_suppressions from anon, authenticated, service_role;
grant select on table public.email_suppressions to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.email_suppressions enable row level security;

create policy "Admins can read the email suppressions"
  on public.email_suppressions for select
  to authenticated
  using ((select private.is_admin()));

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.email_key(p_email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.lower(pg_catalog.btrim(p_email))
$$;
comment on function private.email_key(text) is 'An address as suppressions key it: trimmed and lower-cased.';
revoke execute on function private.email_key(text) from public;

create or replace function private.marketing_emails_subscribed(p_user uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (
    select from auth.users as u
    join public.email_suppressions as s on s.email_key = private.email_key(u.email)
    where u.id = p_user
  )
$$;
comment on function private.marketing_emails_subscribed(uuid) is
  'Whether the user''s address receives marketing emails (it is not suppressed).';
revoke execute on function private.marketing_emails_subscribed(uuid) from public;
grant execute on function private.marketing_emails_subscribed(uuid) to service_role;

create or replace function private.set_marketing_emails(p_user uuid, p_subscribed boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  address constant text := (select private.email_key(u.email) from auth.users as u where u.id = p_user);
begin
  if address is null then
    raise exception 'user_not_found' using errcode = 'P0404';
  end if;
  if p_subscribed then
    delete from public.email_suppressions as s where s.email_key = address;
  else
    insert into public.email_suppressions (email_key, user_id, reason)
    values (address, p_user, 'unsubscribe')
    on conflict (email_key) do nothing;
  end if;
  return p_subscribed;
end;
$$;
comment on function private.set_marketing_emails(uuid, boolean) is
  'The user turns marketing emails on (removes their address''s suppression, whatever its reason) or off; answers the '
  'new state. user_not_found (P0404) for an unknown user or one without an address.';
revoke execute on function private.set_marketing_emails(uuid, boolean) from public;
grant execute on function private.set_marketing_emails(uuid, boolean) to service_role;
