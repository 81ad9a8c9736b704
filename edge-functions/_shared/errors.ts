// The one failure domain code throws when it refuses: a reason code plus the few details that are safe to show. Domain
// code knows nothing of HTTP; the api holds the one table from reason to status and message (api/lib/errors.ts), so
// every refusal is answered the same way wherever it was thrown.
import type { LimitReached } from "./contracts/anonymous.ts";
import type { WorkKind } from "./contracts/billing.ts";
import type { RateLimitDecision } from "./rate-limits/index.ts";

/** Each reason with the details it carries (`undefined`: none). */
export interface DomainFailures {
  // Accounts. One answer whether the username or the email address is in use, and one whether the user is unknown or
  // the password wrong, so neither registering nor signing in reveals who has an account.
  registration_conflict: undefined;
  invalid_credentials: undefined;
  /** Details that break a rule (a common password, say); `problem` names the rule as "<field>: <rule>". */
  invalid_details: { problem?: string };

  // The anonymous allowance.
  unknown_session: undefined;
  unknown_client_address: undefined;
  discount_not_offered: undefined;
  /** An admin switched the discount offer popup off: no code is issued or shown. */
  discount_switched_off: undefined;
  discount_expired: undefined;
  discount_redeemed: undefined;
  /** The month's free validations are used up: what the upgrade dialog needs, and when the month turns. */
  allowance_used_up: { refusal: LimitReached; decision: RateLimitDecision };

  // The limiter: `what` says which limit in words; the api adds when to try again and the RateLimit headers.
  rate_limited: { decision: RateLimitDecision; what: string };
  account_suspended: { until: Date; reason: string | null };

  // Contacts. Another user's id is not found too: their rows are never acknowledged.
  contact_not_found: undefined;
  list_not_found: undefined;
  already_saved: undefined;
  /** The default list's rules and input the database refused; `problem` names field and rule. */
  default_list: { problem: string };
  invalid_input: { problem: string };

  popup_not_found: undefined;

  /** A mailbox probe id nobody was given (probes are kept 30 days after they finish). */
  mailbox_probe_not_found: undefined;

  // Bulk validation. Another user's session is not found too.
  bulk_session_not_found: undefined;
  /** The user already has `limit` jobs waiting or running. */
  bulk_too_many_jobs: { limit: number };
  /** The file passes BULK_MAX_ROWS rows or BULK_FILE_MAX_BYTES bytes (announced, or as its parts add up). */
  bulk_too_large: undefined;
  /** The file has no row with an address. */
  bulk_no_rows: undefined;
  /** `problem` says which part is expected next. */
  bulk_part_out_of_order: { problem: string };
  bulk_upload_complete: undefined;
  /** The download is asked for before the job completed. */
  bulk_not_ready: { status: string };

  // Support tickets. Another user's ticket is not found too: its existence is never acknowledged.
  ticket_not_found: undefined;
  /** A message that is not the ticket's, or not there. */
  message_not_found: undefined;
  /** A resolved ticket takes no replies until it is reopened. */
  ticket_resolved: undefined;
  /** Priority and assignment are the agents' to set. */
  ticket_agent_only: undefined;
  /** The owner may only resolve their ticket or reopen it. */
  ticket_status_not_allowed: undefined;
  ticket_reopen_window_passed: { days: number };

  // The admin area. The api's guard refuses non-admins first; the database refuses them again (admins_only).
  admin_only: undefined;
  user_not_found: undefined;
  grant_not_found: undefined;
  domain_not_found: undefined;
  /** Revoking this admin would leave the platform with none. */
  last_admin: undefined;
  /** An admin can't revoke their own admin rights, nor suspend themselves. */
  own_admin_flag: undefined;
  own_suspension: undefined;
  /** A grant is revoked only while none of its credits is spent, and only once. */
  grant_used: undefined;
  grant_revoked: undefined;
  /** A sealed secret that does not open with the function's keys (a key lost, or not yet given as a previous key). */
  secret_unreadable: { provider: string };

  // Billing. Another user's payment is not found too; `provider` is a payment provider's id (stripe, paypal, venmo...).
  /** The provider is not configured, or an admin switched it off. */
  provider_not_open: { provider: string };
  /** Plans are sold by Stripe alone (a subscription); the others sell credit blocks. */
  plan_provider: { provider: string };
  discount_plans_only: undefined;
  discount_unknown: undefined;
  payment_not_found: undefined;
  payment_not_pending: undefined;
  /** Only a completed or verified payment can be refunded. */
  payment_not_refundable: undefined;
  /** A money-back request: the first payment only, within MONEY_BACK_DAYS of it, once. */
  refund_not_allowed: undefined;
  /** The same manual transaction reference was already submitted. */
  reference_used: undefined;
  /** The provider declined the payment (a card, a PayPal capture): nothing was taken. */
  payment_declined: { provider: string };
  /** What the provider says was paid differs from the payment: nothing is granted. */
  amount_mismatch: undefined;
  /** The provider could not be reached or refused our call; `problem` goes to the log only. */
  provider_unavailable: { provider: string; problem: string };
  /** A payment the provider names no charge for, so its money goes back through the provider's own dashboard. */
  refund_at_provider: { provider: string };
  subscription_not_found: undefined;
  /** A plan is bought while another subscription has not ended. */
  subscription_exists: undefined;
  webhook_secret_missing: undefined;
  webhook_signature_invalid: undefined;
  /** A webhook body that is not one of the provider's events. */
  webhook_invalid: undefined;

