// probeDomain against scripted mail servers on 127.0.0.1 (SMTP_PROBE_TARGET), with MX hosts from the DNS fixture:
// what each server behaviour turns into, what the probe said (one conversation for all addresses, RSET, QUIT), and
// that no session ever saw DATA. Timeouts are short only where a server never answers: nothing waits "long enough".
import assert from "node:assert/strict";
import { createDnsClient, type DnsClient } from "../dns/index.ts";
import { startDnsFixture } from "../dns/testing/fixture-server.ts";
import { catchAllSampleAddresses, type DomainProbe, probeDomain, type ProbeDomainInput } from "./probe.ts";
import { makeTestCertificates, type TestCertificates } from "./testing/certificates.ts";
import { type ScriptedSmtp, type ScriptedSmtpOptions, startScriptedSmtp } from "./testing/scripted-smtp.ts";

const DOMAIN = "mailscout-demo.test";
const MX_HOSTS = ["mx1.mailscout-demo.test", "mx2.mailscout-demo.test"];
const SETTINGS = {
  helo: "probe.mailscout.test",
  mailFrom: "verify@mailscout.test",
  stepTimeoutMs: 5_000,
  probeTimeoutMs: 20_000,
  catchAllSamples: 2,
};

interface World {
  server: ScriptedSmtp;
  probe(input: Partial<ProbeDomainInput> & { addresses: string[] }): Promise<DomainProbe>;
}

/** A DNS fixture and a scripted server; after the test, the server must never have been sent DATA. */
async function inWorld(options: ScriptedSmtpOptions, test: (world: World) => Promise<void>): Promise<void> {
  const dnsFixture = await startDnsFixture();
  const server = startScriptedSmtp(options);
  const dns: DnsClient = createDnsClient({ servers: [{ transport: "udp", host: "127.0.0.1", port: dnsFixture.port }] });
  try {
    await test({
      server,
      probe: (input) =>
        probeDomain({
          domain: DOMAIN,
          mxHosts: MX_HOSTS,
          dns,
          ...input,
          settings: { ...SETTINGS, target: server.target, ...input.settings },
        }),
    });
    assert.deepEqual(server.commands().filter((command) => /^(DATA|BDAT)\b/i.test(command)), []);
  } finally {
    await server.stop();
    await dnsFixture.stop();
  }
}

const recipientOf = (command: string) => /^RCPT TO:<([^>]*)>/i.exec(command)?.[1];
const localPart = (address: string) => address.split("@")[0]!;

/** Like the fixture's mailbox.test: jane and john exist, full is over quota, multi answers in several lines. */
function mailboxRules(command: string): string | undefined {
  const recipient = recipientOf(command);
  if (recipient === undefined) return undefined;
  switch (localPart(recipient)) {
    case "jane":
    case "john":
      return "250 2.1.5 Ok";
    case "full":
      return "552 5.2.2 Mailbox full";
    case "multi":
      return "250-2.1.5 Recipient ok,\r\n250-it has a long story\r\n250 2.1.5 to tell";
    default:
      return "550 5.1.1 User unknown";
  }
}

const outcomes = (probe: DomainProbe) => Object.fromEntries([...probe.results].map(([key, value]) => [key, value.outcome]));

Deno.test("probe: exists, not_found, full and a multi-line yes, in one conversation", async () => {
  await inWorld({ reply: mailboxRules }, async ({ server, probe }) => {
    const addresses = ["jane@mailscout-demo.test", "nobody@mailscout-demo.test", "full@mailscout-demo.test"];
    const result = await probe({ addresses: [...addresses, "multi@mailscout-demo.test"] });

    assert.deepEqual(outcomes(result), {
      "jane@mailscout-demo.test": "exists",
      "nobody@mailscout-demo.test": "not_found",
      "full@mailscout-demo.test": "full",
      "multi@mailscout-demo.test": "exists",
    });
    assert.deepEqual(result.results.get("nobody@mailscout-demo.test")!.reply, {
      code: 550,
      enhancedCode: "5.1.1",
      text: "User unknown",
    });
    assert.deepEqual(result.results.get("multi@mailscout-demo.test")!.reply, {
      code: 250,
      enhancedCode: "2.1.5",
      text: "Recipient ok, it has a long story to tell",
    });
    assert.deepEqual(result.catchAll, { samples: 2, accepted: 0 });
    assert.deepEqual([result.mxHost, result.tls, result.connectable, result.provider], [MX_HOSTS[0], "none", true, null]);

    const samples = await catchAllSampleAddresses(DOMAIN, 2);
    assert.equal(server.sessions.length, 1);
    assert.deepEqual(server.sessions[0]!.commands, [
      "EHLO probe.mailscout.test",
      "MAIL FROM:<verify@mailscout.test>",
      ...[...addresses, "multi@mailscout-demo.test", ...samples].map((address) => `RCPT TO:<${address}>`),
      "RSET",
      "QUIT",
    ]);
  });
});

