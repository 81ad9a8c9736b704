-- API key expiry notices: an owner is emailed once, API_KEY_EXPIRY_NOTICE_DAYS (7) days or fewer before one of their
-- keys expires, so a script calling the API is not stopped by surprise. Once a day pg_cron kicks the
-- api-key-notices-worker function while such a key waits; the worker claims the keys in batches (each marked told by
-- api_keys.expiry_notice_sent_at in the claim, so two runs never mail one key twice), emails the owners, and gives back
-- a notice whose email could not be sent, for the next day's run. A key replaced by a rotation is not noticed: its
-- expiry is the grace period its owner chose, and its successor is noticed in its turn. Only the worker, through the
-- functions' privileged role, reaches these functions; cron.schedule with a job name replaces a job of that name, so
-- the migration is safe to run again.

-- Indexes ---------------------------------------------------------------------------------------------------------

-- The keys still to notice, soonest expiry first.
create index api_keys_expiry_notice_idx on public.api_keys (expires_at)
  where expiry_notice_sent_at is null and revoked_at is null and replaced_by is null and expires_at is not null;

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.api_key_expiry_notices_due(p_days integer)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.api_keys as k
    where k.expiry_notice_sent_at is null and k.expires_at <= pg_catalog.now() + pg_catalog.make_interval(days => p_days)
      and private.api_key_is_active(k)
  )
$$;
comment on function private.api_key_expiry_notices_due(integer) is
  'Whether an active key expiring within p_days has not had its expiry notice: the schedule kicks the worker then. '
  'Definer: the schedule and the worker read every owner''s keys.';
revoke execute on function private.api_key_expiry_notices_due(integer) from public, anon, authenticated;
grant execute on function private.api_key_expiry_notices_due(integer) to service_role;

create or replace function private.claim_api_key_expiry_notices(p_days integer, p_limit integer)
returns table (key_id uuid, key_name text, key_prefix text, expires_at timestamptz, email text)
language sql
security definer
set search_path = ''
as $$
  with due as (
    select k.id
    from public.api_keys as k
    where k.expiry_notice_sent_at is null and k.expires_at <= pg_catalog.now() + pg_catalog.make_interval(days => p_days)
      and private.api_key_is_active(k)
    order by k.expires_at, k.id
    limit p_limit
    for update of k skip locked
  ),
  claimed as (
    update public.api_keys as k set expiry_notice_sent_at = pg_catalog.now()
    from due
    where k.id = due.id
    returning k.id, k.key_name, k.key_prefix, k.expires_at, k.user_id
  )
  select c.id, c.key_name, c.key_prefix, c.expires_at, p.email
  from claimed as c
  join public.profiles as p on p.id = c.user_id
  where p.email is not null
$$;
comment on function private.claim_api_key_expiry_notices(integer, integer) is
  'Claims up to p_limit active keys expiring within p_days whose owner was not told yet, marking them told '
  '(expiry_notice_sent_at), with the owner''s email. Skip locked: runs at once share the keys, never mail one twice. '
  'Definer: the worker acts for no signed-in user.';
revoke execute on function private.claim_api_key_expiry_notices(integer, integer) from public, anon, authenticated;
grant execute on function private.claim_api_key_expiry_notices(integer, integer) to service_role;

create or replace function private.release_api_key_expiry_notice(p_key_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.api_keys as k set expiry_notice_sent_at = null where k.id = p_key_id
$$;
comment on function private.release_api_key_expiry_notice(uuid) is
  'Gives back a claimed expiry notice whose email could not be sent, so the next run tries again. Definer: as the '
  'claim.';
revoke execute on function private.release_api_key_expiry_notice(uuid) from public, anon, authenticated;
grant execute on function private.release_api_key_expiry_notice(uuid) to service_role;

-- Schedule --------------------------------------------------------------------------------------------------------
-- Once a day, in the morning (UTC) of most of the product's users; 7 is API_KEY_EXPIRY_NOTICE_DAYS of the contract.

select cron.schedule(
  'api-key-expiry-notices',
  '0 8 * * *',
  $$select private.kick_worker('api-key-notices-worker') where private.api_key_expiry_notices_due(7)$$
);
