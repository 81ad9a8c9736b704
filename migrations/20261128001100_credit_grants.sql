-- Credit grants: validation credits an admin gives a user (a bonus, compensation, a promotion, a longer trial).
--
-- A grant is a row here and an amount on the profile: profiles.admin_granted_credits is the sum of what active grants
-- have left (credits_used is spent by purchases' code, soonest expiry first), and granted_by, granted_at and
-- grant_reason name the latest grant. Only the functions below change either, each in one transaction that locks the
-- profile's row first, so concurrent grants add up exactly and a revoke never races a grant. Spending code must lock
-- in the same order (the profile, then its grants). The owner reads their grants, admins read all; nobody writes rows
-- directly. Every change is audited (credits.granted, credits.revoked, credits.expired by the system).
--
-- Refusals (SQLSTATE and reason):
--   P0404 user_not_found        no profile with that id
--   P0404 grant_not_found       no grant with that id
--   P0409 grant_used            part of the grant was spent; it can no longer be taken back
--   P0409 grant_revoked         the grant is no longer active (revoked, or expired)
--   P0422 amount_invalid        not 1 to 1,000,000, or the user's granted credits would overflow
--   P0422 grant_type_invalid    not bonus, compensation, promotional or trial_extension
--   P0422 reason_invalid        empty or longer than 500 characters
--   P0422 expires_at_invalid    in the past

-- Table -----------------------------------------------------------------------------------------------------------

create table public.credit_grants (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  granted_by uuid references public.profiles (id) on delete set null,
  credit_amount integer not null constraint credit_grants_credit_amount check (credit_amount between 1 and 1000000),
  grant_type text not null
    constraint credit_grants_grant_type check (grant_type in ('bonus', 'compensation', 'promotional', 'trial_extension')),
  reason text not null constraint credit_grants_reason_length check (char_length(reason) between 1 and 500),
  expires_at timestamptz,
  is_active boolean not null default true,
  credits_used integer not null default 0
    constraint credit_grants_credits_used check (credits_used between 0 and credit_amount),
  revoked_at timestamptz,
  revoked_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint credit_grants_revoked_inactive check (revoked_at is null or not is_active)
);

comment on table public.credit_grants is
  'Credits an admin granted a user; their unused part is in profiles.admin_granted_credits while the grant is active.';
comment on column public.credit_grants.granted_by is 'The admin who granted it.';
comment on column public.credit_grants.expires_at is 'Unused credits are taken back after this (daily job); null: never.';
comment on column public.credit_grants.is_active is 'False once revoked or expired: its unused credits are gone.';
comment on column public.credit_grants.credits_used is 'How many of its credits were spent; a grant with any spent stays.';
comment on column public.credit_grants.revoked_at is 'When an admin took it back; null otherwise.';

-- The owner's and the user drawer's lists, newest first; the policies' user_id.
create index credit_grants_user_created_idx on public.credit_grants (user_id, created_at desc, id desc);
-- The daily expiry finds active grants past their time.
create index credit_grants_active_expiry_idx on public.credit_grants (expires_at) where is_active and expires_at is not null;
create index credit_grants_granted_by_idx on public.credit_grants (granted_by) where granted_by is not null;
create index credit_grants_revoked_by_idx on public.credit_grants (revoked_by) where revoked_by is not null;

-- Grants ----------------------------------------------------------------------------------------------------------
-- Read only: the owner and admins through the policy, trusted servers; rows change through the functions below.

revoke all on table public.credit_grants from anon, authenticated, service_role;
grant select on table public.credit_grants to authenticated;
grant select on table public.credit_grants to service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.credit_grants enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------

create policy "Users can read their own credit grants and admins every grant"
  on public.credit_grants for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- Functions -------------------------------------------------------------------------------------------------------
-- Definer: they write tables no API role may write, after checking that the caller is an admin.

create or replace function private.admin_grant_credits(
  p_user_id uuid,
  p_amount integer,
  p_type text,
  p_reason text,
  p_expires_at timestamptz
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor constant uuid := (select auth.uid());
  granted_before integer;
  grant_id bigint;
begin
  perform private.require_admin();
  perform private.require_valid(p_amount between 1 and 1000000, 'amount_invalid');
  perform private.require_valid(p_type in ('bonus', 'compensation', 'promotional', 'trial_extension'), 'grant_type_invalid');
  perform private.require_valid(pg_catalog.char_length(pg_catalog.btrim(p_reason)) between 1 and 500, 'reason_invalid');
  perform private.require_valid(p_expires_at is null or p_expires_at > pg_catalog.now(), 'expires_at_invalid');

  -- The profile's row lock orders concurrent grants to one user: each adds to what the one before left.
  select p.admin_granted_credits into granted_before from public.profiles as p where p.id = p_user_id for update;
  if not found then
    raise exception 'user_not_found' using errcode = 'P0404';
  end if;
  perform private.require_valid(granted_before::bigint + p_amount <= 2147483647, 'amount_invalid');

  insert into public.credit_grants (user_id, granted_by, credit_amount, grant_type, reason, expires_at)
  values (p_user_id, actor, p_amount, p_type, pg_catalog.btrim(p_reason), p_expires_at)
  returning id into grant_id;
  update public.profiles as p
  set admin_granted_credits = granted_before + p_amount,
      granted_by = actor,
      granted_at = pg_catalog.now(),
      grant_reason = pg_catalog.btrim(p_reason)
  where p.id = p_user_id;

  perform private.write_admin_audit(
    'credits.granted', 'user', p_user_id::text,
    pg_catalog.jsonb_build_object('adminGrantedCredits', granted_before),
    pg_catalog.jsonb_build_object(
      'adminGrantedCredits', granted_before + p_amount, 'grantId', grant_id, 'creditAmount', p_amount,
      'grantType', p_type, 'reason', pg_catalog.btrim(p_reason), 'expiresAt', p_expires_at
    )
  );
  return grant_id;
end;
$$;
comment on function private.admin_grant_credits(uuid, integer, text, text, timestamptz) is
  'Admins: grants credits to a user (a credit_grants row, added to the profile''s admin_granted_credits); the grant id.';
revoke execute on function private.admin_grant_credits(uuid, integer, text, text, timestamptz) from public;
grant execute on function private.admin_grant_credits(uuid, integer, text, text, timestamptz) to authenticated;

create or replace function private.admin_revoke_credit_grant(p_grant_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_id uuid;
  granted_before integer;
  revoked public.credit_grants;
begin
  perform private.require_admin();
  select g.user_id into owner_id from public.credit_grants as g where g.id = p_grant_id;
  if not found then
    raise exception 'grant_not_found' using errcode = 'P0404';
  end if;

  -- The profile first, then the grant, as every writer of both does; the grant is read again under its lock.
  select p.admin_granted_credits into granted_before from public.profiles as p where p.id = owner_id for update;
  select * into strict revoked from public.credit_grants as g where g.id = p_grant_id for update;
  if not revoked.is_active then
    raise exception 'grant_revoked' using errcode = 'P0409';
  end if;
  if revoked.credits_used > 0 then
    raise exception 'grant_used' using errcode = 'P0409';
  end if;

  update public.credit_grants as g
  set is_active = false, revoked_at = pg_catalog.now(), revoked_by = (select auth.uid())
  where g.id = p_grant_id;
  update public.profiles as p
  set admin_granted_credits = greatest(granted_before - revoked.credit_amount, 0)
  where p.id = owner_id;

  perform private.write_admin_audit(
    'credits.revoked', 'credit_grant', p_grant_id::text,
    pg_catalog.jsonb_build_object('userId', owner_id, 'isActive', true, 'adminGrantedCredits', granted_before),
    pg_catalog.jsonb_build_object(
      'userId', owner_id, 'isActive', false,
      'adminGrantedCredits', greatest(granted_before - revoked.credit_amount, 0)
    )
  );
end;
$$;
comment on function private.admin_revoke_credit_grant(bigint) is
  'Admins: takes back an active, unspent grant, subtracting it from the profile''s admin_granted_credits.';
revoke execute on function private.admin_revoke_credit_grant(bigint) from public;
grant execute on function private.admin_revoke_credit_grant(bigint) to authenticated;

-- Run daily by pg_cron as the owner (no API role may call it), so the audit rows have the system as actor.
create or replace function private.expire_credit_grants()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  expired record;
  expired_count integer := 0;
begin
  -- Profiles first, in id order, as every writer of grants and profiles locks them.
  perform from public.profiles as p
  where p.id in (
    select g.user_id from public.credit_grants as g where g.is_active and g.expires_at <= pg_catalog.now()
  )
  order by p.id
  for update;

  for expired in
    update public.credit_grants as g
    set is_active = false
    where g.is_active and g.expires_at <= pg_catalog.now()
    returning g.id, g.user_id, g.credit_amount - g.credits_used as unused
  loop
    update public.profiles as p
    set admin_granted_credits = greatest(p.admin_granted_credits - expired.unused, 0)
    where p.id = expired.user_id;
    perform private.write_admin_audit(
      'credits.expired', 'credit_grant', expired.id::text,
      pg_catalog.jsonb_build_object('userId', expired.user_id, 'isActive', true, 'unusedCredits', expired.unused),
      pg_catalog.jsonb_build_object('userId', expired.user_id, 'isActive', false, 'unusedCredits', 0)
    );
    expired_count := expired_count + 1;
  end loop;
  return expired_count;
end;
$$;
comment on function private.expire_credit_grants() is
  'Daily: deactivates grants past expires_at and takes their unused credits off the profile; answers how many.';
revoke execute on function private.expire_credit_grants() from public;

-- Schedule ------------------------------------------------------------------------------------------------------------
-- cron.schedule with a job name replaces a job of that name, so the migration is safe to run again.

select cron.schedule('credit-grants-expiry', '7 0 * * *', $$select private.expire_credit_grants()$$);
