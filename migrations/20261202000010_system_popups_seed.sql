-- System popups: the three popups every database has, one per type. Inserted once (on conflict do nothing), so an
-- admin's later edits are kept; admins edit them, never add or remove one.
--
-- upgrade_limit is the offer an anonymous visitor sees once the free validations are used up (until now seed.sql
-- added it, so a database seeded before keeps its row). welcome greets a new account once, right after registration.
-- discount_offer is the upgrade dialog's one-time discount reveal; its texts may hold {percent} and {expiresIn},
-- filled in when shown, and switching it off means no discount is offered at all.

insert into public.system_popups (popup_type, title, content, features, button_text, button_url, pricing, is_active)
values
  (
    'upgrade_limit',
    'You''ve used your free validations',
    'Anonymous visitors get 10 free validations a month. Create an account or pick a plan to keep validating.',
    '[
      {"text": "Up to 25,000 monthly validations", "highlight": true},
      {"text": "50% cheaper than competitors", "highlight": true},
      {"text": "CRM integrations", "highlight": false}
    ]'::jsonb,
    'Upgrade Now',
    '/auth',
    '{"monthly": "Starting at $19/month", "payPerUse": "Pay-per-use from $12", "annual": "25% off annual plans"}'::jsonb,
    true
  ),
  (
    'welcome',
    'Welcome to MailScout!',
    'Your account is ready. Here is what you can do with it.',
    '[
      {"text": "Validate addresses one at a time or in bulk", "highlight": true},
      {"text": "Find contact addresses on any domain", "highlight": false},
      {"text": "Keep your contacts in lists", "highlight": false}
    ]'::jsonb,
    'Get Started',
    '/',
    '{}'::jsonb,
    true
  ),
  (
    'discount_offer',
    'Special One-Time Offer',
    '{percent}% off your first month',
    '[{"text": "Expires in {expiresIn} · Single use", "highlight": false}]'::jsonb,
    'Claim {percent}% Discount Now',
    '/pricing',
    '{}'::jsonb,
    true
  )
on conflict (popup_type) do nothing;
