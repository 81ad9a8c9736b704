-- Bulk validation, metered: committing an upload pays for its distinct addresses (bulk_row units) or is refused with
-- credits_needed and the balance, storing nothing of the part; cancelling a job gives back the units of the addresses
-- without a verdict, and so does a job that fails; a finished job's deletion gives nothing back.
begin;
select plan(25);

-- A call's refusal as sqlstate, message and detail; 'ok' when it runs.
create function pg_temp.refusal(statement text) returns text language plpgsql as $$
declare
  detail text;
begin
  execute statement;
  return 'ok';
exception
  when others then
    get stacked diagnostics detail = pg_exception_detail;
    return format('%s %s %s', sqlstate, sqlerrm, detail);
end;
$$;

-- What a job's reference has consumed, net of what it had back.
create function pg_temp.job_units(session_id uuid) returns bigint language sql as $$
  select coalesce(sum(l.units), 0) from public.usage_ledger as l where l.reference = 'bulk:' || session_id
$$;

select tests.create_user('owner');
select tests.create_user('short');
select tests.create_user('big');
select tests.create_user('canceller');
select tests.create_user('failer');
select tests.create_user('leaver');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: the commit pays for the distinct addresses ------------------------------------------------------------------

select tests.bulk_upload('owner', tests.bulk_rows(10) || tests.bulk_rows(5)) as owner_job \gset
select results_eq(
  $$ select work, source, units, reference from public.usage_ledger where user_id = tests.get_user_id('owner') $$,
  format($$ values ('bulk_row', 'trial', 10, 'bulk:%s') $$, :'owner_job'),
  'a file of 15 rows and 10 distinct addresses costs 10 bulk rows, from the trial'
);
select is((select trial_bulk_validations_used from public.profiles where id = tests.get_user_id('owner')), 10,
  'the trial''s bulk counter moved with it');

-- Act 2: refused, nothing of the part is stored --------------------------------------------------------------------------

update public.profiles set trial_bulk_validations_used = 4995 where id = tests.get_user_id('short');
select private.bulk_open_session(tests.get_user_id('short'), 'Short', 'short.csv', null, 5) as short_job \gset
select is(private.bulk_append_part(tests.get_user_id('short'), :'short_job', 0, tests.bulk_rows(5), 0, 100, false)
  ->> 'acceptedRows', '5', 'a part that is not the last one is stored without paying');
select is(
  pg_temp.refusal(format($$ select private.bulk_append_part(tests.get_user_id('short'), %L, 1,
                            tests.bulk_rows(5, 10, 5), 0, 100, true) $$, :'short_job')),
  'P0402 credits_needed 5',
  'the last part of a file of 10 addresses is refused with 5 bulk rows left: credits_needed, the balance as detail'
);
select results_eq(
  format($$ select parts_received, total_emails, upload_complete, (select count(*) from public.bulk_validation_rows
            where session_id = %1$L), (select count(*) from public.bulk_validation_chunks where session_id = %1$L)
            from public.bulk_validation_sessions where id = %1$L $$, :'short_job'),
  $$ values (1, 5, false, 5::bigint, 0::bigint) $$,
  'the refused part left nothing behind: no rows, no chunks, the upload still open'
);
select is(pg_temp.job_units(:'short_job'), 0::bigint, 'and nothing paid');

update public.profiles set paid_credits = 5 where id = tests.get_user_id('short');
select is(private.bulk_append_part(tests.get_user_id('short'), :'short_job', 1, tests.bulk_rows(5, 10, 5), 0, 100, true)
  ->> 'uploadComplete', 'true', 'after buying credits the same part is sent again and commits the upload');
select results_eq(
  format($$ select source, units from public.usage_ledger where reference = 'bulk:%s' order by source $$, :'short_job'),
  $$ values ('paid', 5), ('trial', 5) $$,
  'paid for by the trial''s last 5 rows and 5 paid credits'
);

select is(pg_temp.refusal($$ select tests.bulk_upload('big', tests.bulk_rows(6000, 20)) $$),
  'P0402 credits_needed 5000', 'a file larger than the trial''s 5,000 rows is refused');
select tests.authenticate_as('site_admin');
select private.admin_grant_credits(tests.get_user_id('big'), 1000, 'bonus', 'A big file', null);
reset role;
select tests.bulk_upload('big', tests.bulk_rows(6000, 20)) as big_job \gset
select results_eq(
  format($$ select source, units from public.usage_ledger where reference = 'bulk:%s' order by source $$, :'big_job'),
  $$ values ('granted', 1000), ('trial', 5000) $$,
  'with an admin''s grant it goes through'
);

