-- Affiliate clicks: one row per click through to a CRM partner, the log behind the partner's click count.
--
-- The click redirect writes the row (with the click event that moves affiliate_settings.click_count) through a
-- definer function, as the owner; the address is kept only to its network (/24 or /48). Admins read the log; nobody
-- else reads it and no API role writes it. A removed partner takes its clicks with it; a deleted user's clicks stay,
-- without the user.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.affiliate_clicks (
  id bigint generated always as identity primary key,
  affiliate_setting_id uuid not null references public.affiliate_settings (id) on delete cascade,
  crm_type text not null constraint affiliate_clicks_crm_type_length check (char_length(crm_type) <= 50),
  user_id uuid references public.profiles (id) on delete set null,
  session_id text constraint affiliate_clicks_session_id_length check (char_length(session_id) <= 200),
  clicked_at timestamptz not null default now(),
  ip_address inet constraint affiliate_clicks_ip_address_truncated check (private.is_truncated_ip(ip_address)),
  user_agent text constraint affiliate_clicks_user_agent_length check (char_length(user_agent) <= 500),
  referrer_page text constraint affiliate_clicks_referrer_page_length check (char_length(referrer_page) <= 500)
);

comment on table public.affiliate_clicks is 'Clicks through to CRM partners; written only by the click redirect.';
comment on column public.affiliate_clicks.crm_type is 'The partner as it was when clicked.';
comment on column public.affiliate_clicks.user_id is 'The signed-in visitor who clicked, or null.';
comment on column public.affiliate_clicks.session_id is 'The anonymous visitor''s session (X-Session-ID), or null.';
comment on column public.affiliate_clicks.ip_address is 'The visitor''s network only: the address with its last IPv4 octet or IPv6 80 bits zeroed.';
comment on column public.affiliate_clicks.referrer_page is 'The page the ad was clicked on.';

-- A partner's clicks, newest first, and the foreign key's lookup.
create index affiliate_clicks_setting_clicked_at_idx on public.affiliate_clicks (affiliate_setting_id, clicked_at desc);
-- The foreign key's lookup when a user goes.
create index affiliate_clicks_user_id_idx on public.affiliate_clicks (user_id) where user_id is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Read only, by admins through the policy and trusted servers; rows come from the click redirect's function.

revoke all on table public.affiliate_clicks from anon, authenticated, service_role;
grant select on table public.affiliate_clicks to authenticated;
grant select on table public.affiliate_clicks to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.affiliate_clicks enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read affiliate clicks"
  on public.affiliate_clicks for select
  to authenticated
  using ((select private.is_admin()));
