// The admin queries that run past RLS on the api's own connection: the sealed payment credentials (no API role may
// select them) and the database export's snapshot, which reads every table with the owner's rights (database-export.ts
// reads only the columns export-columns.ts lets out).
import type postgres from "postgres";
import { database } from "../db/pool.ts";
import { streamWithin } from "../db/stream.ts";
import type { PaymentProvider } from "./contract.ts";

export async function sealedPaymentConfigs(): Promise<{ provider: PaymentProvider; credentials_sealed: string }[]> {
  return await database()<{ provider: PaymentProvider; credentials_sealed: string }[]>`
    select provider, credentials_sealed from private.payment_config_sealed()
  `;
}

/**
 * A byte stream produced inside one read-only snapshot on the privileged pool, so the row counts of the manifest and
 * the rows that follow agree, whatever is written meanwhile.
 */
export function streamSnapshot(produce: (sql: postgres.TransactionSql) => AsyncIterable<string>): ReadableStream<Uint8Array> {
  return streamWithin((work) => database().begin("isolation level repeatable read read only", work), produce);
}
