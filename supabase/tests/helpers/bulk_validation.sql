-- pgTAP helpers for the bulk validation tests: files of rows, uploads, and a worker's answers.
--
-- Not a test file; test_helpers.sql loads it. Addresses are person<i>@domain<i % domains>.test (upper-cased as
-- uploaded, lower-cased as the key), and the engine's verdict is stood in for by i % 4: deliverable, undeliverable,
-- risky, unknown; so a test can compute what the counters must say from the rows alone.

-- The emailsWithData rows of a file of p_count addresses over p_domains domains, numbered from p_first.
create or replace function tests.bulk_rows(p_count integer, p_domains integer default 10, p_first integer default 0)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
    'email', 'Person' || i || '@Domain' || i % p_domains || '.test',
    'emailKey', 'person' || i || '@domain' || i % p_domains || '.test',
    'firstName', 'First ' || i,
    'cells', pg_catalog.jsonb_build_array('Person' || i || '@Domain' || i % p_domains || '.test', 'First ' || i)
  ) order by i), '[]')
  from pg_catalog.generate_series(p_first, p_first + p_count - 1) as i
$$;
comment on function tests.bulk_rows(integer, integer, integer) is
  'Upload rows person<i>@domain<i % p_domains>.test for i from p_first, p_count of them.';

-- A session of the named user holding p_rows, uploaded in one final part.
create or replace function tests.bulk_upload(p_user text, p_rows jsonb, p_name text default 'Test file')
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  session_id uuid := private.bulk_open_session(tests.get_user_id(p_user), p_name, p_name || '.csv', null, 100);
begin
  perform private.bulk_append_part(tests.get_user_id(p_user), session_id, 0, p_rows, 0, 1000, true);
  return session_id;
end;
$$;
comment on function tests.bulk_upload(text, jsonb, text) is 'Opens a session and uploads p_rows as its only part.';

-- The stand-in engine's verdict for an address person<i>@...
create or replace function tests.bulk_verdict(p_email_key text)
returns text
language sql
immutable
set search_path = ''
as $$
  select (array['deliverable', 'undeliverable', 'risky', 'unknown'])[
    pg_catalog.substring(p_email_key, '^person(\d+)@')::integer % 4 + 1
  ]
$$;
comment on function tests.bulk_verdict(text) is 'deliverable, undeliverable, risky or unknown by the address''s number mod 4.';

-- A worker's p_results for claimed items: each address its stand-in verdict, or deferred (unknown, a DNS timeout)
-- when its key is in p_deferred.
create or replace function tests.bulk_results(p_items jsonb, p_deferred text[] default '{}')
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
    'emailKey', item ->> 'emailKey',
    'verdict', verdict,
    'deferred', deferred,
    'result', pg_catalog.jsonb_build_object('email', item ->> 'emailKey', 'verdict', verdict, 'reasons', '[]'::jsonb)
  )), '[]')
  from pg_catalog.jsonb_array_elements(p_items) as item,
    lateral (select (item ->> 'emailKey') = any (p_deferred) as deferred) as d,
    lateral (select case when d.deferred then 'unknown' else tests.bulk_verdict(item ->> 'emailKey') end as verdict) as v
$$;
comment on function tests.bulk_results(jsonb, text[]) is
  'Results for claimed items [{emailKey, domain}]: stand-in verdicts; keys in p_deferred come back deferred.';

-- Works every chunk there is, as one worker would, deferring the keys in p_deferred the first time they are seen.
-- Returns how many chunks it completed.
create or replace function tests.bulk_work_all(p_deferred text[] default '{}')
returns integer
language plpgsql
set search_path = ''
as $$
declare
  claim record;
  completed integer := 0;
begin
  loop
    select * into claim from private.bulk_claim_chunk(60);
    exit when not found;
    if not private.bulk_complete_chunk(
      claim.session_id, claim.chunk_no, claim.lease_token,
      tests.bulk_results(claim.items, case when claim.phase = 1 then p_deferred else '{}' end)
    ) then
      raise exception 'chunk % of % was claimed but not completed', claim.chunk_no, claim.session_id;
    end if;
    completed := completed + 1;
  end loop;
  return completed;
end;
$$;
comment on function tests.bulk_work_all(text[]) is
  'Claims and completes every chunk with stand-in verdicts, deferring p_deferred in phase 1; returns the chunk count.';
