-- Metering's settings: the trial's allowances, the free plan's monthly allowance and a past-due subscription's grace.
--
-- Admins change them at run time; the meter reads them at use time with private.setting_integer, so a change applies
-- to the next unit of work (a running trial included) and a bad value falls back to these defaults.

insert into public.admin_settings (setting_key, setting_value, description) values
  ('trial_validations', '100', 'Single validations a trial includes.'),
  ('trial_bulk_rows', '5000', 'Bulk validation rows (distinct addresses of a file) a trial includes.'),
  ('trial_explorations', '20', 'Domain explorations a trial includes.'),
  ('free_monthly_validations', '25',
   'Units of work per UTC calendar month on the free plan (after the trial, without a subscription).'),
  ('subscription_grace_days', '7',
   'Days a past-due subscription keeps its plan''s allowance before the free plan applies.')
on conflict (setting_key) do nothing;
