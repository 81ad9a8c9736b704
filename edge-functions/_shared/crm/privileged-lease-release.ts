// Hands a run's lease back once its batch is recorded (migrations/*_crm_sync_lease_release.sql), on the functions'
// own connection like the rest of the queue: the run's next batch is then claimed at once, not after the lease ends.
import { database } from "../db/pool.ts";
import type { ClaimedSyncRun } from "./privileged-queue.ts";

/** False when the lease was lost, or the run is no longer running (it completed with that batch). */
export async function releaseSyncLease(run: ClaimedSyncRun): Promise<boolean> {
  const [row] = await database()<{ released: boolean }[]>`
    select private.release_crm_sync_lease(${run.runId}, ${run.leaseOwner}) as released
  `;
  return row!.released;
}
