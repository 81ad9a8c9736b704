-- Seed: demo accounts for development databases only (reference data, such as the system popups, is in the
-- migrations, so every database has it).
--
-- Applied by `supabase db push --include-seed` after the migrations; safe to apply again.

-- Demo accounts (development only) --------------------------------------------------------------------------------
-- The devstack bootstrap marks its database with mailscout.environment = 'development'; no production database has
-- that setting, so these known passwords never reach real data. Users are written the way Auth writes them (bcrypt
-- hash, confirmed email, an email identity); the profile trigger then creates their profiles. Token columns are ''
-- rather than null because GoTrue cannot read null there.

do $$
declare
  demo record;
begin
  if current_setting('mailscout.environment', true) is distinct from 'development' then
    return;
  end if;

  for demo in
    select *
    from (values
      ('00000000-0000-4000-8000-000000000001'::uuid, 'admin', 'admin@example.com', 'mailscout-admin-2026'),
      ('00000000-0000-4000-8000-000000000002'::uuid, 'demo', 'demo@example.com', 'mailscout-demo-2026')
    ) as account (id, username, email, password)
  loop
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      confirmation_token, recovery_token, email_change_token_new, email_change,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at
    )
    values (
      '00000000-0000-0000-0000-000000000000', demo.id, 'authenticated', 'authenticated', demo.email,
      extensions.crypt(demo.password, extensions.gen_salt('bf')), now(),
      '', '', '', '',
      '{"provider": "email", "providers": ["email"]}'::jsonb, jsonb_build_object('username', demo.username),
      now(), now()
    )
    on conflict do nothing;

    insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    values (
      demo.id::text, demo.id,
      jsonb_build_object('sub', demo.id::text, 'email', demo.email, 'email_verified', true, 'phone_verified', false),
      'email', now(), now(), now()
    )
    on conflict do nothing;
  end loop;

  update public.profiles set is_admin = true where id = '00000000-0000-4000-8000-000000000001';
end
$$;
