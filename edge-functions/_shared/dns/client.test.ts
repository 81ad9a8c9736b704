// The DNS client against real servers on 127.0.0.1: the fixture (UDP, TCP, DoH) and, where a misbehaving server is
// needed, a few lines of node:dgram in the test. Timeouts are short here because the servers that trigger them never
// answer: the outcome doesn't depend on how fast anything is.
import assert from "node:assert/strict";
import dgram from "node:dgram";
import { Buffer } from "node:buffer";
// @ts-types="@types/dns-packet"
import * as dnsPacket from "dns-packet";
import { createDnsClient, DnsQueryError } from "./client.ts";
import { startDnsFixture } from "./testing/fixture-server.ts";
import type { DnsServer } from "./transport.ts";

const udp = (port: number): DnsServer => ({ transport: "udp", host: "127.0.0.1", port });
const doh = (url: string): DnsServer => ({ transport: "doh", url: new URL(url) });
const mxHosts = (answers: dnsPacket.Answer[]) =>
  answers.flatMap((answer) => (answer.type === "MX" ? [answer.data.exchange] : []));

Deno.test("client: a UDP question gets the fixture's answer", async () => {
  const fixture = await startDnsFixture();
  try {
    const response = await createDnsClient({ servers: [udp(fixture.port)] }).query("mailscout-demo.test", "MX");
    assert.equal(response.rcode, "NOERROR");
    assert.deepEqual(mxHosts(response.answers), ["mx1.mailscout-demo.test", "mx2.mailscout-demo.test"]);
    assert.deepEqual(fixture.queries, [{ name: "mailscout-demo.test", type: "MX", transport: "udp" }]);
  } finally {
    await fixture.stop();
  }
});

Deno.test("client: NXDOMAIN comes back as such, with the zone's SOA", async () => {
  const fixture = await startDnsFixture();
  try {
    const response = await createDnsClient({ servers: [udp(fixture.port)] }).query("nowhere.test", "MX");
    assert.equal(response.rcode, "NXDOMAIN");
    assert.deepEqual(response.authorities.map((record) => [record.type, record.name]), [["SOA", "test"]]);
  } finally {
    await fixture.stop();
  }
});

Deno.test("client: a truncated UDP answer is asked again over TCP", async () => {
  const fixture = await startDnsFixture();
  try {
    const response = await createDnsClient({ servers: [udp(fixture.port)] }).query("many-mx.test", "MX");
    assert.equal(response.truncated, false);
    assert.equal(mxHosts(response.answers).length, 40);
    assert.deepEqual(fixture.queries.map((query) => query.transport), ["udp", "tcp"]);
  } finally {
    await fixture.stop();
  }
});

Deno.test("client: DNS-over-HTTPS POSTs the wire format and reads the answer", async () => {
  const fixture = await startDnsFixture({ doh: true });
  try {
    const client = createDnsClient({ servers: [doh(fixture.dohUrl!)] });
    const response = await client.query("many-mx.test", "MX");
    assert.equal(mxHosts(response.answers).length, 40, "no 512-byte limit over HTTP");
    assert.equal((await client.query("servfail.test", "MX")).rcode, "SERVFAIL");
    assert.deepEqual(fixture.queries.map((query) => query.transport), ["doh", "doh"]);
  } finally {
    await fixture.stop();
  }
});

Deno.test("client: a server that never answers times out, is asked twice, then DnsQueryError", async () => {
  const fixture = await startDnsFixture();
  try {
    const client = createDnsClient({ servers: [udp(fixture.port)], timeoutMs: 100 });
    await assert.rejects(client.query("timeout.test", "MX"), (error: unknown) => {
      assert.ok(error instanceof DnsQueryError);
      assert.match(error.message, /^MX timeout\.test: 127\.0\.0\.1:\d+: no answer within 100 ms; /);
      return true;
    });
    assert.equal(fixture.queries.length, 2);
  } finally {
    await fixture.stop();
  }
});

Deno.test("client: a DoH server that never answers times out too", async () => {
  const fixture = await startDnsFixture({ doh: true });
  try {
    const client = createDnsClient({ servers: [doh(fixture.dohUrl!)], timeoutMs: 100 });
    await assert.rejects(client.query("timeout.test", "MX"), /no answer within 100 ms/);
  } finally {
    await fixture.stop();
  }
});

Deno.test("client: a malformed answer is an error, never an answer", async () => {
  const fixture = await startDnsFixture();
  try {
    const client = createDnsClient({ servers: [udp(fixture.port)] });
    await assert.rejects(client.query("malformed.test", "MX"), (error: unknown) => {
      assert.ok(error instanceof DnsQueryError);
      assert.match(error.message, /undecodable answer/);
      return true;
    });
  } finally {
    await fixture.stop();
  }
});

