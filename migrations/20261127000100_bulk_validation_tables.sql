-- Bulk validation: a signed-in user's uploaded file, its rows, the distinct addresses to validate and the work queue.
--
-- A session is one file. Its rows arrive in parts of up to 5,000
-- (bulk_validation_rows, numbered in file order); the last part commits the upload, which groups the distinct addresses
-- by domain into chunks (bulk_validation_chunks), the units a worker claims, validates and commits. A completed chunk
-- writes its addresses' verdicts (bulk_validation_items: duplicates in a file are validated once and reported on every
-- row), and the session's counters move in the same transaction, so they always equal the rows behind the verdicts.
-- Everything here is written only by the functions of the bulk validation jobs migration, run by the api and the worker
-- as the database owner. The owner reads their sessions, rows and items and deletes (cancels) their sessions, which
-- takes the rows, items and chunks along; admins read every session; nobody else sees anything. Chunks are the queue's
-- bookkeeping: no API role reaches them.

-- Tables ----------------------------------------------------------------------------------------------------------

create table public.bulk_validation_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  name text not null constraint bulk_validation_sessions_name_length check (char_length(name) between 1 and 200),
  file_name text not null
    constraint bulk_validation_sessions_file_name_length check (char_length(file_name) between 1 and 255),
  columns text[] constraint bulk_validation_sessions_columns_count check (cardinality(columns) <= 100),
  status text not null default 'queued' constraint bulk_validation_sessions_status
    check (status in ('queued', 'running', 'completed', 'failed', 'cancelled')),

  -- The upload
  upload_complete boolean not null default false,
  parts_received integer not null default 0 constraint bulk_validation_sessions_parts check (parts_received >= 0),
  last_part_rows integer not null default 0 constraint bulk_validation_sessions_last_part_rows check (last_part_rows >= 0),
  last_part_skipped integer not null default 0
    constraint bulk_validation_sessions_last_part_skipped check (last_part_skipped >= 0),
  uploaded_bytes bigint not null default 0 constraint bulk_validation_sessions_bytes check (uploaded_bytes >= 0),

  -- The counts, in rows (warning = risky or unknown)
  total_emails integer not null default 0 constraint bulk_validation_sessions_total check (total_emails >= 0),
  skipped_rows integer not null default 0 constraint bulk_validation_sessions_skipped check (skipped_rows >= 0),
  distinct_emails integer not null default 0 constraint bulk_validation_sessions_distinct check (distinct_emails >= 0),
  processed_emails integer not null default 0
    constraint bulk_validation_sessions_processed check (processed_emails between 0 and total_emails),
  valid_count integer not null default 0 constraint bulk_validation_sessions_valid check (valid_count >= 0),
  invalid_count integer not null default 0 constraint bulk_validation_sessions_invalid check (invalid_count >= 0),
  warning_count integer not null default 0 constraint bulk_validation_sessions_warning check (warning_count >= 0),
  error text,

  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz,
  expires_at timestamptz,
  last_broadcast_at timestamptz,
  constraint bulk_validation_sessions_outcomes_add_up
    check (valid_count + invalid_count + warning_count = processed_emails)
);

comment on table public.bulk_validation_sessions is
  'One uploaded file and its validation job: upload state, counts and status.';
comment on column public.bulk_validation_sessions.columns is 'The file''s header in order; null for a file without one.';
comment on column public.bulk_validation_sessions.status is
  'queued (uploading, or waiting for a worker), running, completed, failed (some addresses could not be validated; '
  'error says how many) or cancelled (only ever broadcast: cancelling deletes the session).';
comment on column public.bulk_validation_sessions.upload_complete is 'The last part arrived; the job may start.';
comment on column public.bulk_validation_sessions.parts_received is
  'Parts stored so far, which is also the number of the next part expected (the first is 0).';
comment on column public.bulk_validation_sessions.last_part_rows is
  'Rows kept from the latest part, so a retried part is answered as the first time.';
