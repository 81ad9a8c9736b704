// The address classifier, as a table: what the explorer may connect to, and why the rest is refused.
import assert from "node:assert/strict";
import { checkAddress } from "./address-policy.ts";

const PUBLIC = [
  ["8.8.8.8", "a public IPv4 address"],
  ["93.184.215.14", "another"],
  ["192.0.2.10", "TEST-NET-1 (documentation; the fixture zones use it)"],
  ["198.51.100.7", "TEST-NET-2"],
  ["203.0.113.10", "TEST-NET-3"],
  ["2606:4700:4700::1111", "a public IPv6 address"],
  ["2001:db8::10", "IPv6 documentation (the fixture zones use it)"],
  ["::ffff:8.8.8.8", "IPv4-mapped form of a public address"],
  ["64:ff9b::808:808", "NAT64 of a public address"],
  ["2002:808:808::1", "6to4 of a public address"],
] as const;

const REFUSED = [
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["10.0.0.5", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["169.254.169.254", "linkLocal"],
  ["100.64.0.1", "carrierGradeNat"],
  ["100.127.255.254", "carrierGradeNat"],
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["255.255.255.255", "broadcast"],
  ["224.0.0.251", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["192.0.0.8", "reserved"],
  ["198.18.0.1", "reserved"],
  ["::1", "loopback"],
  ["::", "unspecified"],
  ["fe80::1", "linkLocal"],
  ["fe80::1%eth0", "scoped (zone index)"],
  ["fc00::1", "uniqueLocal"],
  ["fd12:3456:789a::1", "uniqueLocal"],
  ["ff02::1", "multicast"],
  ["::ffff:127.0.0.1", "ipv4Mapped of 127.0.0.1 (loopback)"],
  ["::ffff:7f00:1", "ipv4Mapped of 127.0.0.1 (loopback)"],
  ["::ffff:169.254.169.254", "ipv4Mapped of 169.254.169.254 (linkLocal)"],
  ["::ffff:10.0.0.5", "ipv4Mapped of 10.0.0.5 (private)"],
  ["::ffff:0:7f00:1", "rfc6145 of 127.0.0.1 (loopback)"],
  ["::127.0.0.1", "ipv4Mapped of 127.0.0.1 (loopback)"],
  ["::7f00:1", "ipv4Compatible"],
  ["::808:808", "ipv4Compatible"],
  ["64:ff9b::a00:5", "rfc6052 of 10.0.0.5 (private)"],
  ["64:ff9b::a9fe:a9fe", "rfc6052 of 169.254.169.254 (linkLocal)"],
  ["64:ff9b:1::808:808", "rfc8215 (local-use NAT64)"],
  ["2002:7f00:1::", "6to4 of 127.0.0.1 (loopback)"],
  ["2002:a00:5::1", "6to4 of 10.0.0.5 (private)"],
  ["2001::1", "teredo"],
  ["100::1", "discard"],
  ["not-an-address", "not an IP address"],
] as const;

Deno.test("address policy: public unicast and documentation addresses may be connected to", () => {
  for (const [address, what] of PUBLIC) {
    assert.deepEqual(checkAddress(address), { allowed: true }, `${address}: ${what}`);
  }
});

Deno.test("address policy: private, local, special and embedded-private addresses are refused, with the range", () => {
  for (const [address, range] of REFUSED) {
    assert.deepEqual(checkAddress(address), { allowed: false, range }, address);
  }
});

Deno.test("address policy: a bracketed IPv6 literal, as a URL writes it, is read as the address", () => {
  assert.deepEqual(checkAddress("[::1]"), { allowed: false, range: "loopback" });
  assert.deepEqual(checkAddress("[2606:4700::1]"), { allowed: true });
});
