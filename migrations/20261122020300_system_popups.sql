-- System popups: the texts of the product's own dialogs, edited by admins.
--
-- One row per kind of popup (popup_type), e.g. upgrade_limit, the offer an anonymous visitor sees once the free
-- validations are used up. Anyone may read an active popup, since visitors see them before signing in;
-- admins read every popup and are the only ones who create, edit or delete them. seed.sql adds the default rows.

-- Table -----------------------------------------------------------------------------------------------------------

create table public.system_popups (
  id bigint generated always as identity primary key,
  popup_type text not null constraint system_popups_popup_type_format check (popup_type ~ '^[a-z][a-z0-9_]{0,62}$'),
  title text not null,
  content text not null default '',
  features jsonb not null default '[]'
    constraint system_popups_features_array check (jsonb_typeof(features) = 'array'),
  button_text text not null default 'Upgrade Now',
  button_url text not null default '/auth',
  pricing jsonb not null default '{}'
    constraint system_popups_pricing_object check (jsonb_typeof(pricing) = 'object'),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint system_popups_popup_type_key unique (popup_type)
);

comment on table public.system_popups is 'Texts of the product''s own popups, one row per popup_type; admins edit them.';
comment on column public.system_popups.popup_type is 'Which popup this is, e.g. upgrade_limit.';
comment on column public.system_popups.features is 'Selling points as [{text, highlight}]; highlighted ones are shown bold.';
comment on column public.system_popups.pricing is 'Price lines as {monthly, payPerUse, annual}, each optional text.';
comment on column public.system_popups.is_active is 'Only active popups are shown to visitors.';

-- The visitors' read policy filters on is_active.
create index system_popups_is_active_idx on public.system_popups (is_active);

create trigger system_popups_touch_updated_at
  before update on public.system_popups
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Anyone may read; signed-in users may attempt writes, which the policies allow to admins only.

revoke all on table public.system_popups from anon, authenticated, service_role;
grant select on table public.system_popups to anon;
grant select, insert, update, delete on table public.system_popups to authenticated;
grant select, insert, update, delete on table public.system_popups to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.system_popups enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------
-- Visitors' and signed-in users' reads are separate policies because anon may not execute private.is_admin(); each role
-- still has exactly one select policy.

create policy "Visitors can read active popups"
  on public.system_popups for select
  to anon
  using (is_active);

create policy "Users can read active popups and admins every popup"
  on public.system_popups for select
  to authenticated
  using (is_active or (select private.is_admin()));

create policy "Admins can create popups"
  on public.system_popups for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can update popups"
  on public.system_popups for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can delete popups"
  on public.system_popups for delete
  to authenticated
  using ((select private.is_admin()));
