// The delivery queue's SQL functions (migrations/*_webhook_delivery_jobs.sql), called on the functions' own connection:
// the worker claims a due delivery under a lease and records each attempt with the lease checked.
import { database } from "../db/pool.ts";
import type { AttemptOutcome } from "./deliver.ts";

export interface ClaimedDelivery {
  deliveryId: string;
  userId: string;
  url: string;
  /** The event as stored (resultsUrl a path on the site). */
  payload: Record<string, unknown>;
  /** The number of the attempt about to be made, from 1. */
  attempt: number;
  leaseOwner: string;
}

export async function claimDelivery(leaseSeconds: number): Promise<ClaimedDelivery | null> {
  const [row] = await database()<{
    delivery_id: string;
    user_id: string;
    url: string;
    payload: Record<string, unknown>;
    attempt: number;
    lease_owner: string;
  }[]>`select * from private.claim_webhook_delivery(${leaseSeconds})`;
  if (!row) return null;
  return {
    deliveryId: row.delivery_id,
    userId: row.user_id,
    url: row.url,
    payload: row.payload,
    attempt: row.attempt,
    leaseOwner: row.lease_owner,
  };
}

/** Logs the attempt and moves the delivery on (delivered, pending until `nextAttemptAt`, or failed when null). */
export async function recordAttempt(
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  nextAttemptAt: Date | null,
): Promise<boolean> {
  const [row] = await database()<{ recorded: boolean }[]>`
    select private.record_webhook_attempt(
      ${delivery.deliveryId}, ${delivery.leaseOwner}, ${outcome.statusCode}, ${outcome.error}, ${outcome.durationMs},
      ${outcome.delivered}, ${nextAttemptAt}
    ) as recorded
  `;
  return row!.recorded;
}

export async function deliveriesDue(): Promise<boolean> {
  const [row] = await database()<{ due: boolean }[]>`select private.webhook_deliveries_due() as due`;
  return row!.due;
}
