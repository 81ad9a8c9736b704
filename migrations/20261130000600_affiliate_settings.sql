-- Affiliate settings: one CRM partner's affiliate ad per crm_type (zoho first), shown after bulk validations or
-- enough validations.
--
-- Delivery shows an active partner's ad to visitors who just ran a bulk validation (show_after_bulk_validation) or
-- have made show_after_validation_count validations, within its caps; impressions (one per visitor and UTC day),
-- clicks (also logged in affiliate_clicks) and conversions (with revenue) move the counts (campaign_analytics'
-- counter trigger). A row's crm_type never changes (marketing_guards); admins save rows by crm_type through
-- private.save_affiliate_setting (affiliate_functions), or edit them directly; only the system moves the counts
-- and revenue. Visitors never read the table: delivery answers what they see.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.affiliate_settings (
  id uuid primary key default gen_random_uuid(),
  crm_type text not null constraint affiliate_settings_crm_type_format check (crm_type ~ '^[a-z0-9][a-z0-9_-]{0,49}$'),
  affiliate_url text constraint affiliate_settings_affiliate_url_length check (char_length(affiliate_url) <= 500),
  is_active boolean not null default false,
  ad_title text not null constraint affiliate_settings_ad_title_length check (char_length(ad_title) between 1 and 255),
  ad_description text not null
    constraint affiliate_settings_ad_description_length check (char_length(ad_description) between 1 and 1000),
  ad_button_text text not null default 'Sign Up'
    constraint affiliate_settings_ad_button_text_length check (char_length(ad_button_text) between 1 and 100),
  ad_image_url text constraint affiliate_settings_ad_image_url_length check (char_length(ad_image_url) <= 500),
  show_after_bulk_validation boolean not null default true,
  show_after_validation_count integer not null default 10
    constraint affiliate_settings_show_after_validation_count check (show_after_validation_count between 1 and 1000),
  max_shows_per_user integer not null default 3
    constraint affiliate_settings_max_shows_per_user check (max_shows_per_user between 1 and 1000),
  days_between_shows integer not null default 7
    constraint affiliate_settings_days_between_shows check (days_between_shows between 1 and 1000),
  impression_count bigint not null default 0 constraint affiliate_settings_impression_count check (impression_count >= 0),
  click_count bigint not null default 0 constraint affiliate_settings_click_count check (click_count >= 0),
  conversion_count bigint not null default 0 constraint affiliate_settings_conversion_count check (conversion_count >= 0),
  revenue_cents bigint not null default 0 constraint affiliate_settings_revenue_cents check (revenue_cents >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint affiliate_settings_crm_type_key unique (crm_type)
);

comment on table public.affiliate_settings is 'CRM partners'' affiliate ads, one per crm_type, with their counts.';
comment on column public.affiliate_settings.crm_type is 'The partner (zoho, ...); never changes once saved.';
comment on column public.affiliate_settings.affiliate_url is 'The partner''s sign-up link a click leads to.';
comment on column public.affiliate_settings.show_after_bulk_validation is 'Shown right after a bulk validation.';
comment on column public.affiliate_settings.show_after_validation_count is 'Shown to visitors with this many validations.';
comment on column public.affiliate_settings.max_shows_per_user is 'Days with an impression a visitor gets at most.';
comment on column public.affiliate_settings.days_between_shows is 'Days from one day it was shown to the next.';
comment on column public.affiliate_settings.impression_count is 'Counted impressions: one per visitor and UTC day.';
comment on column public.affiliate_settings.click_count is 'Clicks through to the partner.';
comment on column public.affiliate_settings.conversion_count is 'Sign-ups and payments within 7 days of a click on it.';
comment on column public.affiliate_settings.revenue_cents is 'What those conversions paid, in cents.';

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users may attempt every command, which the policies allow to admins only; visitors get nothing.

revoke all on table public.affiliate_settings from anon, authenticated, service_role;
grant select, insert, update, delete on table public.affiliate_settings to authenticated;
grant select, insert, update, delete on table public.affiliate_settings to service_role;

-- Protective trigger ----------------------------------------------------------------------------------------------

create trigger affiliate_settings_guard
  before insert or update on public.affiliate_settings
  for each row execute function private.guard_campaign_row('impression_count', 'click_count', 'conversion_count', 'revenue_cents');

create trigger affiliate_settings_audit
  after insert or update or delete on public.affiliate_settings
  for each row execute function private.audit_campaign_change('impression_count', 'click_count', 'conversion_count', 'revenue_cents');

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.affiliate_settings enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Admins can read affiliate settings"
  on public.affiliate_settings for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can add affiliate settings"
  on public.affiliate_settings for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can change affiliate settings"
  on public.affiliate_settings for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove affiliate settings"
  on public.affiliate_settings for delete
  to authenticated
  using ((select private.is_admin()));
