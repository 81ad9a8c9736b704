-- The stored verdict may now carry the mailbox check's reasons: a probe's result updates the address's row in
-- public.email_validations, and the check on its reasons listed only the codes DNS gives. Same list as the contract's
-- REASON_CODES, in its order.

alter table public.email_validations drop constraint email_validations_reasons;
alter table public.email_validations add constraint email_validations_reasons check (reasons <@ array[
  'invalid_syntax', 'domain_not_found', 'null_mx', 'no_mail_server', 'mx_host_unresolved', 'mx_private_address',
  'dns_error', 'no_mx_implicit_a', 'disposable', 'role_account', 'free_provider', 'possible_typo',
  'mailbox_exists', 'mailbox_not_found', 'mailbox_full', 'catch_all', 'smtp_blocked', 'smtp_unavailable', 'greylisted',
  'mailbox_unverifiable'
]);

comment on column public.email_validations.catch_all_confidence is
  'Share of made-up addresses the domain accepted when its mail server was probed, 0 to 1; null when never probed.';
comment on column public.email_validations.smtp_connectable is
  'A mail server of the domain answered the last probe of this address; null when it was never probed.';
comment on column public.email_validations.smtp_deliverable is
  'The mailbox takes mail (true), does not (false), or the server would not say (null), at the last probe.';
