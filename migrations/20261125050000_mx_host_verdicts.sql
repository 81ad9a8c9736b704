-- MX host verdicts (issue 9): a domain whose MX hosts have no address at all, or only loopback or private ones, can't
-- receive mail. The engine says so with two new reason codes, and the resolver caches those answers as two new lookup
-- kinds (edge-functions/_shared/dns/mx-hosts.ts); both checks below list what the engine may write.

alter table public.email_validations
  drop constraint email_validations_reasons,
  add constraint email_validations_reasons check (reasons <@ array[
    'invalid_syntax', 'domain_not_found', 'null_mx', 'no_mail_server', 'mx_host_unresolved', 'mx_private_address',
    'dns_error', 'no_mx_implicit_a', 'disposable', 'role_account', 'free_provider', 'possible_typo'
  ]);

alter table public.mail_domain_cache
  drop constraint mail_domain_cache_lookup_kind,
  add constraint mail_domain_cache_lookup_kind check (lookup ->> 'kind' in (
    'mx', 'mx_host_unresolved', 'mx_private_address', 'null_mx', 'implicit', 'no_mail_server', 'not_found'
  ));
