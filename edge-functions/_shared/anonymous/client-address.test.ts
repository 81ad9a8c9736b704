import assert from "node:assert/strict";
import { clientAddressFrom } from "./client-address.ts";

Deno.test("takes the first X-Forwarded-For entry: the client as the gateway saw it", () => {
  assert.equal(clientAddressFrom("203.0.113.7"), "203.0.113.7");
  assert.equal(clientAddressFrom(" 203.0.113.7 , 10.0.0.1, 10.0.0.2"), "203.0.113.7");
});

Deno.test("canonicalises IPv6, so one client is one key however it is written", () => {
  assert.equal(clientAddressFrom("2001:DB8:0:0:0:0:0:1"), "2001:db8::1");
  assert.equal(clientAddressFrom("[2001:db8::1]"), "2001:db8::1");
  assert.equal(clientAddressFrom("::1"), "::1");
});

Deno.test("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
  assert.equal(clientAddressFrom("::ffff:203.0.113.7"), "203.0.113.7");
  assert.equal(clientAddressFrom("::FFFF:cb00:7107"), "203.0.113.7");
});

Deno.test("answers null without a usable first entry", () => {
  for (const header of [undefined, null, "", " , 203.0.113.7", "unknown", "example.com", "256.1.1.1", "1.2.3", "1.2.3.4.5",
    "01.2.3.4x", "fe80::1%eth0", "2001:db8::g", "203.0.113.7:443"]) {
    assert.equal(clientAddressFrom(header), null, String(header));
  }
});
