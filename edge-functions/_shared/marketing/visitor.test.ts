import assert from "node:assert/strict";
import { truncatedNetwork, visitorSubject } from "./visitor.ts";

Deno.test("an IPv4 address is kept as its /24", () => {
  assert.equal(truncatedNetwork("203.0.113.77"), "203.0.113.0");
});

Deno.test("an IPv6 address is kept as its /48, and an IPv4-mapped one as IPv4", () => {
  assert.equal(truncatedNetwork("2001:db8:abcd:12:1:2:3:4"), "2001:db8:abcd::");
  assert.equal(truncatedNetwork("::ffff:198.51.100.9"), "198.51.100.0");
});

Deno.test("no address or a malformed one is kept as none", () => {
  assert.equal(truncatedNetwork(null), null);
  assert.equal(truncatedNetwork("not an address"), null);
});

Deno.test("the limits count the user first, then the session, then the network", () => {
  const base = { userAgent: null, network: "203.0.113.0" };
  assert.equal(visitorSubject({ ...base, userId: "u", sessionId: "s" }), "user:u");
  assert.equal(visitorSubject({ ...base, userId: null, sessionId: "s" }), "session:s");
  assert.equal(visitorSubject({ ...base, userId: null, sessionId: null }), "network:203.0.113.0");
});
