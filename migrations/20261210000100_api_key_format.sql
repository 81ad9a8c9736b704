-- The API key's text, as GitHub's tokens are made: a prefix that secret scanners recognise, a random body, and a
-- checksum that turns a mistyped or made-up key away before any lookup.
--
--   msk_ + body (43 base62 characters: 32 random bytes read as one unsigned 256-bit big-endian number, written in
--   base62 with the alphabet 0-9A-Za-z, left-padded with '0') + checksum (6 base62 characters: the first 4 bytes of
--   SHA-256 of msk_ and the body, as an unsigned 32-bit big-endian number, left-padded with '0'). 53 characters.
--
-- The api checks the same format in TypeScript (edge-functions/_shared/api-keys/key-format.ts); a fixture of keys made
-- here is checked by both. Numeric arithmetic is slow for 256 bits but runs once per key made.

create extension if not exists pgcrypto with schema extensions;

-- Helpers ---------------------------------------------------------------------------------------------------------

create or replace function private.base62(p_bytes bytea, p_width integer)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  alphabet constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  n numeric := 0;
  digits text := '';
begin
  for i in 0 .. pg_catalog.length(p_bytes) - 1 loop
    n := n * 256 + pg_catalog.get_byte(p_bytes, i);
  end loop;
  while n > 0 loop
    digits := pg_catalog.substr(alphabet, (pg_catalog.mod(n, 62))::integer + 1, 1) || digits;
    n := pg_catalog.div(n, 62);
  end loop;
  if pg_catalog.length(digits) > p_width then
    raise exception 'The number needs more than % base62 digits', p_width using errcode = 'numeric_value_out_of_range';
  end if;
  return pg_catalog.lpad(digits, p_width, '0');
end;
$$;
comment on function private.base62(bytea, integer) is
  'The bytes as one unsigned big-endian number in base62 (0-9A-Za-z), left-padded with 0 to p_width digits.';
revoke execute on function private.base62(bytea, integer) from public;

create or replace function private.api_key_checksum(p_prefixed_body text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select private.base62(pg_catalog.substr(pg_catalog.sha256(pg_catalog.convert_to(p_prefixed_body, 'UTF8')), 1, 4), 6)
$$;
comment on function private.api_key_checksum(text) is
  'The 6 base62 characters that end a key: the first 4 bytes of SHA-256 of msk_ and the body.';
revoke execute on function private.api_key_checksum(text) from public;
-- The service role runs the fixture test that checks the TypeScript twin against this.
grant execute on function private.api_key_checksum(text) to service_role;

create or replace function private.new_api_key_secret()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  prefixed_body constant text := 'msk_' || private.base62(extensions.gen_random_bytes(32), 43);
begin
  return prefixed_body || private.api_key_checksum(prefixed_body);
end;
$$;
comment on function private.new_api_key_secret() is 'A new key''s text from 32 random bytes: msk_, body, checksum.';
revoke execute on function private.new_api_key_secret() from public;

create or replace function private.api_key_hash(p_key text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(p_key, 'UTF8')), 'hex')
$$;
comment on function private.api_key_hash(text) is 'What api_keys.key_hash stores for a key: its SHA-256 in lower-case hex.';
revoke execute on function private.api_key_hash(text) from public;
