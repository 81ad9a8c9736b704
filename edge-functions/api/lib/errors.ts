// The API's one error shape, { message }, and the one table from a domain failure's reason to its status and words.
// Domain code throws DomainError; the app's onError answers it from this table, so no route catches to translate.
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorResponse } from "../../_shared/accounts/index.ts";
import { PAYMENT_PROVIDER_LABELS, type PaymentProvider } from "../../_shared/contracts/admin.ts";
import { MONEY_BACK_DAYS } from "../../_shared/contracts/billing.ts";
import { API_KEYS_ACTIVE_MAX } from "../../_shared/contracts/api-keys.ts";
import { BULK_FILE_MAX_BYTES, BULK_MAX_ROWS } from "../../_shared/contracts/bulk-validation.ts";
import { MERGE_UNDO_DAYS, MERGED_NOTES_MAX_LENGTH } from "../../_shared/contracts/duplicates.ts";
import { formatBytes } from "../../_shared/contracts/http-limits.ts";
import { INTEGRATIONS_BULK_TOO_MANY_MESSAGE } from "../../_shared/contracts/integrations.ts";
import type { NeedsCredits, WorkKind } from "../../_shared/contracts/billing.ts";
import { notConfiguredMessage } from "../../_shared/contracts/crm.ts";
import { DomainError, type DomainFailures, type DomainReason } from "../../_shared/errors.ts";
import { inWords, type RateLimitDecision } from "../../_shared/rate-limits/index.ts";
import { setRateLimitHeaders } from "./rate-limit-headers.ts";

/** What the admin area answers a signed-in user who is not an admin (the guard, and the database's own refusal). */
export const ADMIN_ONLY_MESSAGE = "Admin access required";

export function errorBody(message: string): ErrorResponse {
  return { message };
}

interface Answer<R extends DomainReason> {
  status: ContentfulStatusCode;
  message: string | ((details: DomainFailures[R]) => string);
}

