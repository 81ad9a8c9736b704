// What the bulk SQL functions refuse, as the DomainErrors the api answers. The functions raise SQLSTATE P0xxx with the
// reason as the message (migrations/*_bulk_validation_jobs.sql); anything else is not the caller's doing and stays as
// it is (a 500 with the detail in the log).
import { DomainError } from "../errors.ts";
import { BULK_RUNNING_JOBS_MAX } from "./contract.ts";

interface DatabaseError {
  code?: string;
  message?: string;
  detail?: string;
}

function databaseError(error: unknown): DatabaseError | null {
  return typeof error === "object" && error !== null && "code" in error ? error as DatabaseError : null;
}

export function refusedUpload(error: unknown): unknown {
  const found = databaseError(error);
  if (!found) return error;
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
      return error;
  }
}
