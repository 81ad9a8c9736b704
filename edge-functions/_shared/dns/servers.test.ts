import assert from "node:assert/strict";
import { DEFAULT_DOH_SERVERS, parseDnsServers, parseResolvConf, systemDnsServers } from "./servers.ts";

Deno.test("parseDnsServers: empty or missing means no servers", () => {
  assert.deepEqual(parseDnsServers(undefined), []);
  assert.deepEqual(parseDnsServers(""), []);
  assert.deepEqual(parseDnsServers(" , "), []);
});

Deno.test("parseDnsServers reads host:port entries as UDP servers, port 53 by default", () => {
  assert.deepEqual(parseDnsServers("127.0.0.1:55353, 10.0.0.2 ,dns.internal:5353"), [
    { transport: "udp", host: "127.0.0.1", port: 55353 },
    { transport: "udp", host: "10.0.0.2", port: 53 },
    { transport: "udp", host: "dns.internal", port: 5353 },
  ]);
});

Deno.test("parseDnsServers reads IPv6 addresses, bracketed with a port or bare without", () => {
  assert.deepEqual(parseDnsServers("[::1]:5353,[2001:db8::53],2001:db8::54"), [
    { transport: "udp", host: "::1", port: 5353 },
    { transport: "udp", host: "2001:db8::53", port: 53 },
    { transport: "udp", host: "2001:db8::54", port: 53 },
  ]);
});

Deno.test("parseDnsServers reads https:// URLs as DoH endpoints, and http:// on loopback only", () => {
  const servers = parseDnsServers("https://dns.example/dns-query,http://127.0.0.1:8053/dns-query");
  assert.deepEqual(servers.map((server) => server.transport === "doh" && server.url.href), [
    "https://dns.example/dns-query",
    "http://127.0.0.1:8053/dns-query",
  ]);
  assert.throws(() => parseDnsServers("http://dns.example/dns-query"), /needs an https:\/\/ URL/);
});

Deno.test("parseDnsServers names the entry it can't read", () => {
  assert.throws(() => parseDnsServers("127.0.0.1:0"), /"127.0.0.1:0": the port must be a number from 1 to 65535/);
  assert.throws(() => parseDnsServers("127.0.0.1:53x"), /the port must be/);
  assert.throws(() => parseDnsServers("1.1.1.1,bad host"), /"bad host": not a host name or IP address/);
  assert.throws(() => parseDnsServers("[dns.example]:53"), /only an IPv6 address goes in brackets/);
  assert.throws(() => parseDnsServers("ftp://dns.example"), /needs an https:\/\/ URL/);
});

Deno.test("parseResolvConf takes the nameserver addresses and nothing else", () => {
  const text = [
    "# generated",
    "search example.internal",
    "nameserver 10.255.255.53",
    "  nameserver 2001:db8::1",
    "nameserver fe80::1%eth0",
    "; nameserver 9.9.9.9",
    "nameserver not-an-address",
    "options ndots:1",
  ].join("\n");
  assert.deepEqual(parseResolvConf(text), [
    { transport: "udp", host: "10.255.255.53", port: 53 },
    { transport: "udp", host: "2001:db8::1", port: 53 },
    { transport: "udp", host: "fe80::1%eth0", port: 53 },
  ]);
});

Deno.test("systemDnsServers uses resolv.conf where UDP works, else the public DoH servers", async () => {
  const resolvConf = "nameserver 192.0.2.53\n";
  const system = (conf: () => Promise<string>, udp: boolean) => ({
    readResolvConf: conf,
    canOpenUdpSocket: () => Promise.resolve(udp),
  });
  assert.deepEqual(await systemDnsServers(system(() => Promise.resolve(resolvConf), true)), [
    { transport: "udp", host: "192.0.2.53", port: 53 },
  ]);
  // Supabase's edge runtime: no UDP sockets.
  assert.deepEqual(await systemDnsServers(system(() => Promise.resolve(resolvConf), false)), DEFAULT_DOH_SERVERS);
  // No readable resolv.conf, or one without servers.
  const unreadable = () => Promise.reject(new Deno.errors.NotCapable("read access to /etc/resolv.conf"));
  assert.deepEqual(await systemDnsServers(system(unreadable, true)), DEFAULT_DOH_SERVERS);
  assert.deepEqual(await systemDnsServers(system(() => Promise.resolve("search x\n"), true)), DEFAULT_DOH_SERVERS);
});

Deno.test("the default DoH servers are two https endpoints", () => {
  assert.equal(DEFAULT_DOH_SERVERS.length, 2);
  assert.ok(DEFAULT_DOH_SERVERS.every((server) => server.transport === "doh" && server.url.protocol === "https:"));
});