/** A payment provider as the pricing page names it ("Cash App"); PayPal's and Stripe's names are their own. */
function providerName(provider: string): string {
  const label = PAYMENT_PROVIDER_LABELS[provider as PaymentProvider] ?? provider;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export const EXPLORATION_REFUSED_MESSAGE = "This domain cannot be explored";
export const EXPLORATION_FAILED_MESSAGE = "The exploration failed on our side. Please try again in a few minutes.";

const domainAnswers: { [R in DomainReason]: Answer<R> } = {
  registration_conflict: {
    status: 409,
    // devstack's Auth hook (private.hook_before_user_created) answers a taken username in the same words.
    message: "An account can't be created with these details. If you already have one, sign in.",
  },
  invalid_credentials: { status: 401, message: "Invalid credentials" },
  invalid_details: { status: 400, message: (details) => details.problem ?? "Please check the account details" },

  unknown_session: { status: 404, message: "Anonymous session not found" },
  unknown_client_address: { status: 400, message: "The client's address is unknown (no X-Forwarded-For)" },
  discount_not_offered: { status: 409, message: "The discount is offered once the free validations are used up" },
  discount_switched_off: { status: 409, message: "No discount is on offer at the moment" },
  discount_expired: { status: 410, message: "This session's discount code has expired" },
  discount_redeemed: { status: 410, message: "This session's discount code has already been used" },
  allowance_used_up: { status: 429, message: ({ refusal }) => refusal.message },

  rate_limited: {
    status: 429,
    message: ({ decision, what }) => `${what} Please try again ${inWords(decision.resetSeconds)}.`,
  },
  account_suspended: {
    status: 403,
    message: ({ until, reason }) =>
      `Your account is suspended until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC` +
      (reason ? `: ${reason}` : "."),
  },

  contact_not_found: { status: 404, message: "Contact not found" },
  list_not_found: { status: 404, message: "Contact list not found" },
  already_saved: { status: 409, message: "Already saved to contacts" },
  default_list: { status: 400, message: (details) => details.problem },
  invalid_input: { status: 400, message: (details) => details.problem },
  popup_not_found: { status: 404, message: "Popup not found" },

  mailbox_probe_not_found: { status: 404, message: "Mailbox check not found" },
  bulk_session_not_found: { status: 404, message: "Validation session not found" },
  bulk_too_many_jobs: {
    status: 429,
    message: ({ limit }) =>
      `You already have ${limit} bulk validations waiting or running. Please wait until one finishes (or delete one) ` +
      "and try again.",
  },
  bulk_too_large: {
    status: 413,
    message: `A file may hold at most ${BULK_MAX_ROWS.toLocaleString("en-US")} addresses and ` +
      `${formatBytes(BULK_FILE_MAX_BYTES)}.`,
  },
  bulk_no_rows: { status: 400, message: "The file has no rows with an email address (an address contains @)." },
  bulk_part_out_of_order: { status: 409, message: ({ problem }) => problem },
  bulk_upload_complete: { status: 409, message: "This upload is already complete: its validation has started." },
  bulk_not_ready: {
    status: 409,
    message: ({ status }) =>
      status === "failed"
        ? "This validation failed, so it has no results to download."
        : "The results can be downloaded once the validation has completed.",
  },

  ticket_not_found: { status: 404, message: "Ticket not found" },
  message_not_found: { status: 404, message: "Message not found" },
  ticket_resolved: { status: 409, message: "This ticket is resolved. Reopen it to reply." },
  ticket_agent_only: { status: 403, message: "Only support agents can change a ticket's priority or assignment" },
  ticket_status_not_allowed: {
    status: 403,
    message: "You can resolve your ticket, or reopen it once it is resolved",
  },
  ticket_reopen_window_passed: {
    status: 409,
    message: ({ days }) => `A ticket can be reopened within ${days} days of being resolved. Please open a new one.`,
  },

  admin_only: { status: 403, message: ADMIN_ONLY_MESSAGE },
  user_not_found: { status: 404, message: "User not found" },
  grant_not_found: { status: 404, message: "Credit grant not found" },
  domain_not_found: { status: 404, message: "Domain not found" },
  last_admin: { status: 409, message: "This is the last admin: make someone else an admin first" },
  own_admin_flag: { status: 409, message: "You can't revoke your own admin rights" },
  own_suspension: { status: 409, message: "You can't suspend yourself" },
  grant_used: { status: 409, message: "Some of this grant's credits are spent, so it can't be revoked" },
  grant_revoked: { status: 409, message: "This grant is already revoked or expired" },
  secret_unreadable: {
    status: 500,
    message: ({ provider }) =>
      `The stored ${provider} credentials can't be opened with the current keys: set the key they were sealed with ` +
      "as a previous key, or save them again",
  },

  provider_not_open: {
    status: 409,
    message: ({ provider }) => `Payments by ${providerName(provider)} are not open yet. Please choose another way to pay.`,
  },
  plan_provider: {
    status: 400,
    message: ({ provider }) =>
      `${providerName(provider)} takes one-time credit purchases only: plans are subscriptions, paid by card through ` +
      "Stripe.",
  },
  discount_plans_only: { status: 400, message: "A discount code applies to a plan's first month, not to credit blocks" },
  discount_unknown: { status: 400, message: "This discount code is not valid" },
  payment_not_found: { status: 404, message: "Payment not found" },
  payment_not_pending: { status: 409, message: "This payment is no longer pending" },
  payment_not_refundable: { status: 409, message: "Only a completed or verified payment can be refunded" },
  refund_not_allowed: {
    status: 409,
    message: `A refund can be requested once, for your first payment, within ${MONEY_BACK_DAYS} days of it`,
  },
  reference_used: { status: 409, message: "This transaction reference has already been submitted" },
  payment_declined: {
    status: 402,
    message: ({ provider }) =>
      `${providerName(provider)} declined the payment, so nothing was charged. Please try again or choose another way ` +
      "to pay.",
  },
  amount_mismatch: { status: 409, message: "The amount paid does not match the payment, so nothing was granted" },
  provider_unavailable: {
    status: 502,
    message: ({ provider }) => `${providerName(provider)} could not be reached. Please try again in a few minutes.`,
  },
  refund_at_provider: {
    status: 409,
    message: ({ provider }) =>
      `${providerName(provider)} names no charge for this payment: refund it in ${providerName(provider)}'s dashboard`,
  },
  subscription_not_found: { status: 404, message: "You have no active subscription" },
  subscription_exists: {
    status: 409,
    message: "You already have a subscription. Cancel it first; a new plan can start once it has ended.",
  },
  webhook_secret_missing: { status: 400, message: "Stripe's webhook signing secret is not set up yet" },
  webhook_signature_invalid: { status: 400, message: "The webhook's signature is not valid" },
  webhook_invalid: { status: 400, message: "The webhook's body is not an event of this provider" },

  exploration_refused: { status: 400, message: EXPLORATION_REFUSED_MESSAGE },
  exploration_failed: { status: 502, message: EXPLORATION_FAILED_MESSAGE },

  credits_needed: { status: 402, message: ({ work, balance }) => creditsNeededMessage(work, balance) },

  campaign_not_found: { status: 404, message: "Campaign not found" },
  banner_ad_not_found: { status: 404, message: "Banner ad not found" },
  popup_campaign_not_found: { status: 404, message: "Popup campaign not found" },
  push_notification_not_found: { status: 404, message: "Push notification not found" },
  email_campaign_not_found: { status: 404, message: "Email campaign not found" },
  affiliate_not_found: { status: 404, message: "Affiliate setting not found" },
  campaign_not_active: { status: 409, message: "Campaign is not active" },
  already_sent: { status: 409, message: "Already sent" },
  crm_type_locked: { status: 409, message: "CRM type cannot be changed" },
  zoho_exists: { status: 409, message: "Zoho CRM settings already exist" },
  counter_read_only: { status: 409, message: "Counters are read only" },

  confirmation_mismatch: {
    status: 400,
    message: "confirmUsername: Type your username exactly as it is to confirm deleting your account",
  },
  username_taken: { status: 409, message: "username: This username is taken. Please choose another." },

  notification_not_found: { status: 404, message: "Notification not found" },
  unknown_push_service: { status: 400, message: "endpoint must be on a known push service" },
  email_link_not_found: { status: 404, message: "This link is not valid" },

  seo_page_not_found: { status: 404, message: "Page not found" },
  seo_page_removed: { status: 410, message: "This page has been removed" },
  seo_removal_link_invalid: { status: 404, message: "This removal link is invalid or has expired" },
  seo_page_regenerated_away: {
    status: 409,
    message: "This page was removed: the privacy rule no longer allows publishing it",
  },
  seo_keyword_exists: { status: 409, message: "This keyword already exists for this page type" },
  seo_removal_not_found: { status: 404, message: "Removal request not found" },
  seo_removal_decided: { status: 409, message: "This removal request is already decided" },
  crm_not_configured: { status: 409, message: ({ missing }) => notConfiguredMessage(missing) },
  crm_not_connected: { status: 409, message: "Zoho CRM is not connected: connect it first" },
  crm_needs_reconnect: { status: 409, message: "Zoho refused the connection: reconnect to Zoho CRM" },
  crm_run_active: { status: 409, message: "A Zoho sync is already running: wait for it to finish" },
  crm_run_not_found: { status: 404, message: "Sync run not found" },
  crm_credits_exhausted: {
    status: 429,
    message: ({ resumeAfter }) =>
      `Zoho CRM's daily API credits are spent: try again after ${resumeAfter.toISOString().slice(0, 16).replace("T", " ")} UTC`,
  },
  duplicate_record_not_found: { status: 404, message: "Record not found" },
  duplicate_group_not_found: { status: 404, message: "No duplicates found for this email" },
  merge_not_found: { status: 404, message: "Merge not found" },
  merge_no_shared_email: {
    status: 409,
    message: "These records do not share an email address, so they cannot be merged",
  },
  merge_different_owners: {
    status: 409,
    message: "These records belong to different users: merging would delete one person's contact to keep " +
      "another's. Edit or delete them instead.",
  },
  merged_notes_too_long: {
    status: 409,
    message: `The merged notes would be over ${MERGED_NOTES_MAX_LENGTH.toLocaleString("en-US")} characters. ` +
      "Choose the notes to keep in Edit first.",
  },
  merge_already_undone: { status: 409, message: "This merge has already been undone" },
  merge_undo_expired: {
    status: 409,
    message: `This merge is over ${MERGE_UNDO_DAYS} days old and can no longer be undone`,
  },
  merge_kept_record_changed: {
    status: 409,
    message: "The kept record has changed since the merge, so the merge can no longer be undone",
  },
  merge_contact_saved_again: {
    status: 409,
    message: "The owner has saved a merged address again since, so the merge can no longer be undone",
  },
  api_key_not_found: { status: 404, message: "API key not found" },
  api_key_limit: { status: 409, message: `You can have at most ${API_KEYS_ACTIVE_MAX} active API keys` },
  api_key_not_rotatable: {
    status: 409,
    message: ({ state }) =>
      `This API key ${state === "replaced" ? "was already replaced by a rotation" : `is ${state}`}: ` +
      "only an active key can be rotated",
  },

  integrations_bulk_too_many: { status: 413, message: INTEGRATIONS_BULK_TOO_MANY_MESSAGE },
  job_not_found: { status: 404, message: "Job not found" },
  job_not_finished: {
    status: 409,
    message: ({ status }) =>
      status === "failed"
        ? "The job failed, so it has no results. Start it again to validate its addresses."
        : "The job has not finished yet",
  },
  idempotency_key_reused: {
    status: 409,
    message: "This Idempotency-Key was used with a different request within the last 24 hours",
  },
  idempotency_key_in_progress: {
    status: 409,
    message: "A request with this Idempotency-Key is still being processed. Try again in a moment.",
  },
  callback_url_refused: { status: 400, message: ({ problem }) => problem },
  webhook_delivery_not_found: { status: 404, message: "Webhook delivery not found" },
};

/** What a 402 says when nothing is left to pay for the work. */
export function creditsNeededMessage(work: WorkKind, balance: number): string {
  const next = "Buy credits or choose a plan to continue.";
  switch (work) {
    case "validation":
      return `You have no validations left. ${next}`;
    case "exploration":
      return `You have no domain explorations left. ${next}`;
    case "bulk_row":
      return `This file has more addresses than you have validations left (${balance.toLocaleString("en-US")}). ${next}`;
  }
}

/** The status and words a domain failure is answered with. */
export function answerFor<R extends DomainReason>(
  error: DomainError<R>,
): { status: ContentfulStatusCode; message: string } {
  const answer = domainAnswers[error.reason] as Answer<R>;
  const message = typeof answer.message === "string" ? answer.message : answer.message(error.details);
  return { status: answer.status, message };
}

export const notFound: NotFoundHandler = (c) => c.json(errorBody("Not found"), 404);

export const onError: ErrorHandler = (error, c: Context) => {
  if (error instanceof DomainError) {
    // A refusal for now that carries its limit's decision (rate_limited, allowance_used_up) says when to come back.
    const details: unknown = error.details;
    if (details && typeof details === "object" && "decision" in details) {
      setRateLimitHeaders(c, details.decision as RateLimitDecision);
    }
    // The refusals whose body says more than its message: the upgrade dialog opens on these figures.
    if (error.reason === "allowance_used_up") {
      return c.json((error as DomainError<"allowance_used_up">).details.refusal, 429);
    }
    if (error.reason === "credits_needed") {
      const { balance } = (error as DomainError<"credits_needed">).details;
      return c.json({ message: answerFor(error).message, needsCredits: true, balance } satisfies NeedsCredits, 402);
    }
    // Our own failure, answered in words that reveal nothing; the detail goes to the log.
    if (error.reason === "exploration_failed" || error.reason === "provider_unavailable") {
      console.error(`${c.req.method} ${c.req.path} failed:`, error.message, error.cause ?? "");
    }
    const { status, message } = answerFor(error);
    return c.json(errorBody(message), status);
  }
  // Thrown by request helpers (lib/) for input they refuse, with the status and message the caller should see.
  if (error instanceof HTTPException) return c.json(errorBody(error.message), error.status);
  // Anything else is a bug or an outage: log the detail for us, tell the caller nothing about our internals.
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(errorBody("Internal server error"), 500);
};
