// The connection the Auth stand-in runs its SQL on: the pool, or a transaction opened on it.
import postgres from "postgres";

export type Db = postgres.Sql | postgres.TransactionSql;

// GoTrue writes the nil instance id on every row it creates and looks users up by it.
export const INSTANCE_ID = "00000000-0000-0000-0000-000000000000";

const UNIQUE_VIOLATION = "23505";

/** A unique index refused the row, e.g. two sign-ups racing for one email. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  return err instanceof postgres.PostgresError && err.code === UNIQUE_VIOLATION && err.constraint_name === constraint;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * jsonb parameters go as JSON text, written `${asJson(value)}::text::jsonb`: the driver then sends the text as is
 * (with a bare `::jsonb` it would JSON-encode the string a second time), and any JSON value fits.
 */
export const asJson = (value: unknown): string => JSON.stringify(value);
