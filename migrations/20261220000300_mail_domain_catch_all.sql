-- Catch-all domains: a mail server that accepts made-up addresses at its domain says yes to every mailbox, so its yes
-- proves nothing. Each probe of a domain tries a few random local parts in the same conversation; their tally is kept
-- per domain for a week (CATCH_ALL_TTL_DAYS in the mailbox contract), growing with every probe in that week, and its
-- share accepted is the catch-all confidence. A domain whose made-up addresses are mostly accepted is known catch-all:
-- its addresses are answered from here without asking the server again until the finding is a week old.
--
--   record_domain_catch_all   adds a probe's samples to the domain's tally and answers the confidence
--   domain_catch_all          a domain's confidence while its finding is fresh, else null

-- Table -----------------------------------------------------------------------------------------------------------

create table public.mail_domain_catch_all (
  domain text primary key constraint mail_domain_catch_all_domain check (char_length(domain) between 1 and 253),
  samples integer not null constraint mail_domain_catch_all_samples check (samples >= 1),
  accepted integer not null,
  checked_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint mail_domain_catch_all_accepted check (accepted between 0 and samples)
);

comment on table public.mail_domain_catch_all is
  'Per domain (ASCII, as DNS knows it): how many made-up addresses its mail server was asked about and how many it '
  'accepted; the confidence that it is catch-all is accepted / samples.';
comment on column public.mail_domain_catch_all.checked_at is 'When the last samples were added.';
comment on column public.mail_domain_catch_all.expires_at is
  'A week after the first samples of the tally; after it the next probe starts a new tally.';

-- The sweep's (private.expire_mailbox_probes): stale findings are deleted.
create index mail_domain_catch_all_expires on public.mail_domain_catch_all (expires_at);

-- Grants ----------------------------------------------------------------------------------------------------------
-- Admins read it (the policy); only the workers' functions write it.

revoke all on table public.mail_domain_catch_all from anon, authenticated, service_role;
grant select on table public.mail_domain_catch_all to authenticated;

-- Row level security ----------------------------------------------------------------------------------------------

alter table public.mail_domain_catch_all enable row level security;

create policy "Admins can read catch-all findings"
  on public.mail_domain_catch_all for select
  to authenticated
  using ((select private.is_admin()));

-- Functions -------------------------------------------------------------------------------------------------------

create or replace function private.catch_all_confidence(p_samples integer, p_accepted integer)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.round(p_accepted::numeric / p_samples, 2)
$$;
comment on function private.catch_all_confidence(integer, integer) is
  'The share of made-up addresses accepted, rounded to 0.01 (the contract''s catchAllConfidence).';
revoke execute on function private.catch_all_confidence(integer, integer) from public, anon, authenticated;

create or replace function private.domain_catch_all(p_domain text)
returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select private.catch_all_confidence(c.samples, c.accepted)
  from public.mail_domain_catch_all as c
  where c.domain = p_domain and c.expires_at > pg_catalog.now()
$$;
comment on function private.domain_catch_all(text) is
  'The confidence that p_domain is catch-all, from its tally while fresh; null when it has none. At 0.5 or more the '
  'domain counts as known catch-all: its addresses are answered without a probe.';
revoke execute on function private.domain_catch_all(text) from public, anon, authenticated;
grant execute on function private.domain_catch_all(text) to service_role;

create or replace function private.record_domain_catch_all(p_domain text, p_samples integer, p_accepted integer)
returns numeric
language plpgsql
security definer
set search_path = ''
as $$
declare
  tally public.mail_domain_catch_all;
begin
  if p_domain is null or p_samples is null or p_accepted is null or p_samples < 0
    or p_accepted not between 0 and p_samples then
    raise exception 'A domain and 0 <= accepted <= samples' using errcode = 'invalid_parameter_value';
  end if;
  -- A probe that tried no made-up address (the domain was known catch-all already) adds nothing.
  if p_samples = 0 then
    return private.domain_catch_all(p_domain);
  end if;
  insert into public.mail_domain_catch_all as c (domain, samples, accepted, expires_at)
  values (p_domain, p_samples, p_accepted, pg_catalog.now() + interval '7 days')
  on conflict (domain) do update set
    samples = case when c.expires_at > pg_catalog.now() then c.samples + excluded.samples else excluded.samples end,
    accepted = case when c.expires_at > pg_catalog.now() then c.accepted + excluded.accepted else excluded.accepted end,
    expires_at = case when c.expires_at > pg_catalog.now() then c.expires_at else excluded.expires_at end,
    checked_at = pg_catalog.now()
  returning * into tally;
  return private.catch_all_confidence(tally.samples, tally.accepted);
end;
$$;
comment on function private.record_domain_catch_all(text, integer, integer) is
  'A probe of p_domain tried p_samples made-up addresses and the server accepted p_accepted: added to the domain''s '
  'tally while it is fresh (a new tally for a week otherwise); answers the confidence, 0 to 1 in steps of 0.01. '
  'p_samples 0 adds nothing and answers the fresh confidence or null.';
revoke execute on function private.record_domain_catch_all(text, integer, integer) from public, anon, authenticated;
grant execute on function private.record_domain_catch_all(text, integer, integer) to service_role;