Deno.test("probe: a domain that accepts made-up addresses turns every yes into catch_all", async () => {
  await inWorld({}, async ({ probe }) => {
    const result = await probe({ addresses: ["jane@mailscout-demo.test", "anyone@mailscout-demo.test"] });
    assert.deepEqual(Object.values(outcomes(result)), ["catch_all", "catch_all"]);
    assert.deepEqual(result.catchAll, { samples: 2, accepted: 2 });
  });
});

Deno.test("probe: a known catch-all finding is used as is, and no made-up address is asked", async () => {
  await inWorld({ reply: mailboxRules }, async ({ server, probe }) => {
    const known = await probe({ addresses: ["jane@mailscout-demo.test"], catchAllKnown: { samples: 4, accepted: 3 } });
    assert.deepEqual(outcomes(known), { "jane@mailscout-demo.test": "catch_all" });
    assert.deepEqual(known.catchAll, { samples: 4, accepted: 3 });

    const notCatchAll = await probe({ addresses: ["john@mailscout-demo.test"], catchAllKnown: { samples: 2, accepted: 0 } });
    assert.deepEqual(outcomes(notCatchAll), { "john@mailscout-demo.test": "exists" });

    const recipients = server.commands().flatMap((command) => recipientOf(command) ?? []);
    assert.deepEqual(recipients, ["jane@mailscout-demo.test", "john@mailscout-demo.test"]);
  });
});

Deno.test("probe: greylisting sets a retry; the retry passes; a second refusal ends greylisted", async () => {
  const seen = new Set<string>();
  const greylisting = (command: string) => {
    const recipient = recipientOf(command);
    if (recipient === undefined || seen.has(recipient)) return mailboxRules(command);
    seen.add(recipient);
    return "451 4.7.1 Greylisted, try again in 2 seconds";
  };
  await inWorld({ reply: greylisting }, async ({ probe }) => {
    const addresses = ["jane@mailscout-demo.test", "nobody@mailscout-demo.test"];
    const first = await probe({ addresses });
    assert.deepEqual(Object.values(outcomes(first)), ["greylisted", "greylisted"]);
    assert.deepEqual([...first.results.values()].map((result) => result.retryAfterMs), [2_000, 2_000]);
    assert.equal(first.results.get(addresses[0]!)!.reply!.code, 451);
    assert.deepEqual(first.catchAll, { samples: 0, accepted: 0 });

    // The same made-up addresses are asked again, so they get past the greylisting too.
    const retry = await probe({ addresses, greylistRetry: new Set(addresses) });
    assert.deepEqual(outcomes(retry), { [addresses[0]!]: "exists", [addresses[1]!]: "not_found" });
    assert.deepEqual(retry.catchAll, { samples: 2, accepted: 0 });
  });

  await inWorld({ reply: (command) => (recipientOf(command) ? "450 4.2.0 try again later" : undefined) }, async ({ probe }) => {
    const addresses = ["jane@mailscout-demo.test", "john@mailscout-demo.test"];
    const result = await probe({ addresses, greylistRetry: new Set([addresses[0]!]) });
    assert.deepEqual(result.results.get(addresses[0]!), {
      outcome: "greylisted",
      reply: { code: 450, enhancedCode: "4.2.0", text: "try again later" },
    });
    // Not retried yet: the server gave no delay, so the default one.
    assert.equal(result.results.get(addresses[1]!)!.retryAfterMs, 60_000);
  });
});

