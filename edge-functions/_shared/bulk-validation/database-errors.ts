// What the bulk SQL functions refuse, as the DomainErrors the api answers. The functions raise SQLSTATE P0xxx with the
// reason as the message (migrations/*_bulk_validation_jobs.sql). The final part's commit also meters the job's rows,
// and the meter's refusal (P0402 credits_needed) leaves the part unstored, so the client may send it again after buying.
import { creditsNeededRefusal } from "../billing/index.ts";
import type { DatabaseError } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";
import { BULK_RUNNING_JOBS_MAX } from "./contract.ts";

export function refusedUpload(found: DatabaseError): DomainError | null {
  switch (`${found.code} ${found.message}`) {
    case "P0429 too_many_jobs":
      return new DomainError("bulk_too_many_jobs", { limit: BULK_RUNNING_JOBS_MAX });
    case "P0404 not_found":
      return new DomainError("bulk_session_not_found");
    case "P0409 part_out_of_order":
      return new DomainError("bulk_part_out_of_order", { problem: found.detail ?? "Parts must be sent in order." });
    case "P0409 upload_complete":
      return new DomainError("bulk_upload_complete");
    case "P0413 too_large":
      return new DomainError("bulk_too_large");
    case "P0400 no_rows":
      return new DomainError("bulk_no_rows");
    default:
      return creditsNeededRefusal(found, "bulk_row");
  }
}
