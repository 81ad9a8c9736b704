-- System popups: anyone reads the active ones (visitors see them before signing in); only admins see inactive ones
-- and create, edit or delete any.
begin;
select plan(31);

select tests.create_user('member');
select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- The welcome popup as a draft next to the seeded upgrade offer, and no discount offer, so an admin has a type to
-- create.
update public.system_popups set title = 'Welcome!', is_active = false where popup_type = 'welcome';
delete from public.system_popups where popup_type = 'discount_offer';

-- Act 1: the seed's upgrade offer, with the spec's defaults ---------------------------------------------------------

select results_eq(
  $$ select title <> '', button_text, button_url, is_active,
            features, pricing
     from public.system_popups where popup_type = 'upgrade_limit' $$,
  $$ values (true, 'Upgrade Now', '/auth', true,
             '[{"text": "Up to 25,000 monthly validations", "highlight": true},
               {"text": "50% cheaper than competitors", "highlight": true},
               {"text": "CRM integrations", "highlight": false}]'::jsonb,
             '{"monthly": "Starting at $19/month", "payPerUse": "Pay-per-use from $12",
               "annual": "25% off annual plans"}'::jsonb) $$,
  'the upgrade offer is seeded with the spec''s features and pricing texts'
);

select results_eq(
  $$ insert into public.system_popups (popup_type, title, features)
     values ('discount_offer', 'Defaults', '[{"text": "x", "highlight": false}]')
     returning button_text, button_url, is_active, pricing $$,
  $$ values ('Upgrade Now', '/auth', true, '{}'::jsonb) $$,
  'a new popup gets the spec''s defaults'
);
delete from public.system_popups where popup_type = 'discount_offer';

select throws_ok(
  $$ insert into public.system_popups (popup_type, title, features)
     values ('upgrade_limit', 'Second offer', '[{"text": "x", "highlight": false}]') $$,
  '23505', 'duplicate key value violates unique constraint "system_popups_popup_type_key"',
  'there is one popup per type'
);

select throws_ok(
  $$ insert into public.system_popups (popup_type, title, features) values ('odd', 'Odd', '{"text": "x"}') $$,
  '23514', 'new row for relation "system_popups" violates check constraint "system_popups_features_array"',
  'features are a list'
);

-- Act 2: who may do what with the upgrade offer: everyone reads it, only an admin writes ----------------------------

select * from tests.assert_access('public.system_popups', array[
  --             select  insert     update    delete
  ['anon',       'all',  'denied',  'denied', 'denied'],
  ['member',     'all',  'refused', 'none',   'none'],
  ['site_admin', 'all',  'all',     'all',    'all']
],
  rows_where => $$ popup_type = 'upgrade_limit' $$,
  insert_sql => $$ insert into public.system_popups (popup_type, title, features)
                   values ('discount_offer', 'Buy now', '[{"text": "x", "highlight": false}]') $$,
  update_set => $$ title = 'Hacked' $$);

-- Act 3: an anonymous visitor reads active popups only --------------------------------------------------------------

select tests.clear_authentication();

select results_eq(
  $$ select popup_type from public.system_popups where popup_type in ('upgrade_limit', 'welcome') $$,
  $$ values ('upgrade_limit') $$,
  'anon reads the active popup, not the inactive one'
);

-- Act 4: a signed-in user who is not an admin: the same -------------------------------------------------------------

select tests.authenticate_as('member');

select results_eq(
  $$ select popup_type from public.system_popups where popup_type in ('upgrade_limit', 'welcome') $$,
  $$ values ('upgrade_limit') $$,
  'a user reads the active popup, not the inactive one'
);

-- Act 5: an admin sees and manages every popup ----------------------------------------------------------------------

select tests.authenticate_as('site_admin');

select results_eq(
  $$ select popup_type from public.system_popups where popup_type in ('upgrade_limit', 'welcome') order by popup_type $$,
  $$ values ('upgrade_limit'), ('welcome') $$,
  'an admin reads active and inactive popups'
);
select lives_ok(
  $$ insert into public.system_popups (popup_type, title, content, features)
     values ('discount_offer', 'Save 20%', 'Today only', '[{"text": "x", "highlight": false}]') $$,
  'an admin creates a popup'
);
select results_eq(
  $$ update public.system_popups
     set title = 'Keep validating', features = '[{"text": "Bulk validation", "highlight": true}]'
     where popup_type = 'upgrade_limit'
     returning title, features -> 0 ->> 'text' $$,
  $$ values ('Keep validating', 'Bulk validation') $$,
  'an admin edits the upgrade offer'
);
select results_eq(
  $$ update public.system_popups set is_active = true where popup_type = 'welcome' returning is_active $$,
  $$ values (true) $$,
  'an admin activates a draft'
);
select results_eq(
  $$ delete from public.system_popups where popup_type = 'discount_offer' returning popup_type $$,
  $$ values ('discount_offer') $$,
  'an admin deletes a popup'
);

-- Act 6: what visitors see follows the admin's changes -------------------------------------------------------------

select tests.clear_authentication();

select results_eq(
  $$ select popup_type, title from public.system_popups
     where popup_type in ('upgrade_limit', 'welcome') order by popup_type $$,
  $$ values ('upgrade_limit', 'Keep validating'), ('welcome', 'Welcome!') $$,
  'anon sees the edited offer and the newly active popup'
);

select tests.authenticate_as('site_admin');
update public.system_popups set is_active = false where popup_type = 'upgrade_limit';
select tests.clear_authentication();
select is_empty(
  $$ select * from public.system_popups where popup_type = 'upgrade_limit' $$,
  'a deactivated popup disappears for visitors'
);

-- Act 7: structure ------------------------------------------------------------------------------------------------

reset role;

select results_eq(
  $$ select updated_at = now(), updated_at > created_at from public.system_popups where popup_type = 'upgrade_limit' $$,
  $$ values (true, true) $$,
  'every update stamps updated_at'
);

select policies_are(
  'public', 'system_popups',
  array[
    'Visitors can read active popups',
    'Users can read active popups and admins every popup',
    'Admins can create popups',
    'Admins can update popups',
    'Admins can delete popups'
  ],
  'one policy per command and role'
);
select policy_roles_are('public', 'system_popups', 'Visitors can read active popups', array['anon'],
  'the visitors'' policy is for anon');
select policy_cmd_is('public', 'system_popups', 'Admins can update popups', 'update', 'admins'' edits are updates');
select has_index('public', 'system_popups', 'system_popups_is_active_idx', 'the visitors'' policy column is indexed');

select tests.authenticate_as_service_role();
select results_eq(
  $$ select count(*) > 0 from public.system_popups where popup_type = 'welcome' $$,
  $$ values (true) $$,
  'the service role reads popups'
);

select * from finish();
rollback;
