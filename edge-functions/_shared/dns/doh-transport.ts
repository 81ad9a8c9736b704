// DNS over HTTPS (RFC 8484 §4.1): the wire-format message POSTed as application/dns-message. It needs nothing but
// fetch, so it works wherever an edge function can make an HTTP request, which is why production uses it (index.ts).
import { DnsTransportError } from "./transport.ts";

const DNS_MESSAGE = "application/dns-message";

export async function exchangeDoh(
  url: URL,
  query: Uint8Array<ArrayBuffer>,
  options: { timeoutMs: number },
): Promise<Uint8Array> {
  // One signal for the request and the body: the whole exchange is bounded, not just the headers.
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": DNS_MESSAGE, accept: DNS_MESSAGE },
      body: query,
      signal,
    });
    const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (!response.ok || type !== DNS_MESSAGE) {
      // An unread body would hold the connection open.
      await response.body?.cancel();
      throw new DnsTransportError(
        response.ok ? `answered ${type ?? "without a content type"}, not ${DNS_MESSAGE}` : `HTTP ${response.status}`,
      );
    }
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof DnsTransportError) throw error;
    if (signal.aborted) throw new DnsTransportError(`no answer within ${options.timeoutMs} ms`, { timedOut: true });
    throw new DnsTransportError(error instanceof Error ? error.message : String(error));
  }
}
