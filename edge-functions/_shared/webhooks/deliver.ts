// One attempt of a delivery: the guarded HTTPS POST. The callbackUrl is checked again (callback-url.ts) right before
// it, so a name pointed into private space since the job was submitted is refused; the connection goes only to the
// addresses just checked, or through the egress proxy (OUTBOUND_HTTP_PROXY), as the crawler's does (explorations/net).
// Redirects are not followed: a 3xx is an answer that is not 2xx, like any other. The whole attempt, answer included,
// has WEBHOOK_TIMEOUT_MS; the receiver's body is read only to be discarded, up to a small cap.
import { WEBHOOK_TIMEOUT_MS } from "../contracts/api-keys.ts";
import type { DnsClient } from "../dns/index.ts";
import { createDirectTransport, createProxyTransport, type HttpTransport } from "../explorations/net/index.ts";
import { callbackTarget } from "./callback-url.ts";

export interface DeliveryNetwork {
  dns: DnsClient;
  transport: HttpTransport;
  timeoutMs?: number;
}

export interface AttemptOutcome {
  /** A 2xx came back. */
  delivered: boolean;
  /** The receiver's status, or null when none came (refused address, timeout, connection failure). */
  statusCode: number | null;
  /** Why it was not delivered, in words for the delivery log; null when delivered. */
  error: string | null;
  durationMs: number;
}

export interface OutgoingWebhook {
  url: string;
  body: string;
  headers: Record<string, string>;
}

const USER_AGENT = "MailScout-Webhooks/1.0";
/** A receiver's answer is not used: reading a little lets the connection end cleanly, reading more is waste. */
const ANSWER_READ_BYTES = 16 * 1024;

/** The transport OUTBOUND_HTTP_PROXY picks, trusting OUTBOUND_CA_FILE's certificates besides the usual roots. */
export async function webhookTransport(settings: { proxy: string; caFile: string }): Promise<HttpTransport> {
  const trustedCertificates = settings.caFile ? [await Deno.readTextFile(settings.caFile)] : undefined;
  return settings.proxy
    ? createProxyTransport(new URL(settings.proxy), { trustedCertificates })
    : createDirectTransport({ trustedCertificates });
}

export async function attemptDelivery(network: DeliveryNetwork, webhook: OutgoingWebhook): Promise<AttemptOutcome> {
  const started = performance.now();
  const outcome = (statusCode: number | null, error: string | null): AttemptOutcome => ({
    delivered: error === null,
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const timeoutMs = network.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const target = await callbackTarget(network.dns, webhook.url);
    if (!target.ok) return outcome(null, `Refused: the callbackUrl ${target.problem}`);
    const response = await network.transport.send({
      url: target.url,
      addresses: target.addresses,
      method: "POST",
      body: webhook.body,
      headers: {
        ...webhook.headers,
        "content-type": "application/json",
        "user-agent": USER_AGENT,
      },
      signal,
    });
    await discard(response.body, signal);
    const status = response.status;
    if (status >= 200 && status < 300) return outcome(status, null);
    const redirect = status >= 300 && status < 400 ? " (redirects are not followed)" : "";
    return outcome(status, `The receiver answered ${status}${redirect}`);
  } catch (error) {
    if (signal.aborted) return outcome(null, `No answer within ${timeoutMs / 1000} s`);
    return outcome(null, `Could not connect: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function discard(body: AsyncIterable<Uint8Array> & { destroy(): void }, signal: AbortSignal): Promise<void> {
  const stop = () => body.destroy();
  signal.addEventListener("abort", stop, { once: true });
  let read = 0;
  try {
    for await (const chunk of body) {
      read += chunk.length;
      if (read >= ANSWER_READ_BYTES) break;
    }
  } finally {
    signal.removeEventListener("abort", stop);
    body.destroy();
  }
}
