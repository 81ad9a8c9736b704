// A contact to sync as SQL answers it (private.crm_sync_candidates and private.crm_sync_run_batch share these
// columns), turned into what the sync takes: one mapping for the api's inline syncs and the worker's batches.
import type { SyncContactInput } from "./sync-rules.ts";

export interface SyncContactRow {
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  phone: string | null;
  mobile: string | null;
  job_title: string | null;
  is_valid: boolean | null;
}

/** The row as a SyncContactInput; ids are bigints, which postgres.js answers as strings. */
export function syncContactFromRow(contactId: string | number, row: SyncContactRow): SyncContactInput {
  return {
    contactId: Number(contactId),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    phone: row.phone,
    mobile: row.mobile,
    jobTitle: row.job_title,
    isValid: row.is_valid,
  };
}
