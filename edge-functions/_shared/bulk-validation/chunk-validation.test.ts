// The chunk processor with the real engine over a resolver whose DNS client is the test's: every question it is asked
// is counted, so "each domain once" is checked, not assumed.
import assert from "node:assert/strict";
import { createMailDomainResolver, type DnsClient, type DnsResponse } from "../dns/index.ts";
import { createEmailValidator } from "../validation/index.ts";
import { type ChunkItem, groupByDomain, validateChunk } from "./chunk-validation.ts";

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
