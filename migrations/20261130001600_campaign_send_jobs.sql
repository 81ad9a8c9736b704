-- Campaign send jobs: starting a send, and the functions its worker (campaign-worker) works it through.
--
--   start_email_send / start_push_send   admins start a send (audited); a start while one runs answers that one
--   claim_campaign_batch                 a worker leases the next batch (`for update skip locked`); none while
--                                        marketing is switched off, so sends wait for it
--   email_batch_recipients               an email batch's recipients with their tokens
--   push_batch_targets                   a push batch's users: their inbox rows (written and broadcast here) and
--                                        their browsers' subscriptions
--   complete_campaign_batch              the batch's outcome, the send's progress and, with the last batch, the
--                                        campaign's sent_at (and sent_count), in one transaction
--   renew_campaign_lease, release_campaign_batch, campaign_work_waiting, campaign_claimable_in_ms
--                                        as bulk validation's
-- The worker calls them on its privileged connection (service_role's grants). A batch whose third lease is lost or
-- released is given up: its recipients count as failed, so a send always finishes.

-- Starting --------------------------------------------------------------------------------------------------------

-- For the admins' functions and for the schedule (no admin signed in: the audit records no actor).
create or replace function private.begin_campaign_send(p_type text, p_campaign uuid)
returns table (job_id uuid, recipients integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  active boolean;
  sent timestamptz;
  send public.campaign_sends;
begin
  -- The campaign's row first: two starts at once queue here, and the second finds the first's send.
  if p_type = 'email' then
    select c.is_active, c.sent_at into active, sent from public.email_campaigns as c where c.id = p_campaign for update;
  else
    select n.is_active, n.sent_at into active, sent from public.push_notifications as n where n.id = p_campaign for update;
  end if;
  if not found then
    raise exception 'campaign_not_found' using errcode = 'P0404';
  end if;
  select s.* into send from public.campaign_sends as s
  where s.campaign_type = p_type and s.campaign_id = p_campaign and s.status in ('queued', 'running');
  if found then
    return query select send.id, send.total;
    return;
  end if;
  if sent is not null then
    raise exception 'already_sent' using errcode = 'P0409';
  end if;
  if not active then
    raise exception 'campaign_not_active' using errcode = 'P0409';
  end if;

  insert into public.campaign_sends (campaign_type, campaign_id, created_by)
  values (p_type, p_campaign, (select p.id from public.profiles as p where p.id = (select auth.uid())))
  returning * into send;

  if p_type = 'email' then
    insert into public.email_recipients (email_campaign_id, user_id, email, batch_no)
    select p_campaign, a.user_id, a.email, ((pg_catalog.row_number() over (order by a.user_id)) - 1)::integer / 100
    from private.email_audience(p_campaign) as a;
    insert into public.campaign_send_batches (send_id, batch_no, size)
    select send.id, r.batch_no, pg_catalog.count(*)
    from public.email_recipients as r
    where r.email_campaign_id = p_campaign
    group by r.batch_no;
  else
    insert into public.campaign_send_batches (send_id, batch_no, user_ids, size)
    select send.id, t.batch_no, pg_catalog.array_agg(t.user_id order by t.user_id), pg_catalog.count(*)
    from (
      select a.user_id, ((pg_catalog.row_number() over (order by a.user_id)) - 1)::integer / 100 as batch_no
      from private.push_audience(p_campaign) as a
    ) as t
    group by t.batch_no;
  end if;

  update public.campaign_sends as s
  set total = coalesce((select pg_catalog.sum(b.size) from public.campaign_send_batches as b where b.send_id = s.id), 0)
  where s.id = send.id
  returning * into send;
  perform private.write_admin_audit(
    case p_type when 'email' then 'marketing.email_sent' else 'marketing.push_sent' end,
    case p_type when 'email' then 'email_campaigns' else 'push_notifications' end,
    p_campaign::text, null, pg_catalog.jsonb_build_object('jobId', send.id, 'recipients', send.total)
  );
  -- Nobody to send to: the send is done as it starts.
  if send.total = 0 then
    perform private.settle_campaign_send(send.id);
  end if;
  return query select send.id, send.total;
end;
$$;
comment on function private.begin_campaign_send(text, uuid) is
  'Starts a send of an email campaign (p_type ''email'') or a push notification (''push_notification''): snapshots '
  'its audience in batches of 100 and answers the job and its recipients; an unfinished send of it is answered again. '
  'campaign_not_found (P0404), already_sent and campaign_not_active (P0409). No admin check: the callers make it.';
revoke execute on function private.begin_campaign_send(text, uuid) from public;

create or replace function private.start_email_send(p_campaign uuid)
returns table (job_id uuid, recipients integer)
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query select * from private.begin_campaign_send('email', p_campaign);
end;
$$;
comment on function private.start_email_send(uuid) is
  'Admins: sends an email campaign to its audience (audited marketing.email_sent); see begin_campaign_send.';
revoke execute on function private.start_email_send(uuid) from public;
grant execute on function private.start_email_send(uuid) to authenticated;

create or replace function private.start_push_send(p_push uuid)
returns table (job_id uuid, recipients integer)
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query select * from private.begin_campaign_send('push_notification', p_push);
end;
$$;
comment on function private.start_push_send(uuid) is
  'Admins: sends a push notification to its audience (audited marketing.push_sent); see begin_campaign_send.';
revoke execute on function private.start_push_send(uuid) from public;
grant execute on function private.start_push_send(uuid) to authenticated;

-- Finishing -------------------------------------------------------------------------------------------------------

-- Broadcasts the send's progress; once no batch waits, completes it and marks its campaign sent.
create or replace function private.settle_campaign_send(p_send uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  send public.campaign_sends;
begin
  select s.* into strict send from public.campaign_sends as s where s.id = p_send;
  if send.status in ('queued', 'running') and not exists (
    select from public.campaign_send_batches as b where b.send_id = p_send and b.status = 'pending'
  ) then
    update public.campaign_sends as s
    set status = 'completed', completed_at = pg_catalog.now(), started_at = coalesce(s.started_at, pg_catalog.now())
    where s.id = p_send
    returning * into send;
    if send.campaign_type = 'email' then
      update public.email_campaigns as c
      set sent_at = pg_catalog.now(),
        sent_count = (
          select pg_catalog.count(*) from public.email_recipients as r
          where r.email_campaign_id = c.id and r.status = 'sent'
        )
      where c.id = send.campaign_id;
    else
      update public.push_notifications as n set sent_at = pg_catalog.now() where n.id = send.campaign_id;
    end if;
  end if;
  perform realtime.send(private.send_progress_event(send), 'send_progress', 'marketing:sends', true);
end;
$$;
comment on function private.settle_campaign_send(uuid) is
  'After a batch: broadcasts the send''s progress to admins, and when no batch waits completes the send and sets its '
  'campaign''s sent_at (and an email''s sent_count).';
revoke execute on function private.settle_campaign_send(uuid) from public;

-- Marks a batch done: its email recipients sent, or failed when named in p_failed (all of them for null), and moves
-- the send's progress.
create or replace function private.finish_campaign_batch(p_send uuid, p_batch integer, p_failed uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  batch public.campaign_send_batches;
  send public.campaign_sends;
begin
  update public.campaign_send_batches as b
  set status = 'done', done_at = pg_catalog.now(), lease_owner = null, lease_expires_at = null
  where b.send_id = p_send and b.batch_no = p_batch and b.status = 'pending'
  returning * into batch;
  if not found then
    return;
  end if;
  select s.* into strict send from public.campaign_sends as s where s.id = p_send;
  if send.campaign_type = 'email' then
    update public.email_recipients as r
    set status = case when p_failed is null or r.user_id = any (p_failed) then 'failed' else 'sent' end,
      sent_at = case when p_failed is null or r.user_id = any (p_failed) then null else pg_catalog.now() end
    where r.email_campaign_id = send.campaign_id and r.batch_no = p_batch and r.status = 'pending';
  end if;
  update public.campaign_sends as s set processed = s.processed + batch.size where s.id = p_send;
  perform private.settle_campaign_send(p_send);
end;
$$;
comment on function private.finish_campaign_batch(uuid, integer, uuid[]) is
  'Marks a waiting batch done: its email recipients sent, or failed (those in p_failed; every one for null), moves '
  'the send''s processed count and settles the send.';
revoke execute on function private.finish_campaign_batch(uuid, integer, uuid[]) from public;

-- Work ----------------------------------------------------------------------------------------------------------------

create or replace function private.claim_campaign_batch(p_worker uuid, p_lease_seconds integer)
returns table (send_id uuid, batch_no integer, campaign_type text, campaign_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  picked record;
begin
  if p_worker is null or p_lease_seconds is null or p_lease_seconds < 1 then
    raise exception 'A worker and a lease of 1 second or more' using errcode = 'invalid_parameter_value';
  end if;
  if not private.marketing_setting('marketing_enabled') then
    return;
  end if;
  loop
    select b.send_id, b.batch_no, b.lease_owner, b.attempts into picked
    from public.campaign_send_batches as b
    join public.campaign_sends as s on s.id = b.send_id
    where b.status = 'pending' and (b.lease_owner is null or b.lease_expires_at <= pg_catalog.now())
      and s.status in ('queued', 'running')
    order by s.created_at, b.send_id, b.batch_no
    limit 1
    for update of b skip locked;
    if not found then
      return;
    end if;
    exit when picked.lease_owner is null or picked.attempts < 3;
    -- The third lease ran out too: give the batch up rather than retry it forever.
    perform private.finish_campaign_batch(picked.send_id, picked.batch_no, null);
  end loop;

  update public.campaign_sends as s
  set status = 'running', started_at = pg_catalog.now()
  where s.id in (
    select q.id from public.campaign_sends as q
    where q.id = picked.send_id and q.status = 'queued'
    for no key update skip locked
  );

  return query
  update public.campaign_send_batches as b
  set lease_owner = p_worker, lease_expires_at = pg_catalog.now() + pg_catalog.make_interval(secs => p_lease_seconds),
    attempts = b.attempts + 1
  from public.campaign_sends as s
  where b.send_id = picked.send_id and b.batch_no = picked.batch_no and s.id = b.send_id
  returning b.send_id, b.batch_no, s.campaign_type, s.campaign_id;
end;
$$;
comment on function private.claim_campaign_batch(uuid, integer) is
  'Leases the next batch to worker p_worker for p_lease_seconds: its send, number, campaign type and id; no row when '
  'there is no work or marketing is switched off. A batch whose 3rd lease expired is given up (recipients failed).';
revoke execute on function private.claim_campaign_batch(uuid, integer) from public;
grant execute on function private.claim_campaign_batch(uuid, integer) to service_role;

create or replace function private.email_batch_recipients(p_send uuid, p_batch integer)
returns table (user_id uuid, email text, token text)
language sql
stable
security definer
set search_path = ''
as $$
  select r.user_id, r.email, r.token
  from public.campaign_sends as s
  join public.email_recipients as r on r.email_campaign_id = s.campaign_id and r.batch_no = p_batch
  where s.id = p_send and s.campaign_type = 'email'
  order by r.id
$$;
comment on function private.email_batch_recipients(uuid, integer) is
  'An email send''s batch: each recipient''s user, address and tracking token.';
revoke execute on function private.email_batch_recipients(uuid, integer) from public;
grant execute on function private.email_batch_recipients(uuid, integer) to service_role;

create or replace function private.store_email_links(p_campaign uuid, p_links text[])
returns void
language sql
security definer
set search_path = ''
as $$
  update public.email_campaigns as c set links = p_links where c.id = p_campaign
$$;
comment on function private.store_email_links(uuid, text[]) is
  'The worker stores the links of an email''s content as sent, in order: click/{token}/{n} redirects to links[n].';
revoke execute on function private.store_email_links(uuid, text[]) from public;
grant execute on function private.store_email_links(uuid, text[]) to service_role;

create or replace function private.push_batch_targets(p_send uuid, p_batch integer)
returns table (user_id uuid, notification_id uuid, subscriptions jsonb)
language plpgsql
security definer
set search_path = ''
as $$
declare
  push public.push_notifications;
  target public.user_notifications;
begin
  select n.* into push
  from public.campaign_sends as s join public.push_notifications as n on n.id = s.campaign_id
  where s.id = p_send and s.campaign_type = 'push_notification';
  if not found then
    return;
  end if;
  -- A batch claimed again after a lost lease finds its inbox rows written: they are not written or announced twice.
  for target in
    insert into public.user_notifications (user_id, push_notification_id, title, body, url, icon)
    select u.user_id, push.id, push.title, push.message,
      case when push.action_url is not null then '/api/campaign-delivery/click/push_notification/' || push.id end,
      push.icon
    from public.campaign_send_batches as b
    cross join lateral pg_catalog.unnest(b.user_ids) as u (user_id)
    where b.send_id = p_send and b.batch_no = p_batch
      and exists (select from public.profiles as p where p.id = u.user_id)
    on conflict on constraint user_notifications_push_user_key do nothing
    returning *
  loop
    perform realtime.send(private.notification_event(target), 'notification', 'user:' || target.user_id::text, true);
  end loop;

  return query
  select n.user_id, n.id, coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('endpoint', ps.endpoint, 'p256dh', ps.p256dh,
        'auth', ps.auth) order by ps.created_at)
      from public.push_subscriptions as ps where ps.user_id = n.user_id
    ), '[]'::jsonb)
  from public.campaign_send_batches as b
  cross join lateral pg_catalog.unnest(b.user_ids) as u (user_id)
  join public.user_notifications as n on n.push_notification_id = push.id and n.user_id = u.user_id
  where b.send_id = p_send and b.batch_no = p_batch
  order by n.user_id;
end;
$$;
comment on function private.push_batch_targets(uuid, integer) is
  'A push send''s batch: puts the notification in each target''s inbox (once) and broadcasts it on user:<id> '
  '(event ''notification''), then answers each target''s user, inbox row and subscriptions [{endpoint, p256dh, auth}].';
revoke execute on function private.push_batch_targets(uuid, integer) from public;
grant execute on function private.push_batch_targets(uuid, integer) to service_role;

create or replace function private.complete_campaign_batch(p_send uuid, p_batch integer, p_worker uuid, p_results jsonb)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Only the worker holding the lease commits: one whose lease was claimed again by another worker does not.
  perform from public.campaign_send_batches as b
  where b.send_id = p_send and b.batch_no = p_batch and b.status = 'pending' and b.lease_owner = p_worker
  for update;
  if not found then
    return false;
  end if;
  perform private.finish_campaign_batch(p_send, p_batch, coalesce(
    (select pg_catalog.array_agg(f.value::uuid)
     from pg_catalog.jsonb_array_elements_text(coalesce(p_results -> 'failedUserIds', '[]')) as f (value)),
    '{}'
  ));
  return true;
end;
$$;
comment on function private.complete_campaign_batch(uuid, integer, uuid, jsonb) is
  'The worker holding a batch''s lease reports it done; p_results {failedUserIds: [uuid]} names the email recipients '
  'the provider refused (the others are sent). Moves the send''s progress and, with the last batch, sets the '
  'campaign''s sent_at and sent_count. False (nothing written) when the lease was lost.';
revoke execute on function private.complete_campaign_batch(uuid, integer, uuid, jsonb) from public;
grant execute on function private.complete_campaign_batch(uuid, integer, uuid, jsonb) to service_role;

create or replace function private.renew_campaign_lease(p_send uuid, p_batch integer, p_worker uuid, p_seconds integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_seconds is null or p_seconds < 1 then
    raise exception 'A lease lasts 1 second or more' using errcode = 'invalid_parameter_value';
  end if;
  update public.campaign_send_batches as b
  set lease_expires_at = pg_catalog.now() + pg_catalog.make_interval(secs => p_seconds)
  where b.send_id = p_send and b.batch_no = p_batch and b.status = 'pending' and b.lease_owner = p_worker;
  return found;
end;
$$;
comment on function private.renew_campaign_lease(uuid, integer, uuid, integer) is
  'Extends the worker''s lease on a batch to p_seconds from now; false when the lease was lost.';
revoke execute on function private.renew_campaign_lease(uuid, integer, uuid, integer) from public;
grant execute on function private.renew_campaign_lease(uuid, integer, uuid, integer) to service_role;

create or replace function private.release_campaign_batch(p_send uuid, p_batch integer, p_worker uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  attempts integer;
begin
  update public.campaign_send_batches as b
  set lease_owner = null, lease_expires_at = null
  where b.send_id = p_send and b.batch_no = p_batch and b.status = 'pending' and b.lease_owner = p_worker
  returning b.attempts into attempts;
  if attempts >= 3 then
    perform private.finish_campaign_batch(p_send, p_batch, null);
  end if;
end;
$$;
comment on function private.release_campaign_batch(uuid, integer, uuid) is
  'A worker gives its batch back after an error: waiting again, or given up (recipients failed) after its 3rd '
  'attempt. A lost lease changes nothing.';
revoke execute on function private.release_campaign_batch(uuid, integer, uuid) from public;
grant execute on function private.release_campaign_batch(uuid, integer, uuid) to service_role;

create or replace function private.campaign_work_waiting()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.marketing_setting('marketing_enabled') and exists (
    select from public.campaign_send_batches as b
    join public.campaign_sends as s on s.id = b.send_id
    where b.status = 'pending' and (b.lease_owner is null or b.lease_expires_at <= pg_catalog.now())
      and s.status in ('queued', 'running')
  )
$$;
comment on function private.campaign_work_waiting() is
  'Whether claim_campaign_batch would find a batch: one waiting or whose lease expired, with marketing switched on.';
revoke execute on function private.campaign_work_waiting() from public;
grant execute on function private.campaign_work_waiting() to service_role;

create or replace function private.campaign_claimable_in_ms()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select greatest(0, ceil(extract(epoch from earliest.at - pg_catalog.now()) * 1000))::integer
  from (
    select pg_catalog.min(coalesce(b.lease_expires_at, pg_catalog.now())) as at
    from public.campaign_send_batches as b
    join public.campaign_sends as s on s.id = b.send_id
    where b.status = 'pending' and s.status in ('queued', 'running')
  ) as earliest
  where earliest.at is not null and private.marketing_setting('marketing_enabled')
$$;
comment on function private.campaign_claimable_in_ms() is
  'Milliseconds until claim_campaign_batch may find a batch: 0 when one waits or a lease has run out, else until the '
  'earliest lease runs out; null when no batch waits or is leased, or marketing is switched off.';
revoke execute on function private.campaign_claimable_in_ms() from public;
grant execute on function private.campaign_claimable_in_ms() to service_role;