Deno.test("probe: a blocklist refusal is blocked, never not_found", async () => {
  const block = "554 5.7.1 Service unavailable; Client host [203.0.113.9] blocked using zen.spamhaus.org";
  await inWorld({ reply: (command) => (recipientOf(command) ? block : undefined) }, async ({ probe }) => {
    const result = await probe({ addresses: ["jane@mailscout-demo.test"] });
    assert.deepEqual(result.results.get("jane@mailscout-demo.test"), {
      outcome: "blocked",
      reply: { code: 554, enhancedCode: "5.7.1", text: block.slice(10) },
    });
    assert.deepEqual(result.catchAll, { samples: 0, accepted: 0 });
  });
});

Deno.test("probe: a refused sender speaks for every recipient, as blocked", async () => {
  const reply = (command: string) => (command.startsWith("MAIL") ? "550 5.7.1 Sender rejected by policy" : undefined);
  await inWorld({ reply }, async ({ server, probe }) => {
    const result = await probe({ addresses: ["jane@mailscout-demo.test", "nobody@mailscout-demo.test"] });
    assert.deepEqual(Object.values(outcomes(result)), ["blocked", "blocked"]);
    assert.equal(result.results.get("jane@mailscout-demo.test")!.reply!.text, "Sender rejected by policy");
    assert.deepEqual(server.commands().filter((command) => recipientOf(command)), []);
  });
});

Deno.test("probe: a server that closes at RCPT: the next MX host is tried, then unavailable", async () => {
  const reply = (command: string) => (recipientOf(command) ? { close: true as const } : undefined);
  await inWorld({ reply }, async ({ server, probe }) => {
    const result = await probe({ addresses: ["jane@mailscout-demo.test"] });
    assert.deepEqual(result.results.get("jane@mailscout-demo.test"), { outcome: "unavailable", reply: null });
    assert.equal(result.connectable, true);
    assert.equal(result.mxHost, MX_HOSTS[1]);
    assert.equal(server.sessions.length, 2);
  });
});

Deno.test("probe: 421 at RCPT moves on to the next host; if none answers, the 421 stands as blocked", async () => {
  const busy = "421 4.3.2 Service not available, closing transmission channel";
  const reply = (command: string) => (recipientOf(command) ? busy : undefined);
  await inWorld({ reply }, async ({ server, probe }) => {
    const result = await probe({ addresses: ["jane@mailscout-demo.test"] });
    assert.deepEqual(result.results.get("jane@mailscout-demo.test"), {
      outcome: "blocked",
      reply: { code: 421, enhancedCode: "4.3.2", text: "Service not available, closing transmission channel" },
    });
    assert.equal(server.sessions.length, 2);
  });
});

Deno.test("probe: a host that turns us away at the greeting leaves the addresses to the next host", async () => {
  await inWorld(
    { greeting: "554 5.7.1 No SMTP service here", reply: mailboxRules },
    async ({ server, probe }) => {
      const result = await probe({ addresses: ["jane@mailscout-demo.test"] });
      assert.equal(result.connectable, false);
      assert.equal(result.results.get("jane@mailscout-demo.test")!.outcome, "blocked");
      assert.equal(server.sessions.length, 2);
    },
  );
});

Deno.test("probe: one server falling silent at RCPT ends unavailable after its step timeout", async () => {
  const reply = (command: string) => (recipientOf(command) ? { stall: true as const } : undefined);
  await inWorld({ reply }, async ({ server, probe }) => {
    const result = await probe({
      addresses: ["jane@mailscout-demo.test"],
      mxHosts: [MX_HOSTS[0]!],
      settings: { ...SETTINGS, stepTimeoutMs: 200 },
    });
    assert.deepEqual(result.results.get("jane@mailscout-demo.test"), { outcome: "unavailable", reply: null });
    assert.equal(result.connectable, true);
    assert.equal(server.sessions.length, 1);
  });
});

