// Work done for a signed-in user is paid for before it runs: the meter (private.meter_usage) draws the units from the
// month's allowance, the trial, granted and paid credits, all or nothing and under the profile's lock, so parallel
// requests never spend the same unit twice. Work that then fails on our side gives its units back, named by the
// request's reference; the caller is charged only for answers.
import { type DatabaseError, withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";
import type { WorkKind } from "./contract.ts";
import { meterUsage, releaseUsage } from "./privileged-usage.ts";

/** Charges `units` of `work` under `reference`; throws credits_needed with the balance when they are not there. */
export async function meterWork(userId: string, work: WorkKind, units: number, reference: string): Promise<void> {
  const answer = await withRefusals(meterRefusal, () => meterUsage(userId, work, units, reference));
  if (!answer.allowed) throw new DomainError("credits_needed", { work, balance: answer.balance });
}

/** Gives back up to `units` that `reference` was charged; answers how many came back. */
export async function releaseWork(userId: string, reference: string, units: number): Promise<number> {
  return await releaseUsage(userId, reference, units);
}

/**
 * `run`'s answer, charged `units` of `work` first (one, or one per address of a call that validates several). A failure
 * of `run` (ours, or a refusal after the charge) gives the units back and is rethrown: nothing was answered, so nothing
 * is paid for.
 */
export async function meteredRequest<T>(userId: string, work: WorkKind, run: () => Promise<T>, units = 1): Promise<T> {
  const reference = `request:${crypto.randomUUID()}`;
  await meterWork(userId, work, units, reference);
  try {
    return await run();
  } catch (error) {
    await releaseWork(userId, reference, units).catch((releaseError) => {
      // The failure the caller sees is the work's; a release that fails too is logged for us to settle by hand.
      console.error(`releasing ${reference} of user ${userId} failed:`, releaseError);
    });
    throw error;
  }
}

/**
 * The meter's own refusal: an account deleted moments ago, whose token another instance still remembers (for up to
 * 30 s), has no balance to draw from.
 */
export function meterRefusal(found: DatabaseError): DomainError | null {
  return found.code === "P0404" && found.message === "user_not_found" ? new DomainError("user_not_found") : null;
}

/**
 * The meter's refusal raised inside a larger SQL function (the bulk upload's final part): SQLSTATE P0402
 * credits_needed with the balance in DETAIL. For a feature's refusal table (db/refusals.ts).
 */
export function creditsNeededRefusal(found: DatabaseError, work: WorkKind): DomainError | null {
  if (found.code !== "P0402" || found.message !== "credits_needed") return null;
  const balance = Number.parseInt(found.detail ?? "", 10);
  return new DomainError("credits_needed", { work, balance: Number.isSafeInteger(balance) ? balance : 0 });
}
