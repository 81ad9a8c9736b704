// The fixture SMTP server over real sockets: every behaviour the mailbox probe's tests rely on, the certificate they
// verify, the transcripts and reset on the control port, and the command that runs it alone.
import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { PROBE_BENCH_DOMAINS, SMTP_FIXTURE_DOMAINS, FIXTURE_NAMES } from "../../../edge-functions/_shared/dns/testing/zones.ts";
import { smtpFixtureOptions } from "./command.ts";
import { type RunningSmtpFixture, SMTP_FIXTURE_CA_FILE, startSmtpFixture } from "./index.ts";
import { FixtureMailboxes, GREYLIST_DELAY_MS, SLOW_REPLY_MS } from "./mailboxes.ts";
import { type Reply, SmtpTestClient } from "./smtp-test-client.ts";
import { smtpFixtureControls } from "./testing.ts";

const running: RunningSmtpFixture[] = [];
const clients: SmtpTestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(running.splice(0).map((fixture) => fixture.stop()));
});

async function fixture(options: { replyDelayMs?: number; now?: () => number } = {}) {
  const logged: string[] = [];
  const started = await startSmtpFixture({ smtpPort: 0, controlPort: 0, log: (line) => logged.push(line), ...options });
  running.push(started);
  return { ...started, logged, controls: smtpFixtureControls(started.controlUrl) };
}

async function transaction(target: string, sender?: string): Promise<SmtpTestClient> {
  const client = await SmtpTestClient.inTransaction(target, sender);
  clients.push(client);
  return client;
}

