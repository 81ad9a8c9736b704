-- Bulk validation jobs started through the public API: which key started one (the bulk page shows "via API key
-- <name>", and the key's usage counts it) and where to post its signed webhook when it ends.
--
-- Only the privileged path that starts an API job sets these. Signed-in users already have no insert or update on
-- bulk_validation_sessions (the bulk validation tables migration: they read and delete), so neither column can be set
-- through PostgREST; they read both on their own sessions with the rest of the row.

alter table public.bulk_validation_sessions
  add column api_key_id uuid references public.api_keys (id) on delete set null,
  add column callback_url text
    constraint bulk_validation_sessions_callback_url check (char_length(callback_url) <= 2000 and callback_url ~ '^https://');

comment on column public.bulk_validation_sessions.api_key_id is
  'The API key whose call started the job; null for an upload from the app (or once the key is deleted).';
comment on column public.bulk_validation_sessions.callback_url is
  'Where the job''s signed webhook is posted when it completes or fails (https only, checked at submission).';

-- Deleting a key (with its owner) sets this to null without scanning every session.
create index bulk_validation_sessions_api_key_id_idx
  on public.bulk_validation_sessions (api_key_id) where api_key_id is not null;