Deno.test("client: SERVFAIL moves on to the next server, and is returned when every server fails", async () => {
  const first = await startDnsFixture();
  const second = await startDnsFixture();
  try {
    const client = createDnsClient({ servers: [udp(first.port), udp(second.port)] });
    assert.equal((await client.query("servfail.test", "MX")).rcode, "SERVFAIL");
    // Each asked once: a server that answered SERVFAIL isn't asked the same question again.
    assert.equal(first.queries.length, 1);
    assert.equal(second.queries.length, 1);
  } finally {
    await first.stop();
    await second.stop();
  }
});

Deno.test("client: a silent server is skipped for the next one", async () => {
  const silent = await bindUdp(() => {});
  const fixture = await startDnsFixture();
  try {
    const client = createDnsClient({ servers: [udp(silent.port), udp(fixture.port)], timeoutMs: 100 });
    assert.equal((await client.query("gmail.com", "MX")).rcode, "NOERROR");
    assert.equal(silent.received(), 1);
  } finally {
    await silent.close();
    await fixture.stop();
  }
});

Deno.test("client: UDP datagrams with another id are ignored, the one with ours is taken", async () => {
  // Answers every question twice: first under a wrong id (as a spoofer or a late answer would), then under the right.
  const server = await bindUdp((query, reply) => {
    const asked = dnsPacket.decode(query);
    const answer = (id: number, ip: string) =>
      dnsPacket.encode({
        type: "response",
        id,
        questions: asked.questions,
        answers: [{ type: "A", name: "twice.test", ttl: 60, data: ip }],
      });
    reply(answer((asked.id! + 1) & 0xffff, "192.0.2.66"));
    reply(answer(asked.id!, "192.0.2.1"));
  });
  try {
    const response = await createDnsClient({ servers: [udp(server.port)] }).query("twice.test", "A");
    assert.deepEqual(response.answers.map((answer) => ("data" in answer ? answer.data : undefined)), ["192.0.2.1"]);
  } finally {
    await server.close();
  }
});

Deno.test("client: only wrong-id datagrams means no answer", async () => {
  const server = await bindUdp((query, reply) => {
    const asked = dnsPacket.decode(query);
    reply(dnsPacket.encode({ type: "response", id: (asked.id! + 1) & 0xffff, questions: asked.questions }));
  });
  try {
    const client = createDnsClient({ servers: [udp(server.port)], timeoutMs: 100 });
    await assert.rejects(client.query("spoofed.test", "A"), DnsQueryError);
    assert.equal(server.received(), 2);
  } finally {
    await server.close();
  }
});

Deno.test("client: each question goes out under a fresh id", async () => {
  const ids: number[] = [];
  const server = await bindUdp((query, reply) => {
    const asked = dnsPacket.decode(query);
    ids.push(asked.id!);
    reply(dnsPacket.encode({ type: "response", id: asked.id, questions: asked.questions }));
  });
  try {
    const client = createDnsClient({ servers: [udp(server.port)] });
    for (let i = 0; i < 8; i++) await client.query("ids.test", "A");
    assert.ok(new Set(ids).size > 1, `ids ${ids.join(", ")}`);
  } finally {
    await server.close();
  }
});

// The limit itself is tested in turns.test.ts; here, that a bulk validation's burst of new domains comes back whole.
Deno.test("client: a burst of 2,000 questions at once is answered in full", async () => {
  const fixture = await startDnsFixture();
  try {
    const client = createDnsClient({ servers: [udp(fixture.port)] });
    const names = Array.from({ length: 2_000 }, (_, i) => `bench-${String(i).padStart(4, "0")}.test`);
    const responses = await Promise.all(names.map((name) => client.query(name, "MX")));
    assert.ok(responses.every((response) => response.rcode === "NOERROR" && response.answers.length === 1));
  } finally {
    await fixture.stop();
  }
});

Deno.test("client: at least one server is required", () => {
  assert.throws(() => createDnsClient({ servers: [] }), /at least one server/);
});

/** A UDP server on 127.0.0.1 whose behaviour the test writes. */
async function bindUdp(onQuery: (query: Buffer, reply: (bytes: Uint8Array) => void) => void) {
  const socket = dgram.createSocket("udp4");
  let received = 0;
  socket.on("message", (message: Buffer, from: { address: string; port: number }) => {
    received++;
    onQuery(message, (bytes) => socket.send(bytes, from.port, from.address));
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    port: socket.address().port,
    received: () => received,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
