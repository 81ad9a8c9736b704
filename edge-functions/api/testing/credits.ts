// Giving test users credits the way the product does: an admin's grant (POST /api/admin/users/{id}/credits). Signed-in
// work is metered, and a new account's trial covers a hundred validations, so a test (or the bench) doing more grants
// its user what it needs first. Granted credits are drawn after the trial, soonest expiry first; these never expire.
import assert from "node:assert/strict";
import { call, signedInAdmin, withDatabase } from "./stack.ts";

let granter: Promise<{ id: string; token: string }> | undefined;

/** Grants `credits` to the user, as one admin made for the whole test file. */
export async function grantCredits(userId: string, credits: number): Promise<void> {
  granter ??= signedInAdmin();
  const response = await call(`/api/admin/users/${userId}/credits`, {
    token: (await granter).token,
    body: { amount: credits, grantType: "bonus", reason: "Credits for a test" },
  });
  assert.equal(response.status, 201, response.text);
}

/**
 * Ends the user's trial's allowances as if they were used, so that what the user has is known exactly: nothing but
 * what a test grants (the month's free allowance only starts once the trial is over, and this one is not over).
 */
export async function useUpTrial(userId: string): Promise<void> {
  await withDatabase((sql) =>
    sql`
      update public.profiles
         set trial_single_validations_used = private.setting_integer('trial_validations', 100),
             trial_bulk_validations_used = private.setting_integer('trial_bulk_rows', 5000),
             trial_domain_scrapes_used = private.setting_integer('trial_explorations', 20)
       where id = ${userId}
    `
  );
}

/** Net units the user's ledger holds, in all or for one kind of work: what the meter charged, less what it gave back. */
export async function ledgerUnits(userId: string, work?: string): Promise<number> {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ units: number }[]>`
      select coalesce(sum(units), 0)::integer as units from public.usage_ledger
       where user_id = ${userId} and (${work ?? null}::text is null or work = ${work ?? null})
    `;
    return row!.units;
  });
}

/** What a 402 answers when nothing is left for a single validation. */
export const NO_VALIDATIONS_LEFT = {
  message: "You have no validations left. Buy credits or choose a plan to continue.",
  needsCredits: true,
  balance: 0,
} as const;
