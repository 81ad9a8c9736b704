// The fuzz layer (`npm test -- fuzz`): thousands of generated requests at the running stack, derived from every
// route's contract schema and mutated, plus raw garbage. Any 5xx, or a connection that ends without an answer, fails
// the route's test; 4xx are the API doing its job (429 included: the per-minute limits and the anonymous allowance
// run out during the fuzz, by design).
//
// Reproducible: the seed is fixed (FUZZ_SEED overrides it) and printed; each route draws from seed + its index. A
// failing route is replayed from its first failing request and fast-check shrinks it to a minimal reproduction.
// FUZZ_ONLY=<part of a route name> runs only the matching routes.
//
// Named *.fuzz.ts so that the api layer's `deno test edge-functions/api/` does not pick it up; devstack's test runner
// runs it as its own layer, after api.
import assert from "node:assert/strict";
import fc from "fast-check";
import { setLoopbackNetworkUsage, withDatabase } from "../testing/stack.ts";
import type { FuzzRequest } from "./requests.ts";
import { type FuzzAnswer, isServerFailure, send } from "./send.ts";
import { fuzzTargets, type Target } from "./targets.ts";
import { prepareWorld } from "./world.ts";

const SEED = Number(Deno.env.get("FUZZ_SEED") ?? 20261109);
const ONLY = Deno.env.get("FUZZ_ONLY");
/** The layer's promise: at least this many requests in a full run. */
const MINIMUM_REQUESTS = 2_000;
/** Requests one shrink may send; past it, the smallest failure found so far is the reproduction. */
const SHRINK_BUDGET = 150;
/** Distinct failures (by status and body) shrunk per route; the rest are counted. */
const SHRUNK_PER_ROUTE = 3;

interface Failure {
  route: string;
  request: FuzzRequest;
  answer: FuzzAnswer;
  /** Present for the failures that were replayed and shrunk. */
  minimal?: { request: FuzzRequest; answer: FuzzAnswer } | "not reproduced";
}

const tally = { sent: 0, unsendable: 0, byClass: new Map<string, number>() };
/** Statuses per route, printed so a route that only ever answers 400 (its requests never get deep) shows up. */
const statusesByRoute = new Map<string, Map<number, number>>();
const failures: Failure[] = [];