comment on column public.bulk_validation_sessions.last_part_skipped is 'Rows skipped in the latest part (no "@").';
comment on column public.bulk_validation_sessions.uploaded_bytes is 'Sum of the parts'' request bodies (the 50 MB limit).';
comment on column public.bulk_validation_sessions.total_emails is 'Rows kept (the ones with an "@").';
comment on column public.bulk_validation_sessions.skipped_rows is 'Rows skipped for having no "@".';
comment on column public.bulk_validation_sessions.distinct_emails is 'Distinct addresses among the rows, each validated once.';
comment on column public.bulk_validation_sessions.processed_emails is
  'Rows whose address has its final verdict; counts a duplicated address once per row.';
comment on column public.bulk_validation_sessions.valid_count is 'Processed rows with the verdict deliverable.';
comment on column public.bulk_validation_sessions.invalid_count is 'Processed rows with the verdict undeliverable.';
comment on column public.bulk_validation_sessions.warning_count is 'Processed rows with the verdict risky or unknown.';
comment on column public.bulk_validation_sessions.error is 'Why a failed job failed, for the person who ran it.';
comment on column public.bulk_validation_sessions.expires_at is
  'completed_at + 30 days: then a scheduled job deletes the session with its rows.';
comment on column public.bulk_validation_sessions.last_broadcast_at is
  'When progress was last broadcast on the session''s Realtime topic (throttles the broadcasts).';

create table public.bulk_validation_rows (
  session_id uuid not null references public.bulk_validation_sessions (id) on delete cascade,
  row_no integer not null constraint bulk_validation_rows_row_no check (row_no >= 1),
  email text not null constraint bulk_validation_rows_email_length check (char_length(email) <= 320),
  email_key text not null constraint bulk_validation_rows_email_key check (email_key like '%@%'),
  first_name text,
  last_name text,
  phone_number text,
  mobile_number text,
  job_title text,
  company text,
  cells text[],
  primary key (session_id, row_no)
);

comment on table public.bulk_validation_rows is
  'An uploaded row with its optional fields; its verdict is its email_key''s item.';
comment on column public.bulk_validation_rows.row_no is 'Position among the session''s kept rows, from 1, in file order.';
comment on column public.bulk_validation_rows.email is 'The address as uploaded, trimmed.';
comment on column public.bulk_validation_rows.email_key is
  'The address as validated (trimmed, lower-cased): the row''s bulk_validation_items key.';
comment on column public.bulk_validation_rows.cells is 'The row''s original cells in the file''s column order.';

create table public.bulk_validation_items (
  session_id uuid not null references public.bulk_validation_sessions (id) on delete cascade,
  email_key text not null,
  domain text not null,
  row_count integer not null constraint bulk_validation_items_row_count check (row_count >= 1),
  chunk_no integer not null,
  result jsonb not null,
  verdict text not null
    constraint bulk_validation_items_verdict check (verdict in ('deliverable', 'risky', 'undeliverable', 'unknown')),
  deferred boolean not null default false,
  primary key (session_id, email_key)
);

comment on table public.bulk_validation_items is
  'A distinct address of a session with its verdict, validated once and reported on each of its rows; written when its '
  'chunk completes (an address of a chunk that failed has none).';
comment on column public.bulk_validation_items.domain is 'The part after the last "@", which chunks group addresses by.';
comment on column public.bulk_validation_items.row_count is 'The rows that share the address: what its verdict counts for.';
comment on column public.bulk_validation_items.chunk_no is 'The chunk (bulk_validation_chunks) that validated it.';
comment on column public.bulk_validation_items.result is
  'The engine''s ValidationResult (camelCase, edge-functions/_shared/validation/contract.ts).';
comment on column public.bulk_validation_items.deferred is
  'The first answer was a DNS timeout: validated once more at the end of the job (a phase 2 chunk), not counted yet.';

-- A chunk lists its addresses itself, so committing an upload writes a hundred chunks rather than 100,000 items, and
-- each item is written once, with its verdict.
create table public.bulk_validation_chunks (
  session_id uuid not null references public.bulk_validation_sessions (id) on delete cascade,
  chunk_no integer not null constraint bulk_validation_chunks_chunk_no check (chunk_no >= 1),
  phase integer not null default 1 constraint bulk_validation_chunks_phase check (phase in (1, 2)),
  email_keys text[] not null,
  row_counts integer[] not null,
  state text not null default 'pending'
    constraint bulk_validation_chunks_state check (state in ('pending', 'leased', 'done', 'failed')),
  attempts integer not null default 0 constraint bulk_validation_chunks_attempts check (attempts >= 0),
  lease_until timestamptz,
  lease_token uuid,
  last_error text,
  primary key (session_id, chunk_no),
  constraint bulk_validation_chunks_lease check ((state = 'leased') = (lease_token is not null and lease_until is not null)),
  constraint bulk_validation_chunks_row_counts check (cardinality(email_keys) = cardinality(row_counts))
);

