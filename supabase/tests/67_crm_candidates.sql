-- Zoho candidates (private.crm_sync_candidates): each caller sees their own saved contacts only, admins included, with
-- validity from the validation cache they may not read themselves, the last sync's outcome, filters, search, paging
-- and the total of matches. Anonymous callers may not run it. The worker's lease release is the service role's alone
-- and only works for the lease holder of a running run.
begin;
select plan(15);

select tests.create_user('owner');
select tests.create_user('stranger');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

insert into public.saved_contacts (user_id, email, first_name, company, position, source)
select tests.get_user_id('owner'), 'k' || n || '@example.com', 'First' || n, 'Acme ' || n, 'Role' || n, 'manual'
from generate_series(1, 4) as n;
insert into public.saved_contacts (user_id, email, source)
values (tests.get_user_id('stranger'), 'theirs@example.com', 'manual');
select id as k1 from public.saved_contacts where email = 'k1@example.com' \gset
select id as k2 from public.saved_contacts where email = 'k2@example.com' \gset
select id as k3 from public.saved_contacts where email = 'k3@example.com' \gset
insert into public.email_validations (email, domain, is_valid, format_valid, verdict, deliverability_score, mobile_number)
values ('K1@example.com', 'example.com', true, true, 'deliverable', 90, '+1 555 0101'),
       ('k2@example.com', 'example.com', false, true, 'undeliverable', 5, null);

insert into public.crm_integrations (user_id, crm_type, accounts_host, api_host, refresh_token_sealed)
values (tests.get_user_id('owner'), 'zoho', 'https://accounts.zoho.eu', 'https://www.zohoapis.eu', 'v1.owner')
returning id as integration \gset
select private.record_crm_sync_run(:'integration', 'single', '{}',
  format('[{"contactId": %s, "outcome": "created", "zohoId": "z1", "tagged": false, "message": null}]', :k1)::jsonb);

-- Who may run it -----------------------------------------------------------------------------------------------------

select is(has_function_privilege('anon', 'private.crm_sync_candidates(text,text,bigint[],integer,bigint)', 'execute'),
  false, 'visitors cannot list candidates');
select is(has_function_privilege('authenticated', 'private.crm_sync_candidates(text,text,bigint[],integer,bigint)',
  'execute'), true, 'signed-in users can');

-- The owner ----------------------------------------------------------------------------------------------------------

select tests.authenticate_as('owner');
select results_eq(
  $$ select email, is_valid, deliverability_score, mobile, job_title, last_outcome, last_zoho_id, total
     from private.crm_sync_candidates() $$,
  $$ values ('k1@example.com', true, 90, '+1 555 0101', 'Role1', 'created', 'z1', 4::bigint),
            ('k2@example.com', false, 5, null, 'Role2', null, null, 4::bigint),
            ('k3@example.com', null, null, null, 'Role3', null, null, 4::bigint),
            ('k4@example.com', null, null, null, 'Role4', null, null, 4::bigint) $$,
  'the owner''s contacts in id order, with validity, enrichment and the last sync'
);
select results_eq($$ select email from private.crm_sync_candidates('valid') $$, $$ values ('k1@example.com') $$,
  'valid: the latest validation is valid');
select results_eq($$ select email from private.crm_sync_candidates('invalid') $$, $$ values ('k2@example.com') $$,
  'invalid: validated and not valid (never validated is neither)');
select results_eq($$ select email from private.crm_sync_candidates('all', '%acme 3%') $$, $$ values ('k3@example.com') $$,
  'search matches the search text, in any case');
select results_eq(
  format($$ select email from private.crm_sync_candidates('all', null, array[%s, %s]) $$, :k3, :k2),
  $$ values ('k2@example.com'), ('k3@example.com') $$,
  'contact ids narrow to those'
);
select results_eq($$ select email, total from private.crm_sync_candidates('all', null, null, 2, 2) $$,
  $$ values ('k3@example.com', 4::bigint), ('k4@example.com', 4::bigint) $$, 'a page, with the total of matches');
select is((select count(*) from private.crm_sync_candidates('all', null, array(select id from public.saved_contacts))),
  4::bigint, 'ids the owner does not own are left out');

-- Others -------------------------------------------------------------------------------------------------------------

select tests.authenticate_as('stranger');
select results_eq($$ select email, last_outcome from private.crm_sync_candidates() $$,
  $$ values ('theirs@example.com', null::text) $$, 'another user sees only their own');
select tests.authenticate_as('site_admin');
select is((select count(*) from private.crm_sync_candidates()), 0::bigint,
  'an admin''s candidates are their own too: nobody else''s contacts');
reset role;

-- The lease release --------------------------------------------------------------------------------------------------

select is(has_function_privilege('authenticated', 'private.release_crm_sync_lease(uuid,uuid)', 'execute'), false,
  'users cannot release a lease');
select private.start_crm_sync_run(:'integration', 'bulk', '{}', array[:k1, :k2]) as run \gset
select lease_owner from private.claim_crm_sync_run(60) \gset
select is(private.release_crm_sync_lease(:'run', gen_random_uuid()), false, 'only the lease holder releases');
select is(private.release_crm_sync_lease(:'run', :'lease_owner'), true, 'the holder does');
select ok((select lease_expires_at <= now() and status = 'running' from public.crm_sync_logs where id = :'run'),
  'the run is claimable again at once');

select * from finish();
rollback;
