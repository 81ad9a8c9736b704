// DNS over TCP (RFC 1035 §4.2.2, RFC 7766) through node:net: each message is preceded by its length in two bytes.
// Used when a UDP answer comes back truncated. One connection per question, closed once the answer is in.
import { connect } from "node:net";
import { Buffer } from "node:buffer";
import { DnsTransportError, type NameServer } from "./transport.ts";

export function exchangeTcp(
  server: NameServer,
  query: Uint8Array,
  options: { timeoutMs: number },
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: server.host, port: server.port });
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new DnsTransportError(`no answer within ${options.timeoutMs} ms`, { timedOut: true }))),
      options.timeoutMs,
    );
    socket.on("error", (error) => finish(() => reject(new DnsTransportError(error.message))));
    socket.on("close", () => finish(() => reject(new DnsTransportError("the server closed the connection early"))));
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 2) return;
      const length = received.readUInt16BE(0);
      if (received.length < 2 + length) return;
      const answer = new Uint8Array(received.subarray(2, 2 + length));
      finish(() => resolve(answer));
    });
    const frame = Buffer.alloc(2 + query.length);
    frame.writeUInt16BE(query.length, 0);
    frame.set(query, 2);
    socket.write(frame);
  });
}