  // Explorations: a domain in private space is refused; anything failing on our side (the egress proxy, the
  // database) is our failure, not the caller's.
  exploration_refused: { domain: string };
  exploration_failed: { domain: string };

  // Metering. Nothing left to pay for the work: `balance` is what the caller has for that kind of work now (fewer
  // units than it needs); the upgrade popup opens on it.
  credits_needed: { work: WorkKind; balance: number };

  // Marketing: the admin's campaigns, the four managers and the CRM affiliate ads. Each kind has its own not found.
  campaign_not_found: undefined;
  banner_ad_not_found: undefined;
  popup_campaign_not_found: undefined;
  push_notification_not_found: undefined;
  email_campaign_not_found: undefined;
  affiliate_not_found: undefined;
  /** A send of a campaign that is switched off. */
  campaign_not_active: undefined;
  /** A push or email campaign goes out once. */
  already_sent: undefined;
  /** An affiliate setting keeps the CRM it was created for. */
  crm_type_locked: undefined;
  zoho_exists: undefined;
  /** Counters, revenue, sent times and sent links move only with events and sends. */
  counter_read_only: undefined;

  // The account. Deleting it takes the caller's username typed again.
  confirmation_mismatch: undefined;
  /** Another account has the username (in any case). */
  username_taken: undefined;

  // Marketing's delivery (campaign_not_found and campaign_not_active above serve it too: clicks and emails' links
  // that lead nowhere are not found, and impressions and clicks count only for a campaign that is showing).
  notification_not_found: undefined;
  /** A push subscription whose endpoint is not on a push service of PUSH_SERVICE_HOSTS. */
  unknown_push_service: undefined;
  /** An email's tracking or unsubscribe token (or its link number) that names nothing. */
  email_link_not_found: undefined;

  // SEO landing pages. A page switched off (not indexable) is not found, like one that never was; a removed page is
  // gone for good (410), so search engines drop it.
  seo_page_not_found: undefined;
  seo_page_removed: undefined;
  /** A removal confirmation token that names no request awaiting confirmation, was used, or expired. */
  seo_removal_link_invalid: undefined;
  /** An admin's regenerate found that the privacy rule now refuses the page, and removed it instead. */
  seo_page_regenerated_away: undefined;
  /** The keyword (case and spaces ignored) already targets that page type. */
  seo_keyword_exists: undefined;
  seo_removal_not_found: undefined;
  /** A removal request is decided once. */
  seo_removal_decided: undefined;

  // CRM sync (Zoho). Another user's run is not found too. `missing` names the unset settings.
  crm_not_configured: { missing: string[] };
  crm_not_connected: undefined;
  /** Zoho refused the refresh token: only a new consent helps. */
  crm_needs_reconnect: undefined;
  /** The integration has a run waiting, running or paused: one at a time. */
  crm_run_active: undefined;
  crm_run_not_found: undefined;
  /** Zoho's daily API credits are spent until `resumeAfter`. */
  crm_credits_exhausted: { resumeAfter: Date };

  // Duplicate contacts (the admin's duplicates screen). A merge keeps one record of one owner's inbox; an undo puts
  // the removed records back while nothing has moved on since.
  duplicate_record_not_found: undefined;
  /** Fewer than two saved contacts reach that inbox. */
  duplicate_group_not_found: undefined;
  merge_not_found: undefined;
  merge_no_shared_email: undefined;
  merge_different_owners: undefined;
  merged_notes_too_long: undefined;
  merge_already_undone: undefined;
  merge_undo_expired: undefined;
  merge_kept_record_changed: undefined;
  merge_contact_saved_again: undefined;

  // API keys. Another person's key is not found too: its existence is never acknowledged.
  api_key_not_found: undefined;
  /** The owner already has API_KEYS_ACTIVE_MAX active keys. */
  api_key_limit: undefined;
  /** Only an active key is rotated: this one is revoked, expired or already replaced by a rotation. */
  api_key_not_rotatable: { state: "revoked" | "expired" | "replaced" };
  // Jobs from the public API. Another user's job is not found too.
  /** A validate-bulk call carries more addresses than one call may. */
  integrations_bulk_too_many: undefined;
  job_not_found: undefined;
  /** Results are asked for before the job completed (`status` is where it stands). */
  job_not_finished: { status: string };
  /** The Idempotency-Key named a job started with another body. */
  idempotency_key_reused: undefined;
  /** A request with this Idempotency-Key is starting its job at this moment. */
  idempotency_key_in_progress: undefined;

  // Webhooks. `problem` says what is wrong with the callbackUrl, in words for the caller.
  callback_url_refused: { problem: string };
  webhook_delivery_not_found: undefined;
}

export type DomainReason = keyof DomainFailures;

type Arguments<R extends DomainReason> = DomainFailures[R] extends undefined ? []
  : [details: DomainFailures[R], options?: ErrorOptions];

export class DomainError<R extends DomainReason = DomainReason> extends Error {
  override name = "DomainError";
  readonly details: DomainFailures[R];

  constructor(readonly reason: R, ...args: Arguments<R>) {
    const [details, options] = args as [DomainFailures[R]?, ErrorOptions?];
    // The message is for logs only; callers see the api's words for the reason.
    super(details === undefined ? reason : `${reason} ${JSON.stringify(details)}`, options);
    this.details = details as DomainFailures[R];
  }
}
