// An exploration reaches out (the egress proxy, the sites behind it) and writes the shared cache, so more can fail on
// our side than on most requests. Such a failure is the exploration failing, answered with a message and a status
// that says "try again later", not a bare internal error; refusals and the caller's own mistakes stay what they are.
import { DomainError } from "../errors.ts";

/** `work`'s result; any failure other than a DomainError becomes DomainError "exploration_failed" (its cause kept). */
export async function failingOnOurSide<T>(domain: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError("exploration_failed", { domain }, { cause: error });
  }
}
