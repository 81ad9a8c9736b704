-- What a payment bought and how it went: the catalogue item, the discount, when it was paid, why it was rejected, the
-- payer's money-back request and the refund with the credits it took back.
--
-- A payment is opened pending with the credits its item buys (credits_granted); paid_credits rises only when it
-- completes (a provider confirmed it) or is verified (an admin checked a manual payment), and paid_at says when. A
-- refund takes back what is left of those credits (credits_clawed_back, never more than the payer still has). One
-- provider id and one buyer's transaction reference make one payment each, so a replayed confirmation or a second claim
-- of the same transfer finds the first. Revenue (platform_daily_totals) still counts completed and verified payments
-- on the day they were made: a refund takes the amount back out, and none of these columns changes that.
-- Who reads and writes payments is unchanged (20261128000100_payments.sql): the payer and admins read, nobody writes
-- directly; the payment functions that follow are the only writers besides trusted servers.

-- Columns -------------------------------------------------------------------------------------------------------------

alter table public.payments
  add column item_id text
    constraint payments_item_id check (
      item_id ~ '^(credits-[1-9][0-9]{0,6}|(starter|professional|business)-(monthly|yearly))$'
    ),
  add column kind text not null default 'credits'
    constraint payments_kind check (kind in ('credits', 'subscription')),
  add column discount_cents integer not null default 0
    constraint payments_discount_cents_not_negative check (discount_cents >= 0),
  add column discount_code text constraint payments_discount_code_length check (char_length(discount_code) <= 64),
  add column paid_at timestamptz,
  add column rejection_reason text
    constraint payments_rejection_reason_length check (char_length(rejection_reason) <= 500),
  add column refund_requested_at timestamptz,
  add column refund_request_reason text
    constraint payments_refund_request_reason_length check (char_length(refund_request_reason) <= 1000),
  add column refunded_at timestamptz,
  add column credits_clawed_back integer not null default 0,
  -- A plan's item is a subscription's payment, a credit block's is credits; older rows name no item.
  add constraint payments_item_kind check (item_id is null or (kind = 'subscription') = (item_id !~ '^credits-')),
  -- A plan's charge buys its allowance, not credits.
  add constraint payments_subscription_no_credits check (kind = 'credits' or credits_granted = 0),
  add constraint payments_refund_request_complete
    check ((refund_requested_at is null) = (refund_request_reason is null)),
  add constraint payments_refund_clawback_within_granted check (credits_clawed_back between 0 and credits_granted);

comment on column public.payments.item_id is
  'The catalogue item bought (credits-800, starter-monthly, ...); null for payments older than the catalogue.';
comment on column public.payments.kind is 'credits (a credit block) or subscription (a plan''s first charge or renewal).';
comment on column public.payments.discount_cents is 'What the anonymous discount code took off; amount_cents is after it.';
comment on column public.payments.discount_code is
  'The anonymous session''s code this payment claimed (single use; a failed payment gives it back).';
comment on column public.payments.venmo_transaction_id is
  'The buyer''s transaction reference for every manual method (Venmo, Cash App, crypto): what an admin verifies.';
comment on column public.payments.credits_granted is
  'The credits the payment buys, from its creation; paid_credits rises by them only once it is completed or verified.';
comment on column public.payments.paid_at is 'When it was paid: completed (by the provider) or verified (by an admin).';
comment on column public.payments.rejection_reason is 'Why it failed: an admin''s rejection, or the provider''s decline.';
comment on column public.payments.refund_requested_at is 'When the payer asked for their money back (once per payment).';
comment on column public.payments.refund_request_reason is 'The payer''s reason for the money-back request.';
comment on column public.payments.refunded_at is 'When it was refunded.';
comment on column public.payments.credits_clawed_back is
  'Credits the refund took back from paid_credits: the granted ones still unused, at most credits_granted.';

-- What older payments already say: a completed or verified payment was paid when verified, else when made.
update public.payments set paid_at = coalesce(verified_at, created_at) where status in ('completed', 'verified');

-- Indexes -------------------------------------------------------------------------------------------------------------

-- A provider's id names one payment: a replayed confirmation finds the payment it already completed.
create unique index payments_provider_reference_key
  on public.payments (payment_method, provider_reference) where provider_reference is not null;
-- A manual transfer is claimed once, whoever claims it.
create unique index payments_transaction_reference_key
  on public.payments (payment_method, venmo_transaction_id) where venmo_transaction_id is not null;
-- The finances tab's verification queue and money-back requests.
create index payments_pending_created_at_idx on public.payments (created_at desc) where status = 'pending';
create index payments_refund_requested_idx on public.payments (created_at desc) where refund_requested_at is not null;
-- The owner's payments page, newest first.
create index payments_user_created_at_idx on public.payments (user_id, created_at desc, id desc);
drop index public.payments_user_id_idx;
