// The chunk processor with the real engine over a resolver whose DNS client is the test's: every question it is asked
// is counted, so "each domain once" is checked, not assumed.
import assert from "node:assert/strict";
import { createMailDomainResolver, type DnsClient, type DnsResponse } from "../dns/index.ts";
import { createEmailValidator } from "../validation/index.ts";
import type { ProbeRequestAnswer, ProbeRequester, ProbeRequestItem } from "../mailbox/index.ts";
import { checkedSmtp } from "../mailbox/testing/checks.ts";
import { type ChunkItem, groupByDomain, validateChunk } from "./chunk-validation.ts";
import { checkItemMailboxes, requestMailboxChecks } from "./mailbox-checks.ts";

const item = (emailKey: string): ChunkItem => ({ emailKey, domain: emailKey.slice(emailKey.lastIndexOf("@") + 1) });

/** Every domain has one MX host at a public documentation address, except failing.test, which SERVFAILs. */
function countingClient(asked: string[]): DnsClient {
  return {
    query(name, type) {
      asked.push(`${type} ${name}`);
      const base = { truncated: false, authorities: [] };
      if (name === "failing.test") return Promise.resolve({ ...base, rcode: "SERVFAIL", answers: [] } as DnsResponse);
      const answers = type === "MX"
        ? [{ name, type: "MX", class: "IN", ttl: 300, data: { preference: 10, exchange: `mx.${name}` } }]
        : type === "A"
        ? [{ name, type: "A", class: "IN", ttl: 300, data: "192.0.2.1" }]
        : [];
      return Promise.resolve({ ...base, rcode: "NOERROR", answers } as DnsResponse);
    },
  };
}

function engine() {
  const asked: string[] = [];
  const validator = createEmailValidator({ resolver: createMailDomainResolver({ client: countingClient(asked) }) });
  return { asked, validator };
}

Deno.test("items are grouped by domain in the order the domains first appear", () => {
  const groups = groupByDomain(["a@x.test", "b@y.test", "c@x.test", "d@z.test", "e@y.test"].map(item));
  assert.deepEqual(groups.map((group) => group.map((entry) => entry.emailKey)), [
    ["a@x.test", "c@x.test"],
    ["b@y.test", "e@y.test"],
    ["d@z.test"],
  ]);
  assert.deepEqual(groupByDomain([]), []);
});

Deno.test("each item gets its verdict, and each domain's MX is asked once however many addresses share it", async () => {
  const { asked, validator } = engine();
  const items = [
    ...Array.from({ length: 30 }, (_, n) => item(`person${n}@alpha.test`)),
    ...Array.from({ length: 20 }, (_, n) => item(`person${n}@beta.test`)),
    item("bad address@alpha.test"),
  ];
  const results = await validateChunk(items, { validator, phase: 1, domainsAtOnce: 4 });
  assert.equal(results.length, items.length);
  assert.deepEqual(new Set(results.map((result) => result.emailKey)), new Set(items.map((entry) => entry.emailKey)));
  const mxQuestions = asked.filter((question) => question.startsWith("MX "));
  assert.deepEqual(mxQuestions.sort(), ["MX alpha.test", "MX beta.test"]);
  const byKey = new Map(results.map((result) => [result.emailKey, result]));
  assert.equal(byKey.get("person3@beta.test")?.verdict, "deliverable");
  assert.equal(byKey.get("bad address@alpha.test")?.verdict, "undeliverable");
  assert.ok(results.every((result) => result.verdict === result.result.verdict && !result.deferred));
});

Deno.test("a DNS failure is deferred in phase 1 and taken as it is in phase 2", async () => {
  const first = await validateChunk([item("ann@failing.test"), item("bob@fine.test")], { ...engine(), phase: 1 });
  const byKey = new Map(first.map((result) => [result.emailKey, result]));
  assert.deepEqual(byKey.get("ann@failing.test")?.result.reasons, ["dns_error"]);
  assert.equal(byKey.get("ann@failing.test")?.deferred, true);
  assert.equal(byKey.get("bob@fine.test")?.deferred, false);

  const [retried] = await validateChunk([item("ann@failing.test")], { ...engine(), phase: 2 });
  assert.deepEqual([retried?.verdict, retried?.deferred], ["unknown", false]);
});

Deno.test("no more domains are looked up at once than allowed", async () => {
  let running = 0;
  let most = 0;
  const { validator: engineValidator } = engine();
  const validator = async (email: string) => {
    running++;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 1));
    running--;
    return await engineValidator(email);
  };
  const items = Array.from({ length: 40 }, (_, n) => item(`a@domain${n}.test`));
  const results = await validateChunk(items, { validator, phase: 1, domainsAtOnce: 5 });
  assert.equal(results.length, 40);
  assert.equal(most, 5);
});

Deno.test("a chunk whose lease was lost starts no further domain and throws instead of answering", async () => {
  const { validator: engineValidator } = engine();
  const leaseLost = new AbortController();
  const validated: string[] = [];
  const validator = async (email: string) => {
    validated.push(email);
    // The renewal finds the lease gone while the second domain is validated.
    if (validated.length === 2) leaseLost.abort(new Error("lease lost"));
    return await engineValidator(email);
  };
  const items = Array.from({ length: 10 }, (_, n) => item(`a@domain${n}.test`));
  await assert.rejects(validateChunk(items, { validator, phase: 1, domainsAtOnce: 1, signal: leaseLost.signal }), /lease lost/);
  assert.equal(validated.length, 2);
});

