-- Metering's counters on the profile: which monthly allowance period the counters belong to, and how much of a plan's
-- allowance is used in it.
--
-- A profile carries every balance the meter draws on (the month's plan or free allowance, the trial's allowances,
-- admin-granted and paid credits), so one locked row decides whether a unit of work may run. The counters change
-- only through the metering functions (and the billing functions that start and end subscriptions), each in one
-- transaction that locks this row first; the protective trigger already refuses them to API roles. The trial and plan
-- names get checks here, since the meter now reads them as words with a meaning.

-- Columns ---------------------------------------------------------------------------------------------------------

alter table public.profiles
  add column allowance_period_start timestamptz,
  add column plan_units_used integer not null default 0 constraint profiles_plan_units_used check (plan_units_used >= 0),
  add constraint profiles_trial_status check (trial_status in ('not_started', 'active', 'expired', 'converted')),
  add constraint profiles_subscription_status
    check (subscription_status in ('free', 'starter', 'professional', 'business'));

comment on column public.profiles.allowance_period_start is
  'Start of the monthly allowance period plan_units_used and free_validations_used count in; an older start means '
  'both are zero now (the meter rolls it forward). Null until the first metered unit.';
comment on column public.profiles.plan_units_used is
  'Units drawn from the subscribed plan''s monthly allowance in the period starting at allowance_period_start.';
comment on column public.profiles.free_validations_used is
  'Units drawn from the free plan''s monthly allowance in the period starting at allowance_period_start.';
comment on column public.profiles.subscription_status is
  'The plan whose monthly allowance applies: free, starter, professional or business.';
comment on column public.profiles.trial_status is
  'not_started, active (until trial_expires_at), expired, or converted (a subscription began during it).';
comment on column public.profiles.trial_single_validations_used is 'Single validations drawn from the trial''s allowance.';
comment on column public.profiles.trial_bulk_validations_used is 'Bulk rows drawn from the trial''s allowance.';
comment on column public.profiles.trial_domain_scrapes_used is 'Domain explorations drawn from the trial''s allowance.';
comment on column public.profiles.admin_granted_credits is
  'What active credit grants have left (see credit_grants); the meter spends them soonest expiry first.';
