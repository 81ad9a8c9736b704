// The admin queries that run past RLS on the api's own connection: the sealed payment credentials (no API role may
// select them) and the database export's snapshot, which reads every table with the owner's rights (database-export.ts
// reads only the columns export-columns.ts lets out).
import type postgres from "postgres";
import { database } from "../db/pool.ts";
import { streamWithin } from "../db/stream.ts";
import type { PaymentProvider } from "./contract.ts";

export interface SealedPaymentConfig {
  provider: PaymentProvider;
  credentials_sealed: string;
}

export async function sealedPaymentConfigs(): Promise<SealedPaymentConfig[]> {
  return await database()<SealedPaymentConfig[]>`
    select provider, credentials_sealed from private.payment_config_sealed()
  `;
}

/** The providers an admin switched on, sealed: what checkouts, webhooks and the pricing page may use. */
export async function activeSealedPaymentConfigs(): Promise<SealedPaymentConfig[]> {
  return await database()<SealedPaymentConfig[]>`
    select provider, credentials_sealed from public.payment_config where is_active order by provider
  `;
}

/**
 * A byte stream produced inside one read-only snapshot on the privileged pool, so the row counts of the manifest and
 * the rows that follow agree, whatever is written meanwhile.
 */
export function streamSnapshot(produce: (sql: postgres.TransactionSql) => AsyncIterable<string>): ReadableStream<Uint8Array> {
  return streamWithin((work) => database().begin("isolation level repeatable read read only", work), produce);
}
