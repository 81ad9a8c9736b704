import assert from "node:assert/strict";
import { parseProbeWorkerSettings, probeSettingsOf } from "./settings.ts";

const complete = {
  SUPABASE_DB_URL: "postgresql://postgres:secret@db.example.supabase.co:5432/postgres",
  SMTP_PROBE_HELO: "probe1.example.com",
  SMTP_PROBE_MAIL_FROM: "verify@example.com",
};

Deno.test("the worker's settings take their defaults when unset or empty", () => {
  const settings = parseProbeWorkerSettings({
    ...complete,
    DNS_SERVERS: "",
    SMTP_PROBE_TARGET: "",
    SMTP_PROBE_CA_FILE: "",
    SMTP_PROBE_TIMEOUT_SECONDS: "",
  });
  assert.deepEqual(settings, {
    dbUrl: complete.SUPABASE_DB_URL,
    dnsServers: "",
    helo: "probe1.example.com",
    mailFrom: "verify@example.com",
    target: undefined,
    caFile: undefined,
    probeTimeoutMs: 20_000,
    stepTimeoutMs: 10_000,
    domainsAtOnce: 50,
  });
});

Deno.test("the worker's settings read the test target, the CA file and the numbers", () => {
  const settings = parseProbeWorkerSettings({
    ...complete,
    SMTP_PROBE_TARGET: "127.0.0.1:55326",
    SMTP_PROBE_CA_FILE: "/tmp/ca.pem",
    SMTP_PROBE_TIMEOUT_SECONDS: "6",
    PROBE_WORKER_DOMAINS_AT_ONCE: "3",
  });
  assert.equal(settings.target, "127.0.0.1:55326");
  assert.equal(settings.caFile, "/tmp/ca.pem");
  assert.equal(settings.probeTimeoutMs, 6_000);
  // One reply may take at most half the conversation, so a stalling server still leaves time to say so.
  assert.equal(settings.stepTimeoutMs, 3_000);
  assert.equal(settings.domainsAtOnce, 3);
  assert.deepEqual(probeSettingsOf(settings, ["PEM"]), {
    helo: "probe1.example.com",
    mailFrom: "verify@example.com",
    target: "127.0.0.1:55326",
    caCerts: ["PEM"],
    stepTimeoutMs: 3_000,
    probeTimeoutMs: 6_000,
    catchAllSamples: 2,
  });
});

Deno.test("a misconfigured worker fails naming each setting", () => {
  const refusals: [Record<string, string | undefined>, RegExp][] = [
    [{ ...complete, SMTP_PROBE_HELO: undefined }, /SMTP_PROBE_HELO: is required/],
    [{ ...complete, SMTP_PROBE_HELO: "probe host" }, /SMTP_PROBE_HELO: must be a host name/],
    [{ ...complete, SMTP_PROBE_MAIL_FROM: "" }, /SMTP_PROBE_MAIL_FROM: is required/],
    [{ ...complete, SUPABASE_DB_URL: "http://127.0.0.1:54322" }, /SUPABASE_DB_URL: must be a postgresql:\/\/ URL/],
    [{ ...complete, SMTP_PROBE_TARGET: "127.0.0.1" }, /SMTP_PROBE_TARGET: must be host:port/],
    [{ ...complete, SMTP_PROBE_TARGET: "127.0.0.1:99999" }, /SMTP_PROBE_TARGET: must name a port up to 65535/],
    [{ ...complete, SMTP_PROBE_TIMEOUT_SECONDS: "1.5" }, /SMTP_PROBE_TIMEOUT_SECONDS: must be a whole number/],
    [{ ...complete, SMTP_PROBE_TIMEOUT_SECONDS: "1" }, /SMTP_PROBE_TIMEOUT_SECONDS: must be at least 2/],
    [{ ...complete, PROBE_WORKER_DOMAINS_AT_ONCE: "0" }, /PROBE_WORKER_DOMAINS_AT_ONCE: must be at least 1/],
    [{ ...complete, PROBE_WORKER_DOMAINS_AT_ONCE: "many" }, /PROBE_WORKER_DOMAINS_AT_ONCE: must be a whole number/],
  ];
  for (const [source, message] of refusals) {
    assert.throws(() => parseProbeWorkerSettings(source), message);
  }
});