// The mailbox checks after the DNS pass -------------------------------------------------------------------------------

const notFound = checkedSmtp({
  outcome: "not_found",
  smtpDeliverable: false,
  mxHost: "mx.alpha.test",
  tls: "none",
  reply: { code: 550, enhancedCode: "5.1.1", text: "User unknown" },
  checkedAt: "2026-12-20T10:00:00.000Z",
});

/** A probe request that answers by local part (gone: a stored not_found; queued: pending; else no worker) and keeps
 * every call it was given. */
function answering(calls: { items: ProbeRequestItem[]; requester: ProbeRequester }[]) {
  return (items: ProbeRequestItem[], requester: ProbeRequester): Promise<ProbeRequestAnswer[]> => {
    calls.push({ items, requester });
    return Promise.resolve(items.map((entry): ProbeRequestAnswer => {
      const emailKey = entry.email.toLowerCase();
      if (emailKey.startsWith("gone@")) return { emailKey, status: "done", smtp: notFound };
      if (emailKey.startsWith("queued@")) {
        return { emailKey, status: "pending", probeId: "6f1c2a3b-0000-4000-8000-000000000001" };
      }
      return { emailKey, status: "no_worker" };
    }));
  };
}

Deno.test("a chunk asks for its receiving addresses' mailbox checks in one request and applies each answer", async () => {
  const { validator } = engine();
  const dns = await validateChunk(
    ["gone@alpha.test", "queued@alpha.test", "carol@beta.test", "bad address@alpha.test", "ann@failing.test"].map(item),
    { validator, phase: 1 },
  );
  const calls: { items: ProbeRequestItem[]; requester: ProbeRequester }[] = [];
  const requester = { userId: "user-1", bulkSessionId: "session-1" };
  const checked = await checkItemMailboxes(dns, requester, answering(calls));

  assert.equal(calls.length, 1, "one request for the whole chunk");
  assert.deepEqual(calls[0]!.requester, requester);
  assert.deepEqual(calls[0]!.items.map((entry) => [entry.email, entry.domainAscii]).sort(), [
    ["carol@beta.test", "beta.test"],
    ["gone@alpha.test", "alpha.test"],
    ["queued@alpha.test", "alpha.test"],
  ]);
  assert.deepEqual(
    calls[0]!.items.find((entry) => entry.email === "gone@alpha.test")!.dnsResult,
    dns.find((entry) => entry.emailKey === "gone@alpha.test")!.result,
    "the probe keeps the DNS result its verdict moves from",
  );

  const byKey = new Map(checked.map((entry) => [entry.emailKey, entry]));
  const gone = byKey.get("gone@alpha.test")!;
  assert.deepEqual([gone.verdict, gone.result.verdict, gone.probeId], ["undeliverable", "undeliverable", null]);
  assert.ok(gone.result.reasons.includes("mailbox_not_found"));
  assert.deepEqual(gone.result.smtp, notFound);

  const queued = byKey.get("queued@alpha.test")!;
  assert.deepEqual([queued.verdict, queued.probeId], ["deliverable", "6f1c2a3b-0000-4000-8000-000000000001"]);
  assert.deepEqual(queued.result.smtp, { status: "pending", probeId: "6f1c2a3b-0000-4000-8000-000000000001" });

  const carol = byKey.get("carol@beta.test")!;
  assert.deepEqual([carol.verdict, carol.probeId], ["deliverable", null]);
  assert.deepEqual(carol.result.smtp, { status: "not_checked", reason: "no_worker" });

  assert.deepEqual(byKey.get("bad address@alpha.test")!.result.smtp, { status: "not_checked", reason: "not_receiving" });
  const failing = byKey.get("ann@failing.test")!;
  assert.deepEqual([failing.deferred, failing.probeId, failing.result.smtp],
    [true, null, { status: "not_checked", reason: "not_receiving" }]);
});

Deno.test("nothing to probe asks nothing; an address given twice is asked once; a missing answer is an error", async () => {
  const { validator } = engine();
  const calls: { items: ProbeRequestItem[]; requester: ProbeRequester }[] = [];
  const requester = { userId: "user-1", bulkSessionId: null };

  const invalid = await validateChunk([item("bad address@alpha.test")], { validator, phase: 1 });
  assert.deepEqual(await checkItemMailboxes(invalid, requester, answering(calls)), invalid);
  assert.equal(calls.length, 0);

  const twice = [await validator("Queued@alpha.test"), await validator("queued@alpha.test")];
  const checked = await requestMailboxChecks(twice, requester, answering(calls));
  assert.equal(calls.length, 1);
  assert.deepEqual(calls[0]!.items.map((entry) => entry.email), ["Queued@alpha.test"]);
  assert.deepEqual(checked.map((entry) => entry.probeId), Array(2).fill("6f1c2a3b-0000-4000-8000-000000000001"));
  assert.deepEqual(checked.map((entry) => entry.result.email), ["Queued@alpha.test", "queued@alpha.test"]);

  await assert.rejects(
    requestMailboxChecks([await validator("someone@alpha.test")], requester, () => Promise.resolve([])),
    /gave no answer for someone@alpha.test/,
  );
});