/** Polls until the check passes; a generous ceiling, never a fixed wait. */
async function eventually<T>(read: () => Promise<T>, passes: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (passes(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not so: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const rcpt = (client: SmtpTestClient, address: string) => client.send(`RCPT TO:<${address}>`);
const text = (reply: Reply) => reply.lines.join("\n");

describe("the fixture SMTP server", () => {
  it("greets, and answers EHLO on several lines offering STARTTLS", async () => {
    const { target } = await fixture();
    const { client, greeting } = await SmtpTestClient.open(target);
    clients.push(client);
    expect(greeting.code).toBe(220);
    const ehlo = await client.send("EHLO probe.mailscout.test");
    expect(ehlo.code).toBe(250);
    expect(ehlo.lines.length).toBeGreaterThan(1);
    expect(ehlo.lines.slice(0, -1).every((line) => line.startsWith("250-"))).toBe(true);
    expect(ehlo.lines.at(-1)).toMatch(/^250 /);
    expect(ehlo.lines.some((line) => line.slice(4) === "STARTTLS")).toBe(true);
  });

  it("mailbox.test: jane, john and info exist; full, moved and unknown ones are refused with their codes", async () => {
    const { target } = await fixture();
    const client = await transaction(target);
    for (const name of ["jane", "john", "info", "JANE"]) {
      expect(text(await rcpt(client, `${name}@mailbox.test`))).toBe(`250 2.1.5 <${name}@mailbox.test>: Recipient ok`);
    }
    expect(text(await rcpt(client, "full@mailbox.test"))).toBe("552 5.2.2 <full@mailbox.test>: Mailbox full");
    expect(text(await rcpt(client, "moved@mailbox.test"))).toMatch(/^551 5\.1\.6 <moved@mailbox\.test>/);
    // What a probe's made-up catch-all sample looks like: refused, so the domain is no catch-all.
    expect(text(await rcpt(client, "x7fq2kq9d1@mailbox.test"))).toBe("550 5.1.1 <x7fq2kq9d1@mailbox.test>: User unknown");
    // The probe's own pattern between recipients: RSET, then MAIL FROM again.
    await client.expect("RSET", 250);
    await client.expect("MAIL FROM:<verify@mailscout.test>", 250);
    expect((await rcpt(client, "john@mailbox.test")).code).toBe(250);
    await client.expect("QUIT", 221);
  });

  it("mailbox.test: multi answers a multi-line 250", async () => {
    const { target } = await fixture();
    const reply = await rcpt(await transaction(target), "multi@mailbox.test");
    expect(reply.code).toBe(250);
    expect(reply.lines).toEqual([
      "250-2.1.5 <multi@mailbox.test>: Recipient ok",
      "250 2.1.5 This mailbox answers on two lines",
    ]);
  });

  it("catch-all.test and yahoo.com accept every address; a domain the fixture does not host is relaying, refused", async () => {
    const { target } = await fixture();
    const client = await transaction(target);
    for (const address of ["jane@catch-all.test", "q8x1z0rr4e@catch-all.test", "nobody.at.all@yahoo.com"]) {
      expect((await rcpt(client, address)).code).toBe(250);
    }
    expect(text(await rcpt(client, "jane@example.com"))).toBe("554 5.7.1 <jane@example.com>: Relaying denied");
    expect(text(await rcpt(client, "jane@mailscout-demo.test"))).toMatch(/^554 5\.7\.1 .*Relaying denied$/);
  });

  it("greylist.test: a pair's first RCPT is put off with the delay stated; after it, mailbox.test's rules; reset forgets", async () => {
    let clock = Date.parse("2026-11-27T10:00:00Z");
    const { target, controls } = await fixture({ now: () => clock });
    const client = await transaction(target);
    const greylisted = "451 4.7.1 <jane@greylist.test>: Greylisted, try again in 2 seconds";
    expect(text(await rcpt(client, "jane@greylist.test"))).toBe(greylisted);
    clock += GREYLIST_DELAY_MS - 1;
    expect(text(await rcpt(client, "jane@greylist.test")), "too early a retry").toBe(greylisted);
    clock += 1;
    expect(text(await rcpt(client, "jane@greylist.test"))).toBe("250 2.1.5 <jane@greylist.test>: Recipient ok");
    // Another recipient, or another sender, is a pair of its own.
    expect((await rcpt(client, "nobody@greylist.test")).code).toBe(451);
    const other = await transaction(target, "someone@mailscout.test");
    expect((await rcpt(other, "jane@greylist.test")).code).toBe(451);
    clock += GREYLIST_DELAY_MS;
    expect(text(await rcpt(client, "nobody@greylist.test"))).toBe("550 5.1.1 <nobody@greylist.test>: User unknown");
    expect((await rcpt(client, "full@greylist.test")).code).toBe(451);

    await controls.reset();
    expect((await rcpt(client, "jane@greylist.test")).code, "forgotten by the reset").toBe(451);
    // After its window the pair is a stranger again.
    clock += GREYLIST_DELAY_MS;
    expect((await rcpt(client, "jane@greylist.test")).code).toBe(250);
    clock += 60 * 60 * 1000;
    expect((await rcpt(client, "jane@greylist.test")).code).toBe(451);
  });

  it("always-grey.test puts every attempt off with 450 4.2.0", async () => {
    const { target } = await fixture();
    const client = await transaction(target);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(text(await rcpt(client, "jane@always-grey.test"))).toBe("450 4.2.0 <jane@always-grey.test>: try again later");
    }
  });

  it("blocked.test refuses with a blocklist text naming the client", async () => {
    const { target } = await fixture();
    expect(text(await rcpt(await transaction(target), "jane@blocked.test"))).toBe(
      "554 5.7.1 Service unavailable; Client host [127.0.0.1] blocked using zen.spamhaus.org",
    );
  });

  it("busy.test answers 421 4.3.2 and closes the connection", async () => {
    const { target } = await fixture();
    const client = await transaction(target);
    expect(text(await rcpt(client, "jane@busy.test"))).toBe("421 4.3.2 Service not available, closing transmission channel");
    await client.closed;
  });

  it("closing.test closes the connection without a reply", async () => {
    const { target } = await fixture();
    const client = await transaction(target);
    client.write("RCPT TO:<jane@closing.test>");
    await client.closed;
    expect(client.unread()).toBe("");
  });

  it("stalling.test never answers RCPT, nor anything after it", async () => {
    const { target, controls, stop } = await fixture();
    const client = await transaction(target);
    client.write("RCPT TO:<jane@stalling.test>");
    client.write("NOOP");
    await eventually(controls.transcripts, ({ connections }) =>
      connections.some((connection) => connection.lines.some((line) => line.text === "RCPT TO:<jane@stalling.test>")),
    );
    // Stopping the fixture is what ends the conversation: nothing came back until then.
    await stop();
    running.splice(0);
    await client.closed;
    expect(client.unread()).toBe("");
  });

  it("probe-bench domains: user<n> exists, any other local part is unknown", async () => {
    const { target } = await fixture();
    const client = await transaction(target);
    expect((await rcpt(client, "user17@probe-bench-03.test")).code).toBe(250);
    expect((await rcpt(client, "user0@probe-bench-19.test")).code).toBe(250);
    expect((await rcpt(client, "jane@probe-bench-03.test")).code).toBe(550);
    expect((await rcpt(client, "user@probe-bench-03.test")).code).toBe(550);
  });

  it("slow.test and the bench domains: every reply from the RCPT naming them on comes 100 ms late", async () => {
    const { target } = await fixture();
    for (const domain of ["slow.test", "probe-bench-00.test"]) {
      const client = await transaction(target);
      const timed = async (line: string) => {
        const started = performance.now();
        const reply = await client.send(line);
        return { reply, ms: performance.now() - started };
      };
      const first = await timed(`RCPT TO:<${domain === "slow.test" ? "jane" : "user1"}@${domain}>`);
      expect(first.reply.code).toBe(250);
      expect(first.ms).toBeGreaterThanOrEqual(SLOW_REPLY_MS - 1);
      for (const line of ["RSET", "MAIL FROM:<verify@mailscout.test>", `RCPT TO:<nobody@${domain}>`, "QUIT"]) {
        expect((await timed(line)).ms, line).toBeGreaterThanOrEqual(SLOW_REPLY_MS - 1);
      }
    }
  });

  it("replyDelayMs holds every reply, the greeting included", async () => {
    const { target } = await fixture({ replyDelayMs: 150 });
    let started = performance.now();
    const { client } = await SmtpTestClient.open(target);
    clients.push(client);
    expect(performance.now() - started).toBeGreaterThanOrEqual(149);
    for (const line of ["EHLO probe.mailscout.test", "MAIL FROM:<verify@mailscout.test>", "RCPT TO:<jane@mailbox.test>", "RSET"]) {
      started = performance.now();
      await client.send(line);
      expect(performance.now() - started, line).toBeGreaterThanOrEqual(149);
    }
  });

  it("refuses DATA with 554 before any message, and logs and counts it", async () => {
    const { target, controls, logged } = await fixture();
    const client = await transaction(target);
    expect((await rcpt(client, "jane@mailbox.test")).code).toBe(250);
    expect(text(await client.send("DATA"))).toMatch(/^554 5\.7\.1 /);
    // The session goes on: nothing was taken.
    await client.expect("RSET", 250);
    expect(logged.some((line) => line.includes("refused DATA"))).toBe(true);
    const { connections, dataCommands } = await controls.transcripts();
    expect(dataCommands).toBe(1);
    expect(connections[0]!.lines.filter((line) => line.from === "client").map((line) => line.text)).toContain("DATA");
  });

  it("STARTTLS: the certificate verifies against the committed CA as an MX host's name, and the conversation goes on", async () => {
    const { target, caFile, controls } = await fixture();
    const { client } = await SmtpTestClient.open(target);
    clients.push(client);
    await client.expect("EHLO probe.mailscout.test", 250);
    const socket = await client.startTls("mx.tls.test", readFileSync(caFile));
    expect(socket.authorized).toBe(true);
    const ehlo = await client.expect("EHLO probe.mailscout.test", 250);
    expect(ehlo.lines.some((line) => line.slice(4) === "STARTTLS"), "not offered twice").toBe(false);
    await client.expect("MAIL FROM:<verify@mailscout.test>", 250);
    expect(text(await rcpt(client, "jane@tls.test"))).toBe("250 2.1.5 <jane@tls.test>: Recipient ok");
    expect((await rcpt(client, "nobody@tls.test")).code).toBe(550);
    const [connection] = (await controls.transcripts()).connections;
    expect(connection!.tls).toBe(true);
    expect(connection!.lines.map((line) => line.text)).toContain("RCPT TO:<jane@tls.test>");
  });

  it("STARTTLS: a name the certificate does not carry fails verification", async () => {
    const { target, caFile } = await fixture();
    const { client } = await SmtpTestClient.open(target);
    clients.push(client);
    await client.expect("EHLO probe.mailscout.test", 250);
    await expect(client.startTls("mx.elsewhere.example", readFileSync(caFile))).rejects.toMatchObject({
      code: "ERR_TLS_CERT_ALTNAME_INVALID",
    });
  });

  it("the certificate names every MX host the fixture plays, for 20 years; the fixture plays every fixture mail domain", () => {
    const certificate = new X509Certificate(readFileSync(new URL("./tls/server.pem", import.meta.url)));
    expect(certificate.verify(new X509Certificate(readFileSync(SMTP_FIXTURE_CA_FILE)).publicKey)).toBe(true);
    const names = certificate.subjectAltName!.split(", ").map((name) => name.replace(/^DNS:/, ""));
    const yahooHosts = FIXTURE_NAMES.get("yahoo.com")!.records!.MX!.map((mx) => mx.exchange);
    expect(new Set(names)).toEqual(new Set([...SMTP_FIXTURE_DOMAINS.map((domain) => `mx.${domain}`), ...yahooHosts]));
    expect(Date.parse(certificate.validTo)).toBeGreaterThan(Date.now() + 15 * 365 * 86_400_000);

    expect(new FixtureMailboxes(Date.now).domains().sort()).toEqual([...SMTP_FIXTURE_DOMAINS, "yahoo.com"].sort());
    expect(SMTP_FIXTURE_DOMAINS.filter((domain) => domain.startsWith("probe-bench-"))).toHaveLength(PROBE_BENCH_DOMAINS);
  });

  it("transcripts: each connection's commands and replies in order, oldest connection first; reset clears them", async () => {
    const { target, controls } = await fixture();
    const first = await transaction(target);
    await rcpt(first, "jane@mailbox.test");
    await first.expect("QUIT", 221);
    await first.closed;
    const second = await transaction(target);
    await rcpt(second, "jane@catch-all.test");

    const { connections, dataCommands } = await eventually(controls.transcripts, ({ connections }) =>
      connections[0]?.closedAt !== null,
    );
    expect(dataCommands).toBe(0);
    expect(connections).toHaveLength(2);
    const [closed, open] = connections;
    expect(closed!.remoteAddress).toBe("127.0.0.1");
    expect(closed!.tls).toBe(false);
    expect(open!.closedAt).toBeNull();
    const said = closed!.lines.map((line) => `${line.from === "client" ? "C" : "S"}: ${line.text}`);
    expect(said[0]).toMatch(/^S: 220 /);
    expect(said.slice(1, 3)).toEqual(["C: EHLO probe.mailscout.test", "S: 250-mx.smtp-fixture.test Nice to meet you, [127.0.0.1]"]);
    expect(said.slice(-6)).toEqual([
      "C: MAIL FROM:<verify@mailscout.test>",
      "S: 250 Accepted",
      "C: RCPT TO:<jane@mailbox.test>",
      "S: 250 2.1.5 <jane@mailbox.test>: Recipient ok",
      "C: QUIT",
      "S: 221 Bye",
    ]);
    expect(open!.lines.map((line) => line.text)).toContain("RCPT TO:<jane@catch-all.test>");

    await controls.reset();
    expect(await controls.transcripts()).toEqual({ connections: [], dataCommands: 0 });
  });
});

describe("mailscout smtp-fixture", () => {
  it("takes --port and --control-port, 2525 and 2526 by default, and refuses what is not a port", () => {
    expect(smtpFixtureOptions([])).toEqual({ smtpPort: 2525, controlPort: 2526 });
    expect(smtpFixtureOptions(["--port", "2600", "--control-port=2601"])).toEqual({ smtpPort: 2600, controlPort: 2601 });
    expect(smtpFixtureOptions(["--port", "smtp"])).toHaveProperty("error");
    expect(smtpFixtureOptions(["--port", "70000"])).toHaveProperty("error");
    expect(smtpFixtureOptions(["--verbose"])).toHaveProperty("error");
  });
});