Deno.test("probe: the whole probe ends with probeTimeoutMs, however long each step may take", async () => {
  const reply = (command: string) => (recipientOf(command) ? { stall: true as const } : undefined);
  await inWorld({ reply }, async ({ probe }) => {
    const started = performance.now();
    const result = await probe({
      addresses: ["jane@mailscout-demo.test"],
      settings: { ...SETTINGS, stepTimeoutMs: 600_000, probeTimeoutMs: 300 },
    });
    assert.equal(result.results.get("jane@mailscout-demo.test")!.outcome, "unavailable");
    // A generous ceiling: far below the 10-minute step timeout that would otherwise hold it.
    assert.ok(performance.now() - started < 60_000);
  });
});

Deno.test("probe: the caller's signal ends the probe too", async () => {
  const controller = new AbortController();
  const reply = (command: string) => {
    if (!recipientOf(command)) return undefined;
    controller.abort();
    return { stall: true as const };
  };
  await inWorld({ reply }, async ({ probe }) => {
    const result = await probe({
      addresses: ["jane@mailscout-demo.test"],
      signal: controller.signal,
      settings: { ...SETTINGS, stepTimeoutMs: 600_000 },
    });
    assert.equal(result.results.get("jane@mailscout-demo.test")!.outcome, "unavailable");
  });
});

Deno.test("probe: EHLO refused, HELO is used instead", async () => {
  const reply = (command: string) => (command.startsWith("EHLO") ? "502 5.5.2 Command not recognized" : mailboxRules(command));
  await inWorld({ reply }, async ({ server, probe }) => {
    const result = await probe({ addresses: ["jane@mailscout-demo.test"] });
    assert.equal(result.results.get("jane@mailscout-demo.test")!.outcome, "exists");
    assert.deepEqual(server.sessions[0]!.commands.slice(0, 3), [
      "EHLO probe.mailscout.test",
      "HELO probe.mailscout.test",
      "MAIL FROM:<verify@mailscout.test>",
    ]);
  });
});

Deno.test("probe: too many recipients starts a new transaction and asks again", async () => {
  let inTransaction = 0;
  const reply = (command: string) => {
    if (command.startsWith("MAIL")) inTransaction = 0;
    if (!recipientOf(command)) return undefined;
    return ++inTransaction > 2 ? "452 4.5.3 Too many recipients" : mailboxRules(command);
  };
  await inWorld({ reply }, async ({ server, probe }) => {
    const addresses = ["jane@mailscout-demo.test", "john@mailscout-demo.test", "nobody@mailscout-demo.test"];
    const result = await probe({ addresses, catchAllKnown: { samples: 2, accepted: 0 } });
    assert.deepEqual(Object.values(outcomes(result)), ["exists", "exists", "not_found"]);
    assert.deepEqual(server.sessions[0]!.commands.filter((command) => !command.startsWith("RCPT")), [
      "EHLO probe.mailscout.test",
      "MAIL FROM:<verify@mailscout.test>",
      "RSET",
      "MAIL FROM:<verify@mailscout.test>",
      "RSET",
      "QUIT",
    ]);
  });
});

Deno.test("probe: Yahoo accepts everyone: its yes is unverifiable, its no still counts, no samples asked", async () => {
  await inWorld({ reply: mailboxRules }, async ({ server, probe }) => {
    const result = await probe({
      domain: "yahoo.com",
      mxHosts: ["mta5.am0.yahoodns.net", "mta6.am0.yahoodns.net"],
      addresses: ["jane@yahoo.com", "nobody@yahoo.com"],
    });
    assert.deepEqual(outcomes(result), { "jane@yahoo.com": "unverifiable", "nobody@yahoo.com": "not_found" });
    assert.equal(result.provider, "Yahoo");
    assert.deepEqual(result.catchAll, { samples: 0, accepted: 0 });
    assert.equal(server.commands().filter((command) => recipientOf(command)).length, 2);
  });
});

Deno.test("probe: MX hosts only in private space are never connected to", async () => {
  await inWorld({ reply: mailboxRules }, async ({ server, probe }) => {
    const result = await probe({
      domain: "mx-private.test",
      mxHosts: ["mx.mx-private.test"],
      addresses: ["jane@mx-private.test"],
    });
    assert.deepEqual(result.results.get("jane@mx-private.test"), { outcome: "unavailable", reply: null });
    assert.deepEqual([result.connectable, result.mxHost, result.tls], [false, null, null]);
    assert.equal(server.sessions.length, 0);
  });
});

