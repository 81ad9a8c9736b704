// Placeholder until generation lands: the signatures other helpers wire routes to.
import type { GenerateBulkResult } from "./contract.ts";

export function generateBatch(_limit: number): Promise<GenerateBulkResult> {
  throw new Error("not yet built");
}
export function regeneratePage(_id: string): Promise<"regenerated" | "removed" | "not_found"> {
  throw new Error("not yet built");
}
export function refreshStalePages(_limit: number): Promise<number> {
  throw new Error("not yet built");
}
