-- A bulk job completes only when none of its addresses waits for a mailbox probe. bulk_settle_session is as the bulk
-- metering migration left it, with one more condition: once the chunks (and the retry of DNS timeouts) are done, a
-- session whose items still wait stays running; the last probe result applied (bulk_apply_mailbox_result) settles it
-- again, and that settling ends it. Probes have a deadline (expire_mailbox_probes), so a job never waits for ever.

create or replace function private.bulk_settle_session(p_session uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  session public.bulk_validation_sessions;
begin
  perform from public.bulk_validation_sessions as s where s.id = p_session for no key update;
  if exists (
    select from public.bulk_validation_chunks as c
    where c.session_id = p_session and c.state in ('pending', 'leased')
  ) then
    return;
  end if;

  -- DNS timeouts get one more try, together at the end, when the resolvers have had time to recover.
  if exists (select from public.bulk_validation_items as i where i.session_id = p_session and i.deferred)
     and not exists (select from public.bulk_validation_chunks as c where c.session_id = p_session and c.phase = 2) then
    perform private.bulk_make_chunks(p_session, 2);
    return;
  end if;

  -- Addresses still waiting for their mailbox check: the job ends when the last one's result is applied.
  if exists (select from public.bulk_validation_items as i where i.session_id = p_session and i.probe_id is not null)
  then
    return;
  end if;

  update public.bulk_validation_sessions as s
  set status = case when failed.some then 'failed' else 'completed' end,
    error = case when failed.some then pg_catalog.format(
      '%s of %s addresses could not be validated; the others have their verdicts.',
      s.total_emails - s.processed_emails, s.total_emails
    ) end,
    completed_at = pg_catalog.now(),
    expires_at = pg_catalog.now() + interval '30 days'
  from (
    select exists (
      select from public.bulk_validation_chunks as c where c.session_id = p_session and c.state = 'failed'
    ) as some
  ) as failed
  where s.id = p_session and s.status in ('queued', 'running')
  returning s.* into session;
  if found then
    insert into public.validation_logs (
      user_id, validation_type, emails_processed, valid_emails, invalid_emails, warning_emails, session_id
    )
    values (
      session.user_id, 'bulk', session.processed_emails, session.valid_count, session.invalid_count,
      session.warning_count, session.id::text
    );
    -- The addresses that could not be validated were paid for at the upload: their units go back.
    if session.status = 'failed' then
      perform private.release_usage(
        session.user_id, private.bulk_usage_reference(session.id), private.bulk_unvalidated_addresses(session)
      );
    end if;
  end if;
end;
$$;
comment on function private.bulk_settle_session(uuid) is
  'After a chunk is done or failed, or a mailbox probe''s result applied: nothing while chunks remain; then the retry '
  'of deferred items (once); nothing while an item waits for its mailbox probe; then the end: completed (or failed, '
  'saying how many addresses were not validated, whose units are given back), expiry in 30 days, one validation log.';
revoke execute on function private.bulk_settle_session(uuid) from public;
