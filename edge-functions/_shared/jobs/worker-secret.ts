// Workers are called by the api, by other workers and by the schedule (pg_net), never by browsers: every call carries
// the shared secret (WORKER_SECRET) in one header, checked in constant time.
import { timingSafeEqual } from "node:crypto";

export const WORKER_SECRET_HEADER = "x-worker-secret";

/**
 * Whether `given` is the secret. Both sides are hashed first, so the comparison takes the same time whatever the
 * lengths and wherever they differ. An empty secret admits nobody: a deployment that forgot to set it stays closed.
 */
export async function isWorkerSecret(given: string | null | undefined, secret: string): Promise<boolean> {
  if (!secret || !given) return false;
  const [a, b] = await Promise.all([sha256(given), sha256(secret)]);
  return timingSafeEqual(a, b);
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}
