// A job's public names: its status as the public API words it and the absolute URLs a client follows, on the site's
// origin (which serves /api), so a link in an answer or a callback works wherever the client is.
import type { BulkSession } from "../bulk-validation/index.ts";
import { siteUrl } from "../marketing/index.ts";
import type { JobStatusName } from "./contract.ts";

/** A cancelled job is one that will not complete: the public API has no word of its own for it. */
export function jobStatusName(status: BulkSession["status"]): JobStatusName {
  return status === "cancelled" ? "failed" : status;
}

export function jobStatusUrl(jobId: string): string {
  return `${siteUrl()}/api/integrations/job-status/${jobId}`;
}

export function jobResultsUrl(jobId: string): string {
  return `${siteUrl()}/api/integrations/jobs/${jobId}/results`;
}
