// Telling a key's owner by email what happens to their key without them: an admin revoked it, or it expires within
// API_KEY_EXPIRY_NOTICE_DAYS. Scripts calling the API stop on such a day, and nobody watches a key's status, so the
// owner hears of it before their integration fails, not after. An email names the key by its name and shown prefix,
// never more of the key. A failed send is logged and dropped for a revocation (the account page shows it revoked); an
// expiry notice that could not be sent is given back and tried again on the next day's run.
import { sendEmail } from "../email/index.ts";
import { env } from "../env.ts";
import { kickWorker, type TimeBudget, timeBudget } from "../jobs/index.ts";
import { API_KEY_EXPIRY_NOTICE_DAYS } from "./contract.ts";
import { expiringKeyEmail, type RevokedKeyNotice, revokedKeyEmail } from "./notice-emails.ts";
import { claimExpiryNotices, type ExpiryNotice, releaseExpiryNotice } from "./privileged.ts";

/** The notices worker's function name (edge-functions/api-key-notices-worker, [functions.api-key-notices-worker]). */
export const API_KEY_NOTICES_WORKER = "api-key-notices-worker";
/** Notices claimed and sent together. */
const NOTICE_BATCH = 50;

function senderSettings() {
  const settings = env();
  return { from: settings.EMAIL_FROM, siteUrl: settings.SITE_URL ?? settings.SUPABASE_URL };
}

/** Emails the owner of a key an admin revoked; resolves when sent or failed (logged). */
export async function sendRevokedKeyNotice(notice: RevokedKeyNotice): Promise<void> {
  const { from, siteUrl } = senderSettings();
  try {
    await sendEmail({ from, to: notice.to, ...revokedKeyEmail(notice, siteUrl) });
  } catch (error) {
    console.error(`The revoked-key notice for ${notice.keyPrefix} failed:`, error);
  }
}

/** Sends one claimed expiry notice; a failed send is given back for the next run. */
async function sendExpiryNotice(notice: ExpiryNotice, from: string, siteUrl: string): Promise<boolean> {
  try {
    await sendEmail({ from, to: notice.to, ...expiringKeyEmail(notice, siteUrl) });
    return true;
  } catch (error) {
    console.error(`The expiry notice for ${notice.keyPrefix} failed:`, error);
    await releaseExpiryNotice(notice.keyId);
    return false;
  }
}

export interface ExpiryNoticesSummary {
  sent: number;
  failed: number;
  /** The time budget ran out with notices still waiting: a successor sends them, not tomorrow's run. */
  kickedSuccessor: boolean;
}

/**
 * One run of the notices worker: the keys expiring within API_KEY_EXPIRY_NOTICE_DAYS whose owner was not told yet,
 * claimed a batch at a time (each marked told in the claim, so two runs never mail one key twice) and emailed.
 */
export async function runApiKeyNoticesWorker(budget: TimeBudget = timeBudget()): Promise<ExpiryNoticesSummary> {
  const { from, siteUrl } = senderSettings();
  const summary = { sent: 0, failed: 0 };
  let waiting = true;
  while (waiting && budget.hasRoomForAnother()) {
    const unit = budget.startUnit();
    const notices = await claimExpiryNotices(API_KEY_EXPIRY_NOTICE_DAYS, NOTICE_BATCH);
    const sent = await Promise.all(notices.map((notice) => sendExpiryNotice(notice, from, siteUrl)));
    unit.end();
    for (const ok of sent) ok ? summary.sent++ : summary.failed++;
    // A failed send most likely means the sender is down: the rest wait for the next run rather than fail too.
    waiting = notices.length === NOTICE_BATCH && !sent.includes(false);
  }
  const settings = env();
  const kickedSuccessor = waiting &&
    await kickWorker(API_KEY_NOTICES_WORKER, { supabaseUrl: settings.SUPABASE_URL, secret: settings.WORKER_SECRET });
  return { ...summary, kickedSuccessor };
}
