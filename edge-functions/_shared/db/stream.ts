// Answers too large to build in memory (a download read through a cursor), produced inside one transaction: the
// transaction stays open while the reader reads, and `produce` is asked for its next piece only when the reader has
// taken the last, so memory holds a piece or two whatever the size. A reader that stops early (a client that hangs up)
// ends the transaction, and its cursor, at the next piece.
import type postgres from "postgres";

/** Opens a transaction, runs `work` in it, and ends it when `work` does. */
export type Transaction = (work: (sql: postgres.TransactionSql) => Promise<void>) => Promise<unknown>;

export function streamWithin(
  transaction: Transaction,
  produce: (sql: postgres.TransactionSql) => AsyncIterable<string>,
): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<string, string>();
  const writer = writable.getWriter();
  transaction(async (sql) => {
    for await (const piece of produce(sql)) {
      await writer.ready;
      await writer.write(piece);
    }
  }).then(
    () => writer.close(),
    (error) => writer.abort(error),
  ).catch(() => {
    // The reader is gone: nobody is left to tell.
  });
  return readable.pipeThrough(new TextEncoderStream());
}
