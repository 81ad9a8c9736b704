import assert from "node:assert/strict";
import { contentSecurityPolicy, isHttps, securityHeaders } from "./security-headers.ts";

Deno.test("connect-src names the project's origin and its Realtime socket, ws or wss to match", () => {
  assert.match(contentSecurityPolicy("https://ref.supabase.co/"), /connect-src 'self' https:\/\/ref\.supabase\.co wss:\/\/ref\.supabase\.co;/);
  assert.match(contentSecurityPolicy("http://127.0.0.1:54321"), /connect-src 'self' http:\/\/127\.0\.0\.1:54321 ws:\/\/127\.0\.0\.1:54321;/);
  for (const none of [undefined, "", "not a url", "ftp://example.com"]) {
    assert.match(contentSecurityPolicy(none), /connect-src 'self';/);
  }
});

Deno.test("https is the request URL's or the first X-Forwarded-Proto's; HSTS only then", () => {
  assert.equal(isHttps("https://example.com/", null), true);
  assert.equal(isHttps("http://example.com/", "https"), true);
  assert.equal(isHttps("http://example.com/", "HTTPS, http"), true);
  assert.equal(isHttps("https://example.com/", "http"), false);
  assert.equal(isHttps("http://example.com/", undefined), false);
  assert.equal("Strict-Transport-Security" in securityHeaders({ supabaseUrl: undefined, https: false }), false);
  assert.equal(
    securityHeaders({ supabaseUrl: undefined, https: true })["Strict-Transport-Security"],
    "max-age=63072000; includeSubDomains",
  );
});
