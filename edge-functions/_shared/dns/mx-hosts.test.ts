// Judging a domain by its MX hosts' addresses: pure, from answers made up here (resolver.test.ts asks the fixture).
import assert from "node:assert/strict";
import { judgeMxHosts, MAX_MX_HOSTS_CHECKED, mxHostsToCheck, withinBudget } from "./mx-hosts.ts";
import type { ResolvedAddresses } from "./resolve-mail-domain.ts";

const records = [{ exchange: "mx1.example.test", priority: 10 }, { exchange: "mx2.example.test", priority: 20 }];
const hosts = ["mx1.example.test", "mx2.example.test"];
const at = (...addresses: string[]): ResolvedAddresses => ({ kind: "addresses", addresses, ttlSeconds: 3_600 });
const nodata: ResolvedAddresses = { kind: "nodata", ttlSeconds: 900 };
const nxdomain: ResolvedAddresses = { kind: "nxdomain", ttlSeconds: 600 };
const timedOut: ResolvedAddresses = { kind: "error", detail: "A/AAAA: no answer within the lookup's time budget" };
const servfail: ResolvedAddresses = { kind: "error", detail: "SERVFAIL for A mx2.example.test" };

const judged = (...answers: ResolvedAddresses[]) => judgeMxHosts("example.test", records, hosts, answers);
const kindOf = (...answers: ResolvedAddresses[]) => judged(...answers).lookup.kind;

Deno.test("one host at a public address is enough, whatever the others are", () => {
  assert.equal(kindOf(at("198.51.100.7"), nxdomain), "mx");
  assert.equal(kindOf(at("10.0.0.1"), at("2001:db8::25")), "mx", "documentation space counts as public");
  assert.equal(kindOf(timedOut, at("192.0.2.1")), "mx", "a silent host doesn't matter when another is usable");
  assert.equal(kindOf(at("127.0.0.1", "203.0.113.9")), "mx", "one public address among private ones");
});

Deno.test("hosts without any address: mx_host_unresolved, kept for the shortest negative TTL", () => {
  assert.deepEqual(judged(nxdomain, nodata), {
    lookup: { kind: "mx_host_unresolved", mxRecords: records },
    ttlSeconds: 600,
  });
});

Deno.test("hosts only in loopback or private space: mx_private_address, by the explorer's address policy", () => {
  for (
    const [first, second] of [
      ["127.0.0.1", "::1"],
      ["10.0.0.25", "192.168.1.2"],
      ["172.16.0.1", "fd00::25"],
      ["169.254.169.254", "100.64.0.1"],
      ["::ffff:127.0.0.1", "0.0.0.0"],
    ]
  ) {
    assert.equal(kindOf(at(first!), at(second!)), "mx_private_address", `${first}, ${second}`);
  }
  assert.equal(kindOf(at("10.0.0.25"), nxdomain), "mx_private_address", "one private, one without addresses");
});

Deno.test("a host we could not ask about leaves the domain unknown unless another is usable", () => {
  for (const [first, second] of [[timedOut, nxdomain], [nodata, servfail], [at("10.0.0.1"), timedOut]]) {
    const { lookup, ttlSeconds } = judged(first!, second!);
    assert.equal(lookup.kind, "error");
    assert.equal(ttlSeconds, null, "an error is not kept for a TTL");
  }
  const { lookup } = judged(nodata, servfail);
  assert.equal(
    lookup.kind === "error" && lookup.detail,
    "no usable MX host for example.test: mx2.example.test: SERVFAIL for A mx2.example.test",
  );
});

Deno.test(`at most ${MAX_MX_HOSTS_CHECKED} distinct hosts are asked about, and the rest keep the verdict open`, () => {
  const many = Array.from({ length: 40 }, (_, i) => ({ exchange: `mx${i % 20}.example.test`, priority: i }));
  const asked = mxHostsToCheck(many);
  assert.equal(asked.length, MAX_MX_HOSTS_CHECKED);
  assert.deepEqual(asked.slice(0, 2), ["mx0.example.test", "mx1.example.test"]);
  const { lookup } = judgeMxHosts("example.test", many, asked, asked.map(() => nxdomain));
  assert.match(lookup.kind === "error" ? lookup.detail : "", /4 more MX hosts not asked about/);
});

Deno.test("withinBudget: the work's answer when it comes first, the late answer when the budget runs out", async () => {
  let expire = () => {};
  const budget = { expired: new Promise<void>((resolve) => (expire = resolve)), release: () => {} };
  assert.equal(await withinBudget(budget, Promise.resolve("answer"), () => "late"), "answer");
  const never = new Promise<string>(() => {});
  const pending = withinBudget(budget, never, () => "late");
  expire();
  assert.equal(await pending, "late");
});
