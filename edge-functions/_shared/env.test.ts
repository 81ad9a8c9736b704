import assert from "node:assert/strict";
import { parseEnv } from "./env.ts";

const complete = {
  SUPABASE_URL: "http://localhost:54321",
  SUPABASE_ANON_KEY: "anon-key",
  SUPABASE_SERVICE_ROLE_KEY: "service-key",
  SUPABASE_DB_URL: "postgresql://postgres:postgres@127.0.0.1:54322/postgres",
  WORKER_SECRET: "worker-secret",
  SECRETS_ENCRYPTION_KEY: btoa("k".repeat(32)),
};

const defaults = {
  DNS_SERVERS: "",
  OUTBOUND_HTTP_PROXY: "",
  OUTBOUND_CA_FILE: "",
  EMAIL_API_URL: "https://api.resend.com",
  EMAIL_API_KEY: "",
  EMAIL_FROM: "MailScout Support <support@mailscout.test>",
  STRIPE_API_BASE: "https://api.stripe.com",
  PAYPAL_API_BASE: "https://api-m.paypal.com",
  ANON_IP_MONTHLY_LIMIT: 30,
  SMTP_PROBE_WAIT_SECONDS: 5,
  SECRETS_ENCRYPTION_PREVIOUS_KEYS: [],
  VAPID_PUBLIC_KEY: "",
  VAPID_PRIVATE_KEY: "",
  VAPID_SUBJECT: "",
  PUSH_SERVICE_HOSTS: ["fcm.googleapis.com", "updates.push.services.mozilla.com", "*.notify.windows.com", "*.push.apple.com"],
  ZOHO_CLIENT_ID: "",
  ZOHO_CLIENT_SECRET: "",
  ZOHO_ACCOUNTS_URL: "https://accounts.zoho.com",
  ZOHO_API_URL: "https://www.zohoapis.com",
  ZOHO_REFRESH_TOKEN: "",
};

Deno.test("parseEnv accepts the variables Supabase gives every function, and defaults the project's settings", () => {
  assert.deepEqual(parseEnv({ ...complete, UNRELATED: "ignored" }), { ...complete, ...defaults });
});

Deno.test("parseEnv reads the project's settings; empty ones take their defaults", () => {
  assert.deepEqual(
    parseEnv({ ...complete, DNS_SERVERS: "127.0.0.1:55353", ANON_IP_MONTHLY_LIMIT: "10" }),
    { ...complete, ...defaults, DNS_SERVERS: "127.0.0.1:55353", ANON_IP_MONTHLY_LIMIT: 10 },
  );
  assert.deepEqual(parseEnv({ ...complete, DNS_SERVERS: "", ANON_IP_MONTHLY_LIMIT: "" }), { ...complete, ...defaults });
});

Deno.test("parseEnv reads the egress proxy; empty connects directly", () => {
  const proxy = "http://127.0.0.1:55380";
  assert.equal(parseEnv({ ...complete, OUTBOUND_HTTP_PROXY: proxy }).OUTBOUND_HTTP_PROXY, proxy);
  assert.equal(parseEnv({ ...complete, OUTBOUND_HTTP_PROXY: "" }).OUTBOUND_HTTP_PROXY, "");
});

Deno.test("parseEnv refuses an allowance that is not a whole number of 0 or more", () => {
  for (const value of ["lots", "2.5", "-1"]) {
    assert.throws(() => parseEnv({ ...complete, ANON_IP_MONTHLY_LIMIT: value }), /ANON_IP_MONTHLY_LIMIT: must be/);
  }
});

Deno.test("parseEnv reads how long a validation waits for its mailbox probe: 0 to 30 seconds, empty is 5", () => {
  for (const [value, seconds] of [["0", 0], ["2.5", 2.5], ["30", 30], ["", 5]] as const) {
    assert.equal(parseEnv({ ...complete, SMTP_PROBE_WAIT_SECONDS: value }).SMTP_PROBE_WAIT_SECONDS, seconds);
  }
  for (const value of ["soon", "-1", "31"]) {
    assert.throws(() => parseEnv({ ...complete, SMTP_PROBE_WAIT_SECONDS: value }), /SMTP_PROBE_WAIT_SECONDS: must be/);
  }
});

Deno.test("parseEnv accepts postgres:// as well as postgresql:// database URLs", () => {
  const url = "postgres://postgres:secret@db.example.supabase.co:5432/postgres";
  assert.equal(parseEnv({ ...complete, SUPABASE_DB_URL: url }).SUPABASE_DB_URL, url);
});

Deno.test("parseEnv names a missing variable", () => {
  assert.throws(
    () => parseEnv({ ...complete, SUPABASE_SERVICE_ROLE_KEY: undefined }),
    { message: "Invalid environment: SUPABASE_SERVICE_ROLE_KEY: is required" },
  );
});

