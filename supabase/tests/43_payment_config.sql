-- Payment settings: admins see which credentials are set (masked hints) and never the sealed credentials; writes go
-- through the two audited functions, whose records hold hints only; the api alone reads the sealed text.
begin;
select plan(38);

select tests.create_user('member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Act 1: who may call the functions -----------------------------------------------------------------------------------

select * from tests.assert_admin_only(
  $$ select private.admin_save_payment_config('stripe', 'v1.sealed', '{"secretKey": "••••9z8y"}', true) $$,
  users => array['member'], admin => 'site_admin');
select * from tests.assert_admin_only($$ select private.admin_reseal_payment_config('stripe', 'v2.sealed') $$,
  users => array['member']);
select tests.authenticate_as('site_admin');
select throws_ok($$ select * from private.payment_config_sealed() $$, '42501', null,
  'not even an admin reads the sealed credentials');
reset role;

-- Act 2: saving ---------------------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select results_eq(
  $$ select private.admin_save_payment_config('stripe', 'v1.sealed-stripe',
       '{"publishableKey": "••••1a2b", "secretKey": "••••9z8y"}', false) - 'updatedAt' $$,
  $$ select jsonb_build_object('provider', 'stripe', 'isActive', false, 'updatedBy', tests.get_user_id('site_admin'),
       'credentialHints', '{"publishableKey": "••••1a2b", "secretKey": "••••9z8y"}'::jsonb) $$,
  'an admin saves a provider and gets back what admins may see of it'
);
select private.admin_save_payment_config('stripe', 'v1.sealed-stripe-2', '{"publishableKey": "••••3c4d", "secretKey": null}',
  true);
select private.admin_save_payment_config('crypto', 'v1.sealed-crypto', '{"bitcoinAddress": "••••Wlh"}', true);
reset role;

select results_eq(
  $$ select provider, credentials_sealed, credential_hints, is_active, updated_by from public.payment_config
     order by provider $$,
  $$ values ('crypto', 'v1.sealed-crypto', '{"bitcoinAddress": "••••Wlh"}'::jsonb, true, tests.get_user_id('site_admin')),
            ('stripe', 'v1.sealed-stripe-2', '{"publishableKey": "••••3c4d", "secretKey": null}'::jsonb, true,
             tests.get_user_id('site_admin')) $$,
  'saving again replaces the provider''s row; one row per provider'
);
select results_eq(
  $$ select action, target_type, target_id, before, after from public.admin_audit_log where target_id = 'stripe'
     order by id $$,
  $$ values
    ('payment_config.saved', 'payment_config', 'stripe', null::jsonb,
     '{"credentialHints": {"publishableKey": "••••1a2b", "secretKey": "••••9z8y"}, "isActive": false}'::jsonb),
    ('payment_config.saved', 'payment_config', 'stripe',
     '{"credentialHints": {"publishableKey": "••••1a2b", "secretKey": "••••9z8y"}, "isActive": false}'::jsonb,
     '{"credentialHints": {"publishableKey": "••••3c4d", "secretKey": null}, "isActive": true}'::jsonb) $$,
  'each save is audited with the hints and active flag before and after'
);
select is_empty(
  $$ select from public.admin_audit_log where (coalesce(before, '{}') || coalesce(after, '{}'))::text like '%sealed%' $$,
  'no audit row holds the sealed credentials'
);

-- Act 3: what a save must be --------------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select throws_ok($$ select private.admin_save_payment_config('bank', 'v1.x', '{}', true) $$,
  'P0422', 'provider_invalid', 'the provider is one of the five');
select throws_ok($$ select private.admin_save_payment_config('venmo', '', '{}', true) $$,
  'P0422', 'sealed_invalid', 'there are sealed credentials');
select throws_ok($$ select private.admin_save_payment_config('venmo', repeat('x', 20001), '{}', true) $$,
  'P0422', 'sealed_invalid', 'of at most 20,000 characters');
select throws_ok($$ select private.admin_save_payment_config('venmo', 'v1.x', '{"username": "alice-venmo"}', true) $$,
  'P0422', 'hints_invalid', 'a hint that is not masked is refused, so no secret lands where admins read');
select throws_ok($$ select private.admin_save_payment_config('venmo', 'v1.x', '{"username": "••••12345"}', true) $$,
  'P0422', 'hints_invalid', 'a hint shows at most four characters');
select throws_ok($$ select private.admin_save_payment_config('venmo', 'v1.x', '{"username": 42}', true) $$,
  'P0422', 'hints_invalid', 'a hint is a string or null');
select throws_ok($$ select private.admin_save_payment_config('venmo', 'v1.x', '["••••1234"]', true) $$,
  'P0422', 'hints_invalid', 'hints are an object');
select throws_ok($$ select private.admin_save_payment_config('venmo', 'v1.x', '{}', null) $$,
  'P0422', 'is_active_invalid', 'the active flag is given');
reset role;

-- Act 4: who sees what --------------------------------------------------------------------------------------------------

select * from tests.assert_access('public.payment_config', array[
  --               select    insert    update    delete
  ['anon',         'denied', 'denied', 'denied', 'denied'],
  ['member',       'none',   'denied', 'denied', 'denied'],
  ['site_admin',   'all',    'denied', 'denied', 'denied']
],
  insert_sql => $$ insert into public.payment_config (provider, credentials_sealed) values ('paypal', 'x') $$,
  update_set => $$ is_active = false $$);

select tests.authenticate_as('site_admin');
select results_eq(
  $$ select provider, credential_hints, is_active from public.payment_config order by provider $$,
  $$ values ('crypto', '{"bitcoinAddress": "••••Wlh"}'::jsonb, true),
            ('stripe', '{"publishableKey": "••••3c4d", "secretKey": null}'::jsonb, true) $$,
  'an admin reads the providers, hints and active flags'
);
select throws_ok($$ select credentials_sealed from public.payment_config $$, '42501',
  'permission denied for table payment_config', 'but not the sealed credentials');
select throws_ok($$ select * from public.payment_config $$, '42501',
  'permission denied for table payment_config', 'not even by asking for every column');
select tests.authenticate_as_service_role();
select throws_ok($$ select credentials_sealed from public.payment_config $$, '42501',
  'permission denied for table payment_config', 'the service role does not select them either');
select results_eq(
  $$ select * from private.payment_config_sealed() $$,
  $$ values ('crypto', 'v1.sealed-crypto'), ('stripe', 'v1.sealed-stripe-2') $$,
  'the api reads them through payment_config_sealed on its trusted connection'
);
reset role;

-- Act 5: sealing again under a new key --------------------------------------------------------------------------------------

select tests.authenticate_as('site_admin');
select private.admin_reseal_payment_config('stripe', 'v2.sealed-stripe');
select throws_ok($$ select private.admin_reseal_payment_config('paypal', 'v2.sealed') $$, 'P0404', 'provider_not_found',
  'a provider with no settings cannot be sealed again');
select tests.clear_authentication();
select tests.authenticate_as_service_role();
select private.admin_reseal_payment_config('crypto', 'v2.sealed-crypto');
reset role;
select results_eq(
  $$ select provider, credentials_sealed, credential_hints, updated_by from public.payment_config order by provider $$,
  $$ values ('crypto', 'v2.sealed-crypto', '{"bitcoinAddress": "••••Wlh"}'::jsonb, tests.get_user_id('site_admin')),
            ('stripe', 'v2.sealed-stripe', '{"publishableKey": "••••3c4d", "secretKey": null}'::jsonb,
             tests.get_user_id('site_admin')) $$,
  'an admin or a trusted server seals credentials again, changing nothing else'
);
select results_eq(
  $$ select actor_id, target_id, before, after from public.admin_audit_log where action = 'payment_config.resealed'
     order by id $$,
  $$ values (tests.get_user_id('site_admin'), 'stripe', null::jsonb, null::jsonb),
            (null::uuid, 'crypto', null::jsonb, null::jsonb) $$,
  'each reseal is audited, a trusted server''s as the system'
);

select * from finish();
rollback;