// Anonymous requests share the loopback network's allowance: start it clean so some anonymous validations run.
await setLoopbackNetworkUsage(0);
const world = await prepareWorld();
const targets = fuzzTargets(world);
console.log(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} reproduces this run; route n uses seed ${SEED} + n)`);

for (const [index, target] of targets.entries()) {
  Deno.test({
    name: `${target.name}: no 5xx for ${target.runs} fuzzed requests`,
    ignore: ONLY !== undefined && !target.name.includes(ONLY),
    fn: () => fuzzRoute(target, SEED + index),
  });
}

Deno.test({
  name: `the fuzz layer sent at least ${MINIMUM_REQUESTS} requests, and says what it found`,
  fn: async () => {
    // Leave the loopback network's allowance and every limit as the next layer expects to find them: clean. Every
    // counter goes, not just the network's: the fuzz's users and sessions are its own, and e2e signs in from the
    // same address the fuzz spent hundreds of requests from.
    await setLoopbackNetworkUsage(0);
    await withDatabase((sql) => sql`delete from private.rate_limit_counters`);
    printSummary();
    if (ONLY === undefined) assert.ok(tally.sent >= MINIMUM_REQUESTS, `only ${tally.sent} requests were sent`);
  },
});

async function fuzzRoute(target: Target, seed: number): Promise<void> {
  const credentials = {
    shared: world.credentials,
    logout: world.logoutCredentials,
    admin: world.adminCredentials,
  }[target.credentials];
  const found: Failure[] = [];
  let run = 0;
  const firstRunOf = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(target.requests, async (request) => {
      const answer = await send(request, credentials);
      count(answer);
      if (answer) {
        const statuses = statusesByRoute.get(target.name) ?? new Map<number, number>();
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        statusesByRoute.set(target.name, statuses);
      }
      if (answer && isServerFailure(answer)) {
        found.push({ route: target.name, request, answer });
        const kind = failureKind(answer);
        if (!firstRunOf.has(kind)) firstRunOf.set(kind, run);
      }
      run++;
      return true;
    }),
    { seed, numRuns: target.runs },
  );
  for (const [kind, runIndex] of [...firstRunOf].slice(0, SHRUNK_PER_ROUTE)) {
    const failure = found.find((candidate) => failureKind(candidate.answer) === kind)!;
    failure.minimal = await shrink(target, seed, runIndex, credentials);
  }
  failures.push(...found);
  assert.equal(found.length, 0, `${target.name}: ${found.length} of ${target.runs} requests failed on the server`);
}

/** Replays run `runIndex` of the route and lets fast-check shrink it, sending each smaller candidate for real. */
async function shrink(
  target: Target,
  seed: number,
  runIndex: number,
  credentials: Parameters<typeof send>[1],
): Promise<Failure["minimal"]> {
  let budget = SHRINK_BUDGET;
  let smallest: { request: FuzzRequest; answer: FuzzAnswer } | undefined;
  const result = await fc.check(
    fc.asyncProperty(target.requests, async (request) => {
      if (budget-- <= 0) return true;
      const answer = await send(request, credentials);
      if (!answer || !isServerFailure(answer)) return true;
      smallest = { request, answer };
      return false;
    }),
    { seed, numRuns: target.runs, path: String(runIndex) },
  );
  return result.failed && smallest ? smallest : "not reproduced";
}

function count(answer: FuzzAnswer | null): void {
  if (answer === null) {
    tally.unsendable++;
    return;
  }
  tally.sent++;
  const kind = answer.networkError ? "no answer" : `${Math.floor(answer.status / 100)}xx`;
  tally.byClass.set(kind, (tally.byClass.get(kind) ?? 0) + 1);
}

function failureKind(answer: FuzzAnswer): string {
  return answer.networkError ? `no answer: ${answer.networkError}` : `${answer.status} ${answer.body.slice(0, 200)}`;
}

function printSummary(): void {
  const classes = [...tally.byClass].sort().map(([kind, n]) => `${kind}: ${n}`).join(", ");
  const serverFailures = failures.length;
  console.log(`\nfuzz: seed ${SEED}, ${tally.sent} requests sent (${classes})`);
  if (tally.unsendable) console.log(`fuzz: ${tally.unsendable} generated requests the client itself refused to send`);
  console.log(`fuzz: ${serverFailures} 5xx (or no answer)`);
  for (const [route, statuses] of statusesByRoute) {
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status || "none"} ×${n}`);
    console.log(`  ${route}: ${answers.join(", ")}`);
  }
  const byRoute = Map.groupBy(failures, (failure) => failure.route);
  for (const [route, routeFailures] of byRoute) {
    console.log(`\n  ${route}: ${routeFailures.length} failed`);
    for (const failure of routeFailures.filter((candidate) => candidate.minimal)) {
      console.log(`    ${failureKind(failure.answer)}`);
      if (failure.minimal === "not reproduced") {
        console.log(`      did not fail again on replay; the request was: ${printable(failure.request)}`);
      } else if (failure.minimal) {
        console.log(`      minimal reproduction: ${printable(failure.minimal.request)}`);
        console.log(`      answer: ${failureKind(failure.minimal.answer)}`);
      }
    }
  }
}

/** The request as JSON, long strings and byte arrays cut to what a person can read, invisible characters escaped. */
function printable(request: FuzzRequest): string {
  return JSON.stringify(request, (_key, value: unknown) => {
    if (typeof value === "string" && value.length > 160) return `${value.slice(0, 80)}…(${value.length} characters)`;
    if (Array.isArray(value) && value.length > 40) return [...value.slice(0, 40), `…(${value.length} items)`];
    return value;
  }).replace(/[\u007f-\u00a0\u00ad\u200b-\u200f\u2028-\u202e\ufeff]/g, (character) =>
    `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`
  );
}