Deno.test("parseEnv names every wrong variable and the rule it broke", () => {
  assert.throws(
    () => parseEnv({ ...complete, SUPABASE_URL: "ftp://example.com", SUPABASE_DB_URL: "http://127.0.0.1:54322" }),
    {
      message: "Invalid environment: SUPABASE_URL: must be the project's http(s) URL; " +
        "SUPABASE_DB_URL: must be a postgresql:// URL",
    },
  );
});

Deno.test("parseEnv refuses an empty key", () => {
  assert.throws(() => parseEnv({ ...complete, SUPABASE_ANON_KEY: "" }), /SUPABASE_ANON_KEY: is required/);
});

Deno.test("parseEnv requires the worker secret, so no worker can be started without one", () => {
  for (const value of [undefined, ""]) {
    assert.throws(() => parseEnv({ ...complete, WORKER_SECRET: value }), /WORKER_SECRET: is required/);
  }
});

Deno.test("parseEnv requires a 32-byte secrets key and reads the previous ones as a list", () => {
  for (const value of [undefined, "", btoa("short"), "not base64!"]) {
    assert.throws(() => parseEnv({ ...complete, SECRETS_ENCRYPTION_KEY: value }), /SECRETS_ENCRYPTION_KEY: .*base64 of 32/);
  }
  const previous = [btoa("a".repeat(32)), btoa("b".repeat(32))];
  assert.deepEqual(
    parseEnv({ ...complete, SECRETS_ENCRYPTION_PREVIOUS_KEYS: ` ${previous[0]}, ${previous[1]},` })
      .SECRETS_ENCRYPTION_PREVIOUS_KEYS,
    previous,
  );
  assert.throws(
    () => parseEnv({ ...complete, SECRETS_ENCRYPTION_PREVIOUS_KEYS: `${previous[0]},short` }),
    /SECRETS_ENCRYPTION_PREVIOUS_KEYS: each key must be base64 of 32/,
  );
});

Deno.test("parseEnv reads the email API; empty is Resend's, and a URL that is not http(s) is refused", () => {
  const local = { EMAIL_API_URL: "http://127.0.0.1:55324", EMAIL_API_KEY: "re_local" };
  assert.deepEqual(parseEnv({ ...complete, ...local }), { ...complete, ...defaults, ...local });
  assert.equal(parseEnv({ ...complete, EMAIL_API_URL: "" }).EMAIL_API_URL, "https://api.resend.com");
  assert.throws(() => parseEnv({ ...complete, EMAIL_API_URL: "smtp://mail.example.com" }), /EMAIL_API_URL: must be/);
});

Deno.test("parseEnv reads the SPA's origin for links in emails; empty leaves it to SUPABASE_URL", () => {
  assert.equal(parseEnv({ ...complete, SITE_URL: "https://app.example.com" }).SITE_URL, "https://app.example.com");
  assert.equal(parseEnv({ ...complete, SITE_URL: "" }).SITE_URL, undefined);
  assert.throws(() => parseEnv({ ...complete, SITE_URL: "app.example.com" }), /SITE_URL/);
});

Deno.test("parseEnv reads the VAPID keys and subject; keys of the wrong length and other subjects are refused", () => {
  const vapid = {
    VAPID_PUBLIC_KEY: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
    VAPID_PRIVATE_KEY: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
    VAPID_SUBJECT: "mailto:push@mailscout.test",
  };
  assert.deepEqual(parseEnv({ ...complete, ...vapid }), { ...complete, ...defaults, ...vapid });
  assert.equal(parseEnv({ ...complete, VAPID_SUBJECT: "https://mailscout.test/contact" }).VAPID_SUBJECT, "https://mailscout.test/contact");
  assert.throws(() => parseEnv({ ...complete, VAPID_PUBLIC_KEY: vapid.VAPID_PRIVATE_KEY }), /VAPID_PUBLIC_KEY: must be empty or/);
  assert.throws(() => parseEnv({ ...complete, VAPID_PRIVATE_KEY: "not base64url!" }), /VAPID_PRIVATE_KEY/);
  assert.throws(() => parseEnv({ ...complete, VAPID_SUBJECT: "push@mailscout.test" }), /VAPID_SUBJECT/);
});

Deno.test("parseEnv reads the push service hosts; empty is the browsers' services, and a URL path is refused", () => {
  assert.deepEqual(
    parseEnv({ ...complete, PUSH_SERVICE_HOSTS: " http://127.0.0.1:55333 , *.Push.Apple.com" }).PUSH_SERVICE_HOSTS,
    ["http://127.0.0.1:55333", "*.push.apple.com"],
  );
  assert.deepEqual(parseEnv({ ...complete, PUSH_SERVICE_HOSTS: "" }).PUSH_SERVICE_HOSTS, defaults.PUSH_SERVICE_HOSTS);
  assert.throws(
    () => parseEnv({ ...complete, PUSH_SERVICE_HOSTS: "fcm.googleapis.com,https://evil.test/path" }),
    /PUSH_SERVICE_HOSTS: https:\/\/evil.test\/path is neither/,
  );
});