-- Act 3: a finished job gives nothing back ------------------------------------------------------------------------------

select ok(tests.bulk_work_all() > 0, 'the workers finish the jobs');
select tests.authenticate_as('owner');
delete from public.bulk_validation_sessions where id = :'owner_job';
reset role;
select is(pg_temp.job_units(:'owner_job'), 10::bigint, 'deleting a completed job gives nothing back');

-- Act 4: cancelling gives back what was not validated --------------------------------------------------------------

select tests.bulk_upload('canceller', tests.bulk_rows(2500, 5)) as cancel_job \gset
select * from private.bulk_claim_chunk(60) \gset claimed_
select is(:'claimed_session_id'::uuid, :'cancel_job'::uuid, 'a worker claims the job''s first chunk');
select private.bulk_complete_chunk(:'claimed_session_id', :claimed_chunk_no, :'claimed_lease_token',
  tests.bulk_results(:'claimed_items', array['person0@domain0.test', 'person5@domain0.test']));
select count(*) as validated from public.bulk_validation_items
where session_id = :'cancel_job' and not deferred \gset
select is(:validated::integer, 998, 'it validates 1,000 addresses, 2 of them waiting for a retry after a DNS timeout');

select tests.authenticate_as('canceller');
delete from public.bulk_validation_sessions where id = :'cancel_job';
reset role;
select is(pg_temp.job_units(:'cancel_job'), 998::bigint,
  'the owner cancels: the units of the 1,502 addresses without a verdict come back');
select is((select trial_bulk_validations_used from public.profiles where id = tests.get_user_id('canceller')), 998,
  'to the trial''s bulk allowance');
select results_eq(
  format($$ select source, units from public.usage_ledger where reference = 'bulk:%s' order by id $$, :'cancel_job'),
  $$ values ('trial', 2500), ('trial', -1502) $$,
  'as a negative ledger row naming the job'
);

-- Act 5: a failed job gives back the addresses it could not validate -----------------------------------------------

select tests.bulk_upload('failer', tests.bulk_rows(2500, 5)) as failed_job \gset
select * from private.bulk_claim_chunk(60) \gset first_
select private.bulk_complete_chunk(:'first_session_id', :first_chunk_no, :'first_lease_token',
  tests.bulk_results(:'first_items'));
-- The other two chunks fail three times each.
do $$
declare
  claim record;
begin
  for attempt in 1 .. 6 loop
    select * into strict claim from private.bulk_claim_chunk(60);
    perform private.bulk_release_chunk(claim.session_id, claim.chunk_no, claim.lease_token, 'resolver down');
  end loop;
end;
$$;
select results_eq(
  format($$ select status, processed_emails from public.bulk_validation_sessions where id = %L $$, :'failed_job'),
  $$ values ('failed', 1000) $$,
  'two chunks of 1,500 addresses fail: the job ends failed with 1,000 verdicts'
);
select is(pg_temp.job_units(:'failed_job'), 1000::bigint, 'the 1,500 without a verdict are given back');
select is((select trial_bulk_validations_used from public.profiles where id = tests.get_user_id('failer')), 1000,
  'to the trial''s bulk allowance');
select tests.authenticate_as('failer');
delete from public.bulk_validation_sessions where id = :'failed_job';
reset role;
select is(pg_temp.job_units(:'failed_job'), 1000::bigint, 'deleting the failed job afterwards gives nothing twice');

-- Act 6: balances stay sums, and an account can go with its job ------------------------------------------------------

select is_empty(
  $$ select p.id from public.profiles as p
     where p.id in (tests.get_user_id('owner'), tests.get_user_id('canceller'), tests.get_user_id('failer'))
       and p.trial_bulk_validations_used <> (select coalesce(sum(l.units), 0) from public.usage_ledger as l
                                             where l.user_id = p.id and l.source = 'trial' and l.work = 'bulk_row') $$,
  'each trial''s bulk counter is the sum of its ledger rows'
);

select tests.bulk_upload('leaver', tests.bulk_rows(10)) as leaver_job \gset
select lives_ok(format($$ delete from auth.users where id = %L $$, tests.get_user_id('leaver')),
  'deleting an account with a queued job takes the job along');
select is(pg_temp.job_units(:'leaver_job'), 0::bigint, 'and its ledger');
select is_empty(format($$ select from public.bulk_validation_sessions where id = %L $$, :'leaver_job'), 'and the job');

select * from finish();
rollback;