comment on table public.bulk_validation_chunks is
  'A unit of work: about 1,000 addresses, grouped by domain, claimed by one worker at a time under a lease.';
comment on column public.bulk_validation_chunks.phase is '1: the first pass; 2: the retry of the items deferred by DNS timeouts.';
comment on column public.bulk_validation_chunks.email_keys is 'Its addresses (email_key), in domain order.';
comment on column public.bulk_validation_chunks.row_counts is 'The rows each of those addresses stands for, in the same order.';
comment on column public.bulk_validation_chunks.state is
  'pending (waiting), leased (a worker has it until lease_until), done, or failed (3 attempts; last_error says why).';
comment on column public.bulk_validation_chunks.attempts is 'Times the chunk was claimed; a 3rd failed attempt fails it.';
comment on column public.bulk_validation_chunks.lease_token is
  'Proves the lease on completion: a worker whose lease was taken over commits nothing.';

-- Indexes -----------------------------------------------------------------------------------------------------------

-- The list (newest first), the policies, the running-jobs count and the foreign key.
create index bulk_validation_sessions_user_created_idx on public.bulk_validation_sessions (user_id, created_at desc);
-- Retention: finished sessions by expiry, uploads never completed by age.
create index bulk_validation_sessions_expires_at_idx
  on public.bulk_validation_sessions (expires_at) where expires_at is not null;
create index bulk_validation_sessions_incomplete_idx
  on public.bulk_validation_sessions (created_at) where not upload_complete;
-- The end of phase 1 looks for the items waiting for the retry.
create index bulk_validation_items_deferred_idx on public.bulk_validation_items (session_id) where deferred;
-- The claim: only chunks with work left, so the scan stays short however many chunks are done.
create index bulk_validation_chunks_claim_idx
  on public.bulk_validation_chunks (session_id, chunk_no) where state in ('pending', 'leased');

create trigger bulk_validation_sessions_touch_updated_at
  before update on public.bulk_validation_sessions
  for each row execute function private.touch_updated_at();

-- Grants ----------------------------------------------------------------------------------------------------------
-- Signed-in users read and delete (which rows: the policies). Trusted servers with the service key may read and clean
-- up too; nobody but the jobs' functions writes, so the counters can't drift from the results.

revoke all on table public.bulk_validation_sessions from anon, authenticated, service_role;
grant select, delete on table public.bulk_validation_sessions to authenticated, service_role;

revoke all on table public.bulk_validation_rows from anon, authenticated, service_role;
grant select on table public.bulk_validation_rows to authenticated, service_role;

revoke all on table public.bulk_validation_items from anon, authenticated, service_role;
grant select on table public.bulk_validation_items to authenticated, service_role;

revoke all on table public.bulk_validation_chunks from anon, authenticated, service_role;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.bulk_validation_sessions enable row level security;
alter table public.bulk_validation_rows enable row level security;
alter table public.bulk_validation_items enable row level security;
alter table public.bulk_validation_chunks enable row level security;

-- Policies --------------------------------------------------------------------------------------------------------
-- Rows and items follow their session. `session_id in (select ...)` is a hashed subplan run once per query, so a
-- 100,000-row download costs one look at the sessions, not one per row; the sessions' own policy applies inside it.

create policy "Owners can read their own bulk sessions and admins every session"
  on public.bulk_validation_sessions for select
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Owners can delete (cancel) their own bulk sessions"
  on public.bulk_validation_sessions for delete
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Owners can read their own sessions' rows and admins every row"
  on public.bulk_validation_rows for select
  to authenticated
  using (session_id in (select s.id from public.bulk_validation_sessions as s));

create policy "Owners can read their own sessions' items and admins every item"
  on public.bulk_validation_items for select
  to authenticated
  using (session_id in (select s.id from public.bulk_validation_sessions as s));
