// What the database refuses, turned into the DomainErrors the api answers. Triggers and definer functions raise
// SQLSTATE P0xxx with a reason word as the message (and sometimes a DETAIL); each feature says in one table which of
// those are the caller's doing. Anything it does not recognise is not the caller's doing and stays as it is (a 500 with
// the detail in the log).
import type { DomainError } from "../errors.ts";

/** The fields of a PostgreSQL error (postgres.js's PostgresError) that say what was refused. */
export interface DatabaseError {
  code?: string;
  message?: string;
  detail?: string;
  constraint_name?: string;
  column_name?: string;
}

export function databaseError(error: unknown): DatabaseError | null {
  return typeof error === "object" && error !== null && "code" in error ? error as DatabaseError : null;
}

/** A feature's table from a database refusal to its DomainError; null for what is not a refusal of the caller's. */
export type RefusalTable = (found: DatabaseError) => DomainError | null;

/** Runs `work`, the database's refusals that `table` recognises thrown as DomainErrors. */
export async function withRefusals<T>(table: RefusalTable, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const found = databaseError(error);
    throw (found && table(found)) ?? error;
  }
}
