// Sends a mapped file to the api in the contract's parts and returns the answer that started the job. A file of one
// part is one start-enhanced call; a larger one opens its session with start-enhanced (final false) and sends parts
// 1, 2, ... in order, the last marked final. A part that fails for a passing reason (the network, a busy server) is
// sent again with the same number, which the server answers without adding its rows twice. start-enhanced is never
// repeated: a lost answer may have opened a session, and a second call would open another.
import type { BulkRow, BulkUploadAnswer } from "@contracts/bulk-validation";
import { reportVisitorAction } from "@/features/campaigns";
import { ApiError } from "@/lib/api";
import { deleteBulkSession } from "../api/delete-bulk-session";
import { sendBulkPart } from "../api/send-bulk-part";
import { startBulkValidation } from "../api/start-bulk-validation";
import { type Parts, splitIntoParts, utf8Length } from "../file/split-parts";

export type BulkUpload = {
  rows: BulkRow[];
  sessionName: string;
  fileName: string;
  /** The file's header, when it has one. */
  columns?: string[];
  /** After each answered part: rows the server has, of all the file's rows. */
  onProgress?: (sentRows: number, totalRows: number) => void;
};

type Retry = {
  /** Waits before each further try of a part; one try more than there are delays. */
  delaysMs: number[];
  sleep: (ms: number) => Promise<void>;
};

const defaultRetry: Retry = {
  delaysMs: [1_000, 3_000, 10_000],
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Statuses that say "not now" rather than "not this": the same part may well go through a moment later. */
const PASSING_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

export function isPassingFailure(error: unknown): boolean {
  // fetch rejects with a TypeError when the request never got an answer (offline, connection reset).
  if (error instanceof TypeError) return true;
  return error instanceof ApiError && PASSING_STATUSES.has(error.status);
}

function envelopeOf(upload: BulkUpload) {
  return { sessionName: upload.sessionName, fileName: upload.fileName, columns: upload.columns };
}

/** The file's rows in parts, with what their bodies weigh together (each counted with the first part's envelope). */
export function planUpload(upload: BulkUpload): Parts {
  const largestEnvelope = { ...envelopeOf(upload), emailsWithData: [], totalRows: upload.rows.length, final: false };
  return splitIntoParts(upload.rows, { envelopeBytes: utf8Length(JSON.stringify(largestEnvelope)) });
}

export async function sendUpload(
  upload: BulkUpload,
  plan: Parts = planUpload(upload),
  retry: Retry = defaultRetry,
): Promise<BulkUploadAnswer> {
  const total = upload.rows.length;
  const [first = [], ...rest] = plan.parts;
  upload.onProgress?.(0, total);
  let answer = await startBulkValidation({
    ...envelopeOf(upload),
    emailsWithData: first,
    totalRows: total,
    final: rest.length === 0,
  });
  reportVisitorAction("bulk_validation");
  let sent = first.length;
  upload.onProgress?.(sent, total);
  try {
    for (const [index, rows] of rest.entries()) {
      const part = { part: index + 1, emailsWithData: rows, final: index === rest.length - 1 };
      answer = await withRetry(() => sendBulkPart(answer.sessionId, part), retry);
      sent += rows.length;
      upload.onProgress?.(sent, total);
    }
  } catch (error) {
    // A half-sent file would sit in the list as a session that never starts; it goes, as far as the server lets it.
    await deleteBulkSession(answer.sessionId).catch(() => {});
    throw error;
  }
  return answer;
}

async function withRetry<T>(send: () => Promise<T>, retry: Retry): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const delay = retry.delaysMs[attempt];
      if (delay === undefined || !isPassingFailure(error)) throw error;
      await retry.sleep(delay);
    }
  }
}