Deno.test("probe: mx-partly-private.test is asked at its public host only", async () => {
  await inWorld({ reply: mailboxRules }, async ({ probe }) => {
    const skipped: string[] = [];
    const result = await probe({
      domain: "mx-partly-private.test",
      mxHosts: ["mx.mx-private.test", "mx1.mailscout-demo.test"],
      addresses: ["jane@mx-partly-private.test"],
      onSkip: (host) => skipped.push(host.mxHost),
    });
    assert.equal(result.results.get("jane@mx-partly-private.test")!.outcome, "exists");
    assert.equal(result.mxHost, "mx1.mailscout-demo.test");
    assert.deepEqual(skipped, ["mx.mx-private.test"]);
  });
});

Deno.test("probe: an address that can't be written into RCPT TO is never sent", async () => {
  await inWorld({ reply: mailboxRules }, async ({ server, probe }) => {
    const sneaky = "jane@mailscout-demo.test>\r\nDATA";
    const result = await probe({ addresses: [sneaky, "john@mailscout-demo.test"] });
    assert.deepEqual(outcomes(result), { [sneaky]: "unavailable", "john@mailscout-demo.test": "exists" });
    assert.ok(server.commands().every((command) => !command.includes("DATA")));
    // With nothing to ask, no host is called at all.
    await probe({ addresses: [sneaky] });
    assert.equal(server.sessions.length, 1);
  });
});

let certificates: Promise<TestCertificates> | undefined;
const tlsCertificates = () => (certificates ??= makeTestCertificates(MX_HOSTS));

Deno.test("probe: STARTTLS with a certificate for the MX host's name, from a trusted CA: verified", async () => {
  const { caPem, certPem, keyPem } = await tlsCertificates();
  await inWorld({ reply: mailboxRules, tls: { certPem, keyPem } }, async ({ server, probe }) => {
    const result = await probe({ addresses: ["jane@mailscout-demo.test"], settings: { ...SETTINGS, caCerts: [caPem] } });
    assert.equal(result.tls, "verified");
    assert.equal(result.results.get("jane@mailscout-demo.test")!.outcome, "exists");
    assert.equal(server.sessions.length, 1);
    assert.equal(server.sessions[0]!.tls, true);
    // The server's first EHLO answer is forgotten after the handshake, so it is asked again.
    assert.deepEqual(server.sessions[0]!.commands.slice(0, 3), [
      "EHLO probe.mailscout.test",
      "STARTTLS",
      "EHLO probe.mailscout.test",
    ]);
  });
});

Deno.test("probe: STARTTLS with a certificate nobody vouches for: unverified, and the probe goes on in the clear", async () => {
  const { certPem, keyPem } = await tlsCertificates();
  await inWorld({ reply: mailboxRules, tls: { certPem, keyPem } }, async ({ server, probe }) => {
    const result = await probe({ addresses: ["jane@mailscout-demo.test", "nobody@mailscout-demo.test"] });
    assert.equal(result.tls, "unverified");
    assert.deepEqual(Object.values(outcomes(result)), ["exists", "not_found"]);
    assert.deepEqual(server.sessions.map((session) => session.tls), [false, false]);
    assert.ok(!server.sessions[1]!.commands.includes("STARTTLS"));
  });
});

Deno.test("probe: a trusted certificate for another host's name is unverified: the name checked is the MX host's", async () => {
  const other = await makeTestCertificates(["mx.elsewhere.test"]);
  await inWorld({ reply: mailboxRules, tls: { certPem: other.certPem, keyPem: other.keyPem } }, async ({ probe }) => {
    const result = await probe({
      addresses: ["jane@mailscout-demo.test"],
      settings: { ...SETTINGS, caCerts: [other.caPem] },
    });
    assert.equal(result.tls, "unverified");
    assert.equal(result.results.get("jane@mailscout-demo.test")!.outcome, "exists");
  });
});
